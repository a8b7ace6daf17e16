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

} // namespace fleet
