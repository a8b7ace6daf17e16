#include "io/json_reader.h"
#include "model/fleet_fields.h"
#include "store/project_columns.h"
#include "store/project_json.h"
#include "store/project_rows.h"

#include <stdexcept>

namespace fleet {

namespace bj = boost::json;
using namespace rows;

namespace {

/// A cell that cannot become part of the project document. Thrown inside
/// this file only, and turned into an Issue by readProjectRows.
struct BadCell : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

/// Settings are "assumptions", "regimes/NAME" or "scheduler/NAME" with a
/// plain key: three levels at most, whatever a hostile row says.
constexpr std::size_t kMaxSettingLevels = 3;

/// One row being read: every cell is checked for its type, and text for
/// UTF-8 and control characters, with the table, row and column named.
class Row
{
public:
    Row(const sql::Statement& statement, std::string where)
        : m_statement(statement), m_where(std::move(where))
    {}

    bool isNull(int column) const { return m_statement.isNull(column); }

    std::string text(int column) const
    {
        expect(column, SQLITE_TEXT, "text");
        std::string value = m_statement.text(column);
        if (auto problem = json::textProblem(value))
            fail(column, *problem);
        return value;
    }
    double real(int column) const
    {
        if (m_statement.columnType(column) != SQLITE_INTEGER)
            expect(column, SQLITE_FLOAT, "a number");
        return m_statement.real(column);
    }
    std::int64_t integer(int column) const
    {
        expect(column, SQLITE_INTEGER, "a whole number");
        return m_statement.integer(column);
    }
    bj::value json(int column) const
    {
        auto parsed = json::parse(text(column), {}, {1'000'000, 32});
        if (!parsed)
            fail(column, "holds no valid JSON value (" + parsed.error().messages() + ")");
        return std::move(parsed).value();
    }
    [[noreturn]] void fail(int column, const std::string& problem) const
    {
        throw BadCell(m_where + ", column " + m_statement.columnName(column) + ": " + problem);
    }

private:
    void expect(int column, int type, const char* what) const
    {
        if (m_statement.columnType(column) != type)
            fail(column, std::string("must hold ") + what + ", not " +
                             typeName(m_statement.columnType(column)));
    }
    static const char* typeName(int type)
    {
        switch (type) {
        case SQLITE_INTEGER: return "an integer";
        case SQLITE_FLOAT: return "a real number";
        case SQLITE_TEXT: return "text";
        case SQLITE_BLOB: return "a blob";
        default: return "null";
        }
    }

