#include "model/field_input.h"

#include "util/number_text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

namespace {

/// What a unit measures; a typed unit must measure what the field does.
enum class Dimension
{
    None,     ///< a plain number, perhaps with a magnitude (B: 10⁹)
    Count,    ///< a count of something named: GPUs, people, requests
    Time,     ///< factor in hours
    Percent,  ///< factor in percent
    Money,    ///< factor in USD
    DataSize, ///< factor in GB
    Energy    ///< factor in kWh
};

/// One side of a unit: what it measures, its size in its dimension's base,
/// and for a count what it counts (singular, lower case).
struct UnitTerm
{
    Dimension dimension = Dimension::None;
    double factor = 1.0;
    std::string word; ///< as typed ("weeks", "GPUs")
    std::string counted;
};

/// A unit: numerator per denominator ("USD/GPU-h": money per hour).
struct Unit
{
    UnitTerm numerator;
    std::optional<UnitTerm> denominator;
};

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

/// "GPUs" → "gpu", "people" → "people": so that "1 GPU" and "8 GPUs" match.
std::string singular(std::string_view word)
{
    std::string out = lower(word);
    if (out.size() > 2 && out.back() == 's')
        out.pop_back();
    return out;
}

struct Named
{
    const char* word;
    double factor;
};

constexpr Named kTimes[] = {{"ms", 1.0 / 3.6e6},
                            {"millisecond", 1.0 / 3.6e6},
                            {"s", 1.0 / 3600},
                            {"sec", 1.0 / 3600},
                            {"second", 1.0 / 3600},
                            {"min", 1.0 / 60},
                            {"minute", 1.0 / 60},
                            {"h", 1},
                            {"hr", 1},
                            {"hour", 1},
                            {"d", 24},
                            {"day", 24},
                            {"w", 168},
                            {"wk", 168},
                            {"week", 168},
                            {"mo", 730},
                            {"month", 730},
                            {"y", 8760},
                            {"yr", 8760},
                            {"year", 8760}};
constexpr Named kDataSizes[] = {{"byte", 1e-9},
                                {"kb", 1e-6},
                                {"mb", 1e-3},
                                {"gb", 1},
                                {"tb", 1e3},
                                {"kib", 1024 / 1e9},
                                {"mib", 1048576 / 1e9},
                                {"gib", 1073741824 / 1e9},
                                {"tib", 1099511627776 / 1e9}};
constexpr Named kEnergies[] = {{"wh", 1e-3}, {"kwh", 1}, {"mwh", 1e3}};
/// Magnitudes, matched as whole words: case matters for the letters (m is
/// not M), not for the words.
constexpr Named kMagnitudeLetters[] = {{"k", 1e3}, {"K", 1e3},  {"M", 1e6},
                                       {"B", 1e9}, {"bn", 1e9}, {"T", 1e12}};
constexpr Named kMagnitudeWords[] = {
    {"thousand", 1e3}, {"million", 1e6}, {"billion", 1e9}, {"trillion", 1e12}};

std::optional<double> find(std::span<const Named> table, const std::string& key)
{
    for (const Named& n : table)
        if (key == n.word)
            return n.factor;
    return std::nullopt;
}

std::optional<double> magnitudeOf(std::string_view word)
{
    if (const auto letter = find(kMagnitudeLetters, std::string(word)))
        return letter;
    return find(kMagnitudeWords, lower(word));
}

/// The term a unit word names; a word no table knows counts something.
UnitTerm termOf(std::string_view word, bool inDenominator)
{
    UnitTerm term;
    term.word = std::string(word);
    std::string key = lower(word);
    if (key == "%" || key == "percent" || key == "pct")
        return term.dimension = Dimension::Percent, term;
    if (key == "$" || key == "usd" || key == "us$")
        return term.dimension = Dimension::Money, term;
    // A price per GPU-hour or GPU-month is money per time of one GPU.
    if (inDenominator && key.starts_with("gpu-") && key.size() > 4)
        key = key.substr(4);
    const std::string one = singular(key);
    if (const auto hours = find(kTimes, key) ? find(kTimes, key) : find(kTimes, one)) {
        term.dimension = Dimension::Time;
        term.factor = *hours;
        return term;
    }
    if (const auto gb = find(kDataSizes, key) ? find(kDataSizes, key) : find(kDataSizes, one)) {
        term.dimension = Dimension::DataSize;
        term.factor = *gb;
        return term;
    }
    if (const auto kwh = find(kEnergies, key)) {
        term.dimension = Dimension::Energy;
        term.factor = *kwh;
        return term;
    }
    term.dimension = Dimension::Count;
    term.counted = one;
    return term;
}

/// Splits a unit text into words, "%", "$" and "/" ("USD/GPU-h" → USD / GPU-h).
std::vector<std::string> tokens(std::string_view text)
{
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (std::isspace(c)) {
            ++i;
        } else if (c == '%' || c == '$' || c == '/') {
            out.emplace_back(1, char(c));
            ++i;
        } else {
            std::size_t end = i;
            while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) &&
                   text[end] != '%' && text[end] != '/' && text[end] != '$')
                ++end;
            out.emplace_back(text.substr(i, end - i));
            i = end;
        }
    }
    return out;
}

