#pragma once

// One description per input field: a table per workload kind, each row one
// field of its spec with its key in files (= its SQLite column), the member it
// maps to, its type, range, presence and default, and its label, unit and help
// for people. The JSON reader and writer, the SQLite columns and CHECKs, the
// CLI's `fields` command and the JSON Schema test all follow these tables, so
// adding a field is one row here (see docs/ARCHITECTURE.md).

#include "model/engine_defaults.h"
#include "model/workload.h"

#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fleet {

enum class FieldType
{
    Number,  ///< a finite real; REAL in SQLite
    Integer, ///< a whole number; INTEGER in SQLite
    Text,    ///< a non-empty string; TEXT
    Bool,    ///< true/false; INTEGER 0 or 1
    Enum     ///< one of `options`' keys; TEXT
};
std::string_view fieldTypeKey(FieldType type); ///< "number", "integer", "text", "bool", "enum"

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

/// How the app shows a field: its column header, unit, and the scale from the
/// file's unit to the shown one (1e-9: parameters shown in billions).
struct FieldDisplay
{
    std::string_view label;
    std::string_view unit;
    double scale = 1.0;
    int decimals = 2;
};

/// A field's value, whatever its type: numbers and integers as double, text
/// and enum keys as strings; monostate for an unset optional.
using FieldValue = std::variant<std::monostate, double, bool, std::string>;

/// What every consumer needs to know about a field, without its record type.
struct FieldInfo
{
    std::string_view key; ///< in JSON files, and the SQLite column's name
    FieldType type = FieldType::Number;
    Presence presence = Presence::Required;
    NumericRange range{}; ///< numbers and integers; range.unit is the hint in messages
    std::span<const EnumOption> options{}; ///< enums
    std::string_view help;                 ///< one sentence for people
    FieldDisplay display{};
};

/// One row of a record's table: the description and the member it maps to.
template <typename Record> struct Field
{
    FieldInfo info;
    FieldValue (*get)(const Record&);
    void (*set)(Record&, const FieldValue&); ///< the value has the field's type
};

std::span<const Field<TrainingSpec>> trainingFields();
std::span<const Field<InferenceSpec>> inferenceFields();
std::span<const Field<NotebookSpec>> notebookFields();
std::span<const Field<BatchSpec>> batchFields();

template <typename Spec> std::span<const Field<Spec>> specFields();
template <> inline std::span<const Field<TrainingSpec>> specFields<TrainingSpec>()
{
    return trainingFields();
}
template <> inline std::span<const Field<InferenceSpec>> specFields<InferenceSpec>()
{
    return inferenceFields();
}
template <> inline std::span<const Field<NotebookSpec>> specFields<NotebookSpec>()
{
    return notebookFields();
}
template <> inline std::span<const Field<BatchSpec>> specFields<BatchSpec>()
{
    return batchFields();
}

/// A field with its default (its value in a default-constructed record).
struct DescribedField
{
    FieldInfo info;
    FieldValue defaultValue;
};

/// A record's fields, for consumers that do not need its type (SQL, CLI, tests).
struct RecordFields
{
    std::string_view record; ///< "training", "inference", "notebooks", "batch"
    WorkloadKind kind;
    std::vector<DescribedField> fields;
};
std::span<const RecordFields> workloadRecords(); ///< in WorkloadKind order
const RecordFields& workloadRecord(WorkloadKind kind);

/// The rule's words, as messages give them: "must be \"bf16\" or \"fp8\"".
std::string enumRuleText(std::span<const EnumOption> options);

/// A number as the tables and SQL print it: 1e14, 6e5, 1e4, 1000, -0.5.
std::string fieldNumberText(double value);

/// A FieldValue as text for people: 1e+14 → "1e14", true → "true", unset → "unset".
std::string fieldValueText(const FieldValue& value);

} // namespace fleet
