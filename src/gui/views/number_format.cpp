#include "views/number_format.h"

#include <cmath>

namespace fleet::gui {

namespace {

const QString kMinusSign = QStringLiteral("\u2212"); // U+2212, not the hyphen

/// The magnitude as written, and whether it rounds to zero.
struct UsdMagnitude
{
    QString text;
    bool zero;
};

/// `centsAtLeast`: a change below a cent is none, not two digits of dust.
UsdMagnitude usdMagnitude(double magnitude, bool centsAtLeast, const QLocale& locale)
{
    const auto rounded = [&](double value, int decimals, const QString& suffix) {
        const double scale = std::pow(10.0, decimals);
        const double r = std::round(value * scale) / scale;
        if (r == 0)
            return UsdMagnitude{QStringLiteral("$0"), true};
        return UsdMagnitude{QStringLiteral("$") + locale.toString(r, 'f', decimals) + suffix,
                            false};
    };
    // The unit as rounded: 999,999,999 is "$1.00 B", never "$1,000.00 M".
    if (magnitude >= 999.995e6)
        return rounded(magnitude / 1e9, 2, QStringLiteral(" B"));
    if (magnitude >= 999995)
        return rounded(magnitude / 1e6, 2, QStringLiteral(" M"));
    if (magnitude >= 999.995)
        return rounded(magnitude, 0, {});
    if (magnitude >= 0.095 || magnitude == 0 || centsAtLeast)
        return rounded(magnitude, 2, {});
    // Two significant digits of a small amount ($0.0042), at most six places.
    const int decimals = std::min(6, 1 - int(std::floor(std::log10(magnitude))));
    return rounded(magnitude, decimals, {});
}

QString withSign(const UsdMagnitude& m, bool negative, Sign sign)
{
    if (m.zero)
        return m.text;
    if (negative)
        return kMinusSign + m.text;
    return sign == Sign::Always ? QStringLiteral("+") + m.text : m.text;
}

} // namespace

QString formatUsd(double usd, Sign sign, const QLocale& locale)
{
    if (!std::isfinite(usd))
        return QStringLiteral("—");
    return withSign(usdMagnitude(std::abs(usd), sign == Sign::Always, locale), usd < 0, sign);
}

QString formatUsd(const std::optional<double>& usd, Sign sign, const QLocale& locale)
{
    return usd ? formatUsd(*usd, sign, locale) : QStringLiteral("—");
}

QString formatPercent(double percent, int decimals, Sign sign, const QString& unit,
                      const QLocale& locale)
{
    if (!std::isfinite(percent))
        return QStringLiteral("—");
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(std::abs(percent) * scale) / scale;
    return withSign({locale.toString(rounded, 'f', decimals) + unit, rounded == 0}, percent < 0,
                    sign);
}

} // namespace fleet::gui
