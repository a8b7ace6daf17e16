#pragma once

// Calendar months of a horizon: the project states the month its horizon
// starts ("YYYY-MM", horizon/start_month); chart labels and the tenant CSV
// name each horizon month by it.

#include <cstdio>
#include <string>

namespace fleet {

/// "YYYY-MM" of horizon month `month` (1-based) when the horizon starts in
/// `start` ("YYYY-MM"); "" when `start` is not a valid YYYY-MM.
inline std::string calendarMonth(const std::string& start, int month)
{
    int year = 0, first = 0;
    if (start.size() != 7 || std::sscanf(start.c_str(), "%4d-%2d", &year, &first) != 2 ||
        year < 1 || first < 1 || first > 12 || month < 1)
        return {};
    const int index = first - 1 + (month - 1);
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02d", year + index / 12, index % 12 + 1);
    return text;
}

/// Days since 1970-01-01 of the proleptic Gregorian date y-m-d (Howard
/// Hinnant's days_from_civil): the job logs' dates as seconds, with no time
/// zone involved.
inline long daysFromCivil(long y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const long era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + long(doe) - 719468;
}

} // namespace fleet
