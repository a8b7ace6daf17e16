#include "model/fleet_fields.h"
#include "store/project_columns.h"
#include "store/project_json_writer.h"
#include "store/project_rows.h"

namespace fleet {

namespace bj = boost::json;
using namespace rows;

namespace {

const bj::value* lookup(const bj::object& object, std::string_view key)
{
    const auto slash = key.find('/');
    if (slash == std::string_view::npos)
        return object.if_contains(key);
    const auto* child = object.if_contains(key.substr(0, slash));
    return child && child->is_object() ? lookup(child->as_object(), key.substr(slash + 1))
                                       : nullptr;
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
            for (const std::string& plan : rentedPlanKeys()) {
                const bj::value* price = entry.if_contains(plan);
                if (!price)
                    continue;
                hourlyRow.value().bind(1, bookId);
                hourlyRow.value().bind(2, gpu);
                hourlyRow.value().bind(3, plan);
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

/// The enum lists of `record`'s `items`: a row per element in the list's table.
Result<bool> writeLists(const sql::Database& db, const RecordFields& record, const bj::array* items)
{
    for (const DescribedField& field : record.fields) {
        if (field.info.type != FieldType::EnumList || !items)
            continue;
        auto statement = db.prepare("INSERT INTO " + std::string(field.info.table) + " (" +
                                    std::string(record.table) + "_id, position, " +
                                    std::string(field.info.item) + ") VALUES (?, ?, ?)");
        if (!statement)
            return statement.error();
        for (const bj::value& value : *items) {
            const bj::object& item = value.as_object();
            const bj::value* list = item.if_contains(field.info.key);
            if (!list || !list->is_array())
                continue;
            for (std::size_t i = 0; i < list->as_array().size(); ++i) {
                statement.value().bind(1, std::string(item.at("id").as_string()));
                statement.value().bind(2, std::int64_t(i));
                statement.value().bind(3, std::string(list->as_array()[i].as_string()));
                FLEET_TRY(statement.value().run());
            }
        }
    }
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
    FLEET_TRY(writeLists(db, segmentRecord(), arrayAt(root, "segments")));
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
    FLEET_TRY(insertEach(db, insertSql("tenant", kTenant, {"position"}), arrayAt(root, "tenants"),
                         [](sql::Statement& s, std::int64_t position, const bj::object& item) {
                             s.bind(1, position);
                             bindColumns(s, 2, kTenant, item);
                         }));
    FLEET_TRY(insertEach(db, insertSql("input_range", kRange, {"position"}),
                         arrayAt(root, "ranges"),
                         [](sql::Statement& s, std::int64_t position, const bj::object& item) {
                             s.bind(1, position);
                             bindColumns(s, 2, kRange, item);
                         }));
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

} // namespace fleet
