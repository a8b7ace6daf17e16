#include "store/field_sql.h"

#include <cmath>

namespace fleet::rows {

namespace {

Type columnType(FieldType type)
{
    switch (type) {
    case FieldType::Number: return Type::Real;
    case FieldType::Integer: return Type::Int;
    case FieldType::Text:
    case FieldType::Enum: return Type::Text;
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

std::string checkOf(const FieldInfo& field)
{
    const std::string name(field.key);
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
    case FieldType::Enum: {
        std::string keys;
        for (const EnumOption& option : field.options)
            keys += (keys.empty() ? "'" : ", '") + std::string(option.key) + "'";
        return name + " IN (" + keys + ")";
    }
    case FieldType::Text: break;
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
    case FieldType::Enum: return "TEXT";
    }
    return "REAL";
}

} // namespace

std::vector<Column> specColumns(WorkloadKind kind)
{
    std::vector<Column> columns;
    for (const DescribedField& field : workloadRecord(kind).fields)
        columns.push_back(
            {field.info.key.data(), field.info.key.data(), columnType(field.info.type)});
    return columns;
}

std::string specTableSql(std::string_view table, const RecordFields& record)
{
    std::string sql = "CREATE TABLE " + std::string(table) +
                      " (\n    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE "
                      "CASCADE";
    for (const DescribedField& field : record.fields) {
        const FieldInfo& info = field.info;
        sql += ",\n    " + std::string(info.key) + " " + sqlType(info.type);
        if (info.presence == Presence::Required || info.presence == Presence::Optional)
            sql += " NOT NULL";
        if (const std::string check = checkOf(info); !check.empty())
            sql += " CHECK (" + check + ")";
    }
    return sql + "\n) STRICT;\n";
}

std::string specTablesSql()
{
    std::string sql;
    for (const WorkloadTable& table : kWorkloadTables)
        for (const RecordFields& record : workloadRecords())
            if (record.record == table.kind)
                sql += specTableSql(table.table, record);
    return sql;
}

} // namespace fleet::rows
