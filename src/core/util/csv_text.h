#pragma once

// CSV fields as RFC 4180 writes them, for the CSV exports (tenant metering,
// tenant totals: `replay --csv`, `evaluate --tenants-csv`, the app's tenant CSVs).
//
// A text field cannot execute in a spreadsheet: one that starts with `=`, `+`,
// `-`, `@`, tab or carriage return is written with a leading apostrophe
// (`'=HYPERLINK(...)`), as OWASP's CSV-injection guidance advises, so that a
// spreadsheet shows it as text instead of evaluating it as a formula
// (https://owasp.org/www-community/attacks/CSV_Injection). Numbers go through
// csvNumber and stay numbers, negative ones included. A program reading the
// CSV back sees the apostrophe as part of the name.

#include <cstdio>
#include <string>

namespace fleet {

/// Whether a spreadsheet could read `text` as a formula (or the start of one):
/// its first character is `=`, `+`, `-`, `@`, tab or carriage return.
inline bool csvStartsLikeAFormula(const std::string& text)
{
    return !text.empty() && std::string("=+-@\t\r").find(text.front()) != std::string::npos;
}

/// A CSV text field: an apostrophe put before a formula's first character
/// (csvStartsLikeAFormula), then quoted when it holds a comma, quote or line
/// break, with its quotes doubled.
inline std::string csvField(const std::string& text)
{
    const std::string cell = csvStartsLikeAFormula(text) ? "'" + text : text;
    if (cell.find_first_of(",\"\r\n") == std::string::npos)
        return cell;
    std::string quoted = "\"";
    for (char c : cell) {
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
