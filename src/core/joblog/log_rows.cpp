#include "joblog/log_rows.h"

#include "util/text_rule.h"

#include <cstdio>

namespace fleet::joblog::detail {

namespace {

/// The first control character of UTF-8 `text` (C0 but tab, DEL, C1), as
/// "U+001B (character 5)", or "" when it has none.
std::string firstControlCharacter(const std::string& text)
{
    std::size_t character = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if ((byte & 0xc0) == 0x80)
            continue; // a continuation byte: not a character of its own
        ++character;
        unsigned code = 0x100; // none
        if ((byte < 0x20 && byte != '\t') || byte == 0x7f)
            code = byte;
        else if (byte == 0xc2 && i + 1 < text.size() &&
                 static_cast<unsigned char>(text[i + 1]) < 0xa0)
            code = static_cast<unsigned char>(text[i + 1]); // U+0080–U+009F
        if (code < 0x100) {
            char name[48];
            std::snprintf(name, sizeof name, "U+%04X (character %zu)", code, character);
            return name;
        }
    }
    return {};
}

/// FNV-1a, 64 bits, over each field and its length (so "a|bc" ≠ "ab|c").
std::uint64_t hashOfFields(const std::vector<std::string>& fields)
{
    std::uint64_t hash = 14695981039346656037ull;
    const auto mix = [&hash](unsigned char byte) {
        hash ^= byte;
        hash *= 1099511628211ull;
    };
    for (const std::string& field : fields) {
        for (std::size_t size = field.size(), i = 0; i < sizeof size; ++i)
            mix(static_cast<unsigned char>(size >> (8 * i)));
        for (const char c : field)
            mix(static_cast<unsigned char>(c));
    }
    return hash;
}

} // namespace

bool printable(pack::CsvReader& csv, const std::vector<std::string>& fields, const ReadFields& read)
{
    for (const auto& [key, column] : read) {
        const std::string* text = csv.field(fields, key);
        if (!text)
            continue;
        const std::string control = firstControlCharacter(*text);
        if (!control.empty()) {
            csv.problem(csv.line(), column, "",
                        "must not hold the control character " + control +
                            ": a log's names reach the terminal and the metering CSV; only tab "
                            "is allowed");
            return false;
        }
        // Noncharacters and surrogates: the project's text rule (util/text_rule.h).
        if (auto problem = textRuleProblem(*text, "\t")) {
            csv.problem(csv.line(), column, "", *problem);
            return false;
        }
    }
    return true;
}

bool JobIds::first(pack::CsvReader& csv, JobLog* log, const std::string& id,
                   const std::string& idColumn, const std::vector<std::string>& fields)
{
    const std::uint64_t hash = hashOfFields(fields);
    const auto [at, inserted] = m_seen.try_emplace(id, Seen{csv.line(), hash});
    if (inserted)
        return true;
    if (at->second.fieldsHash == hash) {
        ++log->duplicateRows;
        if (m_firstCopyLine == 0)
            m_firstCopyLine = csv.line();
        return false;
    }
    csv.problem(csv.line(), idColumn, id,
                "job " + id + " is also on line " + std::to_string(at->second.line) +
                    ", with other fields: a job id names one job (a requeued job keeps its id; "
                    "its earlier runs appear only with sacct --duplicates, so run sacct "
                    "without it, or give each run an id of its own)");
    return false;
}

void JobIds::warnOfCopies(JobLog* log, const std::string& file) const
{
    if (log->duplicateRows == 0)
        return;
    const bool one = log->duplicateRows == 1;
    log->warnings.push_back(
        Issue{file,
              "line " + std::to_string(m_firstCopyLine),
              {},
              std::to_string(log->duplicateRows) + (one ? " row repeats" : " rows repeat") +
                  " an earlier row exactly (the same job id and fields: logs joined, or a row "
                  "copied); " +
                  (one ? "it was" : "each was") + " counted once"});
}

LogTime readTime(pack::CsvReader& csv, const std::string* text, const std::string& field,
                 const std::string& entry)
{
    LogTime time;
    time.field = field;
    if (!text || text->empty() || *text == "Unknown" || *text == "None")
        return time;
    const auto seconds = parseLogTime(*text);
    if (!seconds) {
        csv.problem(csv.line(), field, entry,
                    "must be a time: seconds, or a date-time such as 2026-03-01T10:00:00; got \"" +
                        text->substr(0, 64) + "\"");
        time.bad = true;
        return time;
    }
    time.seconds = *seconds;
    time.missing = false;
    return time;
}

void addJob(pack::CsvReader& csv, JobLog* log, LoggedJob job, const LogTime& submit,
            const LogTime& start, const LogTime& end)
{
    if (submit.bad || start.bad || end.bad)
        return;
    if (submit.missing) {
        csv.problem(csv.line(), submit.field, job.id, "is required: when the job was submitted");
        return;
    }
    if (start.missing) {
        ++log->neverRan;
        return;
    }
    if (start.seconds < submit.seconds) {
        csv.problem(csv.line(), start.field, job.id, "must not be before the submission");
        return;
    }
    if (end.missing) {
        ++log->unfinished;
        return;
    }
    if (end.seconds < start.seconds) {
        csv.problem(csv.line(), end.field, job.id, "must not be before the start");
        return;
    }
    if (job.gpus == 0 || job.gpuMilli == 0) {
        ++log->withoutGpus;
        return;
    }
    job.submitS = submit.seconds;
    job.startS = start.seconds;
    job.endS = end.seconds;
    log->jobs.push_back(std::move(job));
}

} // namespace fleet::joblog::detail
