#pragma once

// The shape of a field table: one row per input field of a record (a workload
// kind's spec, a fleet pool, a segment, …) with its key in files (= its SQLite
// column), its type, range, presence and default, and its label, unit and help
// for people. The JSON reader and writer (store/field_json.h), the SQLite
// columns and CHECKs (store/field_sql.h), the GUI's columns
// (gui/editors/spec_columns.h), the CLI's `fields` command and the JSON Schema
// tests all follow the tables, so adding a field is one row (docs/ARCHITECTURE.md).

#include "model/engine_defaults.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fleet {

enum class FieldType
{
    Number,    ///< a finite real; REAL in SQLite
    Integer,   ///< a whole number; INTEGER in SQLite
    Text,      ///< a non-empty string; TEXT
    Bool,      ///< true/false; INTEGER 0 or 1
    Enum,      ///< one of `options`' keys; TEXT
    Id,        ///< the row's identifier (json::Reader::identifier's rule); TEXT PRIMARY KEY
    Reference, ///< the id of a catalog row (`item` names what: "GPU"); TEXT
    EnumList,  ///< a JSON array of `options`' keys, at least one; rows of the SQLite table `table`
    Month      ///< a calendar month "YYYY-MM", years 1000–2999; TEXT with a GLOB CHECK
};
/// "number", "integer", "text", "bool", "enum", "id", "reference", "enum_list", "month".
std::string_view fieldTypeKey(FieldType type);

/// Whether a field must be in a file, and when the writer writes it.
enum class Presence
{
    Required,        ///< must be present; always written; NOT NULL
    Optional,        ///< may be absent (the default applies); always written; NOT NULL
    OmitWhenDefault, ///< may be absent; written only when it differs from the default; nullable
    Unset            ///< a std::optional member: absent means unset; nullable
};

/// An allowed key of an enum field, with what it means ("" when the key says it).
struct EnumOption
{
    std::string_view key;
    std::string_view help;
};

/// How a message words an enum's rule (the words files have always been answered with).
enum class EnumWording
{
    Quoted, ///< must be "bf16" or "fp8"
    OneOf,  ///< must be one of on_demand, reserved_1y, spot
    Plain   ///< must be none, memory or hardware
};

/// How the app shows a field: its column header, unit, and the scale from the
/// file's unit to the shown one (1e-9: parameters shown in billions); the
/// group a form shows it in ("Model", "Run"; "" for the record's first).
struct FieldDisplay
{
    std::string_view label;
    std::string_view unit;
    double scale = 1.0;
    int decimals = 2;
    std::string_view group{};
};

/// A field's value, whatever its type: numbers and integers as double, text,
/// ids, references and enum keys as strings, enum lists as their keys;
/// monostate for an unset optional.
using FieldValue =
    std::variant<std::monostate, double, bool, std::string, std::vector<std::string>>;

/// What every consumer needs to know about a field, without its record type.
struct FieldInfo
{
    std::string_view key; ///< in JSON files, and the SQLite column's name
    FieldType type = FieldType::Number;
    Presence presence = Presence::Required;
    NumericRange range{}; ///< numbers and integers; range.unit is the hint in messages
    std::span<const EnumOption> options{}; ///< enums and enum lists
    std::string_view help;                 ///< one sentence for people
    FieldDisplay display{};
    EnumWording wording = EnumWording::Quoted; ///< enums and enum lists
    /// Reference: what it names ("GPU"); enum list: one element ("regime"),
    /// also the column of its SQLite table.
    std::string_view item{};
    std::string_view table{}; ///< enum list: its SQLite table ("segment_regime")
    /// The SQLite column when it is not the key (a key "horizon/months" is a
    /// path into nested objects; its column is "horizon_months").
    std::string_view column{};
    std::size_t maxLength = 0; ///< text: a length CHECK in SQLite (0: none)
    /// Enum list: its options are a registry that grows (the regimes,
    /// model/regimes/registry.cpp). SQLite stores the keys as text with no
    /// CHECK listing them, so a new entry needs no schema step; the readers
    /// check every key against the options, naming the field.
    bool registryKeys = false;
};

/// One row of a record's table: the description and the member it maps to.
template <typename Record> struct Field
{
    FieldInfo info;
    FieldValue (*get)(const Record&);
    void (*set)(Record&, const FieldValue&); ///< the value has the field's type
};

/// A field with its default (its value in a default-constructed record).
struct DescribedField
{
    FieldInfo info;
    FieldValue defaultValue;
};

/// A record's fields, for consumers that do not need its type (SQL, CLI, tests).
struct RecordFields
{
    std::string_view record; ///< "training", …, "pool", "segment"
    std::string_view table;  ///< its SQLite table ("fleet_pool", "training_workload")
    std::vector<DescribedField> fields;
};

template <typename Record>
RecordFields describeRecord(std::string_view record, std::string_view table,
                            std::span<const Field<Record>> fields)
{
    RecordFields described{record, table, {}};
    const Record defaults{};
    for (const Field<Record>& f : fields)
        described.fields.push_back({f.info, f.get(defaults)});
    return described;
}

/// The rule's words, as messages give them: "must be \"bf16\" or \"fp8\"".
std::string enumRuleText(std::span<const EnumOption> options,
                         EnumWording wording = EnumWording::Quoted);

/// A number as the tables and SQL print it: 1e14, 6e5, 1e4, 1000, -0.5.
std::string fieldNumberText(double value);

/// A FieldValue as text for people: 1e+14 → "1e14", true → "true", unset → "unset",
/// a list → "a, b".
std::string fieldValueText(const FieldValue& value);

} // namespace fleet
