#pragma once

// Reading delimited text files (CSV, RFC 4180 quoting; or `|`-separated
// output such as `sacct --parsable2`): the header names the columns, each
// mapped field is looked up by name, and every problem names the file, the
// line and the field. Used by the trace reader (pod and node lists) and the
// job-log readers.

#include "util/result.h"

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace fleet::pack {

/// One record's fields split at `delimiter`; with `quoting`, RFC 4180 quotes
/// (false on an unclosed quote). Carriage returns are dropped.
bool splitRecord(std::string_view line, char delimiter, bool quoting,
                 std::vector<std::string>* fields);

/// A file whose text is not UTF-8 is refused whole, at its first bad byte:
/// names read from it end up in JSON, charts and Qt strings.
std::optional<Issue> notUtf8(std::string_view text, const std::string& file);

/// Drops a UTF-8 byte-order mark (EF BB BF, what spreadsheet programs write
/// when they save CSV) from the start of `text`; refuses a UTF-16 one (FF FE,
/// FE FF) or a NUL byte in the first line (UTF-16 without a mark) saying
/// "UTF-16: save the `noun` as UTF-8", then anything notUtf8() refuses.
std::optional<Issue> utf8Text(std::string_view* text, const std::string& file,
                              const std::string& noun);

/// Reads the header, finds each mapped column, then hands out one record at a time.
class CsvReader
{
public:
    CsvReader(std::string_view text, std::string file, char delimiter = ',', bool quoting = true);

    /// Records a problem at `line` (at most 50 are kept; the count says the rest).
    void problem(std::size_t line, const std::string& field, const std::string& entry,
                 const std::string& message);

    /// Reads the header: `columns` maps each field to its column's name; a
    /// field in `optional` (or mapped to "") may be missing. False on a problem.
    bool header(const std::map<std::string, std::string>& columns,
                const std::set<std::string>& optional);

    /// The next record, or false at the end. Blank lines are skipped; a record
    /// of the wrong width is reported and skipped.
    bool next(std::vector<std::string>* fields);

    std::size_t line() const { return m_line; }
    std::size_t problems() const { return m_problems; }
    /// The record's value of `name`, or null when the file has no such column.
    const std::string* field(const std::vector<std::string>& fields, const std::string& name) const;

    /// An integer field in [min, max] (0 when the column is absent); reports
    /// and returns nullopt otherwise.
    std::optional<long> integer(const std::vector<std::string>& fields, const std::string& name,
                                const std::string& entry, long min, long max);

    /// true, or every problem (with a count of those not listed).
    Result<bool> finish();

private:
    std::string_view nextLine();

    std::string_view m_text;
    std::string m_file;
    char m_delimiter;
    bool m_quoting;
    std::size_t m_at = 0;
    std::size_t m_line = 0;
    std::size_t m_width = 0;
    std::map<std::string, int> m_columns;
    std::vector<Issue> m_issues;
    std::size_t m_problems = 0;
};

} // namespace fleet::pack
