#include "editors/spec_columns.h"

#include "editors/page_helpers.h"
#include "editors/pickers.h"
#include "model/fleet_fields.h"
#include "model/project.h"
#include "model/project_fields.h"
#include "model/workload_fields.h"
#include "utf8_text.h"

#include <stdexcept>
#include <string>
#include <variant>

namespace fleet::gui {

namespace {

QVariant shown(const FieldValue& value)
{
    return std::visit(
        [](const auto& v) -> QVariant {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, std::monostate>)
                return {}; // unset: the cell shows "—"
            else if constexpr (std::is_same_v<V, std::string>)
                return qs(v);
            else if constexpr (std::is_same_v<V, std::vector<std::string>>) {
                QStringList keys;
                for (const std::string& key : v)
                    keys << qs(key);
                return keys;
            } else
                return QVariant(v);
        },
        value);
}

std::vector<FieldChoice> optionChoices(std::span<const EnumOption> options)
{
    std::vector<FieldChoice> choices;
    for (const EnumOption& option : options)
        choices.push_back({qs(option.key), qs(option.key), qs(option.help)});
    return choices;
}

template <typename Record>
FieldColumn column(const Field<Record>& field,
                   const std::function<const Record&(const Project&, int)>& item,
                   const std::string& list, std::optional<RowList> rows)
{
    const FieldInfo& info = field.info;
    FieldColumn c;
    if (info.type == FieldType::Id && rows)
        c = idColumn(*rows);
    c.key = qs(info.key);
    c.header = qs(info.display.label);
    c.unit = qs(info.display.unit);
    c.tooltip = qs(info.help);
    if (info.type == FieldType::Id && rows)
        c.tooltip += QObject::tr(". Renaming it renames every reference.");
    c.scale = info.display.scale;
    c.decimals = info.display.decimals;
    c.group = qs(info.display.group);
    c.integer = info.type == FieldType::Integer;
    c.clearable = info.presence == Presence::Unset &&
                  (info.type == FieldType::Number || info.type == FieldType::Integer);
    if (info.type == FieldType::Id && rows)
        return c;
    const auto get = field.get;
    c.get = [get, item](const Project& p, int i) { return shown(get(item(p, i))); };
    const std::string key(info.key);
    c.pointer = [list, key](const Project&, int i) {
        return list.empty() ? "/" + key : list + "/" + std::to_string(i) + "/" + key;
    };
    if (info.type == FieldType::Enum || info.type == FieldType::EnumList) {
        const std::vector<FieldChoice> choices = optionChoices(info.options);
        c.choices = [choices](const Project&, int) { return choices; };
        c.checkList = info.type == FieldType::EnumList;
    }
    if (info.type == FieldType::Reference && info.item == "GPU")
        c.choices = [](const Project& p, int) { return gpuChoices(p); };
    if (info.type == FieldType::Reference && info.item == "segment")
        c.choices = [](const Project& p, int) { return segmentChoices(p); };
    return c;
}

} // namespace

template <typename Record>
std::vector<FieldColumn> recordColumns(std::span<const Field<Record>> fields,
                                       std::function<const Record&(const Project&, int)> item,
                                       std::string list, std::optional<RowList> rows)
{
    std::vector<FieldColumn> columns;
    for (const Field<Record>& field : fields)
        columns.push_back(column(field, item, list, rows));
    return columns;
}

template <typename Spec> std::vector<FieldColumn> specColumns()
{
    return recordColumns<Spec>(
        specFields<Spec>(),
        [](const Project& p, int i) -> const Spec& {
            return std::get<Spec>(p.workloads[std::size_t(i)].spec);
        },
        "/workloads");
}

FieldColumn& columnOf(std::vector<FieldColumn>& columns, std::string_view key)
{
    for (FieldColumn& column : columns)
        if (column.key == qs(key))
            return column;
    throw std::logic_error("no column for field " + std::string(key));
}

template std::vector<FieldColumn> specColumns<TrainingSpec>();
template std::vector<FieldColumn> specColumns<InferenceSpec>();
template std::vector<FieldColumn> specColumns<NotebookSpec>();
template std::vector<FieldColumn> specColumns<BatchSpec>();
template std::vector<FieldColumn>
    recordColumns<FleetPool>(std::span<const Field<FleetPool>>,
                             std::function<const FleetPool&(const Project&, int)>, std::string,
                             std::optional<RowList>);
template std::vector<FieldColumn>
    recordColumns<Project>(std::span<const Field<Project>>,
                           std::function<const Project&(const Project&, int)>, std::string,
                           std::optional<RowList>);
template std::vector<FieldColumn>
    recordColumns<Segment>(std::span<const Field<Segment>>,
                           std::function<const Segment&(const Project&, int)>, std::string,
                           std::optional<RowList>);
template std::vector<FieldColumn>
    recordColumns<Tenant>(std::span<const Field<Tenant>>,
                          std::function<const Tenant&(const Project&, int)>, std::string,
                          std::optional<RowList>);

} // namespace fleet::gui
