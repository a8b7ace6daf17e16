#pragma once

// The JSON side of the field tables (model/field_table.h): one reader and one
// writer for every record with a table, each field read, checked and written
// as its row says. Rules across fields and across records (a plan the active
// price book prices, a duplicate id) stay with the record's own reader.

#include "io/json_reader.h"
#include "model/field_table.h"
#include "model/project.h"

#include <boost/json/object.hpp>

#include <initializer_list>
#include <span>
#include <string>
#include <utility>
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

/// Every field of a record: unknown and missing keys reported (`required`
/// and `optional` keys that are not fields allowed too, after the fields'),
/// then each field read in table order; with `namesEntry`, the entry named
/// by the id once it is read.
template <typename Record>
Record readRecord(json::Reader& reader, const boost::json::object& item, const std::string& path,
                  std::span<const Field<Record>> fields, const Project& project,
                  std::initializer_list<std::string_view> required = {},
                  std::initializer_list<std::string_view> optional = {}, bool namesEntry = true)
{
    std::vector<std::string_view> requiredKeys = fieldKeys(fields, true);
    requiredKeys.insert(requiredKeys.end(), required.begin(), required.end());
    std::vector<std::string_view> optionalKeys = fieldKeys(fields, false);
    optionalKeys.insert(optionalKeys.end(), optional.begin(), optional.end());
    reader.checkKeys(item, path, requiredKeys, optionalKeys);
    Record record;
    for (const Field<Record>& field : fields) {
        auto value = readField(reader, item, path, field.info, project);
        if (field.info.type == FieldType::Id && namesEntry)
            reader.setEntry(value ? std::get<std::string>(*value) : std::string());
        if (value)
            field.set(record, *value);
    }
    return record;
}

/// A nested key's leaf and its parent's JSON pointer: "horizon/months" →
/// ("months", "/horizon"); "name" → ("name", "").
std::pair<std::string_view, std::string> leafOf(std::string_view key);

/// Reads `field` (a nested key: its leaf) from `parent`, the object its key's
/// parent path names, into `record`; false when absent or reported.
template <typename Record>
bool readNestedField(json::Reader& reader, const boost::json::object& parent,
                     const Field<Record>& field, Record& record, const Project& project)
{
    const auto [leaf, parentPath] = leafOf(field.info.key);
    FieldInfo info = field.info;
    info.key = leaf;
    auto value = readField(reader, parent, parentPath, info, project);
    if (value)
        field.set(record, *value);
    return value.has_value();
}

/// Writes `field` of `record` under its key's leaf in `parent`, unless its
/// presence says to omit it.
template <typename Record>
void writeNestedField(boost::json::object& parent, const Field<Record>& field, const Record& record)
{
    const FieldValue value = field.get(record);
    if (std::holds_alternative<std::monostate>(value))
        return;
    static const Record defaults{};
    if (field.info.presence == Presence::OmitWhenDefault && value == field.get(defaults))
        return;
    FieldInfo info = field.info;
    info.key = leafOf(field.info.key).first;
    writeField(parent, info, value);
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
