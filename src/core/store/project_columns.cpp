#include "store/project_columns.h"

namespace fleet::rows {

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

} // namespace fleet::rows
