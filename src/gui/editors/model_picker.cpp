#include "editors/model_picker.h"

#include "perf/model_table.h"
#include "store/project_json_writer.h"

#include <boost/json.hpp>

#include <variant>

namespace fleet::gui {

namespace {

QString billions(double params)
{
    return QString::number(params / 1e9, 'g', 4) + QStringLiteral("B");
}

} // namespace

std::vector<FieldChoice> modelChoices()
{
    std::vector<FieldChoice> choices = {
        {QString(), QObject::tr("— none: dense, shaped from Params (and Total params)"),
         QObject::tr("No model of the table: a dense Llama-3-like shape estimated from N; a "
                     "mixture of experts states its Total params"),
         QStringLiteral("—"), QObject::tr("none: dense")}};
    for (const ModelShape& model : builtinModels()) {
        const QString id = QString::fromStdString(model.id);
        const QString counts = model.mixtureOfExperts() ? QObject::tr("%1 total, %2 active")
                                                              .arg(billions(model.totalParams),
                                                                   billions(model.activeParams))
                                                        : billions(model.totalParams);
        choices.push_back({id, QString::fromStdString(model.name) + QStringLiteral(" — ") + counts,
                           QString::fromStdString(model.source), id});
    }
    return choices;
}

std::vector<FieldEdit> modelEdits(const Project& project, int index, const std::string& modelId)
{
    const Workload& workload = project.workloads[std::size_t(index)];
    const auto* spec = std::get_if<InferenceSpec>(&workload.spec);
    if (!spec || spec->model == modelId)
        return {};
    const std::string row = "/workloads/" + std::to_string(index);
    if (const ModelShape* model = findModel(modelId)) {
        // Fields of the one row: the fast path re-reads that workload alone.
        std::vector<FieldEdit> edits = {{row + "/model", boost::json::value(model->id)},
                                        {row + "/params", model->activeParams}};
        if (spec->totalParams > 0)
            edits.push_back({row + "/total_params", model->totalParams});
        return edits;
    }
    if (!modelId.empty()) // not a model of the table: the reader names the rule
        return {{row + "/model", boost::json::value(modelId)}};
    // None: the row without its model (an edit cannot remove a key), keeping
    // what the model held in memory as total_params.
    boost::json::object item = workloadToJson(workload);
    item.erase("model");
    const ModelShape* was = findModel(spec->model);
    if (was && was->totalParams > was->activeParams)
        item["total_params"] = was->totalParams;
    else
        item.erase("total_params");
    return {{row, boost::json::value(std::move(item))}};
}

void makeModelPicker(FieldColumn& column)
{
    column.choices = [](const Project&, int) { return modelChoices(); };
    column.edits = [](const Project& project, int index, const boost::json::value& value) {
        const auto* text = value.if_string();
        return modelEdits(project, index, text ? std::string(*text) : std::string());
    };
}

} // namespace fleet::gui
