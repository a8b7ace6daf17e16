#include "document/scenario_recorder.h"

#include "io/json_pointer.h"
#include "io/json_reader.h"
#include "model/row_paths.h"
#include "store/scenario_rows.h"

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

/// The ids of the rows of `list` ("/workloads") in `project`, by position.
std::vector<const std::string*> rowIds(const Project& project, std::string_view list)
{
    std::vector<const std::string*> ids;
    const auto take = [&ids](const auto& rows) {
        ids.reserve(rows.size());
        for (const auto& row : rows)
            ids.push_back(&row.id);
    };
    if (list == "/fleet/pools")
        take(project.fleet.pools);
    else if (list == "/workloads")
        take(project.workloads);
    else if (list == "/segments")
        take(project.segments);
    else if (list == "/tenants")
        take(project.tenants);
    return ids;
}

/// The id path of `pointer` (rows by position, as the editors name them),
/// from the rows `project` holds: row_paths.h's idPathOf() without writing
/// the project as JSON (ten thousand workloads took tens of milliseconds).
Result<std::string> idPathIn(const Project& project, const std::string& pointer)
{
    for (const std::string_view list : rowLists()) {
        if (!isUnder(pointer, list) || pointer.size() == list.size())
            continue;
        auto split = json::splitPointer(pointer);
        if (!split)
            return split.error();
        std::vector<std::string> tokens = std::move(split).value();
        const std::size_t depth = list == "/fleet/pools" ? 2 : 1;
        const std::string& token = tokens[depth];
        const std::vector<const std::string*> ids = rowIds(project, list);
        bool numeric =
            !token.empty() && token.size() <= 9 && (token.size() == 1 || token[0] != '0');
        for (char c : token)
            numeric = numeric && c >= '0' && c <= '9';
        const std::size_t index = numeric ? std::stoul(token) : 0;
        if (!numeric || index >= ids.size())
            return Error("names row \"" + token + "\" of " + std::string(list) + ", which has " +
                         std::to_string(ids.size()) + " rows");
        tokens[depth] = *ids[index];
        return json::joinPointer(tokens);
    }
    return pointer;
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
    // The scenario's overrides as the document holds them (the project is
    // not written as JSON: this is the cost of the scenario, not of the rows).
    bj::array overrides;
    for (const ScenarioOverride& entry : scenario->overrides)
        overrides.push_back(
            bj::object{{"path", entry.path}, {"value", bj::parse(entry.valueJson)}});
    for (const auto& [pointer, value] : edits) {
        if (isUnder(pointer, "/scenarios") || isUnder(pointer, "/format") ||
            isUnder(pointer, "/format_version"))
            return Error(pointer + ": scenario “" + name +
                         "” cannot change the scenarios or the format; switch to Baseline to "
                         "change them");
        if (const std::string refusal = structuralRefusal(pointer, name); !refusal.empty())
            return Error(refusal);
        auto path = idPathIn(project, pointer);
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

std::optional<Result<ScenarioRowsEdit>> scenarioRowsEdit(const Project& project,
                                                         const Project& shown,
                                                         const std::string& scenarioId,
                                                         const std::vector<FieldEdit>& routed)
{
    // At most this many rows are checked one by one; more re-read the project.
    constexpr std::size_t kRowsAtMost = 64;
    if (routed.size() != 1 || !routed.front().second.is_array())
        return std::nullopt;
    const auto scenario = std::find_if(project.scenarios.begin(), project.scenarios.end(),
                                       [&](const Scenario& s) { return s.id == scenarioId; });
    if (scenario == project.scenarios.end())
        return std::nullopt;
    const auto index = std::size_t(scenario - project.scenarios.begin());
    if (routed.front().first != "/scenarios/" + std::to_string(index) + "/overrides")
        return std::nullopt;
    ScenarioRowsEdit edit{index, *scenario, {}};
    edit.after.overrides.clear();
    for (const bj::value& entry : routed.front().second.get_array()) {
        // What the reader would refuse is refused by it, on the whole path.
        const bj::object* object = entry.if_object();
        const bj::value* path = object ? object->if_contains("path") : nullptr;
        const bj::value* value = object ? object->if_contains("value") : nullptr;
        if (!path || !path->is_string() || !value || object->size() != 2 ||
            json::holdsNonFinite(*value) || isUnder(path->get_string(), "/scenarios") ||
            isUnder(path->get_string(), "/format") ||
            isUnder(path->get_string(), "/format_version"))
            return std::nullopt;
        edit.after.overrides.push_back({std::string(path->get_string()), bj::serialize(*value)});
    }
    const auto ids = changedWorkloadRows(scenario->overrides, edit.after.overrides);
    if (!ids || ids->size() > kRowsAtMost || shown.workloads.size() != project.workloads.size())
        return std::nullopt;
    std::vector<std::size_t> rows;
    for (const std::string& id : *ids) {
        const auto at = std::find_if(project.workloads.begin(), project.workloads.end(),
                                     [&](const Workload& w) { return w.id == id; });
        if (at == project.workloads.end())
            return std::nullopt; // the whole path names the override that names no row
        rows.push_back(std::size_t(at - project.workloads.begin()));
        auto row = scenarioWorkloadRow(project, rows.back(), edit.after, shown, project.name);
        if (!row)
            return Result<ScenarioRowsEdit>(row.error());
    }
    if (rows.size() == 1)
        edit.change = {ProjectChange::Scope::Row, "/workloads", int(rows.front())};
    return Result<ScenarioRowsEdit>(std::move(edit));
}

} // namespace fleet::gui
