#include "model/owned_tco.h"

#include <array>
#include <cmath>

namespace fleet {

namespace {

constexpr NumericRange kUsd{0.0, false, 1e9, "(USD)"};

const std::array<OwnedTcoField, 11> kFields = {{
    {"gpus_per_node", &OwnedTcoInputs::gpusPerNode, {1.0, false, 72.0, "(GPUs)"}, "GPUs per node"},
    {"server_capex_usd_per_node", &OwnedTcoInputs::serverCapexUsdPerNode, kUsd,
     "Server capex per node: GPUs, host, NICs (USD)"},
    {"fabric_capex_usd_per_node", &OwnedTcoInputs::fabricCapexUsdPerNode, kUsd,
     "Cluster network per node: switches, optics, cables (USD)"},
    {"depreciation_years",
     &OwnedTcoInputs::depreciationYears,
     {0.0, true, 15.0, "(years)"},
     "Depreciation (years)"},
    {"cost_of_capital_per_year",
     &OwnedTcoInputs::costOfCapitalPerYear,
     {0.0, false, 1.0, "(fraction per year)"},
     "Cost of capital (per year)"},
    {"node_power_w",
     &OwnedTcoInputs::nodePowerW,
     {0.0, true, 200000.0, "(watts)"},
     "Node power, GPUs and host (W)"},
    {"pue", &OwnedTcoInputs::pue, {1.0, false, 3.0, "(facility ÷ IT power)"}, "PUE"},
    {"usd_per_kwh",
     &OwnedTcoInputs::usdPerKwh,
     {0.0, false, 2.0, "(USD per kWh)"},
     "Electricity (USD/kWh)"},
    {"colocation_usd_per_kw_month",
     &OwnedTcoInputs::colocationUsdPerKwMonth,
     {0.0, false, 5000.0, "(USD per kW-month)"},
     "Colocation (USD per kW-month)"},
    {"ops_staff_per_1000_gpus",
     &OwnedTcoInputs::opsStaffPer1000Gpus,
     {0.0, false, 1000.0, "(full-time staff)"},
     "Operations staff per 1,000 GPUs"},
    {"ops_usd_per_staff_year",
     &OwnedTcoInputs::opsUsdPerStaffYear,
     {0.0, false, 1e7, "(USD per year)"},
     "Cost per operations staff-year (USD)"},
}};

} // namespace

std::span<const OwnedTcoField> ownedTcoFields()
{
    return kFields;
}

const OwnedTcoField* ownedTcoField(std::string_view key)
{
    for (const OwnedTcoField& field : kFields)
        if (field.key == key)
            return &field;
    return nullptr;
}

std::vector<std::string> requiredOwnedTcoKeys()
{
    std::vector<std::string> keys;
    for (const OwnedTcoField& field : kFields)
        keys.push_back("owned_tco." + std::string(field.key));
    return keys;
}

OwnedTcoInputs ownedTcoFrom(const EngineDefaults& defaults)
{
    OwnedTcoInputs inputs;
    for (const OwnedTcoField& field : kFields)
        if (auto it = defaults.figures.find("owned_tco." + std::string(field.key));
            it != defaults.figures.end())
            inputs.*field.member = it->second.value;
    return inputs;
}

OwnedTcoBreakdown ownedTco(const OwnedTcoInputs& in)
{
    OwnedTcoBreakdown out;
    const double gpuHoursPerYear = in.gpusPerNode * kHoursPerYear;
    const double capex = in.serverCapexUsdPerNode + in.fabricCapexUsdPerNode;
    const double straightLinePerYear = capex / in.depreciationYears;
    // Capital recovery: the level annual payment that repays the capex with
    // interest over the depreciation years, r / (1 − (1 + r)^−n) per dollar;
    // what it pays above the straight line is the cost of the capital.
    const double r = in.costOfCapitalPerYear;
    const double recoveryPerYear =
        r > 0 ? capex * r / (1.0 - std::pow(1.0 + r, -in.depreciationYears)) : straightLinePerYear;
    out.depreciation = straightLinePerYear / gpuHoursPerYear;
    out.financing = (recoveryPerYear - straightLinePerYear) / gpuHoursPerYear;
    const double nodeKw = in.nodePowerW / 1000.0;
    out.power = nodeKw * in.pue * in.usdPerKwh / in.gpusPerNode;
    out.colocation = nodeKw * in.colocationUsdPerKwMonth / kHoursPerMonth / in.gpusPerNode;
    out.operations = in.opsStaffPer1000Gpus / 1000.0 * in.opsUsdPerStaffYear / kHoursPerYear;
    return out;
}

OwnedTcoBreakdown ownedTcoOf(const OwnedCost& owned, double tdpW)
{
    OwnedTcoBreakdown out;
    if (owned.statesUsdPerGpuHour()) {
        out.stated = owned.usdPerGpuHour.value;
        return out;
    }
    out.depreciation = owned.capexUsdPerGpu.value / (owned.amortizationYears.value * kHoursPerYear);
    out.colocation = owned.hostingUsdPerGpuMonth.value / kHoursPerMonth;
    out.power = tdpW / 1000.0 * owned.pue.value * owned.usdPerKwh.value;
    return out;
}

std::optional<OwnedCost> ownedCostFromTco(const OwnedTcoInputs& in, double tdpW,
                                          const std::string& sourceId, const std::string& asOf)
{
    const double hostW = in.nodePowerW / in.gpusPerNode - tdpW;
    if (hostW < 0)
        return std::nullopt;
    const OwnedTcoBreakdown tco = ownedTco(in);
    const double hostPowerPerHour = hostW / 1000.0 * in.pue * in.usdPerKwh;
    const auto figure = [&](double value, std::string note) {
        return SourcedValue{value, sourceId, asOf, std::move(note)};
    };
    OwnedCost owned;
    owned.capexUsdPerGpu =
        figure((in.serverCapexUsdPerNode + in.fabricCapexUsdPerNode) / in.gpusPerNode,
               "server and fabric share per node ÷ GPUs per node");
    owned.amortizationYears = figure(in.depreciationYears, "depreciation years");
    owned.hostingUsdPerGpuMonth = figure(
        (tco.colocation + tco.financing + tco.operations + hostPowerPerHour) * kHoursPerMonth,
        "colocation + financing + operations + host power beyond the GPU's TDP, per "
        "GPU-month");
    owned.pue = figure(in.pue, {});
    owned.usdPerKwh = figure(in.usdPerKwh, {});
    owned.note = "From FleetPlanner's owned-hardware TCO (docs/MODEL.md, 'Owned hardware').";
    return owned;
}

} // namespace fleet
