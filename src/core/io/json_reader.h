#pragma once

// Strict reading of JSON documents with Boost.JSON: every problem is recorded
// with its file, JSON-pointer path, entry and rule, and reading goes on so that
// one pass reports all of them.

#include "util/result.h"

#include <boost/json.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fleet::json {

/// Size and nesting limits for a document read from disk.
struct ParseLimits
{
    std::size_t maxBytes = 16u * 1024u * 1024u;
    std::size_t maxDepth = 32;
};

/// Parses `text`; a syntax error names the line and column.
Result<boost::json::value> parse(std::string_view text, const std::string& file,
                                 const ParseLimits& limits = {});

/// The one rule for every piece of text in a project or catalog, wherever it
/// comes from (JSON, SQLite rows, a migration, an edit in the app): valid
/// UTF-8 without surrogates or noncharacters (XML cannot carry them), and no
/// control characters (C0, DEL, C1) other than tab, line feed and carriage
/// return, which notes and pasted names legitimately hold
/// (util/text_rule.h). Returns the broken rule, or nullopt for good text.
std::optional<std::string> textProblem(std::string_view text);

/// True when `value` holds a number that is not finite (1e999 reads as
/// infinity), at any depth.
bool holdsNonFinite(const boost::json::value& value);

/// Appends one reference token to a JSON pointer, escaping '~' and '/'.
std::string pointer(const std::string& base, std::string_view key);
std::string pointer(const std::string& base, std::size_t index);

/// A closed or open numeric range, described in messages as "> 0 and ≤ 4096".
struct NumberRule
{
    double min = 0.0;
    bool minExclusive = true;
    double max = 1e12;
    bool integer = false;
    std::string unitHint; ///< appended to the message, e.g. "(USD per GPU-hour)"

    bool accepts(double value) const;
    std::string describe() const;
};

class Reader
{
public:
    explicit Reader(std::string file) : m_file(std::move(file)) {}

    const std::string& file() const { return m_file; }
    /// Names the entry that following issues belong to ("" for none).
    void setEntry(std::string entry) { m_entry = std::move(entry); }
    const std::string& entry() const { return m_entry; }

    void report(const std::string& path, std::string message);
    bool failed() const { return !m_issues.empty(); }
    const std::vector<Issue>& issues() const { return m_issues; }

    /// Reports missing required keys and unknown keys (listing the allowed ones).
    void checkKeys(const boost::json::object& object, const std::string& path,
                   std::initializer_list<std::string_view> required,
                   std::initializer_list<std::string_view> optional);
    void checkKeys(const boost::json::object& object, const std::string& path,
                   std::span<const std::string_view> required,
                   std::span<const std::string_view> optional);

    const boost::json::object* asObject(const boost::json::value& value, const std::string& path);
    const boost::json::array* asArray(const boost::json::value& value, const std::string& path);

    // Typed members. A missing optional member gives nullopt without an issue;
    // a present member of the wrong type or out of range is reported.
    std::optional<double> number(const boost::json::object& object, std::string_view key,
                                 const std::string& path, const NumberRule& rule,
                                 bool required = true);
    std::optional<int> integer(const boost::json::object& object, std::string_view key,
                               const std::string& path, int min, int max, bool required = true);
    std::optional<std::string> string(const boost::json::object& object, std::string_view key,
                                      const std::string& path, bool required = true);
    std::optional<bool> boolean(const boost::json::object& object, std::string_view key,
                                const std::string& path, bool required = true);
    const boost::json::array* array(const boost::json::object& object, std::string_view key,
                                    const std::string& path, bool required = true);
    const boost::json::object* object(const boost::json::object& object, std::string_view key,
                                      const std::string& path, bool required = true);

    /// An identifier: 1–64 characters of a–z, 0–9, '-', '_' and '.', starting with a letter or
    /// digit.
    std::optional<std::string> identifier(const boost::json::object& object, std::string_view key,
                                          const std::string& path);

private:
    std::string m_file;
    std::string m_entry;
    std::vector<Issue> m_issues;
};

/// Whether `text` is an identifier as Reader::identifier() takes one.
bool isValidIdentifier(const std::string& text);

} // namespace fleet::json
