#include "model/field_table.h"

#include <cmath>
#include <cstdio>

namespace fleet {

std::string_view fieldTypeKey(FieldType type)
{
    switch (type) {
    case FieldType::Number: return "number";
    case FieldType::Integer: return "integer";
    case FieldType::Text: return "text";
    case FieldType::Bool: return "bool";
    case FieldType::Enum: return "enum";
    case FieldType::Id: return "id";
    case FieldType::Reference: return "reference";
    case FieldType::EnumList: return "enum_list";
    case FieldType::Month: return "month";
    }
    return "number";
}

std::string enumRuleText(std::span<const EnumOption> options, EnumWording wording)
{
    std::string text = wording == EnumWording::OneOf ? "must be one of " : "must be ";
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (i > 0)
            text += i + 1 == options.size() && wording != EnumWording::OneOf ? " or " : ", ";
        if (wording == EnumWording::Quoted) {
            text += "\"" + std::string(options[i].key) + "\"";
            if (!options[i].help.empty())
                text += " (" + std::string(options[i].help) + ")";
        } else {
            text += options[i].key;
        }
    }
    return text;
}

std::string fieldNumberText(double value)
{
    if (std::abs(value) >= 1e4 && std::isfinite(value)) {
        const int exponent = static_cast<int>(std::floor(std::log10(std::abs(value))));
        const double mantissa = value / std::pow(10.0, exponent);
        if (std::abs(mantissa - std::round(mantissa)) < 1e-9)
            return std::to_string(static_cast<long long>(std::round(mantissa))) + "e" +
                   std::to_string(exponent);
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.15g", value);
    return text;
}

std::string fieldValueText(const FieldValue& value)
{
    if (const double* d = std::get_if<double>(&value))
        return fieldNumberText(*d);
    if (const bool* b = std::get_if<bool>(&value))
        return *b ? "true" : "false";
    if (const std::string* s = std::get_if<std::string>(&value))
        return *s;
    if (const auto* list = std::get_if<std::vector<std::string>>(&value)) {
        std::string text;
        for (const std::string& key : *list)
            text += (text.empty() ? "" : ", ") + key;
        return text;
    }
    return "unset";
}

} // namespace fleet
