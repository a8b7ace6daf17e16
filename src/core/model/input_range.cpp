#include "model/input_range.h"

#include "model/field_builders.h"
#include "model/range_fields.h"

#include <array>
#include <utility>

namespace fleet {

namespace {

constexpr std::array<std::pair<RangeShape, std::string_view>, 3> kShapeKeys = {{
    {RangeShape::Triangular, "triangular"},
    {RangeShape::Uniform, "uniform"},
    {RangeShape::Pert, "pert"},
}};

constexpr EnumOption kShapes[] = {
    {"triangular", "most likely at likely, falling straight to zero at low and high"},
    {"uniform", "every value from low to high alike"},
    {"pert", "Beta-PERT: most likely at likely, smoother tails than triangular"}};

FieldValue getShape(const InputRange& range)
{
    return std::string(rangeShapeKey(range.shape));
}
void setShape(InputRange& range, const FieldValue& value)
{
    if (const std::string* key = std::get_if<std::string>(&value))
        range.shape = rangeShapeFromKey(*key).value_or(RangeShape::Triangular);
}

const std::vector<Field<InputRange>>& rangeTable()
{
    using namespace field_rows;
    using Need = Presence;
    using R = InputRange;
    // A bound's own rule is the field's (checked by the reader against the
    // target); here only that it is a finite number a field could hold.
    constexpr NumericRange kAny{-1e17, false, 1e17, ""};
    static const std::vector<Field<R>> table = {
        stored(text<&R::path>("path", Need::Required,
                              "The field, as a scenario names it: /workloads/chat-70b/"
                              "requests_per_second",
                              {"Field", "", 1, 0}),
               "", 1000),
        number<&R::low>("low", Need::Required, kAny, "The lowest value the field may take",
                        {"Low", "", 1, 4}),
        number<&R::likely>("likely", Need::Required, kAny,
                           "The most likely value (the mode of a triangular range)",
                           {"Likely", "", 1, 4}),
        number<&R::high>("high", Need::Required, kAny, "The highest value the field may take",
                         {"High", "", 1, 4}),
        choice<R>("distribution", Need::OmitWhenDefault, kShapes,
                  "How values between low and high are drawn", {"Distribution", "", 1, 0},
                  &getShape, &setShape, EnumWording::OneOf),
        text<&R::note>("note", Need::OmitWhenDefault, "Where the figures come from",
                       {"Note", "", 1, 0}),
    };
    return table;
}

} // namespace

std::string_view rangeShapeKey(RangeShape shape)
{
    for (const auto& [value, key] : kShapeKeys)
        if (value == shape)
            return key;
    return "triangular";
}

std::optional<RangeShape> rangeShapeFromKey(std::string_view key)
{
    for (const auto& [value, name] : kShapeKeys)
        if (name == key)
            return value;
    return std::nullopt;
}

std::span<const Field<InputRange>> rangeFields()
{
    return rangeTable();
}

const RecordFields& rangeRecord()
{
    static const RecordFields record = describeRecord("range", "input_range", rangeFields());
    return record;
}

} // namespace fleet
