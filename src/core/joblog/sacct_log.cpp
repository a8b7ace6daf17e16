#include "joblog/job_log.h"
#include "joblog/log_rows.h"

#include <charconv>

namespace fleet::joblog {

namespace {

/// The GPUs of an AllocTRES value, or why it has none that can be read.
struct TresGpus
{
    std::int64_t gpus = 0;
    std::string problem; ///< empty when `gpus` holds
};

/// GPUs in an AllocTRES value such as "billing=8,cpu=8,gres/gpu=4,mem=64G,node=1".
/// Slurm lists the generic count (gres/gpu=4) beside typed ones
/// (gres/gpu:a100=4); the generic one wins, else the typed ones add up, in 64
/// bits: each entry is at most 10^6 and a log (≤ 256 MiB) holds fewer than
/// 2^28 of them, so the sum stays below 2^48. The sum is capped like one entry.
TresGpus gpusOfTres(std::string_view tres)
{
    std::int64_t generic = -1;
    std::int64_t typed = 0;
    std::size_t start = 0;
    while (start <= tres.size()) {
        const std::size_t comma = tres.find(',', start);
        const std::string_view item = tres.substr(
            start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        start = comma == std::string_view::npos ? tres.size() + 1 : comma + 1;
        const std::size_t equals = item.find('=');
        if (equals == std::string_view::npos)
            continue;
        const std::string_view key = item.substr(0, equals);
        const std::string_view value = item.substr(equals + 1);
        const bool isGeneric = key == "gres/gpu";
        if (!isGeneric && !key.starts_with("gres/gpu:"))
            continue;
        std::int64_t count = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), count);
        if (ec != std::errc() || end != value.data() + value.size() || count < 0 ||
            count > detail::kMaxJobGpus)
            return {0, "gres/gpu must be a whole number of GPUs from 0 to " +
                           std::to_string(detail::kMaxJobGpus) + "; got \"" +
                           std::string(tres.substr(0, 120)) + "\""};
        if (isGeneric)
            generic = count;
        else
            typed += count;
    }
    if (generic < 0 && typed > detail::kMaxJobGpus)
        return {0, "the typed gres/gpu entries add up to " + std::to_string(typed) +
                       " GPUs; a job holds at most " + std::to_string(detail::kMaxJobGpus)};
    return {generic >= 0 ? generic : typed, {}};
}

} // namespace

Result<JobLog> parseSacct(std::string_view text, const std::string& file, SacctTenant tenant)
{
    if (auto problem = pack::utf8Text(&text, file, "log"))
        return Error({*problem});
    pack::CsvReader csv(text, file, '|', false);
    JobLog log;
    log.format = LogFormat::Sacct;
    const std::string owner = tenant == SacctTenant::User ? "User" : "Account";
    const pack::ColumnMap columns{{"JobID", "JobID"}, {owner, owner}, {"Submit", "Submit"},
                                  {"Start", "Start"}, {"End", "End"}, {"AllocTRES", "AllocTRES"},
                                  {"State", "State"}};
    detail::ReadFields read;
    for (const auto& [key, column] : columns)
        read.emplace_back(key, column);
    detail::JobIds ids;
    if (csv.header(columns, {})) {
        std::vector<std::string> fields;
        while (csv.next(&fields)) {
            if (!detail::printable(csv, fields, read))
                continue;
            LoggedJob job;
            job.id = *csv.field(fields, "JobID");
            if (job.id.empty()) {
                csv.problem(csv.line(), "JobID", "", "must not be empty");
                continue;
            }
            // A step (123.batch, 123.0, 123.extern) runs inside its job's allocation.
            if (job.id.find('.') != std::string::npos) {
                ++log.steps;
                continue;
            }
            if (!ids.first(csv, &log, job.id, "JobID", fields))
                continue;
            job.tenant = *csv.field(fields, owner);
            if (job.tenant.empty())
                job.tenant = "(no " + owner + ")";
            const std::string& state = *csv.field(fields, "State");
            job.state = state.substr(0, state.find(' ')); // "CANCELLED by 1234" → CANCELLED
            const TresGpus gpus = gpusOfTres(*csv.field(fields, "AllocTRES"));
            if (!gpus.problem.empty()) {
                csv.problem(csv.line(), "AllocTRES", job.id, gpus.problem);
                continue;
            }
            job.gpus = int(gpus.gpus); // ≤ kMaxJobGpus
            const auto submit =
                detail::readTime(csv, csv.field(fields, "Submit"), "Submit", job.id);
            const auto start = detail::readTime(csv, csv.field(fields, "Start"), "Start", job.id);
            const auto end = detail::readTime(csv, csv.field(fields, "End"), "End", job.id);
            detail::addJob(csv, &log, std::move(job), submit, start, end);
        }
        if (log.jobs.empty() && csv.problems() == 0 && log.steps + log.neverRan == 0)
            csv.problem(csv.line(), "", "", "has no jobs");
    }
    auto done = csv.finish();
    if (!done)
        return done.error();
    ids.warnOfCopies(&log, file);
    return log;
}

} // namespace fleet::joblog
