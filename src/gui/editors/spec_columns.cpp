#include "editors/spec_columns.h"

#include "model/project.h"
#include "model/workload_fields.h"

#include <string>
#include <variant>

namespace fleet::gui {

namespace {

QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QVariant shown(const FieldValue& value)
{
    return std::visit(
        [](const auto& v) -> QVariant {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, std::monostate>)
                return {}; // unset: the cell shows "—"
            else if constexpr (std::is_same_v<V, std::string>)
                return qs(v);
            else
                return QVariant(v);
        },
        value);
}

template <typename Spec> FieldColumn column(const Field<Spec>& field)
{
    const FieldInfo& info = field.info;
    FieldColumn c;
    c.header = qs(info.display.label);
    c.unit = qs(info.display.unit);
    c.tooltip = qs(info.help);
    c.scale = info.display.scale;
    c.decimals = info.display.decimals;
    c.integer = info.type == FieldType::Integer;
    const auto get = field.get;
    c.get = [get](const Project& p, int i) {
        return shown(get(std::get<Spec>(p.workloads[std::size_t(i)].spec)));
    };
    const std::string key(info.key);
    c.pointer = [key](const Project&, int i) {
        return "/workloads/" + std::to_string(i) + "/" + key;
    };
    if (info.type == FieldType::Enum) {
        std::vector<FieldChoice> choices;
        for (const EnumOption& option : info.options)
            choices.push_back({qs(option.key), qs(option.key), qs(option.help)});
        c.choices = [choices](const Project&, int) { return choices; };
    }
    return c;
}

} // namespace

template <typename Spec> std::vector<FieldColumn> specColumns()
{
    std::vector<FieldColumn> columns;
    for (const Field<Spec>& field : specFields<Spec>())
        columns.push_back(column(field));
    return columns;
}

template std::vector<FieldColumn> specColumns<TrainingSpec>();
template std::vector<FieldColumn> specColumns<InferenceSpec>();
template std::vector<FieldColumn> specColumns<NotebookSpec>();
template std::vector<FieldColumn> specColumns<BatchSpec>();

} // namespace fleet::gui
