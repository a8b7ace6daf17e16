// libFuzzer target: the job-log readers (sacct, pod list, CSV). Each input is
// read in every format; what reads is measured and turned into simulator jobs.
// Asserted: no job holds more than a million GPUs (typed entries summed), and
// no name holds a control character other than tab (issue 35).

#include "joblog/job_log.h"
#include "joblog/log_measures.h"
#include "joblog/log_replay.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

bool holdsControlCharacter(std::string_view text)
{
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if ((byte < 0x20 && byte != '\t') || byte == 0x7f ||
            (byte == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xa0))
            return true;
    }
    return false;
}

void checkJobs(const fleet::joblog::JobLog& log)
{
    for (const fleet::joblog::LoggedJob& job : log.jobs) {
        const char* broken = nullptr;
        if (job.gpus < 0 || job.gpus > 1'000'000 || job.gpuEquivalents() < 0)
            broken = "a job's GPUs outside 0 to 1,000,000";
        else if (holdsControlCharacter(job.id) || holdsControlCharacter(job.tenant) ||
                 holdsControlCharacter(job.state))
            broken = "a control character in a name";
        if (broken) {
            std::fprintf(stderr, "fuzz property broken: %s\n", broken);
            std::abort();
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace fleet::joblog;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const fleet::ClusterShape cluster{2, 8, 1.25, 10};
    const auto use = [&](const fleet::Result<JobLog>& log) {
        if (!log)
            return;
        checkJobs(log.value());
        (void)measureLog(log.value(), 16);
        std::int64_t tooLarge = 0;
        (void)simJobsOf(log.value(), cluster, &tooLarge);
    };
    use(parseSacct(text, "fuzz-sacct.txt"));
    use(parseJobCsv(text, "fuzz-pods.csv", podListColumns(), LogFormat::Pods));
    use(parseJobCsv(text, "fuzz-jobs.csv", defaultCsvColumns()));
    return 0;
}
