#pragma once

// The engine's default assumptions, regime properties and scheduler ceilings,
// as sourced figures (data/defaults/engine.json), and the tables that map their
// keys onto the typed structs. Projects override them by the same keys.

#include "model/assumptions.h"
#include "model/regime.h"
#include "model/sourced.h"

#include <array>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fleet {

struct NumericRange
{
    double min = 0.0;
    bool minExclusive = true;
    double max = 1e12;
    std::string_view unit; ///< shown in messages, e.g. "(hours)"
    bool integer = false;  ///< whole numbers only (a switch such as 0/1)
};

/// One editable assumption: its key in files, the member it sets, its range.
struct AssumptionField
{
    std::string_view key;
    double Assumptions::*member;
    NumericRange range;
    std::string_view label; ///< for people: "GPU MTBF (hours)"
};

std::span<const AssumptionField> assumptionFields();
const AssumptionField* assumptionField(std::string_view key);

/// Numeric regime properties, by key ("throughput_overhead", ...).
struct RegimeField
{
    std::string_view key;
    double Regime::*member;
    NumericRange range;
    /// Every regime's defaults need not state it: absent, the member keeps
    /// its own value (a per-kind overhead unset, no network cost).
    bool optional = false;
};
std::span<const RegimeField> regimeNumberFields();
/// Every key a regime's block may hold in a file: its traits (isolation,
/// allocation_unit, multi_gpu) and its numeric fields, in that order.
std::vector<std::string_view> regimeSettingKeys();

/// Regime properties that are not numbers.
struct RegimeTraits
{
    IsolationLevel isolation = IsolationLevel::Hardware;
    std::string allocationUnit;
    bool multiGpu = false;

    bool operator==(const RegimeTraits&) const = default;
};

/// Defaults as read from catalog documents, before they are typed.
struct EngineDefaults
{
    /// "assumptions.gpu_mtbf_hours", "regimes.time_sliced.throughput_overhead",
    /// "scheduler.utilization_ceiling.naive", ... → figure with its source.
    std::map<std::string, SourcedValue> figures;
    std::map<RegimeKind, RegimeTraits> regimeTraits;

    bool empty() const { return figures.empty() && regimeTraits.empty(); }

    bool operator==(const EngineDefaults&) const = default;
};

/// Every figure key the built-in defaults must define.
std::vector<std::string> requiredDefaultKeys();

/// Typed defaults; keys missing from `defaults` keep the struct's own value.
Assumptions assumptionsFrom(const EngineDefaults& defaults);
std::vector<Regime> regimesFrom(const EngineDefaults& defaults);
Scheduler schedulerFrom(const EngineDefaults& defaults);

} // namespace fleet
