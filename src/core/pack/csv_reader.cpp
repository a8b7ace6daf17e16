#include "pack/csv_reader.h"

#include "util/utf8.h"

#include <algorithm>
#include <charconv>

namespace fleet::pack {

bool splitRecord(std::string_view line, char delimiter, bool quoting,
                 std::vector<std::string>* fields)
{
    fields->clear();
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && quoting) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"' && quoting) {
            quoted = true;
        } else if (c == delimiter) {
            fields->push_back(std::move(field));
            field.clear();
        } else if (c != '\r') {
            field += c;
        }
    }
    fields->push_back(std::move(field));
    return !quoted;
}

std::optional<Issue> notUtf8(std::string_view text, const std::string& file)
{
    const auto bad = firstInvalidUtf8(text);
    if (!bad)
        return std::nullopt;
    const std::size_t line =
        1 + std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(*bad), '\n'));
    return Issue{file,
                 "line " + std::to_string(line),
                 {},
                 "is not UTF-8 text (byte " + std::to_string(*bad) +
                     " of the file); save the CSV as UTF-8"};
}

std::optional<Issue> utf8Text(std::string_view* text, const std::string& file,
                              const std::string& noun)
{
    const std::string_view firstLine = text->substr(0, text->find('\n'));
    if (text->starts_with("\xff\xfe") || text->starts_with("\xfe\xff") ||
        firstLine.find('\0') != std::string_view::npos)
        return Issue{file,
                     "line 1",
                     {},
                     "the file is UTF-16: save the " + noun +
                         " as UTF-8 (a spreadsheet's \"CSV "
                         "UTF-8\")"};
    if (text->starts_with("\xef\xbb\xbf"))
        text->remove_prefix(3);
    return notUtf8(*text, file);
}

CsvReader::CsvReader(std::string_view text, std::string file, char delimiter, bool quoting)
    : m_text(text), m_file(std::move(file)), m_delimiter(delimiter), m_quoting(quoting)
{}

void CsvReader::problem(std::size_t line, const std::string& field, const std::string& entry,
                        const std::string& message)
{
    if (m_issues.size() < 50) // enough to fix a file; the count says the rest
        m_issues.push_back(
            Issue{m_file, "line " + std::to_string(line) + (field.empty() ? "" : ", " + field),
                  entry, message});
    ++m_problems;
}

bool CsvReader::header(const std::map<std::string, std::string>& columns,
                       const std::set<std::string>& optional)
{
    std::string_view first = nextLine();
    if (first.find_first_not_of(" \t\r") == std::string_view::npos) {
        problem(1, "", "", "the file is empty; a header row naming the columns comes first");
        return false;
    }
    std::vector<std::string> names;
    if (!splitRecord(first, m_delimiter, m_quoting, &names)) {
        problem(m_line, "", "", "the header has an unclosed quote");
        return false;
    }
    for (const auto& [field, column] : columns) {
        int at = -1;
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == column)
                at = int(i);
        if (at < 0 && !column.empty() && !optional.count(field))
            problem(m_line, field, "", "the header has no column \"" + column + "\" for " + field);
        m_columns[field] = at;
    }
    m_width = names.size();
    return m_problems == 0;
}

bool CsvReader::next(std::vector<std::string>* fields)
{
    while (m_at < m_text.size()) {
        std::string_view line = nextLine();
        if (line.find_first_not_of(" \t\r") == std::string_view::npos)
            continue; // blank lines are allowed
        if (!splitRecord(line, m_delimiter, m_quoting, fields)) {
            problem(m_line, "", "", "unclosed quote");
            continue;
        }
        if (fields->size() != m_width) {
            problem(m_line, "", "",
                    "has " + std::to_string(fields->size()) + " fields; the header has " +
                        std::to_string(m_width));
            continue;
        }
        return true;
    }
    return false;
}

const std::string* CsvReader::field(const std::vector<std::string>& fields,
                                    const std::string& name) const
{
    const auto it = m_columns.find(name);
    return it == m_columns.end() || it->second < 0 ? nullptr : &fields[std::size_t(it->second)];
}

std::optional<long> CsvReader::integer(const std::vector<std::string>& fields,
                                       const std::string& name, const std::string& entry, long min,
                                       long max)
{
    const std::string* text = field(fields, name);
    if (!text)
        return 0L;
    long value = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size() || value < min || value > max) {
        problem(m_line, name, entry,
                "must be a whole number from " + std::to_string(min) + " to " +
                    std::to_string(max) + "; got \"" + *text + "\"");
        return std::nullopt;
    }
    return value;
}

Result<bool> CsvReader::finish()
{
    if (m_problems == 0)
        return true;
    if (m_problems > m_issues.size())
        m_issues.push_back(
            Issue{m_file, "", "",
                  std::to_string(m_problems - m_issues.size()) + " more problems not listed"});
    return Error(std::move(m_issues));
}

std::string_view CsvReader::nextLine()
{
    const std::size_t end = m_text.find('\n', m_at);
    std::string_view line = m_text.substr(m_at, end == std::string_view::npos ? end : end - m_at);
    m_at = end == std::string_view::npos ? m_text.size() : end + 1;
    ++m_line;
    return line;
}

} // namespace fleet::pack
