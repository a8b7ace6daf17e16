#include "store/project_format_v1.h"

#include "io/json_reader.h"
#include "model/row_paths.h"

#include <boost/json.hpp>

#include <vector>

namespace fleet {

namespace bj = boost::json;
using json::pointer;

namespace {

constexpr int kFormat2 = 2;

/// "scenario "ID", override N ("PATH")": how a failed v1 path is named.
std::string overrideName(const std::string& scenarioId, std::size_t index, const std::string& path)
{
    return "scenario \"" + scenarioId + "\", override " + std::to_string(index + 1) + " (\"" +
           path + "\")";
}

std::string v1Problem(const std::string& problem)
{
    return "is a format-1 path (rows by position) that cannot become a format-2 path (rows by "
           "id): it " +
           problem;
}

/// The ids of `table`'s rows in position order, as rows {"id": …}.
Result<bj::array> idRows(const sql::Database& db, const std::string& table)
{
    auto statement = db.prepare("SELECT id FROM " + table + " ORDER BY position");
    if (!statement)
        return statement.error();
    bj::array rows;
    while (true) {
        auto step = statement.value().step();
        if (!step)
            return step.error();
        if (!step.value())
            return rows;
        rows.push_back(bj::object{{"id", statement.value().text(0)}});
    }
}

struct OverrideRow
{
    std::string scenarioId;
    std::int64_t position;
    std::string path;
};

} // namespace

Result<bj::value> upgradeFormat1(const bj::value& root, const std::string& file)
{
    bj::value upgraded = root;
    bj::object* top = upgraded.if_object();
    if (!top)
        return upgraded;
    (*top)["format_version"] = kFormat2;
    bj::value* scenarios = top->if_contains("scenarios");
    if (!scenarios || !scenarios->is_array())
        return upgraded;
    std::vector<Issue> issues;
    for (std::size_t i = 0; i < scenarios->get_array().size(); ++i) {
        bj::object* scenario = scenarios->get_array()[i].if_object();
        bj::value* overrides = scenario ? scenario->if_contains("overrides") : nullptr;
        if (!overrides || !overrides->is_array())
            continue;
        const bj::value* idValue = scenario->if_contains("id");
        const std::string scenarioId =
            idValue && idValue->is_string() ? std::string(idValue->get_string()) : std::string();
        for (std::size_t j = 0; j < overrides->get_array().size(); ++j) {
            bj::object* entry = overrides->get_array()[j].if_object();
            bj::value* path = entry ? entry->if_contains("path") : nullptr;
            if (!path || !path->is_string())
                continue; // the validator names it
            const std::string v1Path(path->get_string());
            // Against `root`, the rows as the file holds them: no scenario applied.
            auto idPath = idPathOf(root, v1Path);
            if (idPath) {
                *path = bj::string(idPath.value());
                continue;
            }
            // A format-2 path in a file that says format 1: say so.
            const bool namesById = indexPathOf(root, v1Path).ok();
            issues.push_back(Issue{
                file, pointer(pointer(pointer("/scenarios", i), "overrides"), j) + "/path",
                scenarioId,
                overrideName(scenarioId, j, v1Path) + " " + v1Problem(idPath.error().messages()) +
                    (namesById ? " (it names its row by id, as format 2 does: with "
                                 "\"format_version\": 2 the file reads)"
                               : "")});
        }
    }
    if (!issues.empty())
        return Error(std::move(issues));
    return upgraded;
}

Result<bool> migrateOverridesToIdPaths(const sql::Database& db)
{
    bj::object rows;
    auto pools = idRows(db, "fleet_pool");
    auto workloads = idRows(db, "workload");
    auto segments = idRows(db, "segment");
    for (auto* list : {&pools, &workloads, &segments})
        if (!*list)
            return list->error();
    rows["fleet"] = bj::object{{"pools", std::move(pools).value()}};
    rows["workloads"] = std::move(workloads).value();
    rows["segments"] = std::move(segments).value();
    const bj::value document(std::move(rows));

    std::vector<OverrideRow> overrides;
    {
        auto select = db.prepare("SELECT scenario_id, position, path FROM scenario_override "
                                 "ORDER BY (SELECT position FROM scenario WHERE id = scenario_id), "
                                 "position");
        if (!select)
            return select.error();
        while (true) {
            auto step = select.value().step();
            if (!step)
                return step.error();
            if (!step.value())
                break;
            overrides.push_back(
                {select.value().text(0), select.value().integer(1), select.value().text(2)});
        }
    }
    auto update =
        db.prepare("UPDATE scenario_override SET path = ? WHERE scenario_id = ? AND position = ?");
    if (!update)
        return update.error();
    for (const OverrideRow& row : overrides) {
        auto idPath = idPathOf(document, row.path);
        if (!idPath)
            return Error("scenario \"" + row.scenarioId + "\", override at position " +
                         std::to_string(row.position) + " (\"" + row.path + "\") " +
                         v1Problem(idPath.error().messages()));
        if (idPath.value() == row.path)
            continue;
        update.value().bind(1, idPath.value());
        update.value().bind(2, row.scenarioId);
        update.value().bind(3, row.position);
        if (auto run = update.value().run(); !run)
            return run.error();
    }
    return true;
}

} // namespace fleet
