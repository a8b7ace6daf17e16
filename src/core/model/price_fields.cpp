#include "model/price_fields.h"

#include "model/field_builders.h"

namespace fleet {

namespace {

using namespace field_rows;
using P = Presence;

FieldValue getInterruptions(const HourlyPrice& price)
{
    return price.interruptionsPerHour ? FieldValue(*price.interruptionsPerHour) : FieldValue();
}
void setInterruptions(HourlyPrice& price, const FieldValue& value)
{
    const double* rate = std::get_if<double>(&value);
    price.interruptionsPerHour = rate ? std::optional<double>(*rate) : std::nullopt;
}

const std::vector<Field<HourlyPrice>>& hourlyTable()
{
    using R = HourlyPrice;
    static const std::vector<Field<R>> table = {
        number<&R::usdPerGpuHour>(
            "usd_per_gpu_hour", P::Required,
            {0, true, 200, "(USD per GPU-hour; a monthly price would be about 730× larger)"},
            "The list price of one GPU-hour under the plan", {"Price", "USD/GPU-h", 1, 4}),
        text<&R::source>("source", P::Required,
                         "The id of the source the price is taken from (the catalog's sources)",
                         {"Source", "", 1, 0}),
        text<&R::asOf>("as_of", P::Required, "When the price was read: YYYY, YYYY-MM or YYYY-MM-DD",
                       {"As of", "", 1, 0}),
        {{"interruptions_per_hour",
          FieldType::Number,
          P::Unset,
          {0, false, 10, "(interruptions per instance-hour)"},
          {},
          "Spot only: the interruption rate the offer states, per instance-hour "
          "(it replaces spot_interruptions_per_instance_hour for this GPU)",
          {"Interruptions", "per instance-h", 1, 4}},
         &getInterruptions,
         &setInterruptions},
        text<&R::note>("note", P::OmitWhenDefault, "Anything worth knowing about the price",
                       {"Note", "", 1, 0}),
    };
    return table;
}

// The start values are where the app's dialog begins a new entry (capex and
// hosting empty; a five-year life, PUE 1.3, $0.10/kWh), as it always has.
const std::vector<OwnedFigureField>& ownedTable()
{
    static const std::vector<OwnedFigureField> table = {
        {{"capex_usd_per_gpu",
          FieldType::Number,
          P::Required,
          {0, true, 10'000'000, "(USD per GPU)"},
          {},
          "What one GPU costs to buy, its share of the server included",
          {"Capex", "USD per GPU", 1, 0}},
         &OwnedCost::capexUsdPerGpu,
         0},
        {{"amortization_years",
          FieldType::Number,
          P::Required,
          {0, true, 30, "(years)"},
          {},
          "The years the capex is spread over, straight-line",
          {"Amortized over", "years", 1, 1}},
         &OwnedCost::amortizationYears,
         5},
        {{"hosting_usd_per_gpu_month",
          FieldType::Number,
          P::Required,
          {0, false, 100000, "(USD per GPU-month)"},
          {},
          "Hosting (space, network, operations) per GPU and month",
          {"Hosting", "USD/GPU-month", 1, 0}},
         &OwnedCost::hostingUsdPerGpuMonth,
         0},
        {{"pue",
          FieldType::Number,
          P::Required,
          {1, false, 5, "(power usage effectiveness, ≥ 1)"},
          {},
          "Power usage effectiveness: the facility's power over the IT power",
          {"PUE", "", 1, 2}},
         &OwnedCost::pue,
         1.3},
        {{"usd_per_kwh",
          FieldType::Number,
          P::Required,
          {0, false, 10, "(USD per kWh)"},
          {},
          "The price of electricity",
          {"Power", "USD/kWh", 1, 3}},
         &OwnedCost::usdPerKwh,
         0.10},
        {{"usd_per_gpu_hour",
          FieldType::Number,
          P::Unset,
          {0, true, 200, "(USD per GPU-hour held)"},
          {},
          "The whole owned cost of a GPU-hour held, instead of the five figures above",
          {"Owned cost", "USD/GPU-h", 1, 4}},
         &OwnedCost::usdPerGpuHour,
         0},
    };
    return table;
}

} // namespace

std::span<const Field<HourlyPrice>> hourlyPriceFields()
{
    return hourlyTable();
}

const RecordFields& hourlyPriceRecord()
{
    static const RecordFields record =
        describeRecord("hourly_price", "hourly_price", hourlyPriceFields());
    return record;
}

std::span<const OwnedFigureField> ownedFigureFields()
{
    return ownedTable();
}

bool ownedFigureApplies(const OwnedFigureField& field, const OwnedCost& owned)
{
    const bool perHour = field.member == &OwnedCost::usdPerGpuHour;
    return perHour == owned.statesUsdPerGpuHour();
}

const RecordFields& ownedFigureRecord()
{
    static const RecordFields record = [] {
        RecordFields described{"owned_figure", "owned_figure", {}};
        for (const OwnedFigureField& f : ownedFigureFields()) {
            DescribedField field;
            field.info = f.info;
            field.defaultValue.emplace<double>(f.startValue);
            described.fields.push_back(std::move(field));
        }
        return described;
    }();
    return record;
}

} // namespace fleet
