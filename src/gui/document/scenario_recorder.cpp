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
