#pragma once

// Whole numbers in messages, from doubles of any size: a cast to int of a
// count past 2^31 is undefined behaviour (UBSan found one in a warning about
// GPUs held by a ten-million-GPU project).

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>

namespace fleet {

/// `value` rounded up (ceil) as digits when it fits 64 bits exactly enough
/// (below 1e15), otherwise in scientific notation; "NaN" and "inf" as such.
inline std::string wholeUpText(double value)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "NaN" : (value > 0 ? "inf" : "-inf");
    const double up = std::ceil(value);
    if (std::abs(up) < 1e15)
        return std::to_string(static_cast<long long>(up));
    char text[32];
    std::snprintf(text, sizeof text, "%.3e", up);
    return text;
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
