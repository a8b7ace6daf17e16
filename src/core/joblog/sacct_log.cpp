#include "joblog/job_log.h"
#include "joblog/log_rows.h"

#include <charconv>

namespace fleet::joblog {

namespace {

/// GPUs in an AllocTRES value such as "billing=8,cpu=8,gres/gpu=4,mem=64G,node=1".
/// Slurm lists the generic count (gres/gpu=4) beside typed ones
/// (gres/gpu:a100=4); the generic one wins, else the typed ones add up.
/// nullopt when a gres/gpu count is not a whole number.
std::optional<long> gpusOf(std::string_view tres)
{
    long generic = -1;
    long typed = 0;
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
        long count = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), count);
        if (ec != std::errc() || end != value.data() + value.size() || count < 0 ||
            count > 1'000'000)
            return std::nullopt;
        if (isGeneric)
            generic = count;
        else
            typed += count;
    }
    return generic >= 0 ? generic : typed;
}

} // namespace

Result<JobLog> parseSacct(std::string_view text, const std::string& file, SacctTenant tenant)
{
    if (auto problem = pack::notUtf8(text, file))
        return Error({*problem});
    pack::CsvReader csv(text, file, '|', false);
    JobLog log;
    log.format = LogFormat::Sacct;
    const std::string owner = tenant == SacctTenant::User ? "User" : "Account";
    const pack::ColumnMap columns{{"JobID", "JobID"}, {owner, owner}, {"Submit", "Submit"},
                                  {"Start", "Start"}, {"End", "End"}, {"AllocTRES", "AllocTRES"},
                                  {"State", "State"}};
    if (csv.header(columns, {})) {
        std::vector<std::string> fields;
        while (csv.next(&fields)) {
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
            job.tenant = *csv.field(fields, owner);
            if (job.tenant.empty())
                job.tenant = "(no " + owner + ")";
            const std::string& state = *csv.field(fields, "State");
            job.state = state.substr(0, state.find(' ')); // "CANCELLED by 1234" → CANCELLED
            const std::string& tres = *csv.field(fields, "AllocTRES");
            const auto gpus = gpusOf(tres);
            if (!gpus) {
                csv.problem(csv.line(), "AllocTRES", job.id,
                            "gres/gpu must be a whole number of GPUs from 0 to 1000000; got \"" +
                                tres.substr(0, 120) + "\"");
                continue;
            }
            job.gpus = int(*gpus);
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
    return log;
}

} // namespace fleet::joblog
