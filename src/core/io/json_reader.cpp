#include "io/json_reader.h"

#include "util/text_rule.h"

#include <boost/json/basic_parser_impl.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace fleet::json {

namespace {

std::string formatNumber(double value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string typeName(const boost::json::value& value)
{
    switch (value.kind()) {
    case boost::json::kind::null: return "null";
    case boost::json::kind::bool_: return "a boolean";
    case boost::json::kind::int64:
    case boost::json::kind::uint64:
    case boost::json::kind::double_: return "a number";
    case boost::json::kind::string: return "a string";
    case boost::json::kind::array: return "an array";
    case boost::json::kind::object: return "an object";
    }
    return "a value";
}

} // namespace

bool isValidIdentifier(const std::string& text)
{
    if (text.empty() || text.size() > 64)
        return false;
    auto allowed = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    };
    const bool alnumStart =
        (text[0] >= 'a' && text[0] <= 'z') || (text[0] >= '0' && text[0] <= '9');
    return alnumStart && std::all_of(text.begin(), text.end(), allowed);
}

namespace {

/// Builds a value like boost::json::parser does, but reads every floating
/// point number with std::from_chars, which rounds correctly: Boost.JSON
/// 1.81's own conversion may be one unit in the last place off, and then a
/// number written in its shortest form would not read back as itself.
class PreciseHandler
{
public:
    static constexpr std::size_t max_object_size = std::size_t(-1);
    static constexpr std::size_t max_array_size = std::size_t(-1);
    static constexpr std::size_t max_key_size = std::size_t(-1);
    static constexpr std::size_t max_string_size = std::size_t(-1);

    boost::json::value_stack stack;
    std::string number;

    bool on_document_begin(boost::system::error_code&) { return true; }
    bool on_document_end(boost::system::error_code&) { return true; }
    bool on_array_begin(boost::system::error_code&) { return true; }
    bool on_array_end(std::size_t n, boost::system::error_code&)
    {
        stack.push_array(n);
        return true;
    }
    bool on_object_begin(boost::system::error_code&) { return true; }
    bool on_object_end(std::size_t n, boost::system::error_code&)
    {
        stack.push_object(n);
        return true;
    }
    bool on_string_part(boost::json::string_view s, std::size_t, boost::system::error_code&)
    {
        stack.push_chars(s);
        return true;
    }
    bool on_string(boost::json::string_view s, std::size_t, boost::system::error_code&)
    {
        stack.push_string(s);
        return true;
    }
    bool on_key_part(boost::json::string_view s, std::size_t, boost::system::error_code&)
    {
        stack.push_chars(s);
        return true;
    }
    bool on_key(boost::json::string_view s, std::size_t, boost::system::error_code&)
    {
        stack.push_key(s);
        return true;
    }
    bool on_number_part(boost::json::string_view s, boost::system::error_code&)
    {
        number.append(s.data(), s.size());
        return true;
    }
    bool on_int64(std::int64_t i, boost::json::string_view, boost::system::error_code&)
    {
        number.clear();
        stack.push_int64(i);
        return true;
    }
    bool on_uint64(std::uint64_t u, boost::json::string_view, boost::system::error_code&)
    {
        number.clear();
        stack.push_uint64(u);
        return true;
    }
    bool on_double(double d, boost::json::string_view s, boost::system::error_code&)
    {
        number.append(s.data(), s.size());
        double exact = d;
        const auto result = std::from_chars(number.data(), number.data() + number.size(), exact);
        if (result.ec == std::errc::result_out_of_range)
            exact = d; // Boost's ±inf for 1e999: the range checks report it as not finite
        number.clear();
        stack.push_double(exact);
        return true;
    }
    bool on_bool(bool b, boost::system::error_code&)
    {
        stack.push_bool(b);
        return true;
    }
    bool on_null(boost::system::error_code&)
    {
        stack.push_null();
        return true;
    }
    bool on_comment_part(boost::json::string_view, boost::system::error_code&) { return true; }
    bool on_comment(boost::json::string_view, boost::system::error_code&) { return true; }
};

} // namespace

