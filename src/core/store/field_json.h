#pragma once

// The JSON side of the field tables (model/field_table.h): one reader and one
// writer for every record with a table, each field read, checked and written
// as its row says. Rules across fields and across records (a plan the active
// price book prices, a duplicate id) stay with the record's own reader.

#include "model/field_table.h"
#include "model/project.h"
#include "store/json_reader.h"

#include <boost/json/object.hpp>

#include <span>
#include <string>
#include <vector>

namespace fleet {

/// Reads one field as its row describes it; nullopt when it is absent or was
/// reported. A reference to a row the catalog lacks is reported and kept (the
/// record then refers to nothing; the project is refused anyway).
std::optional<FieldValue> readField(json::Reader& reader, const boost::json::object& item,
                                    const std::string& path, const FieldInfo& field,
                                    const Project& project);

/// Writes `value` under the field's key (integers as JSON integers).
void writeField(boost::json::object& item, const FieldInfo& field, const FieldValue& value);

/// The keys of the fields that are (not) required, in table order.
template <typename Record>
std::vector<std::string_view> fieldKeys(std::span<const Field<Record>> fields, bool required)
{
    std::vector<std::string_view> keys;
    for (const Field<Record>& field : fields)
        if ((field.info.presence == Presence::Required) == required)
            keys.push_back(field.info.key);
    return keys;
}

/// Every field of a record: unknown and missing keys reported, then each
/// field read in table order (the entry named by the id once it is read).
template <typename Record>
Record readRecord(json::Reader& reader, const boost::json::object& item, const std::string& path,
                  std::span<const Field<Record>> fields, const Project& project)
{
    static const std::vector<std::string_view> required = fieldKeys(fields, true);
    static const std::vector<std::string_view> optional = fieldKeys(fields, false);
    reader.checkKeys(item, path, required, optional);
    Record record;
    for (const Field<Record>& field : fields) {
        auto value = readField(reader, item, path, field.info, project);
        if (field.info.type == FieldType::Id)
            reader.setEntry(value ? std::get<std::string>(*value) : std::string());
        if (value)
            field.set(record, *value);
    }
    return record;
}

/// Writes a record's fields in table order; see Presence for which are omitted.
template <typename Record>
void writeRecord(boost::json::object& item, const Record& record,
                 std::span<const Field<Record>> fields)
{
    static const Record defaults{};
    for (const Field<Record>& field : fields) {
        const FieldValue value = field.get(record);
        if (std::holds_alternative<std::monostate>(value))
            continue;
        if (field.info.presence == Presence::OmitWhenDefault && value == field.get(defaults))
            continue;
        writeField(item, field.info, value);
    }
}

} // namespace fleet
