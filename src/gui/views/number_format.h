#pragma once

// One way to write money and percentages in the app (issue 32): the sign
// before the symbol and a true minus (−$17.96 M, −1,107 %), digits by
// magnitude ($17.96 M, $12,345, $384.26, $0.0042), and a rounded zero
// without a sign ($0, 0 %), never "$-", "-$" or "−$0.000".

#include <QLocale>
#include <QString>

#include <optional>

namespace fleet::gui {

enum class Sign
{
    Negative, ///< "−" on a negative amount only
    Always    ///< "+" or "−" (a change: "+$1.20 M vs baseline"); none on zero
};

/// US dollars: millions and billions as "$17.96 M", "$1.23 B"; from $1,000
/// whole dollars; below, cents, and below $0.10 two significant digits (a
/// change: cents). Zero, or what rounds to it, is "$0".
QString formatUsd(double usd, Sign sign = Sign::Negative, const QLocale& locale = QLocale());
/// "—" for no value.
QString formatUsd(const std::optional<double>& usd, Sign sign = Sign::Negative,
                  const QLocale& locale = QLocale());

/// A percentage (`percent` in per cent, 12.5 for 12.5 %) with `decimals`
/// places: "−1,107 %", "+2.5 %"; `unit` replaces " %" (" pts" for a change
/// of a percentage).
QString formatPercent(double percent, int decimals, Sign sign = Sign::Negative,
                      const QString& unit = QStringLiteral(" %"),
                      const QLocale& locale = QLocale());

} // namespace fleet::gui