Result<boost::json::value> parse(std::string_view text, const std::string& file,
                                 const ParseLimits& limits)
{
    if (text.size() > limits.maxBytes)
        return Error({Issue{file,
                            {},
                            {},
                            "file is " + std::to_string(text.size()) + " bytes; the limit is " +
                                std::to_string(limits.maxBytes) + " bytes"}});
    boost::json::parse_options options;
    options.max_depth = limits.maxDepth;
    boost::json::basic_parser<PreciseHandler> parser(options);
    parser.handler().stack.reset();
    boost::system::error_code ec;
    std::size_t consumed = 0;
    try {
        consumed = parser.write_some(false, text.data(), text.size(), ec);
        if (!ec && consumed < text.size())
            ec = boost::json::error::extra_data;
    } catch (const std::exception& e) {
        return Error({Issue{file, {}, {}, std::string("cannot be read: ") + e.what()}});
    }
    if (ec) {
        const std::size_t offset = std::min(consumed, text.size());
        const std::string_view before = text.substr(0, offset);
        const auto line = 1 + std::count(before.begin(), before.end(), '\n');
        const auto lastNewline = before.rfind('\n');
        const auto column =
            offset - (lastNewline == std::string_view::npos ? 0 : lastNewline + 1) + 1;
        std::string why = ec.message();
        if (ec == boost::json::error::too_deep)
            why = "nesting deeper than " + std::to_string(limits.maxDepth) + " levels";
        return Error({Issue{file,
                            {},
                            {},
                            "not valid JSON at line " + std::to_string(line) + ", column " +
                                std::to_string(column) + ": " + why}});
    }
    return parser.handler().stack.release();
}

std::optional<std::string> textProblem(std::string_view text)
{
    return textRuleProblem(text, "\t\n\r");
}

/// True when `value` holds a number that is not finite, at any depth
/// (iterative: the depth of an untrusted value is not the stack's business).
bool holdsNonFinite(const boost::json::value& value)
{
    std::vector<const boost::json::value*> pending{&value};
    while (!pending.empty()) {
        const boost::json::value* next = pending.back();
        pending.pop_back();
        if (next->is_double() && !std::isfinite(next->get_double()))
            return true;
        if (const auto* array = next->if_array())
            for (const boost::json::value& item : *array)
                pending.push_back(&item);
        if (const auto* object = next->if_object())
            for (const auto& member : *object)
                pending.push_back(&member.value());
    }
    return false;
}

std::string pointer(const std::string& base, std::string_view key)
{
    std::string escaped;
    for (char c : key) {
        if (c == '~')
            escaped += "~0";
        else if (c == '/')
            escaped += "~1";
        else
            escaped += c;
    }
    return base + "/" + escaped;
}

std::string pointer(const std::string& base, std::size_t index)
{
    return base + "/" + std::to_string(index);
}

bool NumberRule::accepts(double value) const
{
    if (!std::isfinite(value))
        return false;
    if (integer && value != std::floor(value))
        return false;
    const bool aboveMin = minExclusive ? value > min : value >= min;
    return aboveMin && value <= max;
}

std::string NumberRule::describe() const
{
    std::string text = integer ? "must be a whole number " : "must be a finite number ";
    text += (minExclusive ? "> " : "≥ ") + formatNumber(min) + " and ≤ " + formatNumber(max);
    if (!unitHint.empty())
        text += " " + unitHint;
    return text;
}

void Reader::report(const std::string& path, std::string message)
{
    m_issues.push_back(Issue{m_file, path, m_entry, std::move(message)});
}

void Reader::checkKeys(const boost::json::object& object, const std::string& path,
                       std::initializer_list<std::string_view> required,
                       std::initializer_list<std::string_view> optional)
{
    checkKeys(object, path, std::span<const std::string_view>(required.begin(), required.size()),
              std::span<const std::string_view>(optional.begin(), optional.size()));
}

void Reader::checkKeys(const boost::json::object& object, const std::string& path,
                       std::span<const std::string_view> required,
                       std::span<const std::string_view> optional)
{
    for (std::string_view key : required)
        if (!object.contains(key))
            report(pointer(path, key), "is required but missing");
    for (const auto& member : object) {
        const std::string_view key = member.key();
        const bool known = std::find(required.begin(), required.end(), key) != required.end() ||
                           std::find(optional.begin(), optional.end(), key) != optional.end();
        if (known)
            continue;
        std::string allowed;
        for (std::string_view k : required)
            allowed += (allowed.empty() ? "" : ", ") + std::string(k);
        for (std::string_view k : optional)
            allowed += (allowed.empty() ? "" : ", ") + std::string(k);
        report(pointer(path, key), "unknown key; allowed keys here: " + allowed);
    }
}

