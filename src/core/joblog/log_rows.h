#pragma once

// The rules every job-log reader applies to a row (log_rows.cpp): how a time
// reads, which characters a name may hold, what a repeated job id means, and
// which jobs count as having run.

#include "joblog/job_log.h"
#include "pack/csv_reader.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace fleet::joblog::detail {

/// The most GPUs one job holds, whether in one count or in typed entries
/// that add up (gres/gpu:a100=4,gres/gpu:h100=4).
constexpr std::int64_t kMaxJobGpus = 1'000'000;

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

/// The fields a reader reads, by field key, with the column named in messages.
using ReadFields = std::vector<std::pair<std::string, std::string>>;

/// False, reporting the first at its column, when a field of `read` holds a
/// control character: C0 other than tab, DEL, or C1 (U+0080–U+009F). Names
/// reach the terminal, the metering CSV and the app; an escape sequence in
/// one could rewrite what a terminal shows. The message never quotes the text.
bool printable(pack::CsvReader& csv, const std::vector<std::string>& fields,
               const ReadFields& read);

/// Job ids seen in a log. Slurm keeps a requeued job's id (its earlier runs
/// appear only with `sacct --duplicates`); steps are ID.step, array tasks
/// ID_TASK. A row whose id an earlier row holds is an exact copy (every
/// field the same: two logs joined), counted once in JobLog::duplicateRows,
/// or a conflict, refused naming both lines.
class JobIds
{
public:
    /// True when the row is the first with `id`; false when it is a copy
    /// (counted) or a conflict (reported at `idColumn`).
    bool first(pack::CsvReader& csv, JobLog* log, const std::string& id,
               const std::string& idColumn, const std::vector<std::string>& fields);
    /// Adds the warning that says how many copies were counted once, if any.
    void warnOfCopies(JobLog* log, const std::string& file) const;

private:
    struct Seen
    {
        std::size_t line;
        std::uint64_t fieldsHash; ///< FNV-1a over every field, each with its length
    };
    std::unordered_map<std::string, Seen> m_seen;
    std::size_t m_firstCopyLine = 0;
};

/// Adds `job` to `log` when it ran and held GPUs, counting it otherwise;
/// reports a start before the submission or an end before the start.
void addJob(pack::CsvReader& csv, JobLog* log, LoggedJob job, const LogTime& submit,
            const LogTime& start, const LogTime& end);

} // namespace fleet::joblog::detail