/// A unit from its words: [numerator words] [("/" | "per") denominator word].
/// Nullopt when it has more than one word on a side ("GB/s per GPU").
std::optional<Unit> unitOf(const std::vector<std::string>& words, std::size_t from)
{
    Unit unit;
    std::vector<std::string> top, bottom;
    bool below = false;
    for (std::size_t i = from; i < words.size(); ++i) {
        if (words[i] == "/" || lower(words[i]) == "per") {
            if (below)
                return std::nullopt;
            below = true;
        } else {
            (below ? bottom : top).push_back(words[i]);
        }
    }
    // "$ 3" typed as "3 $" or "USD": one money word; "%" alone.
    if (top.size() > 1 || bottom.size() > 1 || (below && bottom.empty()))
        return std::nullopt;
    if (!top.empty())
        unit.numerator = termOf(top.front(), false);
    if (!bottom.empty())
        unit.denominator = termOf(bottom.front(), true);
    return unit;
}

/// The field's unit: "B" and "T" are magnitudes of a plain number.
std::optional<Unit> fieldUnitOf(std::string_view text)
{
    const std::vector<std::string> words = tokens(text);
    if (!words.empty() && words.front() != "/" && lower(words.front()) != "per")
        if (const auto magnitude = magnitudeOf(words.front())) {
            auto unit = unitOf(words, 1);
            if (unit && unit->numerator.dimension == Dimension::None)
                unit->numerator.factor = *magnitude, unit->numerator.word = words.front();
            return unit;
        }
    return unitOf(words, 0);
}

std::string dimensionPhrase(const UnitTerm& term)
{
    switch (term.dimension) {
    case Dimension::None: return "a plain number";
    case Dimension::Count: return "a count of " + term.word;
    case Dimension::Time: return "a duration";
    case Dimension::Percent: return "a percentage";
    case Dimension::Money: return "an amount of money";
    case Dimension::DataSize: return "a memory size";
    case Dimension::Energy: return "an energy";
    }
    return "a plain number";
}

/// What a denominator divides by: "time", "GPU".
std::string perPhrase(const UnitTerm& term)
{
    switch (term.dimension) {
    case Dimension::Time: return "time";
    case Dimension::Money: return "money";
    case Dimension::DataSize: return "memory";
    case Dimension::Energy: return "energy";
    case Dimension::Percent: return "percent";
    case Dimension::None:
    case Dimension::Count: break;
    }
    return term.word;
}

/// "counts GPUs", "is a duration in days", "counts in billions (B)".
std::string fieldPhrase(const Unit& unit, std::string_view unitText)
{
    const UnitTerm& top = unit.numerator;
    const std::string in = " in " + std::string(unitText);
    switch (top.dimension) {
    case Dimension::None:
        if (top.factor == 1e9)
            return "counts in billions (B)";
        if (top.factor == 1e12)
            return "counts in trillions (T)";
        if (top.factor == 1e6)
            return "counts in millions (M)";
        if (top.factor == 1e3)
            return "counts in thousands (k)";
        return unit.denominator ? "is a rate" + in : "is a plain number";
    case Dimension::Count: return "counts " + top.word + (unit.denominator ? in : "");
    case Dimension::Time: return "is a duration" + in;
    case Dimension::Percent: return "is a percentage" + (unit.denominator ? in : "");
    case Dimension::Money: return "is money" + in;
    case Dimension::DataSize: return "is a memory size" + in;
    case Dimension::Energy: return "is an energy" + in;
    }
    return "is a plain number";
}

