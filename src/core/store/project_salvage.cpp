#include "store/project_salvage.h"

#include "io/json_reader.h"
#include "io/regular_file.h"
#include "io/sqlite_db.h"
#include "model/row_paths.h"
#include "store/project_json.h"
#include "store/project_rows.h"
#include "store/project_schema.h"
#include "store/project_sqlite.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace fleet {

namespace bj = boost::json;

namespace {

constexpr std::size_t kMaxRowsSalvaged = 1'000'000;
/// Each round drops at least one entry; a project has far fewer kinds of
/// breakage than this.
constexpr int kMaxValidationRounds = 200;

std::string sqlName(const std::string& name)
{
    return "\"" + name + "\"";
}

Result<std::vector<std::string>> strings(const sql::Database& db, const std::string& query,
                                         const std::string& param = {})
{
    auto statement = db.prepare(query);
    if (!statement)
        return statement.error();
    if (!param.empty())
        statement.value().bind(1, param);
    std::vector<std::string> values;
    while (true) {
        auto row = statement.value().step();
        if (!row)
            return row.error();
        if (!row.value())
            return values;
        values.push_back(statement.value().text(0));
    }
}

/// Copies the rows of `table` that still read, and that the schema's own
/// rules accept, from `source` to `target`; records what is lost.
Result<bool> copyTable(const sql::Database& source, const sql::Database& target,
                       const std::string& table, std::vector<std::string>& lost)
{
    auto columns = strings(target, "SELECT name FROM pragma_table_info(?)", table);
    if (!columns)
        return columns.error();
    // A column an older format's table lacks (format 4's model and
    // total_params of inference_workload) reads as NULL: absent.
    auto sourceColumns = strings(source, "SELECT name FROM pragma_table_info(?)", table);
    const auto inSource = [&](const std::string& column) {
        return !sourceColumns || sourceColumns.value().empty() ||
               std::find(sourceColumns.value().begin(), sourceColumns.value().end(), column) !=
                   sourceColumns.value().end();
    };
    std::string names, selected, marks;
    for (const std::string& column : columns.value()) {
        names += (names.empty() ? "" : ", ") + sqlName(column);
        selected += (selected.empty() ? "" : ", ") + (inSource(column) ? sqlName(column) : "NULL");
        marks += marks.empty() ? "?" : ", ?";
    }
    auto select = source.prepare("SELECT " + selected + " FROM " + sqlName(table));
    if (!select) {
        lost.push_back("table " + table + ": unreadable (" + select.error().messages() + ")");
        return true;
    }
    auto insert =
        target.prepare("INSERT INTO " + sqlName(table) + " (" + names + ") VALUES (" + marks + ")");
    if (!insert)
        return insert.error();
    const int count = static_cast<int>(columns.value().size());
    for (std::size_t number = 1; number <= kMaxRowsSalvaged; ++number) {
        auto step = select.value().step();
        if (!step) {
            lost.push_back("table " + table + ": the rows after row " + std::to_string(number - 1) +
                           " could not be read (" + step.error().messages() + ")");
            return true;
        }
        if (!step.value())
            return true;
        std::string problem;
        for (int c = 0; c < count && problem.empty(); ++c)
            if (select.value().columnType(c) == SQLITE_TEXT)
                if (auto bad = json::textProblem(select.value().text(c)))
                    problem = "column " + columns.value()[static_cast<std::size_t>(c)] + " " + *bad;
        for (int c = 0; c < count && problem.empty(); ++c)
            insert.value().bindColumnOf(c + 1, select.value(), c);
        if (problem.empty())
            if (auto run = insert.value().run(); !run)
                problem = "breaks the schema (" + run.error().messages() + ")";
        insert.value().reset();
        if (!problem.empty())
            lost.push_back("table " + table + ", row " + std::to_string(number) + ": " + problem);
    }
    return true;
}

/// Deletes rows that refer to rows lost on the way, until none does.
Result<bool> dropOrphans(const sql::Database& db, std::vector<std::string>& lost)
{
    for (int round = 0; round < 16; ++round) {
        auto check = db.prepare("SELECT \"table\", rowid, parent FROM pragma_foreign_key_check");
        if (!check)
            return check.error();
        std::map<std::pair<std::string, std::string>, std::vector<std::int64_t>> orphans;
        while (true) {
            auto row = check.value().step();
            if (!row)
                return row.error();
            if (!row.value())
                break;
            orphans[{check.value().text(0), check.value().text(2)}].push_back(
                check.value().integer(1));
        }
        if (orphans.empty())
            return true;
        for (const auto& [tables, rowids] : orphans) {
            auto remove = db.prepare("DELETE FROM " + sqlName(tables.first) + " WHERE rowid = ?");
            if (!remove)
                return remove.error();
            for (std::int64_t rowid : rowids) {
                remove.value().bind(1, rowid);
                if (auto run = remove.value().run(); !run)
                    return run.error();
            }
            lost.push_back("table " + tables.first + ": " + std::to_string(rowids.size()) +
                           " row(s) that refer to lost rows of " + tables.second);
        }
    }
    return true;
}

/// "/workloads/3/efficiency" → {"workloads", 3}; "/fleet/pools/1" → {"fleet/pools", 1}.
std::optional<std::pair<std::string, std::size_t>> entryOf(const std::string& path)
{
    std::vector<std::string> tokens;
    std::size_t start = 1;
    while (start <= path.size() && !path.empty()) {
        const auto slash = path.find('/', start);
        tokens.push_back(
            path.substr(start, slash == std::string::npos ? path.npos : slash - start));
        if (slash == std::string::npos)
            break;
        start = slash + 1;
    }
    const auto index = [](const std::string& token) -> std::optional<std::size_t> {
        if (token.empty() || token.size() > 9 ||
            token.find_first_not_of("0123456789") != std::string::npos)
            return std::nullopt;
        return std::stoul(token);
    };
    static const std::set<std::string> lists = {"workloads",   "segments",  "sources",
                                                "price_books", "scenarios", "ranges"};
    if (tokens.size() >= 2 && lists.count(tokens[0]))
        if (auto i = index(tokens[1]))
            return std::pair{tokens[0], *i};
    if (tokens.size() >= 3 && tokens[0] == "fleet" && tokens[1] == "pools")
        if (auto i = index(tokens[2]))
            return std::pair{std::string("fleet/pools"), *i};
    return std::nullopt;
}

bj::array* listAt(bj::object& root, const std::string& list)
{
    bj::value* value = list == "fleet/pools"
                           ? (root.contains("fleet") && root["fleet"].is_object()
                                  ? root["fleet"].get_object().if_contains("pools")
                                  : nullptr)
                           : root.if_contains(list);
    return value ? value->if_array() : nullptr;
}

/// Drops scenario `i` of `scenarios`, recording why.
void dropScenario(bj::array& scenarios, std::size_t i, const std::string& why,
                  std::vector<std::string>& lost)
{
    const bj::object* scenario = scenarios[i].if_object();
    const bj::value* id = scenario ? scenario->if_contains("id") : nullptr;
    lost.push_back(
        "scenarios entry" +
        (id && id->is_string() ? " \"" + std::string(id->get_string()) + "\"" : std::string()) +
        " dropped: " + why);
    scenarios.erase(scenarios.begin() + static_cast<std::ptrdiff_t>(i));
}

/// The override paths of scenario `scenario` that are strings, to be read or rewritten.
std::vector<bj::value*> overridePaths(bj::value& scenario)
{
    std::vector<bj::value*> paths;
    bj::object* object = scenario.if_object();
    bj::value* overrides = object ? object->if_contains("overrides") : nullptr;
    if (!overrides || !overrides->is_array())
        return paths;
    for (bj::value& entry : overrides->get_array()) {
        bj::value* path = entry.is_object() ? entry.get_object().if_contains("path") : nullptr;
        if (path && path->is_string())
            paths.push_back(path);
    }
    return paths;
}

/// The id of `item` when it has one.
std::optional<std::string> entryIdOf(const bj::value& item)
{
    const bj::object* object = item.if_object();
    const bj::value* id = object ? object->if_contains("id") : nullptr;
    if (!id || !id->is_string())
        return std::nullopt;
    return std::string(id->get_string());
}

/// After entry `dropped` (whose id was `droppedId`) of `list` is gone, a
/// scenario that changed it is dropped with it. Pools, workloads and
/// segments are named by id in override paths, so the others keep naming
/// their rows; sources and price books are named by position, so overrides
/// that reach further entries are renumbered.
void reindexScenarios(bj::object& root, const std::string& list, std::size_t dropped,
                      const std::optional<std::string>& droppedId, std::vector<std::string>& lost)
{
    bj::array* scenarios = listAt(root, "scenarios");
    if (!scenarios)
        return;
    const std::string prefix = "/" + list + "/";
    const bool byId = list == "workloads" || list == "segments" || list == "fleet/pools";
    if (byId) {
        if (!droppedId)
            return; // no path could name it
        if (const bj::array* items = listAt(root, list))
            for (const bj::value& item : *items)
                if (entryIdOf(item) == droppedId)
                    return; // a duplicate of it remains, and the paths name that one
    }
    for (std::size_t i = scenarios->size(); i-- > 0;) {
        bool changedIt = false;
        for (bj::value* pathValue : overridePaths((*scenarios)[i])) {
            const std::string path(pathValue->get_string());
            if (path.rfind(prefix, 0) != 0)
                continue;
            if (byId) {
                changedIt = changedIt || rowIdOf(path, "/" + list) == droppedId;
                continue;
            }
            const auto end = path.find('/', prefix.size());
            const std::string token = path.substr(prefix.size(), end - prefix.size());
            if (token.empty() || token.size() > 9 ||
                token.find_first_not_of("0123456789") != std::string::npos)
                continue;
            const std::size_t index = std::stoul(token);
            if (index == dropped)
                changedIt = true;
            else if (index > dropped)
                *pathValue = prefix + std::to_string(index - 1) +
                             (end == std::string::npos ? std::string() : path.substr(end));
        }
        if (changedIt)
            dropScenario(*scenarios, i,
                         "it changed " + list + " entry " +
                             (byId ? "\"" + *droppedId + "\"" : std::to_string(dropped)) +
                             ", which was lost",
                         lost);
    }
}

/// The pool, workload and segment ids of `db`, each row at the index its
/// position column gives (as format 1 wrote them: position = index). Rows
/// lost on the way leave a gap, so no path that named them names another row.
Result<bj::value> rowsAtPositions(const sql::Database& db)
{
    bj::object document;
    for (const auto& [table, key] :
         {std::pair{"fleet_pool", "pools"}, {"workload", "workloads"}, {"segment", "segments"}}) {
        auto statement = db.prepare(std::string("SELECT position, id FROM ") + table +
                                    " WHERE position BETWEEN 0 AND " +
                                    std::to_string(kMaxRowsSalvaged) + " ORDER BY position");
        if (!statement)
            return statement.error();
        bj::array rows;
        while (true) {
            auto step = statement.value().step();
            if (!step)
                return step.error();
            if (!step.value())
                break;
            const auto position = static_cast<std::size_t>(statement.value().integer(0));
            rows.resize(position, bj::object{}); // a lost row: no id
            rows.push_back(bj::object{{"id", statement.value().text(1)}});
        }
        if (std::string_view(key) == "pools")
            document["fleet"] = bj::object{{"pools", std::move(rows)}};
        else
            document[key] = std::move(rows);
    }
    return bj::value(std::move(document));
}

/// A format-1 file's override paths (rows by position) as id paths; a
/// scenario with a path that names a lost row is dropped.
Result<bool> upgradeSalvagedPaths(const sql::Database& db, bj::object& root,
                                  std::vector<std::string>& lost)
{
    auto rows = rowsAtPositions(db);
    if (!rows)
        return rows.error();
    bj::array* scenarios = listAt(root, "scenarios");
    if (!scenarios)
        return true;
    for (std::size_t i = scenarios->size(); i-- > 0;) {
        std::string problem;
        std::vector<std::pair<bj::value*, std::string>> rewritten;
        for (bj::value* pathValue : overridePaths((*scenarios)[i])) {
            const std::string path(pathValue->get_string());
            auto idPath = idPathOf(rows.value(), path);
            if (!idPath) {
                problem = "its format-1 override \"" + path + "\" " + idPath.error().messages();
                break;
            }
            rewritten.emplace_back(pathValue, std::move(idPath).value());
        }
        if (!problem.empty()) {
            dropScenario(*scenarios, i, problem, lost);
            continue;
        }
        for (auto& [pathValue, idPath] : rewritten)
            *pathValue = bj::string(idPath);
    }
    return true;
}

/// Validates the document, dropping each entry the validator refuses,
/// until it is a valid project or a refusal names no droppable entry.
Result<Project> validateDropping(bj::object root, const std::string& file,
                                 std::vector<std::string>& lost)
{
    for (int round = 0; round < kMaxValidationRounds; ++round) {
        auto project = parseProjectValue(root, file);
        if (project)
            return project;
        std::map<std::string, std::map<std::size_t, std::string, std::greater<>>> drops;
        for (const Issue& issue : project.error().issues) {
            auto entry = entryOf(issue.path);
            if (!entry)
                return fileError(file, "cannot be salvaged: " + issue.path + ": " + issue.message);
            drops[entry->first].emplace(entry->second, issue.path + ": " + issue.message);
        }
        for (const auto& [list, entries] : drops) {
            bj::array* items = listAt(root, list);
            for (const auto& [index, why] : entries) {
                if (!items || index >= items->size())
                    return fileError(file, "cannot be salvaged: " + why);
                const bj::object* item = (*items)[index].if_object();
                const bj::value* id = item ? item->if_contains("id") : nullptr;
                lost.push_back(list + " entry" +
                               (id && id->is_string() ? " \"" + std::string(id->get_string()) + "\""
                                                      : std::string()) +
                               " dropped: " + why);
                const std::optional<std::string> droppedId = entryIdOf((*items)[index]);
                items->erase(items->begin() + static_cast<std::ptrdiff_t>(index));
                if (list != "scenarios")
                    reindexScenarios(root, list, index, droppedId, lost);
            }
        }
    }
    return fileError(file, "cannot be salvaged: too many entries are damaged");
}

Result<SalvagedProject> salvage(const std::string& path)
{
    if (auto regular = checkRegularFile(path); !regular)
        return regular.error();
    if (!looksLikeSqlite(path))
        return fileError(path, "cannot be salvaged: it is not a SQLite database");
    auto source = sql::Database::openImmutable(path, path);
    if (!source)
        return source.error();
    sql::harden(source.value().handle());
    auto applicationId = source.value().queryInt("PRAGMA application_id");
    if (!applicationId || applicationId.value() != kFleetPlanApplicationId)
        return fileError(path, "cannot be salvaged: it is not a FleetPlanner project (or its "
                               "first page is lost)");
    auto sourceVersion = source.value().queryInt("PRAGMA user_version");
    if (!sourceVersion)
        return fileError(path, "cannot be salvaged: its schema version cannot be read (" +
                                   sourceVersion.error().messages() + ")");
    if (sourceVersion.value() > kFleetPlanSchemaVersion)
        return fileError(path, "cannot be salvaged: it was written by a newer FleetPlanner "
                               "(project schema version " +
                                   std::to_string(sourceVersion.value()) +
                                   "). Update FleetPlanner to open it.");
    auto target = sql::Database::open(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, path);
    if (!target)
        return target.error();
    sql::harden(target.value().handle(), true);
    if (auto schema = target.value().exec(projectSchemaSql()); !schema)
        return schema.error();
    auto tables = strings(target.value(),
                          "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY rowid");
    if (!tables)
        return tables.error();
    SalvagedProject salvaged;
    if (auto begin = target.value().exec("BEGIN"); !begin)
        return begin.error();
    for (const std::string& table : tables.value()) {
        if (table == "tenant" && sourceVersion.value() < 3)
            continue; // format 3's table: an older file has none to lose
        if (table == "input_range" && sourceVersion.value() < 7)
            continue; // format 7's table, likewise
        if (auto copied = copyTable(source.value(), target.value(), table, salvaged.lost); !copied)
            return copied.error();
    }
    if (auto commit = target.value().exec("COMMIT"); !commit)
        return commit.error();
    if (auto orphans = dropOrphans(target.value(), salvaged.lost); !orphans)
        return orphans.error();
    auto document = readProjectRows(target.value());
    if (!document)
        return fileError(path, "cannot be salvaged: " + document.error().messages());
    if (sourceVersion.value() < 2) // format 1 named rows by position
        if (auto upgraded = upgradeSalvagedPaths(target.value(), document.value(), salvaged.lost);
            !upgraded)
            return upgraded.error();
    auto project = validateDropping(std::move(document).value(), path, salvaged.lost);
    if (!project)
        return project.error();
    salvaged.project = std::move(project).value();
    return salvaged;
}

} // namespace

Result<SalvagedProject> salvageProjectFile(const std::string& path)
{
    try {
        return salvage(path);
    } catch (const std::exception& e) {
        return fileError(path, std::string("cannot be salvaged: ") + e.what());
    }
}

} // namespace fleet
