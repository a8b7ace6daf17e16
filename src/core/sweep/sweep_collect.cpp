#include "sweep/sweep_collect.h"

#include "io/atomic_file.h"
#include "io/export_target.h"
#include "io/json_reader.h"
#include "io/sqlite_db.h"
#include "store/catalog_loader.h"
#include "sweep/sweep_task.h"

#include <boost/json.hpp>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace fleet::sweep {

namespace bj = boost::json;
namespace fs = std::filesystem;

namespace {

/// The index a result file's name gives ("task-0000042.json" → 42), or
/// nullopt for another file (a save's temporary among them).
std::optional<std::int64_t> indexOfName(const std::string& name)
{
    constexpr std::string_view prefix = "task-", suffix = ".json";
    if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) ||
        !name.ends_with(suffix))
        return std::nullopt;
    const std::string digits =
        name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    if (digits.empty() || digits.size() > 12 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoll(digits);
}

/// Binds a JSON value as SQLite keeps it: a number as REAL, text as TEXT, a
/// boolean as 0/1, null as NULL, anything else as its JSON text.
void bindValue(sql::Statement& statement, int column, const bj::value& value)
{
    if (value.is_number())
        statement.bind(column, value.to_number<double>());
    else if (value.is_string())
        statement.bind(column, std::string(value.get_string()));
    else if (value.is_bool())
        statement.bind(column, std::int64_t(value.get_bool() ? 1 : 0));
    else if (value.is_null())
        statement.bindNull(column);
    else
        statement.bind(column, bj::serialize(value));
}

/// The columns of command `command`'s table, in order.
std::vector<std::string> columnsOf(const SweepSpec& spec, const SweepCommand& command)
{
    std::vector<std::string> columns{"task", "point"};
    if (command.kind == CommandKind::Simulate)
        columns.push_back("seed");
    for (const SweepInput& input : spec.inputs)
        columns.push_back(input.name);
    columns.push_back("status");
    columns.push_back("error");
    for (const std::string& output : command.outputs)
        columns.push_back(output);
    return columns;
}

/// The table of a command's months ("<id>_months": task, point, [seed],
/// month, its name, each series of monthlyOutputs) and its insert; nullopt
/// for a command that keeps none.
Result<std::optional<sql::Statement>> createMonthsTable(const sql::Database& db,
                                                        const SweepCommand& command)
{
    const std::vector<std::string> series = monthlyOutputs(command.kind);
    if (series.empty())
        return std::optional<sql::Statement>();
    const bool seeded = command.kind == CommandKind::Simulate;
    std::string create = "CREATE TABLE " + sqlIdentifier(monthsTable(command.id)) +
                         "(task INTEGER NOT NULL, point INTEGER NOT NULL, " +
                         (seeded ? "seed INTEGER NOT NULL, " : "") +
                         "month INTEGER NOT NULL, name TEXT NOT NULL";
    std::string insert = "INSERT INTO " + sqlIdentifier(monthsTable(command.id)) +
                         (seeded ? " VALUES (?, ?, ?, ?, ?" : " VALUES (?, ?, ?, ?");
    for (const std::string& name : series) {
        create += ", " + sqlIdentifier(name);
        insert += ", ?";
    }
    FLEET_TRY(db.exec(create + ", PRIMARY KEY(task, month));"));
    auto prepared = db.prepare(insert + ")");
    if (!prepared)
        return prepared.error();
    return std::optional<sql::Statement>(std::move(prepared).value());
}

/// One row per month of a task's "months" (checked by resultProblem).
Result<bool> insertMonths(sql::Statement& statement, const SweepCommand& command,
                          const TaskRef& task, const bj::object& months)
{
    const bj::array& names = months.at("month").get_array();
    const std::vector<std::string> series = monthlyOutputs(command.kind);
    for (std::size_t m = 0; m < names.size(); ++m) {
        int column = 1;
        statement.bind(column++, task.index);
        statement.bind(column++, task.point);
        if (command.kind == CommandKind::Simulate)
            statement.bind(column++, std::int64_t(task.seed.value_or(0)));
        statement.bind(column++, std::int64_t(m + 1));
        statement.bind(column++, std::string(names[m].get_string()));
        for (const std::string& name : series) {
            const bj::value* values = months.if_contains(name);
            const bj::value& value = values ? values->get_array()[m] : bj::value();
            bindValue(statement, column++, value.is_number() ? value : bj::value());
        }
        FLEET_TRY(statement.run());
    }
    return true;
}

/// What is wrong with a task's "months", if anything: every series an array
/// as long as the names, of numbers or nulls.
std::optional<std::string> monthsProblem(const bj::value& months)
{
    const bj::object* object = months.if_object();
    const bj::value* names = object ? object->if_contains("month") : nullptr;
    if (!names || !names->is_array() || names->get_array().size() > 10000)
        return "has \"months\" without a list \"month\" of at most 10,000 names";
    for (const bj::value& name : names->get_array())
        if (!name.is_string())
            return "has a month name that is not text in \"months\"";
    for (const auto& member : *object) {
        if (member.key() == "month")
            continue;
        const bj::array* values = member.value().if_array();
        if (!values || values->size() != names->get_array().size())
            return "has the series \"months/" + std::string(member.key()) +
                   "\" of another length than its months";
        for (const bj::value& value : *values)
            if (!value.is_number() && !value.is_null())
                return "has a value in \"months/" + std::string(member.key()) +
                       "\" that is neither a number nor null";
    }
    return std::nullopt;
}

