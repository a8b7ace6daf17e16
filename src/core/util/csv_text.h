#pragma once

// CSV fields as RFC 4180 writes them, for the CSV exports (tenant metering,
// tenant totals).

#include <cstdio>
#include <string>

namespace fleet {

/// A CSV field: quoted when it holds a comma, quote or line break, with its
/// quotes doubled.
inline std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + "\"";
}

/// A number with ten significant digits ("%.10g"), no thousands separators.
inline std::string csvNumber(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.10g", value);
    return text;
}

} // namespace fleet
