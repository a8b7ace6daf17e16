#include "sweep/sweep_results.h"

#include "io/regular_file.h"
#include "io/sqlite_db.h"
#include "sweep/sweep_spec.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <set>

namespace fleet::sweep {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
/// Inputs, commands, outputs and months beyond these are not a sweep's.
constexpr std::int64_t kMaxColumns = 100;
constexpr int kMaxMonths = 10000;

/// The header's promise against the file's size: a file cut short (a copy
/// interrupted, a download stopped) holds fewer pages than its header says.
std::optional<std::string> headerProblem(const std::string& path)
{
    auto head = readRegularFileHead(path, 100);
    if (!head)
        return head.error().messages();
    const std::string& bytes = head.value();
    static constexpr char kMagic[] = "SQLite format 3";
    if (bytes.size() < 100 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        return "is not a SQLite file, so not a collected sweep result (fleetplanner-cli sweep "
               "collect writes one)";
    const auto byte = [&](std::size_t i) { return std::uint32_t(std::uint8_t(bytes[i])); };
    std::uint32_t pageSize = byte(16) << 8 | byte(17);
    if (pageSize == 1)
        pageSize = 65536;
    const std::uint32_t pages = byte(28) << 24 | byte(29) << 16 | byte(30) << 8 | byte(31);
    const bool pagesValid = std::memcmp(bytes.data() + 24, bytes.data() + 92, 4) == 0;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec)
        return "cannot be measured: " + ec.message();
    if (pageSize < 512 || (pageSize & (pageSize - 1)) != 0)
        return "is damaged: its header gives a page size of " + std::to_string(pageSize) + " bytes";
    if (pagesValid && std::uint64_t(pages) * pageSize > size)
        return "is truncated: its header says " + std::to_string(pages) + " pages of " +
               std::to_string(pageSize) + " bytes (" +
               std::to_string(std::uint64_t(pages) * pageSize) + " bytes) and the file holds " +
               std::to_string(size);
    return std::nullopt;
}

Result<std::vector<std::string>> tableColumns(const sql::Database& db, const std::string& table)
{
    auto info = db.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid");
    if (!info)
        return info.error();
    info.value().bind(1, table);
    std::vector<std::string> columns;
    for (;;) {
        auto row = info.value().step();
        if (!row)
            return row.error();
        if (!row.value())
            break;
        columns.push_back(info.value().text(0));
    }
    return columns;
}

/// Reads every row of `sql` through `each(statement)`, at most `limit` rows.
template <typename Each>
Result<bool> eachRow(const sql::Database& db, const std::string& sql, std::int64_t limit,
                     const std::string& what, Each each)
{
    auto statement = db.prepare(sql);
    if (!statement)
        return statement.error();
    for (std::int64_t rows = 0;; ++rows) {
        auto row = statement.value().step();
        if (!row)
            return row.error();
        if (!row.value())
            return true;
        if (rows >= limit)
            return fileError(db.file(), what + " holds more than " + std::to_string(limit) +
                                            " rows: not a sweep's");
        if (auto problem = each(statement.value()); !problem.empty())
            return fileError(db.file(), what + ": " + problem);
    }
}

double numberOrNone(const sql::Statement& row, int column)
{
    const int type = row.columnType(column);
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT)
        return kNone;
    const double value = row.real(column);
    return std::isfinite(value) ? value : kNone;
}

/// An input's value in a row, as a level of that input (added when new).
int levelOf(const sql::Statement& row, int column, SweepResultInput& input,
            std::map<std::pair<bool, std::string>, int>& known)
{
    SweepLevel level;
    const int type = row.columnType(column);
    if (type == SQLITE_INTEGER || type == SQLITE_FLOAT) {
        level.number = row.real(column);
        char text[40];
        std::snprintf(text, sizeof text, "%.12g", *level.number);
        level.text = text;
    } else {
        level.text = type == SQLITE_NULL ? std::string("null") : row.text(column);
    }
    const auto key = std::make_pair(level.number.has_value(), level.text);
    if (const auto found = known.find(key); found != known.end())
        return found->second;
    const int index = int(input.levels.size());
    known.emplace(key, index);
    input.levels.push_back(std::move(level));
    return index;
}

