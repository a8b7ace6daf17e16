#include "io/json_writer.h"

#include <charconv>

namespace fleet::json {

namespace {

/// Shortest text that reads back as the same double ("25.1", "7e10"),
/// instead of Boost.JSON's "2.51E1" form. Exponents lose their '+' and
/// leading zeros ("8e+09" → "8e9"), which JSON allows.
std::string number(double value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    std::string text(buffer, result.ptr);
    const auto e = text.find('e');
    if (e == std::string::npos)
        return text;
    std::string exponent = text.substr(e + 1);
    std::string sign;
    if (!exponent.empty() && (exponent[0] == '+' || exponent[0] == '-')) {
        sign = exponent[0] == '-' ? "-" : "";
        exponent.erase(0, 1);
    }
    while (exponent.size() > 1 && exponent[0] == '0')
        exponent.erase(0, 1);
    return text.substr(0, e + 1) + sign + exponent;
}

void write(std::string& out, const boost::json::value& value, int indent)
{
    const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    const std::string inner(static_cast<std::size_t>(indent + 1) * 2, ' ');
    if (const auto* object = value.if_object()) {
        if (object->empty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        bool first = true;
        for (const auto& member : *object) {
            if (!first)
                out += ",\n";
            first = false;
            out += inner + boost::json::serialize(boost::json::string_view(member.key())) + ": ";
            write(out, member.value(), indent + 1);
        }
        out += "\n" + pad + "}";
    } else if (const auto* array = value.if_array()) {
        if (array->empty()) {
            out += "[]";
            return;
        }
        // Arrays of scalars stay on one line (placements, ids), others one item per line.
        bool scalars = true;
        for (const auto& item : *array)
            scalars = scalars && !item.is_object() && !item.is_array();
        if (scalars) {
            out += "[";
            for (std::size_t i = 0; i < array->size(); ++i) {
                out += i ? ", " : "";
                write(out, (*array)[i], indent + 1);
            }
            out += "]";
            return;
        }
        out += "[\n";
        for (std::size_t i = 0; i < array->size(); ++i) {
            out += (i ? ",\n" : "") + inner;
            write(out, (*array)[i], indent + 1);
        }
        out += "\n" + pad + "]";
    } else if (value.is_double()) {
        out += number(value.get_double());
    } else {
        out += boost::json::serialize(value);
    }
}

} // namespace

std::string toPrettyString(const boost::json::value& value)
{
    std::string out;
    write(out, value, 0);
    out += "\n";
    return out;
}

} // namespace fleet::json
