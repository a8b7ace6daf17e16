#include "joblog/job_log.h"
#include "joblog/log_rows.h"

namespace fleet::joblog {

Result<JobLog> parseJobCsv(std::string_view text, const std::string& file,
                           const pack::ColumnMap& columns, LogFormat format)
{
    if (auto problem = pack::utf8Text(&text, file, "log"))
        return Error({*problem});
    pack::CsvReader csv(text, file);
    JobLog log;
    log.format = format;
    // The column of each field, for messages that name what the file calls it.
    const auto column = [&columns](const std::string& field) {
        const auto it = columns.find(field);
        return it == columns.end() || it->second.empty() ? field : it->second;
    };
    detail::ReadFields read;
    for (const auto& [field, name] : columns)
        if (!name.empty())
            read.emplace_back(field, name);
    detail::JobIds ids;
    if (csv.header(columns, {"gpu_milli", "state", "tenant"})) {
        std::vector<std::string> fields;
        while (csv.next(&fields)) {
            if (!detail::printable(csv, fields, read))
                continue;
            LoggedJob job;
            const std::string* id = csv.field(fields, "id");
            if (id && !id->empty() && !ids.first(csv, &log, *id, column("id"), fields))
                continue;
            job.id = id && !id->empty() ? *id : "line-" + std::to_string(csv.line());
            const std::string* tenant = csv.field(fields, "tenant");
            job.tenant = tenant && !tenant->empty() ? *tenant : "(no tenant)";
            if (const std::string* state = csv.field(fields, "state"))
                job.state = *state;
            const auto gpus = csv.integer(fields, "gpus", job.id, 0, detail::kMaxJobGpus);
            const auto milli = csv.field(fields, "gpu_milli")
                                   ? csv.integer(fields, "gpu_milli", job.id, 0, 1000)
                                   : std::optional<long>(1000);
            if (!gpus || !milli)
                continue;
            job.gpus = int(*gpus);
            job.gpuMilli = int(*milli);
            if (job.gpus > 1 && job.gpuMilli != 1000 && job.gpuMilli != 0) {
                csv.problem(csv.line(), column("gpu_milli"), job.id,
                            "a job of " + std::to_string(job.gpus) +
                                " GPUs takes them whole: must be 1000; got " +
                                std::to_string(job.gpuMilli));
                continue;
            }
            const auto submit =
                detail::readTime(csv, csv.field(fields, "submit"), column("submit"), job.id);
            const auto start =
                detail::readTime(csv, csv.field(fields, "start"), column("start"), job.id);
            const auto end = detail::readTime(csv, csv.field(fields, "end"), column("end"), job.id);
            detail::addJob(csv, &log, std::move(job), submit, start, end);
        }
        if (log.jobs.empty() && csv.problems() == 0 && log.neverRan == 0)
            csv.problem(csv.line(), "", "", "has no jobs");
    }
    auto done = csv.finish();
    if (!done)
        return done.error();
    ids.warnOfCopies(&log, file);
    return log;
}

} // namespace fleet::joblog
