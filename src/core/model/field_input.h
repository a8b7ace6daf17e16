#pragma once

// What a person types into a numeric field, read in the unit the app shows
// the field in: "13" in a field shown in billions of parameters (B) is 13 ×
// 10⁹; "13B", "1.2T", "2 weeks", "$3.79/h", "80 GB", "40 %" are read where
// their unit fits the field, and converted to it (2 weeks in a field of days
// is 14). A unit of another kind is refused naming the field and the rule
// ("GPUs per job: 'weeks' is a duration, this field counts GPUs"). Ranges
// are not checked here: the project reader does that, once, for files and
// edits alike.

#include "model/field_table.h"
#include "util/result.h"

#include <string_view>

namespace fleet {

/// A numeric field as the app shows it.
struct InputField
{
    std::string_view label; ///< "Total params"
    std::string_view unit;  ///< "B", "days", "%", "USD/GPU-h", "per month", "" for none
    double scale = 1.0;     ///< shown = stored × scale (1e-9: parameters shown in billions)
};

/// A field table row's label, unit and scale.
InputField inputFieldOf(const FieldInfo& info);

struct ParsedInput
{
    double shown = 0.0;  ///< in the field's shown unit (13 for "13B" in a B field)
    double stored = 0.0; ///< in the file's unit (1.3e10)
};

/// Reads `text` typed into `field`: a number (a decimal point, or a comma
/// when no point; commas between groups of three digits; an exponent),
/// optionally a magnitude (k, M, B, T, or the words) and a unit of the
/// field's kind, optionally per a unit of its denominator's kind. A bare
/// number is in the unit shown. Refused, naming the field: no number, an
/// unknown word, a unit of another kind, and a bare number of a million or
/// more in a field shown in thousands or more (a count typed whole where the
/// field reads billions).
Result<ParsedInput> parseFieldInput(const InputField& field, std::string_view text);

/// The stored value of `shown`: shown ÷ scale, as shown × 10^k when the scale
/// is 10^-k (so that 13 B is stored as exactly 1.3e10).
double storedFromShown(double shown, double scale);

} // namespace fleet
