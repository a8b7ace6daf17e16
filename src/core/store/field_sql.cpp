#include "store/field_sql.h"

#include "model/fleet_fields.h"
#include "model/price_fields.h"
#include "model/project_fields.h"
#include "model/range_fields.h"
#include "model/tenant_fields.h"
#include "model/workload_fields.h"

#include <cmath>

namespace fleet::rows {

namespace {

Type columnType(FieldType type)
{
    switch (type) {
    case FieldType::Number: return Type::Real;
    case FieldType::Integer: return Type::Int;
    case FieldType::Text:
    case FieldType::Enum:
    case FieldType::Id:
    case FieldType::Reference:
    case FieldType::EnumList:
    case FieldType::Month: return Type::Text;
    case FieldType::Bool: return Type::Bool;
    }
    return Type::Real;
}

std::string sqlNumber(double value, FieldType type)
{
    if (type == FieldType::Integer)
        return std::to_string(static_cast<long long>(std::llround(value)));
    return fieldNumberText(value);
}

std::string enumCheck(std::string_view column, std::span<const EnumOption> options)
{
    std::string keys;
    for (const EnumOption& option : options)
        keys += (keys.empty() ? "'" : ", '") + std::string(option.key) + "'";
    return std::string(column) + " IN (" + keys + ")";
}

std::string_view columnOf(const FieldInfo& field)
{
    return field.column.empty() ? field.key : field.column;
}

std::string checkOf(const FieldInfo& field)
{
    const std::string name(columnOf(field));
    switch (field.type) {
    case FieldType::Number:
    case FieldType::Integer: {
        const std::string min = sqlNumber(field.range.min, field.type);
        const std::string max = sqlNumber(field.range.max, field.type);
        if (field.range.minExclusive)
            return name + " > " + min + " AND " + name + " <= " + max;
        return name + " BETWEEN " + min + " AND " + max;
    }
    case FieldType::Bool: return name + " IN (0, 1)";
    case FieldType::Enum: return enumCheck(name, field.options);
    case FieldType::Month: return name + " GLOB '[12][0-9][0-9][0-9]-[01][0-9]'";
    case FieldType::Text:
        if (field.maxLength == 0)
            break;
        if (field.presence == Presence::Required)
            return "length(" + name + ") BETWEEN 1 AND " + std::to_string(field.maxLength);
        return "length(" + name + ") <= " + std::to_string(field.maxLength);
    case FieldType::Id:
    case FieldType::Reference:
    case FieldType::EnumList: break;
    }
    return {};
}

const char* sqlType(FieldType type)
{
    switch (type) {
    case FieldType::Number: return "REAL";
    case FieldType::Integer:
    case FieldType::Bool: return "INTEGER";
    case FieldType::Text:
    case FieldType::Enum:
    case FieldType::Id:
    case FieldType::Reference:
    case FieldType::EnumList:
    case FieldType::Month: return "TEXT";
    }
    return "REAL";
}

/// An enum list's table: the parent's id, the position in the list, the element.
std::string listTableSql(std::string_view parent, const FieldInfo& list)
{
    const std::string parentId = std::string(parent) + "_id";
    return "CREATE TABLE " + std::string(list.table) + " (\n    " + parentId +
           " TEXT NOT NULL REFERENCES " + std::string(parent) +
           " (id) ON DELETE CASCADE,\n    position INTEGER NOT NULL,\n    " +
           std::string(list.item) + " TEXT NOT NULL" +
           (list.registryKeys ? std::string()
                              : " CHECK (" + enumCheck(list.item, list.options) + ")") +
           ",\n    PRIMARY KEY (" + parentId + ", position)\n) STRICT;\n";
}

} // namespace

std::vector<Column> recordColumns(const RecordFields& record)
{
    std::vector<Column> columns;
    for (const DescribedField& field : record.fields)
        if (field.info.type != FieldType::EnumList)
            columns.push_back(
                {columnOf(field.info).data(), field.info.key.data(), columnType(field.info.type)});
    return columns;
}

std::vector<Column> specColumns(WorkloadKind kind)
{
    return recordColumns(workloadRecord(kind));
}

std::vector<Column> poolColumns()
{
    return recordColumns(poolRecord());
}

std::vector<Column> segmentColumns()
{
    return recordColumns(segmentRecord());
}

std::vector<Column> tenantColumns()
{
    return recordColumns(tenantRecord());
}

std::string tenantTableSql()
{
    return recordTableSql(tenantRecord(), "position INTEGER NOT NULL UNIQUE");
}

std::vector<Column> rangeColumns()
{
    return recordColumns(rangeRecord());
}

std::string rangeTableSql()
{
    return recordTableSql(rangeRecord(), "position INTEGER PRIMARY KEY", "UNIQUE (path)");
}

std::vector<Column> hourlyColumns()
{
    return recordColumns(hourlyPriceRecord());
}

std::vector<std::string> rentedPlanKeys()
{
    std::vector<std::string> keys;
    for (Plan plan : kAllPlans)
        if (plan != Plan::Owned)
            keys.emplace_back(planKey(plan));
    return keys;
}

std::string ownedFigureOrderSql()
{
    std::string sql = "ORDER BY CASE name";
    const auto figures = ownedFigureFields();
    for (std::size_t i = 0; i < figures.size(); ++i)
        sql += " WHEN '" + std::string(figures[i].info.key) + "' THEN " + std::to_string(i);
    return sql + " ELSE " + std::to_string(figures.size()) + " END";
}

std::vector<Column> scenarioColumns()
{
    return recordColumns(scenarioRecord());
}

std::string recordTableSql(const RecordFields& record, std::string_view first,
                           std::string_view last)
{
    std::string sql = "CREATE TABLE " + std::string(record.table) + " (\n    " + std::string(first);
    std::string lists;
    for (const DescribedField& field : record.fields) {
        const FieldInfo& info = field.info;
        if (info.type == FieldType::EnumList) {
            lists += listTableSql(record.table, info);
            continue;
        }
        sql += ",\n    " + std::string(columnOf(info)) + " " + sqlType(info.type);
        if (info.type == FieldType::Id)
            sql += " PRIMARY KEY";
        else if (info.type == FieldType::Reference && info.item == "segment")
            sql += " NOT NULL REFERENCES segment (id)"; // a project row, not a catalog one
        else if (info.presence == Presence::Required || info.presence == Presence::Optional)
            sql += " NOT NULL";
        if (const std::string check = checkOf(info); !check.empty())
            sql += " CHECK (" + check + ")";
    }
    if (!last.empty())
        sql += ",\n    " + std::string(last);
    return sql + "\n) STRICT;\n" + lists;
}

std::string specTablesSql()
{
    std::string sql;
    for (const WorkloadTable& table : kWorkloadTables)
        for (const RecordFields& record : workloadRecords())
            if (record.record == table.kind)
                sql += recordTableSql(
                    record, "workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE "
                            "CASCADE");
    return sql;
}

std::vector<Column> projectColumns()
{
    return recordColumns(projectRecord());
}

std::string projectTableSql()
{
    return recordTableSql(projectRecord(), "id INTEGER PRIMARY KEY CHECK (id = 1)");
}

std::string scenarioTableSql()
{
    return recordTableSql(scenarioRecord(), "position INTEGER NOT NULL UNIQUE");
}

std::string priceEntryTablesSql()
{
    const std::vector<std::string> rentedKeys = rentedPlanKeys();
    std::vector<EnumOption> rented;
    for (const std::string& key : rentedKeys)
        rented.push_back({key, ""});
    const std::string hourly = recordTableSql(
        hourlyPriceRecord(),
        "book_id TEXT NOT NULL,\n    gpu TEXT NOT NULL,\n    plan TEXT NOT NULL CHECK (" +
            enumCheck("plan", rented) + ")",
        "PRIMARY KEY (book_id, gpu, plan),\n    FOREIGN KEY (book_id, gpu) REFERENCES gpu_price "
        "(book_id, gpu) ON DELETE CASCADE");
    std::vector<EnumOption> figures;
    for (const OwnedFigureField& figure : ownedFigureFields())
        figures.push_back({figure.info.key, ""});
    return hourly + R"SQL(CREATE TABLE owned_cost (
    book_id TEXT NOT NULL,
    gpu TEXT NOT NULL,
    note TEXT,
    PRIMARY KEY (book_id, gpu),
    FOREIGN KEY (book_id, gpu) REFERENCES gpu_price (book_id, gpu) ON DELETE CASCADE
) STRICT;
CREATE TABLE owned_figure (
    book_id TEXT NOT NULL,
    gpu TEXT NOT NULL,
    name TEXT NOT NULL CHECK ()SQL" +
           enumCheck("name", figures) + R"SQL(),
    value REAL NOT NULL CHECK (value >= 0),
    source TEXT NOT NULL,
    as_of TEXT NOT NULL,
    note TEXT,
    PRIMARY KEY (book_id, gpu, name),
    FOREIGN KEY (book_id, gpu) REFERENCES owned_cost (book_id, gpu) ON DELETE CASCADE
) STRICT;
)SQL";
}

std::string poolAndSegmentTablesSql()
{
    constexpr std::string_view position = "position INTEGER NOT NULL UNIQUE";
    return recordTableSql(poolRecord(), position) + recordTableSql(segmentRecord(), position);
}

} // namespace fleet::rows