    const sql::Statement& m_statement;
    std::string m_where;
};

/// Sets `object[a][b]…` for the key "a/b/…", creating objects on the way.
/// Iterative, and bounded by `maxLevels`, so no key can exhaust the stack.
void place(bj::object& root, std::string_view key, bj::value value, const Row& row, int column,
           std::size_t maxLevels = kMaxSettingLevels)
{
    std::size_t levels = 1;
    for (char c : key)
        levels += c == '/';
    if (levels > maxLevels)
        row.fail(column, "names a setting " + std::to_string(levels) +
                             " levels deep; settings are at most " + std::to_string(maxLevels) +
                             " levels (section/name/key)");
    bj::object* object = &root;
    while (true) {
        const auto slash = key.find('/');
        if (slash == std::string_view::npos) {
            (*object)[key] = std::move(value);
            return;
        }
        bj::value& child = (*object)[key.substr(0, slash)];
        if (!child.is_object())
            child = bj::object{};
        object = &child.as_object();
        key = key.substr(slash + 1);
    }
}

void readColumns(const Row& row, int first, std::span<const Column> columns, bj::object& item)
{
    int index = first;
    for (const Column& column : columns) {
        const int at = index++;
        if (row.isNull(at))
            continue;
        switch (column.type) {
        case Type::Text: place(item, column.key, bj::value(row.text(at)), row, at); break;
        case Type::Real: place(item, column.key, bj::value(row.real(at)), row, at); break;
        case Type::Int: place(item, column.key, bj::value(row.integer(at)), row, at); break;
        case Type::Bool: place(item, column.key, bj::value(row.integer(at) != 0), row, at); break;
        case Type::Json: place(item, column.key, row.json(at), row, at); break;
        }
    }
}

/// Reads every row of `sql` (with `param` bound to ?1 unless empty); `each`
/// gets the row, named "table TABLE, row N" (1-based, in the query's order).
template <typename Each>
Result<bool> forEachRow(const sql::Database& db, const std::string& sql, const std::string& param,
                        const char* table, Each each)
{
    auto statement = db.prepare(sql);
    if (!statement)
        return statement.error();
    if (!param.empty())
        statement.value().bind(1, param);
    for (std::size_t number = 1;; ++number) {
        auto step = statement.value().step();
        if (!step)
            return step.error();
        if (!step.value())
            return true;
        std::string where = std::string("table ") + table + ", row " + std::to_string(number);
        if (!param.empty())
            where += " for \"" + param + "\"";
        each(Row(statement.value(), std::move(where)));
    }
}

/// The text of column `key` in `item`, or "" when absent (a damaged row
/// may lack its id; the validator then reports the missing field).
std::string keyOf(const bj::object& item, std::string_view key)
{
    const bj::value* value = item.if_contains(key);
    return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

/// An entry's owned cost ({figure…, note}), if it has one.
Result<std::optional<bj::object>> readOwnedCost(const sql::Database& db, const std::string& bookId,
                                                const std::string& gpu)
{
    std::optional<bj::object> owned;
    auto ownedRow = db.prepare("SELECT note FROM owned_cost WHERE book_id = ? AND gpu = ?");
    if (!ownedRow)
        return ownedRow.error();
    ownedRow.value().bind(1, bookId);
    ownedRow.value().bind(2, gpu);
    auto step = ownedRow.value().step();
    if (!step)
        return step.error();
    if (!step.value())
        return owned;
    const Row ownedCells(ownedRow.value(), "table owned_cost, row for \"" + gpu + "\"");
    std::optional<std::string> note;
    if (!ownedCells.isNull(0))
        note = ownedCells.text(0);
    owned.emplace();
    auto figures = db.prepare(
        "SELECT name, value, source, as_of, note FROM owned_figure WHERE book_id = ? AND gpu = ? " +
        ownedFigureOrderSql());
    if (!figures)
        return figures.error();
    figures.value().bind(1, bookId);
    figures.value().bind(2, gpu);
    for (std::size_t number = 1;; ++number) {
        auto figureStep = figures.value().step();
        if (!figureStep)
            return figureStep.error();
        if (!figureStep.value())
            break;
        const Row row(figures.value(),
                      "table owned_figure, row " + std::to_string(number) + " for \"" + gpu + "\"");
        bj::object figure;
        readColumns(row, 1, kFigure, figure);
        (*owned)[row.text(0)] = std::move(figure);
    }
    if (note)
        (*owned)["note"] = *note;
    return owned;
}

Result<bool> readPriceBooks(const sql::Database& db, bj::object& root)
{
    bj::array books;
    FLEET_TRY(forEachRow(db, selectSql("price_book", kPriceBook, "ORDER BY position"), {},
                         "price_book", [&](const Row& row) {
                             bj::object book;
                             readColumns(row, 0, kPriceBook, book);
                             books.push_back(std::move(book));
                         }));
    for (bj::value& bookValue : books) {
        bj::object& book = bookValue.get_object();
        const std::string bookId = keyOf(book, "id");
        bj::array gpus;
        FLEET_TRY(forEachRow(db,
                             "SELECT gpu, note FROM gpu_price WHERE book_id = ? ORDER BY position",
                             bookId, "gpu_price", [&](const Row& row) {
                                 bj::object entry{{"gpu", row.text(0)}};
                                 if (!row.isNull(1))
                                     entry["note"] = row.text(1);
                                 gpus.push_back(std::move(entry));
                             }));
        auto hourly = db.prepare(
            selectSql("hourly_price", kHourly, "WHERE book_id = ? AND gpu = ? AND plan = ?"));
        if (!hourly)
            return hourly.error();
        for (bj::value& entryValue : gpus) {
            bj::object& entry = entryValue.get_object();
            const std::string gpu = keyOf(entry, "gpu");
            bj::object ordered{{"gpu", gpu}};
            for (const std::string& plan : rentedPlanKeys()) {
                hourly.value().bind(1, bookId);
                hourly.value().bind(2, gpu);
                hourly.value().bind(3, plan);
                auto step = hourly.value().step();
                if (!step)
                    return step.error();
                if (step.value()) {
                    bj::object price;
                    readColumns(
                        Row(hourly.value(), "table hourly_price, row for \"" + gpu + "\" " + plan),
                        0, kHourly, price);
                    ordered[plan] = std::move(price);
                }
                hourly.value().reset();
            }
            auto owned = readOwnedCost(db, bookId, gpu);
            if (!owned)
                return owned.error();
            if (owned.value())
                ordered["owned"] = std::move(*owned.value());
            if (const bj::value* note = entry.if_contains("note"))
                ordered["note"] = *note;
            entry = std::move(ordered);
        }
        book["gpus"] = std::move(gpus);
    }
    if (!books.empty())
        root["price_books"] = std::move(books);
    return true;
}

/// The rows of `table` (with `columns`) in position order, as objects.
Result<bj::array> readList(const sql::Database& db, const char* table,
                           std::span<const Column> columns)
{
    bj::array items;
    FLEET_TRY(forEachRow(db, selectSql(table, columns, "ORDER BY position"), {}, table,
                         [&](const Row& row) {
                             bj::object item;
                             readColumns(row, 0, columns, item);
                             items.push_back(std::move(item));
                         }));
    return items;
}

/// The enum lists of `record`'s `items`, from their tables in position order.
Result<bool> readLists(const sql::Database& db, const RecordFields& record, bj::array& items)
{
    for (const DescribedField& field : record.fields) {
        if (field.info.type != FieldType::EnumList)
            continue;
        const std::string table(field.info.table);
        const std::string sql = "SELECT " + std::string(field.info.item) + " FROM " + table +
                                " WHERE " + std::string(record.table) + "_id = ? ORDER BY position";
        for (bj::value& value : items) {
            bj::array list;
            FLEET_TRY(forEachRow(db, sql, keyOf(value.get_object(), "id"), table.c_str(),
                                 [&](const Row& row) { list.push_back(bj::value(row.text(0))); }));
            // No rows of an optional list: the key is absent (a segment's
            // regimes that its stage sets).
            if (!list.empty() || field.info.presence == Presence::Required)
                value.get_object()[field.info.key] = std::move(list);
        }
    }
    return true;
}

Result<bool> readTableRows(const sql::Database& db, bj::object& root)
{
    bool found = false;
    FLEET_TRY(forEachRow(db, selectSql("project", kProject, "WHERE id = 1"), {}, "project",
                         [&](const Row& row) {
                             readColumns(row, 0, kProject, root);
                             found = true;
                         }));
    if (!found)
        return db.error("holds no project row");
    FLEET_TRY(forEachRow(db,
                         "SELECT section, key, value_json FROM setting_override ORDER BY position",
                         {}, "setting_override", [&](const Row& row) {
                             const std::string key = row.text(1);
                             if (key.find('/') != std::string::npos)
                                 row.fail(1, "a setting's key may not contain '/'");
                             place(root, row.text(0) + "/" + key, row.json(2), row, 0);
                         }));
    auto sources = readList(db, "source", kSource);
    if (!sources)
        return sources.error();
    if (!sources.value().empty())
        root["sources"] = std::move(sources).value();
    FLEET_TRY(readPriceBooks(db, root));
    auto pools = readList(db, "fleet_pool", kPool);
    if (!pools)
        return pools.error();
    bj::value& fleet = root["fleet"];
    if (!fleet.is_object())
        fleet = bj::object{};
    fleet.get_object()["pools"] = std::move(pools).value();
    auto segments = readList(db, "segment", kSegment);
    if (!segments)
        return segments.error();
    FLEET_TRY(readLists(db, segmentRecord(), segments.value()));
    root["segments"] = std::move(segments).value();
    auto workloads = readList(db, "workload", kWorkload);
    if (!workloads)
        return workloads.error();
    for (bj::value& value : workloads.value()) {
        bj::object& item = value.get_object();
        for (const WorkloadTable& table : kWorkloadTables) {
            if (keyOf(item, "kind") != table.kind)
                continue;
            FLEET_TRY(forEachRow(db, selectSql(table.table, table.columns, "WHERE workload_id = ?"),
                                 keyOf(item, "id"), table.table, [&](const Row& row) {
                                     readColumns(row, 0, table.columns, item);
                                 }));
        }
    }
    root["workloads"] = std::move(workloads).value();
    auto tenants = readList(db, "tenant", kTenant);
    if (!tenants)
        return tenants.error();
    if (!tenants.value().empty())
        root["tenants"] = std::move(tenants).value();
    auto ranges = readList(db, "input_range", kRange);
    if (!ranges)
        return ranges.error();
    if (!ranges.value().empty())
        root["ranges"] = std::move(ranges).value();
    auto scenarios = readList(db, "scenario", kScenario);
    if (!scenarios)
        return scenarios.error();
    for (bj::value& value : scenarios.value()) {
        bj::array overrides;
        FLEET_TRY(forEachRow(
            db,
            "SELECT path, value_json FROM scenario_override WHERE scenario_id = ? "
            "ORDER BY position",
            keyOf(value.get_object(), "id"), "scenario_override", [&](const Row& row) {
                overrides.push_back(bj::object{{"path", row.text(0)}, {"value", row.json(1)}});
            }));
        value.get_object()["overrides"] = std::move(overrides);
    }
    if (!scenarios.value().empty())
        root["scenarios"] = std::move(scenarios).value();
    return true;
}

} // namespace

Result<bj::object> readProjectRows(const sql::Database& db)
{
    bj::object root{{"format", std::string(kProjectFormat)},
                    {"format_version", kProjectFormatVersion}};
    try {
        FLEET_TRY(readTableRows(db, root));
    } catch (const BadCell& bad) {
        return Error({Issue{db.file(), {}, {}, bad.what()}});
    }
    return root;
}

} // namespace fleet
