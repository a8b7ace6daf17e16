#include "store/project_rows.h"

#include "store/project_json.h"
#include "store/project_json_writer.h"

#include <array>
#include <span>

namespace fleet {

namespace bj = boost::json;

namespace {

enum class Type
{
    Text,
    Real,
    Int,
    Bool,
    Json
};

/// A column and the key of the JSON object it maps to ("choice/gpu" reaches
/// into a nested object).
struct Column
{
    const char* name;
    const char* key;
    Type type;
};

constexpr Column kProject[] = {
    {"name", "name", Type::Text},
    {"description", "description", Type::Text},
    {"note", "note", Type::Text},
    {"horizon_months", "horizon/months", Type::Int},
    {"start_month", "horizon/start_month", Type::Text},
    {"active_price_book", "active_price_book", Type::Text},
    {"fleet_mode", "fleet/mode", Type::Text},
    {"scheduler_policy", "scheduler/policy", Type::Text},
};
constexpr Column kSource[] = {{"id", "id", Type::Text},
                              {"title", "title", Type::Text},
                              {"publisher", "publisher", Type::Text},
                              {"url", "url", Type::Text},
                              {"kind", "kind", Type::Text},
                              {"note", "note", Type::Text}};
constexpr Column kPriceBook[] = {{"id", "id", Type::Text},
                                 {"name", "name", Type::Text},
                                 {"currency", "currency", Type::Text},
                                 {"as_of", "as_of", Type::Text},
                                 {"description", "description", Type::Text}};
constexpr Column kHourly[] = {{"usd_per_gpu_hour", "usd_per_gpu_hour", Type::Real},
                              {"source", "source", Type::Text},
                              {"as_of", "as_of", Type::Text},
                              {"interruptions_per_hour", "interruptions_per_hour", Type::Real},
                              {"note", "note", Type::Text}};
constexpr Column kFigure[] = {{"value", "value", Type::Real},
                              {"source", "source", Type::Text},
                              {"as_of", "as_of", Type::Text},
                              {"note", "note", Type::Text}};
constexpr Column kPool[] = {{"id", "id", Type::Text},
                            {"gpu", "gpu", Type::Text},
                            {"count", "count", Type::Int},
                            {"plan", "plan", Type::Text},
                            {"gpus_per_node", "gpus_per_node", Type::Int},
                            {"note", "note", Type::Text}};
constexpr Column kSegment[] = {{"id", "id", Type::Text},
                               {"name", "name", Type::Text},
                               {"isolation_floor", "isolation_floor", Type::Text},
                               {"preemptible", "preemptible", Type::Bool},
                               {"price_usd_per_gpu_hour", "price_usd_per_gpu_hour", Type::Real},
                               {"note", "note", Type::Text}};
constexpr Column kWorkload[] = {{"id", "id", Type::Text},
                                {"name", "name", Type::Text},
                                {"kind", "kind", Type::Text},
                                {"segment", "segment", Type::Text},
                                {"start_month", "start_month", Type::Int},
                                {"end_month", "end_month", Type::Int},
                                {"choice_gpu", "choice/gpu", Type::Text},
                                {"choice_regime", "choice/regime", Type::Text},
                                {"choice_profile", "choice/profile", Type::Text},
                                {"choice_plan", "choice/plan", Type::Text},
                                {"note", "note", Type::Text}};
constexpr Column kTraining[] = {{"active_params", "active_params", Type::Real},
                                {"total_params", "total_params", Type::Real},
                                {"tokens_per_run", "tokens_per_run", Type::Real},
                                {"gpus_per_job", "gpus_per_job", Type::Int},
                                {"efficiency", "efficiency", Type::Real},
                                {"efficiency_measure", "efficiency_measure", Type::Text},
                                {"precision", "precision", Type::Text},
                                {"runs_per_month", "runs_per_month", Type::Real},
                                {"checkpoint_interval_min", "checkpoint_interval_min", Type::Real},
                                {"priority", "priority", Type::Int}};
constexpr Column kInference[] = {{"params", "params", Type::Real},
                                 {"precision", "precision", Type::Text},
                                 {"requests_per_second", "requests_per_second", Type::Real},
                                 {"input_tokens", "input_tokens", Type::Real},
                                 {"output_tokens", "output_tokens", Type::Real},
                                 {"tpot_ms", "tpot_ms", Type::Real},
                                 {"ttft_ms", "ttft_ms", Type::Real},
                                 {"growth_per_month", "growth_per_month", Type::Real},
                                 {"kv_bytes_per_token", "kv_bytes_per_token", Type::Real}};
constexpr Column kNotebooks[] = {{"users", "users", Type::Int},
                                 {"gpus_per_user", "gpus_per_user", Type::Real},
                                 {"active_fraction", "active_fraction", Type::Real},
                                 {"mean_idle_gap_min", "mean_idle_gap_min", Type::Real},
                                 {"idle_timeout_min", "idle_timeout_min", Type::Real},
                                 {"memory_gb_per_session", "memory_gb_per_session", Type::Real}};
constexpr Column kBatch[] = {{"gpu_hours_per_month", "gpu_hours_per_month", Type::Real},
                             {"reference_gpu", "reference_gpu", Type::Text},
                             {"gpus_per_job", "gpus_per_job", Type::Int},
                             {"memory_gb_per_gpu", "memory_gb_per_gpu", Type::Real},
                             {"preemptible", "preemptible", Type::Bool},
                             {"checkpoint_interval_min", "checkpoint_interval_min", Type::Real}};
constexpr Column kScenario[] = {{"id", "id", Type::Text},
                                {"name", "name", Type::Text},
                                {"description", "description", Type::Text}};

struct WorkloadTable
{
    const char* kind;
    const char* table;
    std::span<const Column> columns;
};
const std::array<WorkloadTable, 4> kWorkloadTables = {
    {{"training", "training_workload", kTraining},
     {"inference", "inference_workload", kInference},
     {"notebooks", "notebook_workload", kNotebooks},
     {"batch", "batch_workload", kBatch}}};

const bj::value* lookup(const bj::object& object, std::string_view key)
{
    const auto slash = key.find('/');
    if (slash == std::string_view::npos)
        return object.if_contains(key);
    const auto* child = object.if_contains(key.substr(0, slash));
    return child && child->is_object() ? lookup(child->as_object(), key.substr(slash + 1))
                                       : nullptr;
}

void place(bj::object& object, std::string_view key, bj::value value)
{
    const auto slash = key.find('/');
    if (slash == std::string_view::npos) {
        object[key] = std::move(value);
        return;
    }
    bj::value& child = object[key.substr(0, slash)];
    if (!child.is_object())
        child = bj::object{};
    place(child.as_object(), key.substr(slash + 1), std::move(value));
}

std::string insertSql(const char* table, std::span<const Column> columns,
                      std::initializer_list<const char*> extra)
{
    std::string names, marks;
    for (const char* name : extra) {
        names += std::string(names.empty() ? "" : ", ") + name;
        marks += marks.empty() ? "?" : ", ?";
    }
    for (const Column& column : columns) {
        names += std::string(names.empty() ? "" : ", ") + column.name;
        marks += marks.empty() ? "?" : ", ?";
    }
    return std::string("INSERT INTO ") + table + " (" + names + ") VALUES (" + marks + ")";
}

std::string selectSql(const char* table, std::span<const Column> columns, const char* where)
{
    std::string names;
    for (const Column& column : columns)
        names += std::string(names.empty() ? "" : ", ") + column.name;
    return std::string("SELECT ") + names + " FROM " + table + " " + where;
}

void bindColumns(sql::Statement& statement, int first, std::span<const Column> columns,
                 const bj::object& item)
{
    int index = first;
    for (const Column& column : columns) {
        const bj::value* value = lookup(item, column.key);
        if (!value || value->is_null()) {
            statement.bindNull(index++);
            continue;
        }
        switch (column.type) {
        case Type::Text: statement.bind(index++, std::string(value->as_string())); break;
        case Type::Real: statement.bind(index++, value->to_number<double>()); break;
        case Type::Int: statement.bind(index++, value->to_number<std::int64_t>()); break;
        case Type::Bool: statement.bind(index++, std::int64_t(value->as_bool() ? 1 : 0)); break;
        case Type::Json: statement.bind(index++, bj::serialize(*value)); break;
        }
    }
}

void readColumns(const sql::Statement& statement, int first, std::span<const Column> columns,
                 bj::object& item)
{
    int index = first;
    for (const Column& column : columns) {
        const int at = index++;
        if (statement.isNull(at))
            continue;
        switch (column.type) {
        case Type::Text: place(item, column.key, bj::value(statement.text(at))); break;
        case Type::Real: place(item, column.key, bj::value(statement.real(at))); break;
        case Type::Int: place(item, column.key, bj::value(statement.integer(at))); break;
        case Type::Bool: place(item, column.key, bj::value(statement.integer(at) != 0)); break;
        case Type::Json: place(item, column.key, bj::parse(statement.text(at))); break;
        }
    }
}

#define FLEET_TRY(expression)                                                                      \
    do {                                                                                           \
        auto fleetTryResult = (expression);                                                        \
        if (!fleetTryResult)                                                                       \
            return fleetTryResult.error();                                                         \
    } while (false)

/// Runs `sql` with `bind` for each item of `items` (position = index).
template <typename Bind>
Result<bool> insertEach(const sql::Database& db, const std::string& sql, const bj::array* items,
                        Bind bind)
{
    if (!items)
        return true;
    auto statement = db.prepare(sql);
    if (!statement)
        return statement.error();
    for (std::size_t i = 0; i < items->size(); ++i) {
        bind(statement.value(), static_cast<std::int64_t>(i), (*items)[i].as_object());
        FLEET_TRY(statement.value().run());
    }
    return true;
}

const bj::array* arrayAt(const bj::object& object, std::string_view key)
{
    const bj::value* value = lookup(object, key);
    return value && value->is_array() ? &value->as_array() : nullptr;
}

/// Reads every row of `sql` (the columns, then any extra ones) as objects.
template <typename Each>
Result<bool> forEachRow(const sql::Database& db, const std::string& sql, const std::string& param,
                        Each each)
{
    auto statement = db.prepare(sql);
    if (!statement)
        return statement.error();
    if (!param.empty())
        statement.value().bind(1, param);
    while (true) {
        auto row = statement.value().step();
        if (!row)
            return row.error();
        if (!row.value())
            return true;
        FLEET_TRY(each(statement.value()));
    }
}

Result<bool> writePriceBooks(const sql::Database& db, const bj::array& books)
{
    FLEET_TRY(insertEach(db, insertSql("price_book", kPriceBook, {"position"}), &books,
                         [](sql::Statement& s, std::int64_t position, const bj::object& book) {
                             s.bind(1, position);
                             bindColumns(s, 2, kPriceBook, book);
                         }));
    const std::span<const Column> noteOnly(kFigure + 3, 1);
    auto priceRow =
        db.prepare("INSERT INTO gpu_price (book_id, position, gpu, note) VALUES (?, ?, ?, ?)");
    auto hourlyRow = db.prepare(insertSql("hourly_price", kHourly, {"book_id", "gpu", "plan"}));
    auto ownedRow = db.prepare("INSERT INTO owned_cost (book_id, gpu, note) VALUES (?, ?, ?)");
    auto figureRow = db.prepare(insertSql("owned_figure", kFigure, {"book_id", "gpu", "name"}));
    if (!priceRow || !hourlyRow || !ownedRow || !figureRow)
        return db.error("cannot prepare the price rows");
    for (const bj::value& bookValue : books) {
        const bj::object& book = bookValue.as_object();
        const std::string bookId(book.at("id").as_string());
        const bj::array& gpus = book.at("gpus").as_array();
        for (std::size_t i = 0; i < gpus.size(); ++i) {
            const bj::object& entry = gpus[i].as_object();
            const std::string gpu(entry.at("gpu").as_string());
            priceRow.value().bind(1, bookId);
            priceRow.value().bind(2, std::int64_t(i));
            priceRow.value().bind(3, gpu);
            bindColumns(priceRow.value(), 4, noteOnly, entry);
            FLEET_TRY(priceRow.value().run());
            for (const char* plan : {"on_demand", "reserved_1y", "reserved_3y", "spot"}) {
                const bj::value* price = entry.if_contains(plan);
                if (!price)
                    continue;
                hourlyRow.value().bind(1, bookId);
                hourlyRow.value().bind(2, gpu);
                hourlyRow.value().bind(3, std::string(plan));
                bindColumns(hourlyRow.value(), 4, kHourly, price->as_object());
                FLEET_TRY(hourlyRow.value().run());
            }
            const bj::value* owned = entry.if_contains("owned");
            if (!owned)
                continue;
            ownedRow.value().bind(1, bookId);
            ownedRow.value().bind(2, gpu);
            bindColumns(ownedRow.value(), 3, noteOnly, owned->as_object());
            FLEET_TRY(ownedRow.value().run());
            for (const auto& member : owned->as_object()) {
                if (!member.value().is_object())
                    continue; // the note
                figureRow.value().bind(1, bookId);
                figureRow.value().bind(2, gpu);
                figureRow.value().bind(3, std::string(member.key()));
                bindColumns(figureRow.value(), 4, kFigure, member.value().as_object());
                FLEET_TRY(figureRow.value().run());
            }
        }
    }
    return true;
}

/// An entry's owned cost ({figure…, note}), if it has one.
Result<std::optional<bj::object>> readOwnedCost(const sql::Database& db, const std::string& bookId,
                                                const std::string& gpu)
{
    std::optional<bj::object> owned;
    std::optional<std::string> note;
    auto ownedRow = db.prepare("SELECT note FROM owned_cost WHERE book_id = ? AND gpu = ?");
    if (!ownedRow)
        return ownedRow.error();
    ownedRow.value().bind(1, bookId);
    ownedRow.value().bind(2, gpu);
    auto row = ownedRow.value().step();
    if (!row)
        return row.error();
    if (!row.value())
        return owned;
    if (!ownedRow.value().isNull(0))
        note = ownedRow.value().text(0);
    owned.emplace();
    auto figures = db.prepare(
        "SELECT name, value, source, as_of, note FROM owned_figure WHERE book_id = ? AND gpu = ? "
        "ORDER BY CASE name WHEN 'capex_usd_per_gpu' THEN 0 WHEN 'amortization_years' THEN 1 "
        "WHEN 'hosting_usd_per_gpu_month' THEN 2 WHEN 'pue' THEN 3 ELSE 4 END");
    if (!figures)
        return figures.error();
    figures.value().bind(1, bookId);
    figures.value().bind(2, gpu);
    while (true) {
        auto figureRow = figures.value().step();
        if (!figureRow)
            return figureRow.error();
        if (!figureRow.value())
            break;
        bj::object figure;
        readColumns(figures.value(), 1, kFigure, figure);
        (*owned)[figures.value().text(0)] = std::move(figure);
    }
    if (note)
        (*owned)["note"] = *note;
    return owned;
}

Result<bool> readPriceBooks(const sql::Database& db, bj::object& root)
{
    bj::array books;
    FLEET_TRY(forEachRow(db, selectSql("price_book", kPriceBook, "ORDER BY position"), {},
                         [&](const sql::Statement& s) {
                             bj::object book;
                             readColumns(s, 0, kPriceBook, book);
                             books.push_back(std::move(book));
                             return Result<bool>(true);
                         }));
    for (bj::value& bookValue : books) {
        bj::object& book = bookValue.as_object();
        const std::string bookId(book.at("id").as_string());
        bj::array gpus;
        FLEET_TRY(forEachRow(db,
                             "SELECT gpu, note FROM gpu_price WHERE book_id = ? ORDER BY position",
                             bookId, [&](const sql::Statement& s) {
                                 bj::object entry{{"gpu", s.text(0)}};
                                 if (!s.isNull(1))
                                     entry["note"] = s.text(1);
                                 gpus.push_back(std::move(entry));
                                 return Result<bool>(true);
                             }));
        for (bj::value& entryValue : gpus) {
            bj::object& entry = entryValue.as_object();
            const std::string gpu(entry.at("gpu").as_string());
            bj::object prices;
            auto hourly = db.prepare(
                selectSql("hourly_price", kHourly, "WHERE book_id = ? AND gpu = ? AND plan = ?"));
            if (!hourly)
                return hourly.error();
            for (const char* plan : {"on_demand", "reserved_1y", "reserved_3y", "spot"}) {
                hourly.value().bind(1, bookId);
                hourly.value().bind(2, gpu);
                hourly.value().bind(3, std::string(plan));
                auto row = hourly.value().step();
                if (!row)
                    return row.error();
                if (row.value()) {
                    bj::object price;
                    readColumns(hourly.value(), 0, kHourly, price);
                    prices[plan] = std::move(price);
                }
                hourly.value().reset();
            }
            auto owned = readOwnedCost(db, bookId, gpu);
            if (!owned)
                return owned.error();
            bj::object ordered{{"gpu", entry.at("gpu")}};
            for (auto& member : prices)
                ordered[member.key()] = member.value();
            if (owned.value())
                ordered["owned"] = std::move(*owned.value());
            if (entry.contains("note"))
                ordered["note"] = entry.at("note");
            entry = std::move(ordered);
        }
        book["gpus"] = std::move(gpus);
    }
    if (!books.empty())
        root["price_books"] = std::move(books);
    return true;
}

} // namespace

Result<bool> writeProjectRows(const sql::Database& db, const Project& project)
{
    const bj::object root = projectToJson(project);
    {
        auto statement = db.prepare(insertSql("project", kProject, {"id"}));
        if (!statement)
            return statement.error();
        statement.value().bind(1, std::int64_t(1));
        bindColumns(statement.value(), 2, kProject, root);
        FLEET_TRY(statement.value().run());
    }
    {
        auto statement = db.prepare("INSERT INTO setting_override (position, section, key, "
                                    "value_json) VALUES (?, ?, ?, ?)");
        if (!statement)
            return statement.error();
        for (std::size_t i = 0; i < project.settingOverrides.size(); ++i) {
            const SettingOverride& o = project.settingOverrides[i];
            statement.value().bind(1, std::int64_t(i));
            statement.value().bind(2, o.section);
            statement.value().bind(3, o.key);
            statement.value().bind(4, o.valueJson);
            FLEET_TRY(statement.value().run());
        }
    }
    FLEET_TRY(insertEach(db, insertSql("source", kSource, {"position"}), arrayAt(root, "sources"),
                         [](sql::Statement& s, std::int64_t position, const bj::object& item) {
                             s.bind(1, position);
                             bindColumns(s, 2, kSource, item);
                         }));
    if (const bj::array* books = arrayAt(root, "price_books"))
        FLEET_TRY(writePriceBooks(db, *books));
    FLEET_TRY(insertEach(db, insertSql("fleet_pool", kPool, {"position"}),
                         arrayAt(root, "fleet/pools"),
                         [](sql::Statement& s, std::int64_t position, const bj::object& item) {
                             s.bind(1, position);
                             bindColumns(s, 2, kPool, item);
                         }));
    FLEET_TRY(insertEach(db, insertSql("segment", kSegment, {"position"}),
                         arrayAt(root, "segments"),
                         [](sql::Statement& s, std::int64_t position, const bj::object& item) {
                             s.bind(1, position);
                             bindColumns(s, 2, kSegment, item);
                         }));
    {
        auto statement = db.prepare(
            "INSERT INTO segment_regime (segment_id, position, regime) VALUES (?, ?, ?)");
        if (!statement)
            return statement.error();
        for (const Segment& segment : project.segments)
            for (std::size_t i = 0; i < segment.allowedRegimes.size(); ++i) {
                statement.value().bind(1, segment.id);
                statement.value().bind(2, std::int64_t(i));
                statement.value().bind(3, std::string(regimeKey(segment.allowedRegimes[i])));
                FLEET_TRY(statement.value().run());
            }
    }
    FLEET_TRY(insertEach(db, insertSql("workload", kWorkload, {"position"}),
                         arrayAt(root, "workloads"),
                         [](sql::Statement& s, std::int64_t position, const bj::object& item) {
                             s.bind(1, position);
                             bindColumns(s, 2, kWorkload, item);
                         }));
    for (const WorkloadTable& table : kWorkloadTables) {
        auto statement = db.prepare(insertSql(table.table, table.columns, {"workload_id"}));
        if (!statement)
            return statement.error();
        for (const bj::value& value : *arrayAt(root, "workloads")) {
            const bj::object& item = value.as_object();
            if (item.at("kind").as_string() != table.kind)
                continue;
            statement.value().bind(1, std::string(item.at("id").as_string()));
            bindColumns(statement.value(), 2, table.columns, item);
            FLEET_TRY(statement.value().run());
        }
    }
    FLEET_TRY(insertEach(db, insertSql("scenario", kScenario, {"position"}),
                         arrayAt(root, "scenarios"),
                         [](sql::Statement& s, std::int64_t position, const bj::object& item) {
                             s.bind(1, position);
                             bindColumns(s, 2, kScenario, item);
                         }));
    {
        auto statement = db.prepare("INSERT INTO scenario_override (scenario_id, position, path, "
                                    "value_json) VALUES (?, ?, ?, ?)");
        if (!statement)
            return statement.error();
        for (const Scenario& scenario : project.scenarios)
            for (std::size_t i = 0; i < scenario.overrides.size(); ++i) {
                statement.value().bind(1, scenario.id);
                statement.value().bind(2, std::int64_t(i));
                statement.value().bind(3, scenario.overrides[i].path);
                statement.value().bind(4, scenario.overrides[i].valueJson);
                FLEET_TRY(statement.value().run());
            }
    }
    return true;
}

Result<bj::object> readProjectRows(const sql::Database& db)
{
    bj::object root{{"format", std::string(kProjectFormat)},
                    {"format_version", kProjectFormatVersion}};
    bool found = false;
    FLEET_TRY(forEachRow(db, selectSql("project", kProject, "WHERE id = 1"), {},
                         [&](const sql::Statement& s) {
                             readColumns(s, 0, kProject, root);
                             found = true;
                             return Result<bool>(true);
                         }));
    if (!found)
        return db.error("holds no project row");
    FLEET_TRY(forEachRow(db,
                         "SELECT section, key, value_json FROM setting_override ORDER BY position",
                         {}, [&](const sql::Statement& s) {
                             const std::string section = s.text(0);
                             place(root, section + "/" + s.text(1), bj::parse(s.text(2)));
                             return Result<bool>(true);
                         }));
    bj::array sources;
    FLEET_TRY(forEachRow(db, selectSql("source", kSource, "ORDER BY position"), {},
                         [&](const sql::Statement& s) {
                             bj::object item;
                             readColumns(s, 0, kSource, item);
                             sources.push_back(std::move(item));
                             return Result<bool>(true);
                         }));
    if (!sources.empty())
        root["sources"] = std::move(sources);
    FLEET_TRY(readPriceBooks(db, root));
    bj::array pools;
    FLEET_TRY(forEachRow(db, selectSql("fleet_pool", kPool, "ORDER BY position"), {},
                         [&](const sql::Statement& s) {
                             bj::object item;
                             readColumns(s, 0, kPool, item);
                             pools.push_back(std::move(item));
                             return Result<bool>(true);
                         }));
    place(root, "fleet/pools", std::move(pools));
    bj::array segments;
    FLEET_TRY(forEachRow(db, selectSql("segment", kSegment, "ORDER BY position"), {},
                         [&](const sql::Statement& s) {
                             bj::object item;
                             readColumns(s, 0, kSegment, item);
                             segments.push_back(std::move(item));
                             return Result<bool>(true);
                         }));
    for (bj::value& value : segments) {
        bj::array regimes;
        FLEET_TRY(forEachRow(
            db, "SELECT regime FROM segment_regime WHERE segment_id = ? ORDER BY position",
            std::string(value.as_object().at("id").as_string()), [&](const sql::Statement& s) {
                regimes.push_back(bj::value(s.text(0)));
                return Result<bool>(true);
            }));
        value.as_object()["allowed_regimes"] = std::move(regimes);
    }
    root["segments"] = std::move(segments);
    bj::array workloads;
    FLEET_TRY(forEachRow(db, selectSql("workload", kWorkload, "ORDER BY position"), {},
                         [&](const sql::Statement& s) {
                             bj::object item;
                             readColumns(s, 0, kWorkload, item);
                             workloads.push_back(std::move(item));
                             return Result<bool>(true);
                         }));
    for (bj::value& value : workloads) {
        bj::object& item = value.as_object();
        for (const WorkloadTable& table : kWorkloadTables) {
            if (item.at("kind").as_string() != table.kind)
                continue;
            FLEET_TRY(forEachRow(db, selectSql(table.table, table.columns, "WHERE workload_id = ?"),
                                 std::string(item.at("id").as_string()),
                                 [&](const sql::Statement& s) {
                                     readColumns(s, 0, table.columns, item);
                                     return Result<bool>(true);
                                 }));
        }
    }
    root["workloads"] = std::move(workloads);
    bj::array scenarios;
    FLEET_TRY(forEachRow(db, selectSql("scenario", kScenario, "ORDER BY position"), {},
                         [&](const sql::Statement& s) {
                             bj::object item;
                             readColumns(s, 0, kScenario, item);
                             scenarios.push_back(std::move(item));
                             return Result<bool>(true);
                         }));
    for (bj::value& value : scenarios) {
        bj::array overrides;
        FLEET_TRY(forEachRow(db,
                             "SELECT path, value_json FROM scenario_override WHERE scenario_id = ? "
                             "ORDER BY position",
                             std::string(value.as_object().at("id").as_string()),
                             [&](const sql::Statement& s) {
                                 overrides.push_back(bj::object{{"path", s.text(0)},
                                                                {"value", bj::parse(s.text(1))}});
                                 return Result<bool>(true);
                             }));
        value.as_object()["overrides"] = std::move(overrides);
    }
    if (!scenarios.empty())
        root["scenarios"] = std::move(scenarios);
    return root;
}

} // namespace fleet
