#include "store/scenario_rows.h"

#include "io/json_pointer.h"
#include "io/json_reader.h"
#include "store/project_json_writer.h"
#include "store/workload_json.h"

#include <boost/json.hpp>

#include <algorithm>
#include <exception>
#include <map>

namespace fleet {

namespace bj = boost::json;

namespace {

/// What an override reaches: a field of workload row `rowId` (`field` its
/// pointer inside the row), something outside the workloads, or the
/// workloads otherwise (the list, a whole row, a row's id).
struct Reach
{
    enum Kind
    {
        WorkloadField,
        Elsewhere,
        WorkloadsOtherwise
    } kind = Elsewhere;
    std::string rowId;
    std::string field;
};

Reach reachOf(const std::string& path)
{
    auto split = json::splitPointer(path);
    if (!split)
        return {Reach::WorkloadsOtherwise, {}, {}}; // not read here: applied whole
    const std::vector<std::string>& tokens = split.value();
    if (tokens.empty() || tokens[0] != "workloads")
        return {};
    if (tokens.size() < 3 || tokens[2] == "id")
        return {Reach::WorkloadsOtherwise, {}, {}};
    return {Reach::WorkloadField, tokens[1],
            json::joinPointer(std::vector<std::string>(tokens.begin() + 2, tokens.end()))};
}

bool sameOverride(const ScenarioOverride& a, const ScenarioOverride& b)
{
    return a.path == b.path && a.valueJson == b.valueJson;
}

/// A scenario's overrides split by what they reach: per workload row (in
/// their order), and the rest (in their order). False when one reaches the
/// workloads otherwise than through a row's field.
bool splitByRow(const std::vector<ScenarioOverride>& overrides,
                std::map<std::string, std::vector<const ScenarioOverride*>>& byRow,
                std::vector<const ScenarioOverride*>& rest, std::vector<std::string>& rowOrder)
{
    for (const ScenarioOverride& entry : overrides) {
        const Reach reach = reachOf(entry.path);
        if (reach.kind == Reach::WorkloadsOtherwise)
            return false;
        if (reach.kind == Reach::Elsewhere) {
            rest.push_back(&entry);
            continue;
        }
        auto& row = byRow[reach.rowId];
        if (row.empty())
            rowOrder.push_back(reach.rowId);
        row.push_back(&entry);
    }
    return true;
}

bool sameOverrides(const std::vector<const ScenarioOverride*>& a,
                   const std::vector<const ScenarioOverride*>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const auto* x, const auto* y) { return sameOverride(*x, *y); });
}

/// "/workloads/<id>" + what follows `rowPointer` in `path`.
std::string byId(const std::string& path, const std::string& rowPointer, const std::string& id)
{
    if (path.compare(0, rowPointer.size(), rowPointer) != 0)
        return path;
    return json::joinPointer({"workloads", id}) + path.substr(rowPointer.size());
}

} // namespace

std::optional<std::vector<std::string>>
changedWorkloadRows(const std::vector<ScenarioOverride>& before,
                    const std::vector<ScenarioOverride>& after)
{
    std::map<std::string, std::vector<const ScenarioOverride*>> rowsBefore, rowsAfter;
    std::vector<const ScenarioOverride*> restBefore, restAfter;
    std::vector<std::string> orderBefore, orderAfter;
    if (!splitByRow(before, rowsBefore, restBefore, orderBefore) ||
        !splitByRow(after, rowsAfter, restAfter, orderAfter) ||
        !sameOverrides(restBefore, restAfter))
        return std::nullopt;
    std::vector<std::string> changed;
    static const std::vector<const ScenarioOverride*> none;
    const auto of = [](const auto& rows, const std::string& id) -> const auto&
    {
        const auto found = rows.find(id);
        return found == rows.end() ? none : found->second;
    };
    for (const std::string& id : orderAfter)
        if (!sameOverrides(of(rowsBefore, id), rowsAfter.at(id)))
            changed.push_back(id);
    for (const std::string& id : orderBefore)
        if (!rowsAfter.contains(id))
            changed.push_back(id);
    return changed;
}