/// Numbers ascending when every level is one; text as the points gave it.
void orderLevels(SweepResultInput& input, std::vector<std::vector<int>*> rows)
{
    const bool numeric = std::all_of(input.levels.begin(), input.levels.end(),
                                     [](const SweepLevel& l) { return l.number.has_value(); });
    if (!numeric)
        return;
    std::vector<int> order(input.levels.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::sort(order.begin(), order.end(),
              [&](int a, int b) { return *input.levels[a].number < *input.levels[b].number; });
    std::vector<int> newIndex(order.size());
    std::vector<SweepLevel> sorted;
    for (std::size_t i = 0; i < order.size(); ++i) {
        newIndex[std::size_t(order[i])] = int(i);
        sorted.push_back(input.levels[std::size_t(order[i])]);
    }
    input.levels = std::move(sorted);
    for (std::vector<int>* levels : rows)
        for (int& level : *levels)
            level = newIndex[std::size_t(level)];
}

Result<bool> readCommandTable(const sql::Database& db, SweepResults& results,
                              SweepResultCommand& command,
                              std::vector<std::map<std::pair<bool, std::string>, int>>& known)
{
    const std::string table = "table \"" + command.id + "\"";
    auto columns = tableColumns(db, command.id);
    if (!columns)
        return columns.error();
    std::vector<std::string> expected{"task", "point"};
    if (command.seeded)
        expected.push_back("seed");
    for (const SweepResultInput& input : results.inputs)
        expected.push_back(input.name);
    expected.push_back("status");
    expected.push_back("error");
    const std::vector<std::string>& have = columns.value();
    if (have.empty())
        return fileError(db.file(), "has no " + table + " for the command the sweep lists");
    if (have.size() < expected.size() ||
        !std::equal(expected.begin(), expected.end(), have.begin())) {
        std::string list;
        for (const std::string& name : expected)
            list += (list.empty() ? "" : ", ") + name;
        return fileError(db.file(), table +
                                        " lacks the columns a sweep's command table starts "
                                        "with (" +
                                        list + ")");
    }
    command.outputs.assign(have.begin() + std::ptrdiff_t(expected.size()), have.end());
    command.values.assign(command.outputs.size(), {});
    command.levelOf.assign(results.inputs.size(), {});
    const int firstInput = command.seeded ? 3 : 2;
    const int status = firstInput + int(results.inputs.size());
    FLEET_TRY(eachRow(
        db, "SELECT * FROM " + sqlIdentifier(command.id) + " ORDER BY task", results.tasks, table,
        [&](const sql::Statement& row) -> std::string {
            const std::int64_t point = row.integer(1);
            if (row.columnType(1) != SQLITE_INTEGER || point < 0 || point >= results.points)
                return "a row's point is not one of the sweep's 0 to " +
                       std::to_string(results.points - 1);
            const std::string state = row.text(status);
            if (state != "ok" && state != "failed")
                return "a row's status is \"" + state.substr(0, 40) + "\", not ok or failed";
            command.points.push_back(point);
            command.ok.push_back(state == "ok");
            for (std::size_t i = 0; i < results.inputs.size(); ++i)
                command.levelOf[i].push_back(
                    levelOf(row, firstInput + int(i), results.inputs[i], known[i]));
            for (std::size_t o = 0; o < command.outputs.size(); ++o)
                command.values[o].push_back(state == "ok" ? numberOrNone(row, status + 2 + int(o))
                                                          : kNone);
            return {};
        }));
    return true;
}

Result<bool> readMonthsTable(const sql::Database& db, const std::set<std::string>& tables,
                             SweepResultCommand& command)
{
    const std::string name = monthsTable(command.id);
    if (!tables.contains(name))
        return true; // a command that keeps no months
    const std::string table = "table \"" + name + "\"";
    auto columns = tableColumns(db, name);
    if (!columns)
        return columns.error();
    std::vector<std::string> expected{"task", "point"};
    if (command.seeded)
        expected.push_back("seed");
    expected.push_back("month");
    expected.push_back("name");
    const std::vector<std::string>& have = columns.value();
    if (have.size() < expected.size() ||
        !std::equal(expected.begin(), expected.end(), have.begin()))
        return fileError(db.file(), table + " lacks the columns a months table starts with "
                                            "(task, point, [seed], month, name)");
    command.monthlyOutputs.assign(have.begin() + std::ptrdiff_t(expected.size()), have.end());
    command.monthValues.assign(command.monthlyOutputs.size(), {});
    const int month = int(expected.size()) - 2;
    return eachRow(db, "SELECT * FROM " + sqlIdentifier(name) + " ORDER BY task, month",
                   std::int64_t(command.ok.size()) * kMaxMonths, table,
                   [&](const sql::Statement& row) -> std::string {
                       const std::int64_t m = row.integer(month);
                       if (row.columnType(month) != SQLITE_INTEGER || m < 1 || m > kMaxMonths)
                           return "a row's month is not a whole number from 1 to " +
                                  std::to_string(kMaxMonths);
                       if (command.monthNames.size() < std::size_t(m))
                           command.monthNames.resize(std::size_t(m));
                       if (command.monthNames[std::size_t(m - 1)].empty())
                           command.monthNames[std::size_t(m - 1)] = row.text(month + 1);
                       command.monthOf.push_back(int(m - 1));
                       for (std::size_t s = 0; s < command.monthlyOutputs.size(); ++s)
                           command.monthValues[s].push_back(numberOrNone(row, month + 2 + int(s)));
                       return {};
                   });
}

Result<SweepResults> readResults(const sql::Database& db, const std::string& path)
{
    SweepResults results;
    results.file = path;
    std::set<std::string> tables;
    FLEET_TRY(eachRow(db, "SELECT name FROM sqlite_schema WHERE type = 'table'", 10000,
                      "the schema", [&](const sql::Statement& row) -> std::string {
                          tables.insert(row.text(0));
                          return {};
                      }));
    for (const char* needed : {"sweep", "inputs", "commands"})
        if (!tables.contains(needed)) {
            std::string list;
            for (const std::string& name : tables)
                if (list.size() < 200)
                    list += (list.empty() ? "" : ", ") + name;
            return fileError(path, std::string("is not a collected sweep result: it has no "
                                               "table \"") +
                                       needed +
                                       "\" (its tables: " + (list.empty() ? "none" : list) +
                                       "); fleetplanner-cli sweep collect writes one");
        }
    std::map<std::string, std::string> about;
    FLEET_TRY(eachRow(db, "SELECT key, value FROM sweep", 100, "table \"sweep\"",
                      [&](const sql::Statement& row) -> std::string {
                          about[row.text(0)] = row.text(1);
                          return {};
                      }));
    if (about["format"] != "fleetplanner-sweep-results")
        return fileError(path, "is not a collected sweep result: its table \"sweep\" gives the "
                               "format \"" +
                                   about["format"].substr(0, 60) +
                                   "\", not \"fleetplanner-sweep-results\"");
    results.name = about["name"];
    results.digest = about["digest"];
    const auto count = [&](const char* key, std::int64_t& into) -> std::string {
        const std::string& text = about[key];
        if (text.empty() || text.size() > 12 || text.find_first_not_of("0123456789") != text.npos)
            return std::string("its table \"sweep\" gives no whole number of ") + key + " (\"" +
                   text.substr(0, 20) + "\")";
        into = std::stoll(text);
        return {};
    };
    for (const char* key : {"points", "tasks"})
        if (auto problem =
                count(key, std::string_view(key) == "points" ? results.points : results.tasks);
            !problem.empty())
            return fileError(path, problem);
    if (results.tasks > kMaxSweepTasks || results.points > results.tasks)
        return fileError(path, "its table \"sweep\" gives " + std::to_string(results.points) +
                                   " points and " + std::to_string(results.tasks) +
                                   " tasks: not a sweep's");
    FLEET_TRY(eachRow(db, "SELECT name, path FROM inputs ORDER BY position", kMaxColumns,
                      "table \"inputs\"", [&](const sql::Statement& row) -> std::string {
                          if (row.text(0).empty())
                              return "an input has no name";
                          results.inputs.push_back(SweepResultInput{row.text(0), row.text(1), {}});
                          return {};
                      }));
    FLEET_TRY(eachRow(db, "SELECT id, command FROM commands ORDER BY position", kMaxColumns,
                      "table \"commands\"", [&](const sql::Statement& row) -> std::string {
                          const std::string kind = row.text(1);
                          if (kind != "evaluate" && kind != "solve" && kind != "simulate")
                              return "a command is \"" + kind.substr(0, 40) +
                                     "\", not evaluate, solve or simulate";
                          SweepResultCommand command;
                          command.id = row.text(0);
                          command.command = kind;
                          command.seeded = kind == "simulate";
                          if (!tables.contains(command.id))
                              return "it lists the command \"" + command.id.substr(0, 64) +
                                     "\" and the file has no table of that name";
                          results.commands.push_back(std::move(command));
                          return {};
                      }));
    if (results.commands.empty())
        return fileError(path, "lists no command in its table \"commands\"");
    std::vector<std::map<std::pair<bool, std::string>, int>> known(results.inputs.size());
    for (SweepResultCommand& command : results.commands) {
        FLEET_TRY(readCommandTable(db, results, command, known));
        FLEET_TRY(readMonthsTable(db, tables, command));
    }
    for (std::size_t i = 0; i < results.inputs.size(); ++i) {
        std::vector<std::vector<int>*> rows;
        for (SweepResultCommand& command : results.commands)
            rows.push_back(&command.levelOf[i]);
        orderLevels(results.inputs[i], rows);
    }
    return results;
}

} // namespace

