#pragma once

// Owning GPUs: the total cost of ownership of an 8-GPU server, per GPU-hour,
// with each component broken out (docs/MODEL.md, "Owned hardware"). The
// defaults and their sources are in data/defaults/owned-tco.json.

#include "model/engine_defaults.h"
#include "model/pricing.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fleet {

/// The inputs of the owned-hardware TCO, per node of `gpusPerNode` GPUs.
struct OwnedTcoInputs
{
    double gpusPerNode = 8;
    double serverCapexUsdPerNode = 0;   ///< GPUs, host (CPUs, memory, storage) and NICs
    double fabricCapexUsdPerNode = 0;   ///< the node's share of the cluster network
    double depreciationYears = 5;       ///< straight-line, no residual value
    double costOfCapitalPerYear = 0;    ///< annual rate paid on the capex while it is repaid
    double nodePowerW = 0;              ///< GPUs plus host, at load
    double pue = 1;                     ///< facility power ÷ IT power
    double usdPerKwh = 0;               ///< electricity
    double colocationUsdPerKwMonth = 0; ///< space, cooling plant and power delivery per IT kW
    double opsStaffPer1000Gpus = 0;     ///< operations staff (full-time) per 1,000 GPUs
    double opsUsdPerStaffYear = 0;      ///< cost of one of them per year
};

/// One input: its key under "owned_tco" in the data files, the member it
/// sets, its range and a label.
struct OwnedTcoField
{
    std::string_view key;
    double OwnedTcoInputs::*member;
    NumericRange range;
    std::string_view label;
};
std::span<const OwnedTcoField> ownedTcoFields();
const OwnedTcoField* ownedTcoField(std::string_view key);
/// "owned_tco.<key>" for every field: the figures the built-in defaults must define.
std::vector<std::string> requiredOwnedTcoKeys();

/// The inputs as defined by the catalog's defaults ("owned_tco.*" figures).
OwnedTcoInputs ownedTcoFrom(const EngineDefaults& defaults);

/// USD per GPU-hour held, by component.
struct OwnedTcoBreakdown
{
    double depreciation = 0; ///< capex ÷ (years × 8,760 h), straight line
    double financing = 0;    ///< capital recovery at the cost of capital, above depreciation
    double power = 0;        ///< node kW × PUE × USD/kWh
    double colocation = 0;   ///< node kW × USD per kW-month ÷ 730 h
    double operations = 0;   ///< staff per GPU × cost per staff-year ÷ 8,760 h
    double stated = 0;       ///< a book's owned entry stated in USD per GPU-hour

    /// In this order, so a price book's entry sums exactly as the three-term formula did.
    double total() const
    {
        return depreciation + colocation + power + financing + operations + stated;
    }
};

/// The TCO of one GPU-hour held, from the inputs.
OwnedTcoBreakdown ownedTco(const OwnedTcoInputs& inputs);

/// A price book's owned entry read as the same breakdown: capex straight
/// line, hosting as colocation, power at the GPU's TDP. It has no financing
/// or staff of its own (a book folds them into hosting: see ownedCostFromTco).
/// An entry stated in USD per GPU-hour is all `stated`.
OwnedTcoBreakdown ownedTcoOf(const OwnedCost& owned, double tdpW);

/// The price-book owned entry (five figures) that costs exactly what the TCO
/// does for a GPU of `tdpW`: capex per GPU, years, PUE and USD/kWh as given;
/// hosting per GPU-month carries colocation, financing, operations and the
/// power of the node beyond its GPUs' TDP. Every figure cites `sourceId`.
/// Absent when the node's power is below its GPUs' TDP (no room for a host).
std::optional<OwnedCost> ownedCostFromTco(const OwnedTcoInputs& inputs, double tdpW,
                                          const std::string& sourceId, const std::string& asOf);

} // namespace fleet
