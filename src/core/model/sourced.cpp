#include "model/sourced.h"

#include <cctype>

namespace fleet {

namespace {
bool allDigits(const std::string& text, std::size_t from, std::size_t count)
{
    for (std::size_t i = from; i < from + count; ++i)
        if (!std::isdigit(static_cast<unsigned char>(text[i])))
            return false;
    return true;
}
} // namespace

bool isValidAsOfDate(const std::string& text)
{
    if (text.size() != 4 && text.size() != 7 && text.size() != 10)
        return false;
    if (!allDigits(text, 0, 4) || std::stoi(text.substr(0, 4)) < 1990)
        return false;
    if (text.size() == 4)
        return true;
    if (text[4] != '-' || !allDigits(text, 5, 2))
        return false;
    const int month = std::stoi(text.substr(5, 2));
    if (month < 1 || month > 12)
        return false;
    if (text.size() == 7)
        return true;
    if (text[7] != '-' || !allDigits(text, 8, 2))
        return false;
    const int year = std::stoi(text.substr(0, 4));
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int daysInMonth[] = {31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const int day = std::stoi(text.substr(8, 2));
    return day >= 1 && day <= daysInMonth[month - 1];
}

} // namespace fleet