bool sameKind(const UnitTerm& a, const UnitTerm& b)
{
    return a.dimension == b.dimension &&
           (a.dimension != Dimension::Count || a.counted == b.counted);
}

/// The number at the start of `text` (with its length), commas as thousands
/// separators between groups of three digits, else as the decimal point.
std::optional<std::pair<double, std::size_t>> leadingNumber(std::string_view text)
{
    std::size_t end = 0;
    if (end < text.size() && (text[end] == '-' || text[end] == '+'))
        ++end;
    const std::size_t digitsFrom = end;
    while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) ||
                                 text[end] == ',' || text[end] == '.'))
        ++end;
    std::string number(text.substr(0, end));
    if (number.find_first_of("0123456789") == std::string::npos)
        return std::nullopt;
    if (number.find(',') != std::string::npos) {
        // 1,200,000.5 → thousands; 1,5 → a decimal comma.
        const std::string body = number.substr(digitsFrom, number.find('.') - digitsFrom);
        bool grouped = body.front() != ',';
        std::size_t last = body.find(',');
        for (std::size_t at = last; grouped && at != std::string::npos;
             at = body.find(',', at + 1)) {
            const std::size_t next = body.find(',', at + 1);
            grouped = (next == std::string::npos ? body.size() : next) - at - 1 == 3;
        }
        if (grouped) {
            number.erase(std::remove(number.begin(), number.end(), ','), number.end());
        } else if (number.find('.') == std::string::npos &&
                   std::count(number.begin(), number.end(), ',') == 1) {
            std::replace(number.begin(), number.end(), ',', '.');
        } else {
            return std::nullopt;
        }
    }
    if (std::count(number.begin(), number.end(), '.') > 1)
        return std::nullopt;
    // An exponent: e or E, a sign, digits (and not the start of a word: "13 each").
    if (end + 1 < text.size() && (text[end] == 'e' || text[end] == 'E')) {
        std::size_t exp = end + 1;
        if (exp < text.size() && (text[exp] == '-' || text[exp] == '+'))
            ++exp;
        const std::size_t expDigits = exp;
        while (exp < text.size() && std::isdigit(static_cast<unsigned char>(text[exp])))
            ++exp;
        if (exp > expDigits) {
            number += std::string(text.substr(end, exp - end));
            end = exp;
        }
    }
    char* stop = nullptr;
    const double value = std::strtod(number.c_str(), &stop);
    if (stop != number.c_str() + number.size() || !std::isfinite(value))
        return std::nullopt;
    return std::pair{value, end};
}

/// `text` with "−" (U+2212) as "-" and no-break and thin spaces as spaces.
std::string plainText(std::string_view text)
{
    std::string out(text);
    const auto replaceAll = [&out](std::string_view from, std::string_view to) {
        for (std::size_t at = out.find(from); at != std::string::npos;
             at = out.find(from, at + to.size()))
            out.replace(at, from.size(), to);
    };
    replaceAll("\u2212", "-");
    replaceAll("\u00a0", " ");
    replaceAll("\u202f", " ");
    replaceAll("\u2009", " ");
    const auto first = out.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    return out.substr(first, out.find_last_not_of(" \t\r\n") - first + 1);
}

/// `value` rounded to 15 significant digits: 1.2 × 10¹² ÷ 10⁹ is 1200, not 1200.0000000000002.
double tidyDigits(double value)
{
    if (value == 0 || !std::isfinite(value))
        return value;
    const double digits = std::pow(10.0, 14 - std::floor(std::log10(std::abs(value))));
    const double rounded = std::round(value * digits) / digits;
    return std::isfinite(rounded) ? rounded : value;
}

} // namespace

InputField inputFieldOf(const FieldInfo& info)
{
    return {info.display.label, info.display.unit, info.display.scale};
}

double storedFromShown(double shown, double scale)
{
    if (scale > 0 && scale < 1) {
        const double inverse = std::round(1.0 / scale);
        if (std::abs(inverse * scale - 1.0) < 1e-12)
            return shown * inverse;
    }
    return shown / scale;
}

