#pragma once

// The rules every job-log reader applies to a row (job_log.cpp): how a time
// reads, and which jobs count as having run.

#include "joblog/job_log.h"
#include "pack/csv_reader.h"

#include <string>

namespace fleet::joblog::detail {

/// A time field: empty, "Unknown" or "None" (Slurm's words for a time not
/// reached) is `missing`; anything else must read as parseLogTime() does,
/// or it is reported at the field and `bad` is set.
struct LogTime
{
    double seconds = 0;
    bool missing = true;
    bool bad = false;
    std::string field; ///< the column it was read from, for messages
};
LogTime readTime(pack::CsvReader& csv, const std::string* text, const std::string& field,
                 const std::string& entry);

/// Adds `job` to `log` when it ran and held GPUs, counting it otherwise;
/// reports a start before the submission or an end before the start.
void addJob(pack::CsvReader& csv, JobLog* log, LoggedJob job, const LogTime& submit,
            const LogTime& start, const LogTime& end);

} // namespace fleet::joblog::detail
