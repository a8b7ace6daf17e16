#pragma once

// Whole numbers in messages, from doubles of any size: a cast to int of a
// count past 2^31 is undefined behaviour (UBSan found one in a warning about
// GPUs held by a ten-million-GPU project).

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

namespace fleet {

/// A count as every text of the app writes it (issue 32, one number format):
/// digits in groups of three ("2,404", "1,353,000"), a true minus ("−12").
/// Machine-readable outputs (JSON, CSV) write their numbers bare.
inline std::string groupedText(long long value)
{
    const std::string digits = std::to_string(value < 0 ? -(value + 1) + 1ULL : value + 0ULL);
    std::string text = value < 0 ? "\u2212" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            text += ',';
        text += digits[i];
    }
    return text;
}

/// `value` rounded up (ceil) as grouped digits when it fits 64 bits exactly
/// enough (below 1e15), otherwise in scientific notation; "NaN" and "inf" as
/// such.
inline std::string wholeUpText(double value)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "NaN" : (value > 0 ? "inf" : "-inf");
    const double up = std::ceil(value);
    if (std::abs(up) < 1e15)
        return groupedText(static_cast<long long>(up));
    char text[32];
    std::snprintf(text, sizeof text, "%.3e", up);
    return text;
}

/// `value` rounded to the nearest whole, as grouped digits (a count shown
/// in a message: "1,033 GPUs").
inline std::string countText(double value)
{
    if (!std::isfinite(value) || std::abs(value) >= 1e15)
        return wholeUpText(value);
    return groupedText(std::llround(value));
}

/// `value` with `precision` significant digits, as a stream writes it ("0.35",
/// "1.2e+03"): figures inside messages.
inline std::string formatNumber(double value, int precision = 3)
{
    std::ostringstream out;
    out.precision(precision);
    out << value;
    return out.str();
}

} // namespace fleet
