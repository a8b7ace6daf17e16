#include "views/what_if_note.h"

#include <QLocale>
#include <QObject>

#include <cstdio>
#include <exception>

namespace fleet::gui {

std::string whatIfNote(double factor)
{
    char text[96];
    std::snprintf(text, sizeof text, "%sthe book's price × %.2f.", kWhatIfNote, factor);
    return text;
}

std::optional<double> whatIfFactor(const std::string& note)
{
    if (note.rfind(kWhatIfNote, 0) != 0)
        return std::nullopt;
    const std::size_t times = note.rfind("× ");
    if (times == std::string::npos)
        return std::nullopt;
    try {
        const double factor = std::stod(note.substr(times + std::string("× ").size()));
        return factor > 0 ? std::optional<double>(factor) : std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<double> whatIfPriceFactor(const PriceBook& book)
{
    const std::size_t at = book.description.rfind(kWhatIfNote);
    return at == std::string::npos ? std::nullopt : whatIfFactor(book.description.substr(at));
}

QString priceBookText(const PriceBook& book)
{
    QString text = QObject::tr("«%1» (as of %2)")
                       .arg(QString::fromStdString(book.name), QString::fromStdString(book.asOf));
    if (const auto factor = whatIfPriceFactor(book))
        text += QObject::tr(" × %1 (what-if)").arg(QLocale().toString(*factor, 'f', 2));
    return text;
}

} // namespace fleet::gui
