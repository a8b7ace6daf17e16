#include "document/scenario_recorder.h"

#include "store/project_json_writer.h"
#include "store/row_paths.h"

#include <boost/json.hpp>

#include <algorithm>

namespace fleet::gui {

namespace bj = boost::json;

namespace {

/// True when `path` is `prefix` or lies under it.
bool isUnder(std::string_view path, std::string_view prefix)
{
    return path == prefix ||
           (path.size() > prefix.size() && path.substr(0, prefix.size()) == prefix &&
            path[prefix.size()] == '/');
}

/// "pool", "workload", … : one row of `list`, for messages.
std::string_view rowNoun(std::string_view list)
{
    if (list == "/fleet/pools")
        return "pool";
    if (list == "/workloads")
        return "workload";
    if (list == "/segments")
        return "segment";
    return "tenant";
}

/// Why `pointer` cannot be an override of scenario `name`, or "" when it
/// can: a scenario changes values of the baseline's rows, never which rows
/// there are or what they are called (an override of a whole list or of a
/// row's id would retarget the scenario's other overrides, which name rows
/// by id). The message says what to do instead.
std::string structuralRefusal(std::string_view pointer, const std::string& name)
{
    for (const std::string_view list : rowLists()) {
        if (!isUnder(pointer, list))
            continue;
        const std::string_view rest = pointer.substr(list.size());
        const std::size_t slash = rest.find('/', 1);
        const std::string noun(rowNoun(list));
        if (rest.empty() || slash == std::string_view::npos)
            return std::string(pointer) + ": scenario “" + name +
                   "” can change the values of the baseline's " + noun + "s, not which " + noun +
                   "s there are. Switch to Baseline to add, remove or reorder a " + noun +
                   " (then select the scenario again to change its values there).";
        if (rest.substr(slash) == "/id")
            return std::string(pointer) + ": scenario “" + name + "” cannot rename a " + noun +
                   " (its overrides name rows by id). Switch to Baseline to rename the " + noun +
                   ".";
    }
    return {};
}

} // namespace

Result<FieldEdit> recordAsOverrides(const Project& project, const std::string& scenarioId,
                                    const std::vector<FieldEdit>& edits)
{
    const auto scenario = std::find_if(project.scenarios.begin(), project.scenarios.end(),
                                       [&](const Scenario& s) { return s.id == scenarioId; });
    if (scenario == project.scenarios.end())
        return Error("scenario: there is no scenario \"" + scenarioId + "\"");
    const std::size_t index = std::size_t(scenario - project.scenarios.begin());
    const std::string& name = scenario->name.empty() ? scenario->id : scenario->name;
    const bj::value document(projectToJson(project));
    bj::array overrides =
        document.at("scenarios").as_array()[index].as_object().at("overrides").as_array();
    for (const auto& [pointer, value] : edits) {
        if (isUnder(pointer, "/scenarios") || isUnder(pointer, "/format") ||
            isUnder(pointer, "/format_version"))
            return Error(pointer + ": scenario “" + name +
                         "” cannot change the scenarios or the format; switch to Baseline to "
                         "change them");
        if (const std::string refusal = structuralRefusal(pointer, name); !refusal.empty())
            return Error(refusal);
        auto path = idPathOf(document, pointer);
        if (!path)
            return Error(pointer + ": " + path.error().messages());
        const std::string& idPath = path.value();
        overrides.erase(std::remove_if(overrides.begin(), overrides.end(),
                                       [&](const bj::value& entry) {
                                           return isUnder(
                                               std::string_view(entry.at("path").as_string()),
                                               idPath);
                                       }),
                        overrides.end());
        overrides.push_back(bj::object{{"path", idPath}, {"value", value}});
    }
    return FieldEdit{"/scenarios/" + std::to_string(index) + "/overrides",
                     bj::value(std::move(overrides))};
}

std::string rowChangeRefusal(const Project& project, const std::string& scenarioId,
                             std::string_view list)
{
    if (scenarioId.empty())
        return {};
    const Scenario* scenario = project.scenario(scenarioId);
    return structuralRefusal(list,
                             scenario && !scenario->name.empty() ? scenario->name : scenarioId);
}

Result<std::vector<FieldEdit>> recordedEdits(const Project& project, const std::string& scenarioId,
                                             const std::vector<FieldEdit>& edits)
{
    const bool scenariosOnly = std::all_of(edits.begin(), edits.end(), [](const FieldEdit& edit) {
        return isUnder(edit.first, "/scenarios");
    });
    if (scenariosOnly)
        return edits;
    auto recorded = recordAsOverrides(project, scenarioId, edits);
    if (!recorded)
        return recorded.error();
    return std::vector<FieldEdit>{std::move(recorded).value()};
}

} // namespace fleet::gui
