// libFuzzer target: the job-log readers (sacct, pod list, CSV). Each input is
// read in every format; what reads is measured and turned into simulator jobs.

#include "joblog/job_log.h"
#include "joblog/log_measures.h"
#include "joblog/log_replay.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace fleet::joblog;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const fleet::ClusterShape cluster{2, 8, 1.25, 10};
    const auto use = [&](const fleet::Result<JobLog>& log) {
        if (!log)
            return;
        (void)measureLog(log.value(), 16);
        std::int64_t tooLarge = 0;
        (void)simJobsOf(log.value(), cluster, &tooLarge);
    };
    use(parseSacct(text, "fuzz-sacct.txt"));
    use(parseJobCsv(text, "fuzz-pods.csv", podListColumns(), LogFormat::Pods));
    use(parseJobCsv(text, "fuzz-jobs.csv", defaultCsvColumns()));
    return 0;
}
