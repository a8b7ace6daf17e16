#pragma once

// The builders the field tables are written with (model/*_fields.cpp only):
// one call per row, the member given as a template argument.

#include "model/field_table.h"

#include <type_traits>

namespace fleet::field_rows {

template <auto Member> struct MemberOf;
template <typename C, typename T, T C::*Member> struct MemberOf<Member>
{
    using Record = C;
    using Type = T;
};

/// get for a plain member: int, double, bool, std::string or std::optional<double>.
template <auto Member> FieldValue getMember(const typename MemberOf<Member>::Record& record)
{
    using T = typename MemberOf<Member>::Type;
    const T& value = record.*Member;
    if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::string>)
        return value;
    else if constexpr (std::is_arithmetic_v<T>)
        return static_cast<double>(value);
    else
        return value ? FieldValue(static_cast<double>(*value)) : FieldValue();
}

template <auto Member>
void setMember(typename MemberOf<Member>::Record& record, const FieldValue& value)
{
    using T = typename MemberOf<Member>::Type;
    T& target = record.*Member;
    if constexpr (std::is_same_v<T, bool>) {
        if (const bool* b = std::get_if<bool>(&value))
            target = *b;
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (const std::string* s = std::get_if<std::string>(&value))
            target = *s;
    } else if constexpr (std::is_arithmetic_v<T>) {
        if (const double* d = std::get_if<double>(&value))
            target = static_cast<T>(*d);
    } else {
        const double* d = std::get_if<double>(&value);
        target = d ? T(*d) : T();
    }
}

template <auto Member> using RecordOf = Field<typename MemberOf<Member>::Record>;

template <auto Member> RecordOf<Member> row(FieldInfo info)
{
    return {info, &getMember<Member>, &setMember<Member>};
}

template <auto Member>
RecordOf<Member> number(std::string_view key, Presence presence, NumericRange range,
                        std::string_view help, FieldDisplay display)
{
    return row<Member>({key, FieldType::Number, presence, range, {}, help, display});
}

template <auto Member>
RecordOf<Member> integer(std::string_view key, Presence presence, NumericRange range,
                         std::string_view help, FieldDisplay display)
{
    return row<Member>({key, FieldType::Integer, presence, range, {}, help, display});
}

template <auto Member>
RecordOf<Member> text(std::string_view key, Presence presence, std::string_view help,
                      FieldDisplay display)
{
    return row<Member>({key, FieldType::Text, presence, {}, {}, help, display});
}

template <auto Member>
RecordOf<Member> flag(std::string_view key, Presence presence, std::string_view help,
                      FieldDisplay display)
{
    return row<Member>({key, FieldType::Bool, presence, {}, {}, help, display});
}

/// A calendar month "YYYY-MM" (years 1000–2999).
template <auto Member>
RecordOf<Member> month(std::string_view key, Presence presence, std::string_view help,
                       FieldDisplay display)
{
    return row<Member>({key, FieldType::Month, presence, {}, {}, help, display});
}

/// `field` stored in SQLite column `column` ("" for its key) with a length CHECK
/// of `maxLength` characters (0: none).
template <typename Record>
Field<Record> stored(Field<Record> field, std::string_view column, std::size_t maxLength = 0)
{
    field.info.column = column;
    field.info.maxLength = maxLength;
    return field;
}

/// The row's id: required, json::Reader::identifier's rule, the SQLite primary key.
template <auto Member>
RecordOf<Member> identifier(std::string_view key, std::string_view help, FieldDisplay display)
{
    return row<Member>({key, FieldType::Id, Presence::Required, {}, {}, help, display});
}

/// The id of a catalog row; `item` says what it names ("GPU").
template <auto Member>
RecordOf<Member> reference(std::string_view key, Presence presence, std::string_view item,
                           std::string_view help, FieldDisplay display)
{
    return row<Member>({key, FieldType::Reference, presence, {}, {}, help, display, {}, item});
}

template <typename Record>
Field<Record> choice(std::string_view key, Presence presence, std::span<const EnumOption> options,
                     std::string_view help, FieldDisplay display, FieldValue (*get)(const Record&),
                     void (*set)(Record&, const FieldValue&),
                     EnumWording wording = EnumWording::Quoted)
{
    return {{key, FieldType::Enum, presence, {}, options, help, display, wording}, get, set};
}

/// A list of enum keys, at least one; stored in SQLite as the rows of `table`
/// (parent id, position, `item`).
template <typename Record>
Field<Record> enumList(std::string_view key, Presence presence, std::span<const EnumOption> options,
                       std::string_view item, std::string_view table, std::string_view help,
                       FieldDisplay display, FieldValue (*get)(const Record&),
                       void (*set)(Record&, const FieldValue&),
                       EnumWording wording = EnumWording::OneOf)
{
    return {{key, FieldType::EnumList, presence, {}, options, help, display, wording, item, table},
            get,
            set};
}

/// A list of a registry's keys (the regimes): as enumList, but stored in
/// SQLite as text with no CHECK listing the keys (FieldInfo::registryKeys).
template <typename Record>
Field<Record> registryKeyList(std::string_view key, Presence presence,
                              std::span<const EnumOption> options, std::string_view item,
                              std::string_view table, std::string_view help, FieldDisplay display,
                              FieldValue (*get)(const Record&),
                              void (*set)(Record&, const FieldValue&))
{
    Field<Record> field =
        enumList<Record>(key, presence, options, item, table, help, display, get, set);
    field.info.registryKeys = true;
    return field;
}

} // namespace fleet::field_rows
