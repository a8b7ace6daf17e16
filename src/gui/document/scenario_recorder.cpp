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

/// Why `pointer` cannot be a scenario's override, or "" when it can: a
/// scenario changes values of the project's rows, never which rows there are
/// or what they are called (an override of a whole list or of a row's id would
/// retarget the scenario's other overrides).
std::string structuralRefusal(std::string_view pointer)
{
    for (const std::string_view list : rowLists()) {
        if (!isUnder(pointer, list))
            continue;
        const std::string_view rest = pointer.substr(list.size());
        const std::size_t slash = rest.find('/', 1);
        if (rest.empty() || slash == std::string_view::npos)
            return std::string(pointer) +
                   ": adding, removing or reordering rows is not a scenario's change; stop "
                   "recording to change the project's rows";
        if (rest.substr(slash) == "/id")
            return std::string(pointer) +
                   ": renaming a row is not a scenario's change; stop recording to rename it";
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
        return Error("recording: there is no scenario \"" + scenarioId + "\"");
    const std::size_t index = std::size_t(scenario - project.scenarios.begin());
    const bj::value document(projectToJson(project));
    bj::array overrides =
        document.at("scenarios").as_array()[index].as_object().at("overrides").as_array();
    for (const auto& [pointer, value] : edits) {
        if (isUnder(pointer, "/scenarios") || isUnder(pointer, "/format") ||
            isUnder(pointer, "/format_version"))
            return Error(pointer + ": a scenario cannot change the scenarios or the format; stop "
                                   "recording to change them");
        if (const std::string refusal = structuralRefusal(pointer); !refusal.empty())
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