Result<Workload> scenarioWorkloadRow(const Project& base, std::size_t row, const Scenario& scenario,
                                     const Project& shown, const std::string& file)
{
    const std::string& id = base.workloads.at(row).id;
    const std::string rowPointer = "/workloads/" + std::to_string(row);
    const auto at = std::find_if(base.scenarios.begin(), base.scenarios.end(),
                                 [&](const Scenario& s) { return s.id == scenario.id; });
    const std::string scenarioPointer =
        "/scenarios/" + std::to_string(at == base.scenarios.end()
                                           ? std::size_t(0)
                                           : std::size_t(at - base.scenarios.begin()));
    // The core boundary: nothing a value holds escapes as an exception.
    try {
        bj::value item = workloadToJson(base.workloads[row]);
        for (std::size_t j = 0; j < scenario.overrides.size(); ++j) {
            const ScenarioOverride& entry = scenario.overrides[j];
            const Reach reach = reachOf(entry.path);
            if (reach.kind != Reach::WorkloadField || reach.rowId != id)
                continue;
            // As loading applies an override: no member created on the way.
            auto set = json::setAtPointer(item, reach.field, bj::parse(entry.valueJson));
            if (!set)
                return Error(
                    {Issue{file, scenarioPointer + "/overrides/" + std::to_string(j) + "/path",
                           scenario.id,
                           "scenario \"" + scenario.id + "\": \"" + entry.path + "\" " +
                               set.error().toString()}});
        }
        json::Reader reader(file);
        const bj::object* object = item.if_object();
        std::optional<Workload> workload =
            object ? parseWorkload(reader, *object, rowPointer, shown) : std::nullopt;
        if (reader.failed() || !workload) {
            std::vector<Issue> issues;
            for (const Issue& issue : reader.issues())
                issues.push_back(Issue{file,
                                       scenarioPointer,
                                       {},
                                       "scenario \"" + scenario.id + "\" makes " +
                                           byId(issue.path, rowPointer, id) +
                                           " invalid: " + issue.message});
            if (issues.empty())
                issues.push_back(Issue{file,
                                       scenarioPointer,
                                       {},
                                       "scenario \"" + scenario.id + "\" makes workload \"" + id +
                                           "\" a row the reader does not accept"});
            return Error(std::move(issues));
        }
        return std::move(*workload);
    } catch (const std::exception& e) {
        return Error({Issue{file,
                            scenarioPointer,
                            {},
                            std::string("the scenario cannot be applied: ") + e.what()}});
    }
}

std::optional<std::vector<std::size_t>>
reapplyScenarioRows(const Project& base, const std::vector<ScenarioOverride>& before,
                    const Scenario& after, Project& shown)
{
    const auto ids = changedWorkloadRows(before, after.overrides);
    if (!ids || shown.workloads.size() != base.workloads.size())
        return std::nullopt;
    std::vector<std::size_t> rows;
    std::vector<Workload> values;
    for (const std::string& id : *ids) {
        const auto at = std::find_if(base.workloads.begin(), base.workloads.end(),
                                     [&](const Workload& w) { return w.id == id; });
        if (at == base.workloads.end())
            return std::nullopt; // names no row: loading refuses it, whole
        const auto row = std::size_t(at - base.workloads.begin());
        if (shown.workloads[row].id != id)
            return std::nullopt;
        auto value = scenarioWorkloadRow(base, row, after, shown, base.name);
        if (!value)
            return std::nullopt;
        rows.push_back(row);
        values.push_back(std::move(value).value());
    }
    for (std::size_t i = 0; i < rows.size(); ++i)
        shown.workloads[rows[i]] = std::move(values[i]);
    shown.scenarios = base.scenarios;
    return rows;
}

} // namespace fleet