const boost::json::object* Reader::asObject(const boost::json::value& value,
                                            const std::string& path)
{
    if (const auto* object = value.if_object())
        return object;
    report(path, "must be an object, not " + typeName(value));
    return nullptr;
}

const boost::json::array* Reader::asArray(const boost::json::value& value, const std::string& path)
{
    if (const auto* array = value.if_array())
        return array;
    report(path, "must be an array, not " + typeName(value));
    return nullptr;
}

std::optional<double> Reader::number(const boost::json::object& object, std::string_view key,
                                     const std::string& path, const NumberRule& rule, bool required)
{
    const auto* value = object.if_contains(key);
    if (!value) {
        if (required)
            report(pointer(path, key), "is required but missing");
        return std::nullopt;
    }
    if (!value->is_number()) {
        report(pointer(path, key), rule.describe() + ", not " + typeName(*value));
        return std::nullopt;
    }
    const double number = value->to_number<double>();
    if (!rule.accepts(number)) {
        report(pointer(path, key), rule.describe() + "; got " + formatNumber(number));
        return std::nullopt;
    }
    return number;
}

std::optional<int> Reader::integer(const boost::json::object& object, std::string_view key,
                                   const std::string& path, int min, int max, bool required)
{
    const NumberRule rule{static_cast<double>(min), false, static_cast<double>(max), true, {}};
    const auto number = this->number(object, key, path, rule, required);
    if (!number)
        return std::nullopt;
    return static_cast<int>(*number);
}

std::optional<std::string> Reader::string(const boost::json::object& object, std::string_view key,
                                          const std::string& path, bool required)
{
    const auto* value = object.if_contains(key);
    if (!value) {
        if (required)
            report(pointer(path, key), "is required but missing");
        return std::nullopt;
    }
    const auto* text = value->if_string();
    if (!text) {
        report(pointer(path, key), "must be a string, not " + typeName(*value));
        return std::nullopt;
    }
    if (text->empty() || text->size() > 4096) {
        report(pointer(path, key), "must be a non-empty string of at most 4096 characters");
        return std::nullopt;
    }
    if (auto problem = textProblem(*text)) {
        report(pointer(path, key), *problem);
        return std::nullopt;
    }
    return std::string(*text);
}

std::optional<bool> Reader::boolean(const boost::json::object& object, std::string_view key,
                                    const std::string& path, bool required)
{
    const auto* value = object.if_contains(key);
    if (!value) {
        if (required)
            report(pointer(path, key), "is required but missing");
        return std::nullopt;
    }
    if (!value->is_bool()) {
        report(pointer(path, key), "must be true or false, not " + typeName(*value));
        return std::nullopt;
    }
    return value->get_bool();
}

const boost::json::array* Reader::array(const boost::json::object& object, std::string_view key,
                                        const std::string& path, bool required)
{
    const auto* value = object.if_contains(key);
    if (!value) {
        if (required)
            report(pointer(path, key), "is required but missing");
        return nullptr;
    }
    return asArray(*value, pointer(path, key));
}

const boost::json::object* Reader::object(const boost::json::object& object, std::string_view key,
                                          const std::string& path, bool required)
{
    const auto* value = object.if_contains(key);
    if (!value) {
        if (required)
            report(pointer(path, key), "is required but missing");
        return nullptr;
    }
    return asObject(*value, pointer(path, key));
}

std::optional<std::string> Reader::identifier(const boost::json::object& object,
                                              std::string_view key, const std::string& path)
{
    auto text = string(object, key, path);
    if (text && !isValidIdentifier(*text)) {
        report(pointer(path, key), "must be 1–64 characters of a–z, 0–9, '-', '_' or '.', "
                                   "starting with a letter or digit; got \"" +
                                       *text + "\"");
        return std::nullopt;
    }
    return text;
}

} // namespace fleet::json
