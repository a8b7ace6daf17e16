#include "editors/workload_pins.h"

#include "editors/page_helpers.h"
#include "editors/pickers.h"

#include <boost/json.hpp>

namespace fleet::gui {

namespace {

/// The workload's "choice" object as the project document has it.
boost::json::object choiceObject(const WorkloadChoice& choice)
{
    boost::json::object object;
    if (choice.gpuId)
        object["gpu"] = *choice.gpuId;
    if (choice.regime)
        object["regime"] = std::string(regimeKey(*choice.regime));
    if (choice.profile)
        object["profile"] = *choice.profile;
    if (choice.plan)
        object["plan"] = std::string(planKey(*choice.plan));
    return object;
}

/// An optional pin of the workload (choice/`key`): a combo box whose first
/// item lets the optimizer choose (the key is then left out).
FieldColumn pin(const QString& header, const QString& tooltip, const char* key,
                std::function<std::optional<std::string>(const WorkloadChoice&)> get,
                std::function<std::vector<FieldChoice>(const Project&, int)> choices)
{
    FieldColumn c;
    c.header = header;
    c.tooltip = tooltip;
    c.get = [get](const Project& p, int i) {
        return QVariant(
            QString::fromStdString(get(p.workloads[std::size_t(i)].choice).value_or("")));
    };
    c.pointer = [key](const Project&, int i) { return at("workloads", i, "choice") + "/" + key; };
    c.choices = [choices](const Project& p, int i) { return optimizerChooses(choices(p, i)); };
    c.edits = [key](const Project& p, int i, const boost::json::value& value) {
        boost::json::object choice = choiceObject(p.workloads[std::size_t(i)].choice);
        if (value.is_string() && value.get_string().empty())
            choice.erase(key);
        else
            choice[key] = value;
        return std::vector<FieldEdit>{{at("workloads", i, "choice"), std::move(choice)}};
    };
    return c;
}

} // namespace

std::vector<FieldColumn> workloadPinColumns()
{
    return {
        pin(
            QObject::tr("Pinned GPU"), QObject::tr("Run only on this GPU model"), "gpu",
            [](const WorkloadChoice& c) { return c.gpuId; },
            [](const Project& p, int) { return gpuChoices(p); }),
        pin(
            QObject::tr("Pinned regime"), QObject::tr("Run only under this regime"), "regime",
            [](const WorkloadChoice& c) {
                return c.regime ? std::optional<std::string>(regimeKey(*c.regime)) : std::nullopt;
            },
            [](const Project&, int) { return regimeChoices(); }),
        pin(
            QObject::tr("Pinned profile"),
            QObject::tr("Run only on this MIG profile or AMD partition mode (of the pinned GPU, "
                        "or of the fleet's GPUs)"),
            "profile", [](const WorkloadChoice& c) { return c.profile; },
            [](const Project& p, int i) {
                return profileChoices(p, p.workloads[std::size_t(i)].choice.gpuId.value_or(""));
            }),
        pin(
            QObject::tr("Pinned plan"), QObject::tr("Run only on GPUs paid for this way"), "plan",
            [](const WorkloadChoice& c) {
                return c.plan ? std::optional<std::string>(planKey(*c.plan)) : std::nullopt;
            },
            [](const Project& p, int i) {
                return planChoices(p, p.workloads[std::size_t(i)].choice.gpuId.value_or(""));
            }),
    };
}

} // namespace fleet::gui
