#include "store/field_json.h"

#include "model/sourced.h"

#include <boost/json.hpp>

namespace fleet {

namespace bj = boost::json;
using json::NumberRule;
using json::pointer;

namespace {

/// Whether the catalog (or, for a segment, the project) has row `id` of the
/// kind a reference names; reported
/// (in the words files have always been answered with) when it has not.
bool checkReference(json::Reader& r, const std::string& path, const FieldInfo& field,
                    const Project& project, const std::string& id)
{
    if (field.item == "price book") {
        if (project.catalog().priceBook(id))
            return true;
        std::string known;
        for (const PriceBook& book : project.catalog().priceBooks)
            known += (known.empty() ? "" : ", ") + book.id;
        r.report(pointer(path, field.key),
                 "names price book \"" + id + "\", which is not defined; known: " + known);
        return false;
    }
    if (field.item == "segment") {
        // The words a workload's segment has always been answered with.
        if (project.segment(id))
            return true;
        std::string known;
        for (const Segment& segment : project.segments)
            known += (known.empty() ? "" : ", ") + segment.id;
        r.report(pointer(path, field.key),
                 "names segment \"" + id + "\", which is not defined; known: " + known);
        return false;
    }
    if (field.item == "GPU" && project.catalog().gpu(id))
        return true;
    r.report(pointer(path, field.key),
             "names " + std::string(field.item) + " \"" + id + "\", which is not in the catalog");
    return false;
}

/// "YYYY-MM" with a year from 1000 to 2999, as the project file's CHECK has them.
bool isMonth(const std::string& text)
{
    return text.size() == 7 && isValidAsOfDate(text) && (text[0] == '1' || text[0] == '2');
}

bool isOption(std::span<const EnumOption> options, std::string_view key)
{
    for (const EnumOption& option : options)
        if (option.key == key)
            return true;
    return false;
}

} // namespace

std::optional<FieldValue> readField(json::Reader& r, const bj::object& item,
                                    const std::string& path, const FieldInfo& field,
                                    const Project& project)
{
    const bool required = field.presence == Presence::Required;
    switch (field.type) {
    case FieldType::Number:
    case FieldType::Integer: {
        const NumberRule rule{field.range.min, field.range.minExclusive, field.range.max,
                              field.type == FieldType::Integer, std::string(field.range.unit)};
        if (auto value = r.number(item, field.key, path, rule, required))
            return FieldValue(*value);
        return std::nullopt;
    }
    case FieldType::Text:
        if (auto value = r.string(item, field.key, path, required))
            return FieldValue(std::move(*value));
        return std::nullopt;
    case FieldType::Id:
        if (auto value = r.identifier(item, field.key, path))
            return FieldValue(std::move(*value));
        return std::nullopt;
    case FieldType::Reference:
        if (auto value = r.string(item, field.key, path, required)) {
            // A GPU the catalog lacks is kept (the project is refused anyway);
            // a price book is not.
            if (!checkReference(r, path, field, project, *value) && field.item == "price book")
                return std::nullopt;
            return FieldValue(std::move(*value));
        }
        return std::nullopt;
    case FieldType::Month:
        if (auto value = r.string(item, field.key, path, required)) {
            // Years 1000-2999, as the project file's CHECK constraint has them
            // (a year the JSON reader took but SQLite refused made `import`
            // fail with a raw SQL error: found by fuzz_project_json).
            if (isMonth(*value))
                return FieldValue(std::move(*value));
            r.report(pointer(path, field.key),
                     "must be a month YYYY-MM with a year from 1000 to 2999; got \"" + *value +
                         "\"");
        }
        return std::nullopt;
    case FieldType::Bool:
        if (auto value = r.boolean(item, field.key, path, required))
            return FieldValue(*value);
        return std::nullopt;
    case FieldType::Enum:
        if (auto key = r.string(item, field.key, path, required)) {
            if (isOption(field.options, *key))
                return FieldValue(std::move(*key));
            r.report(pointer(path, field.key),
                     enumRuleText(field.options, field.wording) + "; got \"" + *key + "\"");
        }
        return std::nullopt;
    case FieldType::EnumList: {
        const bj::array* list = r.array(item, field.key, path, required);
        if (!list)
            return std::nullopt;
        const std::string listPath = pointer(path, field.key);
        if (list->empty())
            r.report(listPath, "must list at least one " + std::string(field.item));
        std::vector<std::string> keys;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const bj::string* key = (*list)[i].if_string();
            if (key && isOption(field.options, std::string_view(*key)))
                keys.emplace_back(*key);
            else
                r.report(pointer(listPath, i),
                         enumRuleText(field.options, field.wording) +
                             (key ? "; got \"" + std::string(*key) + "\"" : std::string()));
        }
        return FieldValue(std::move(keys));
    }
    }
    return std::nullopt;
}

std::pair<std::string_view, std::string> leafOf(std::string_view key)
{
    const auto slash = key.rfind('/');
    if (slash == std::string_view::npos)
        return {key, std::string()};
    return {key.substr(slash + 1), "/" + std::string(key.substr(0, slash))};
}

void writeField(bj::object& item, const FieldInfo& field, const FieldValue& value)
{
    if (const double* number = std::get_if<double>(&value)) {
        if (field.type == FieldType::Integer)
            item[field.key] = static_cast<std::int64_t>(*number);
        else
            item[field.key] = *number;
    } else if (const bool* flag = std::get_if<bool>(&value)) {
        item[field.key] = *flag;
    } else if (const std::string* text = std::get_if<std::string>(&value)) {
        item[field.key] = *text;
    } else if (const auto* keys = std::get_if<std::vector<std::string>>(&value)) {
        bj::array list;
        for (const std::string& key : *keys)
            list.emplace_back(key);
        item[field.key] = std::move(list);
    }
}

} // namespace fleet
