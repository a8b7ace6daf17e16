#include "editors/name_lines.h"

#include <algorithm>

namespace fleet::gui {

namespace {

/// `name` broken in two where its longer line is shortest (a space is
/// dropped, a hyphen stays at the end of the first line); itself when it
/// has no such place.
QString evenTwoLines(const QString& name)
{
    QString best = name;
    qsizetype bestLonger = name.size();
    for (qsizetype i = 1; i + 1 < name.size(); ++i) {
        const bool space = name[i] == QLatin1Char(' ');
        const bool hyphen = name[i - 1] == QLatin1Char('-') && name[i] != QLatin1Char(' ');
        if (!space && !hyphen)
            continue;
        const QString first = name.left(i);
        const QString second = name.mid(space ? i + 1 : i);
        const qsizetype longer = std::max(first.size(), second.size());
        if (longer < bestLonger) {
            bestLonger = longer;
            best = first + QLatin1Char('\n') + second;
        }
    }
    return best;
}

qsizetype longestLine(const QString& text)
{
    qsizetype longest = 0;
    for (const QString& line : text.split(QLatin1Char('\n')))
        longest = std::max(longest, line.size());
    return longest;
}

} // namespace

std::vector<QString> namesOnTwoLines(const std::vector<QString>& names)
{
    qsizetype width = 0; // the header's width once every name is on two lines
    for (const QString& name : names)
        width = std::max(width, longestLine(evenTwoLines(name)));
    std::vector<QString> shown;
    for (const QString& name : names)
        shown.push_back(name.size() > width ? evenTwoLines(name) : name);
    return shown;
}

} // namespace fleet::gui