Result<SweepResults> openSweepResults(const std::string& path)
{
    if (auto problem = headerProblem(path))
        return fileError(path, *problem);
    auto db = sql::Database::openImmutable(path, path);
    if (!db)
        return db.error();
    sql::harden(db.value().handle());
    // A damaged page is found before any of it is shown.
    auto check = db.value().prepare("PRAGMA quick_check(1)");
    if (!check)
        return fileError(path, "is damaged: " + check.error().messages());
    auto row = check.value().step();
    if (!row)
        return fileError(path, "is damaged: " + row.error().messages());
    if (row.value() && check.value().text(0) != "ok")
        return fileError(path, "is damaged: " + check.value().text(0).substr(0, 200));
    return readResults(db.value(), path);
}

SweepHeatMap sweepHeatMap(const SweepResults& results, const SweepResultCommand& command,
                          std::size_t xInput, std::size_t yInput, std::size_t output)
{
    SweepHeatMap map;
    map.x = results.inputs[xInput].levels;
    map.y = results.inputs[yInput].levels;
    std::vector<std::vector<double>> sum(map.y.size(), std::vector<double>(map.x.size(), 0.0));
    map.count.assign(map.y.size(), std::vector<int>(map.x.size(), 0));
    const std::vector<double>& values = command.values[output];
    for (std::size_t r = 0; r < values.size(); ++r) {
        if (!std::isfinite(values[r]))
            continue;
        const auto x = std::size_t(command.levelOf[xInput][r]);
        const auto y = std::size_t(command.levelOf[yInput][r]);
        sum[y][x] += values[r];
        ++map.count[y][x];
    }
    map.mean.assign(map.y.size(), std::vector<std::optional<double>>(map.x.size()));
    for (std::size_t y = 0; y < map.y.size(); ++y)
        for (std::size_t x = 0; x < map.x.size(); ++x) {
            if (map.count[y][x] == 0)
                continue;
            const double mean = sum[y][x] / map.count[y][x];
            map.mean[y][x] = mean;
            map.low = map.low ? std::min(*map.low, mean) : mean;
            map.high = map.high ? std::max(*map.high, mean) : mean;
        }
    return map;
}