Result<ParsedInput> parseFieldInput(const InputField& field, std::string_view typed)
{
    const std::string label(field.label);
    const std::string unitText(field.unit);
    const std::string text = plainText(typed);
    const auto refuse = [&label](const std::string& rule) { return Error(label + ": " + rule); };
    const std::string shownIn = unitText.empty() ? "" : " in " + unitText;
    if (text.empty())
        return refuse("empty; type a number" + shownIn);
    // A leading "$" (or "US$") is the money word.
    std::string rest = text;
    bool dollars = false;
    for (const std::string_view prefix : {"US$", "$", "-$"})
        if (rest.starts_with(prefix)) {
            dollars = true;
            rest = (prefix == "-$" ? "-" : "") + rest.substr(prefix.size());
            break;
        }
    const auto number = leadingNumber(rest);
    if (!number)
        return refuse("«" + text + "» is not a number; type a number" + shownIn);
    const auto fieldUnit = fieldUnitOf(unitText);
    const std::string suffix = lower(plainText(std::string_view(rest).substr(number->second)));
    // The field's own unit typed out ("13 B", "8 GPUs", "5 per month"): the
    // number is in the unit shown.
    if (!dollars && !unitText.empty() && suffix == lower(unitText)) {
        const double shown = tidyDigits(number->first);
        return ParsedInput{shown, storedFromShown(shown, field.scale)};
    }
    std::vector<std::string> words =
        tokens(suffix.empty() ? std::string_view() : std::string_view(rest).substr(number->second));
    if (dollars)
        words.insert(words.begin(), "$");
    // A magnitude first ("13B", "1.2 T", "25k"), unless it is the whole of
    // a known unit's word ("TB", "min" are words of their own).
    double magnitude = 1.0;
    bool hasMagnitude = false;
    std::size_t first = 0;
    if (dollars && words.size() > 1 && magnitudeOf(words[1]))
        std::swap(words[0], words[1]); // "$25k": the magnitude, then the money
    if (!words.empty())
        if (const auto m = magnitudeOf(words.front())) {
            magnitude = *m;
            hasMagnitude = true;
            first = 1;
        }
    const auto typedUnit = unitOf(words, first);
    if (!typedUnit)
        return refuse("«" + text + "»: cannot read its unit; type a number" + shownIn);
    double shown = number->first * magnitude;
    if (fieldUnit) {
        const UnitTerm& top = typedUnit->numerator;
        const UnitTerm& want = fieldUnit->numerator;
        const std::string refusedBecause = fieldPhrase(*fieldUnit, unitText);
        if (top.dimension == Dimension::None) {
            // A bare number is in the unit shown; with a magnitude, a count
            // (13B in a field of billions is 13).
            if (hasMagnitude && want.dimension == Dimension::None)
                shown = number->first * magnitude / want.factor;
            if (!hasMagnitude && want.factor >= 1e3 && std::abs(number->first) >= 1e6)
                return refuse(formatNumber(number->first, 6) + " would be read as " +
                              formatNumber(number->first, 6) + " " + unitText + " (" +
                              formatNumber(number->first * want.factor, 6) + "); this field " +
                              refusedBecause + ": type " +
                              formatNumber(number->first / want.factor, 6) + " or " +
                              formatNumber(number->first / want.factor, 6) + unitText);
        } else if (!sameKind(top, want)) {
            return refuse("'" + top.word + "' is " + dimensionPhrase(top) + ", this field " +
                          refusedBecause);
        } else {
            shown = number->first * magnitude * top.factor / want.factor;
        }
        if (typedUnit->denominator) {
            const UnitTerm& per = *typedUnit->denominator;
            if (!fieldUnit->denominator)
                return refuse("'/" + per.word + "' makes it per " + perPhrase(per) +
                              ", this field " + refusedBecause);
            if (!sameKind(per, *fieldUnit->denominator))
                return refuse("'/" + per.word + "' is per " + perPhrase(per) +
                              ", this field is per " + perPhrase(*fieldUnit->denominator));
            shown = shown * fieldUnit->denominator->factor / per.factor;
        }
    } else if (typedUnit->numerator.dimension != Dimension::None || typedUnit->denominator) {
        return refuse("«" + text + "»: type a number" + shownIn);
    }
    shown = tidyDigits(shown);
    return ParsedInput{shown, storedFromShown(shown, field.scale)};
}

} // namespace fleet