Result<bool> writeResultsDatabase(const SweepSpec& spec, const std::string& path,
                                  const std::vector<std::optional<bj::object>>& results)
{
    auto opened = sql::Database::open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, path);
    if (!opened)
        return opened.error();
    const sql::Database& db = opened.value();
    // No journal: the file is a fresh temporary, renamed only when whole.
    FLEET_TRY(db.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;"));
    FLEET_TRY(db.exec("CREATE TABLE sweep(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                      "CREATE TABLE inputs(position INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                      "path TEXT NOT NULL);"
                      "CREATE TABLE commands(position INTEGER PRIMARY KEY, id TEXT NOT NULL, "
                      "command TEXT NOT NULL, tasks_per_point INTEGER NOT NULL);"));
    {
        auto insert = db.prepare("INSERT INTO sweep(key, value) VALUES (?, ?)");
        if (!insert)
            return insert.error();
        const std::pair<std::string, std::string> rows[] = {
            {"format", "fleetplanner-sweep-results"},
            {"name", spec.name},
            {"digest", spec.digest},
            {"points", std::to_string(spec.points)},
            {"tasks", std::to_string(spec.taskCount())}};
        for (const auto& [key, value] : rows) {
            insert.value().bind(1, key);
            insert.value().bind(2, value);
            FLEET_TRY(insert.value().run());
        }
    }
    {
        auto insert = db.prepare("INSERT INTO inputs(position, name, path) VALUES (?, ?, ?)");
        if (!insert)
            return insert.error();
        for (std::size_t i = 0; i < spec.inputs.size(); ++i) {
            insert.value().bind(1, std::int64_t(i));
            insert.value().bind(2, spec.inputs[i].name);
            insert.value().bind(3, spec.inputs[i].path);
            FLEET_TRY(insert.value().run());
        }
    }
    std::vector<sql::Statement> inserts;
    std::vector<std::optional<sql::Statement>> monthInserts;
    for (std::size_t c = 0; c < spec.commands.size(); ++c) {
        const SweepCommand& command = spec.commands[c];
        {
            auto insert = db.prepare(
                "INSERT INTO commands(position, id, command, tasks_per_point) VALUES (?, ?, ?, ?)");
            if (!insert)
                return insert.error();
            insert.value().bind(1, std::int64_t(c));
            insert.value().bind(2, command.id);
            insert.value().bind(3, std::string(commandKey(command.kind)));
            insert.value().bind(
                4, std::int64_t(command.kind == CommandKind::Simulate ? command.seeds.size() : 1));
            FLEET_TRY(insert.value().run());
        }
        const std::vector<std::string> columns = columnsOf(spec, command);
        std::string create = "CREATE TABLE " + sqlIdentifier(command.id) + "(";
        std::string insert = "INSERT INTO " + sqlIdentifier(command.id) + " VALUES (";
        for (std::size_t i = 0; i < columns.size(); ++i) {
            create += (i ? ", " : "") + sqlIdentifier(columns[i]);
            if (columns[i] == "task")
                create += " INTEGER PRIMARY KEY";
            else if (columns[i] == "point" || columns[i] == "seed")
                create += " INTEGER NOT NULL";
            insert += i ? ", ?" : "?";
        }
        FLEET_TRY(db.exec(create + ");"));
        auto prepared = db.prepare(insert + ")");
        if (!prepared)
            return prepared.error();
        inserts.push_back(std::move(prepared).value());
        auto months = createMonthsTable(db, command);
        if (!months)
            return months.error();
        monthInserts.push_back(std::move(months).value());
    }
    for (const std::optional<bj::object>& result : results) {
        if (!result)
            continue;
        const TaskRef task = taskAt(spec, result->at("index").to_number<std::int64_t>());
        const SweepCommand& command = spec.commands[task.command];
        sql::Statement& statement = inserts[task.command];
        int column = 1;
        statement.bind(column++, task.index);
        statement.bind(column++, task.point);
        if (command.kind == CommandKind::Simulate)
            statement.bind(column++, std::int64_t(task.seed.value_or(0)));
        for (const bj::value& value : pointValues(spec, task.point))
            bindValue(statement, column++, value);
        const bool ok = result->at("status").as_string() == "ok";
        statement.bind(column++, std::string(ok ? "ok" : "failed"));
        const bj::value* error = result->if_contains("error");
        bindValue(statement, column++, error ? *error : bj::value(nullptr));
        const bj::object* outputs =
            ok && result->at("outputs").is_object() ? &result->at("outputs").get_object() : nullptr;
        for (const std::string& output : command.outputs) {
            const bj::value* value = outputs ? outputs->if_contains(output) : nullptr;
            bindValue(statement, column++, value && value->is_number() ? *value : bj::value());
        }
        FLEET_TRY(statement.run());
        const bj::value* months = ok ? result->if_contains("months") : nullptr;
        if (monthInserts[task.command] && months && months->is_object())
            FLEET_TRY(
                insertMonths(*monthInserts[task.command], command, task, months->get_object()));
    }
    FLEET_TRY(db.exec("COMMIT;"));
    return true;
}

/// Checks that a result file holds what its name says, for this sweep.
std::optional<std::string> resultProblem(const SweepSpec& spec, const bj::value& value,
                                         std::int64_t nameIndex)
{
    const bj::object* result = value.if_object();
    if (!result)
        return "is not a task result (a JSON object)";
    const bj::value* sweep = result->if_contains("sweep");
    if (!sweep || !sweep->is_string() || sweep->get_string() != spec.digest)
        return "is a result of another sweep (fingerprint " +
               (sweep && sweep->is_string() ? std::string(sweep->get_string()) : "none") +
               "; this sweep's is " + spec.digest +
               "): the sweep file changed since, or the folder is shared";
    const bj::value* index = result->if_contains("index");
    if (!index || !index->is_int64() || index->get_int64() != nameIndex)
        return "holds the result of task " +
               (index && index->is_int64() ? std::to_string(index->get_int64()) : "?") +
               " but is named for task " + std::to_string(nameIndex);
    const bj::value* status = result->if_contains("status");
    if (!status || !status->is_string() ||
        (status->get_string() != "ok" && status->get_string() != "failed"))
        return "has no status \"ok\" or \"failed\"";
    const bj::value* outputs = result->if_contains("outputs");
    if (status->get_string() == "ok" && (!outputs || !outputs->is_object()))
        return "says ok but holds no outputs";
    if (const bj::value* months = result->if_contains("months"))
        return monthsProblem(*months);
    return std::nullopt;
}

} // namespace