double sweepQuantile(const std::vector<double>& sorted, double p)
{
    const double at = p * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(at));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (at - double(below)) * (sorted[above] - sorted[below]);
}

std::vector<SweepFanMonth> sweepFan(const SweepResultCommand& command, std::size_t series)
{
    std::vector<std::vector<double>> byMonth(command.monthNames.size());
    const std::vector<double>& values = command.monthValues[series];
    for (std::size_t r = 0; r < values.size(); ++r)
        if (std::isfinite(values[r]))
            byMonth[std::size_t(command.monthOf[r])].push_back(values[r]);
    std::vector<SweepFanMonth> fan;
    for (std::size_t m = 0; m < byMonth.size(); ++m) {
        std::vector<double>& month = byMonth[m];
        if (month.empty())
            continue;
        std::sort(month.begin(), month.end());
        SweepFanMonth out;
        out.name = command.monthNames[m];
        out.count = int(month.size());
        out.p10 = sweepQuantile(month, 0.10);
        out.p25 = sweepQuantile(month, 0.25);
        out.p50 = sweepQuantile(month, 0.50);
        out.p75 = sweepQuantile(month, 0.75);
        out.p90 = sweepQuantile(month, 0.90);
        fan.push_back(std::move(out));
    }
    return fan;
}

} // namespace fleet::sweep