Result<CollectReport> collectResults(const SweepSpec& spec, const std::string& outDir,
                                     const std::string& resultsPath, bool allowMissing)
{
    try {
        CollectReport report;
        report.tasks = spec.taskCount();
        const fs::path folder = fs::path(outDir) / "tasks";
        std::error_code ec;
        std::vector<std::optional<bj::object>> results(std::size_t(report.tasks));
        std::map<std::int64_t, std::string> fileOf;
        std::vector<Issue> issues;
        if (fs::is_directory(folder, ec)) {
            std::vector<fs::path> files;
            for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec))
                files.push_back(entry.path());
            std::sort(files.begin(), files.end());
            for (const fs::path& file : files) {
                const auto index = indexOfName(file.filename().string());
                if (!index)
                    continue; // a temporary being written, or something else
                const std::string path = file.string();
                if (*index >= report.tasks) {
                    issues.push_back(Issue{path,
                                           {},
                                           {},
                                           "names task " + std::to_string(*index) +
                                               " and the sweep has tasks 0 to " +
                                               std::to_string(report.tasks - 1)});
                    continue;
                }
                if (auto earlier = fileOf.find(*index); earlier != fileOf.end()) {
                    issues.push_back(Issue{path,
                                           {},
                                           {},
                                           "is a second result of task " + std::to_string(*index) +
                                               " (the first is " + earlier->second +
                                               "); remove one and collect again"});
                    continue;
                }
                fileOf[*index] = path;
                auto text = readTextFile(path, 1u << 20);
                if (!text) {
                    issues.push_back(Issue{path, {}, {}, text.error().messages()});
                    continue;
                }
                auto parsed = json::parse(text.value(), path);
                if (!parsed) {
                    issues.push_back(
                        Issue{path, {}, {}, "cannot be read: " + parsed.error().messages()});
                    continue;
                }
                if (auto problem = resultProblem(spec, parsed.value(), *index)) {
                    issues.push_back(Issue{path, {}, {}, *problem});
                    continue;
                }
                results[std::size_t(*index)] = std::move(parsed.value().get_object());
            }
        }
        if (!issues.empty())
            return Error(std::move(issues));
        for (std::int64_t i = 0; i < report.tasks; ++i) {
            const auto& result = results[std::size_t(i)];
            if (!result)
                report.missing.push_back(i);
            else if (result->at("status").as_string() != "ok")
                report.failed.push_back(i);
            else
                ++report.collected;
        }
        if (!report.missing.empty() && !allowMissing)
            return report;
        auto target = checkExportTarget(resultsPath, {spec.file, spec.projectPath});
        if (!target)
            return target.error();
        auto written = writeThroughTemporary(resultsPath, [&](const std::string& temporary) {
            return writeResultsDatabase(spec, temporary, results);
        });
        if (!written)
            return written.error();
        report.written = true;
        return report;
    } catch (const std::exception& e) {
        return Error({Issue{outDir, {}, {}, std::string("cannot be collected: ") + e.what()}});
    }
}

} // namespace fleet::sweep
