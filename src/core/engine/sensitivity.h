#pragma once

// How a KPI moves when one input moves: the data of tornado charts (each input
// ±x %) and of cost curves (one input swept over a range).

#include "engine/evaluation.h"
#include "engine/kpi.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fleet {

/// An input that sensitivity analysis can scale: every instance of it in the
/// project is multiplied by the same factor (fractions are capped at 1).
struct SensitivityInput
{
    std::string key;   ///< "gpu_prices", "training_efficiency", ...
    std::string label; ///< "GPU prices"
    std::function<void(Project&, double factor)> scale;
};
const std::vector<SensitivityInput>& sensitivityInputs();
const SensitivityInput* sensitivityInput(std::string_view key);

struct TornadoBar
{
    std::string key;
    std::string label;
    std::optional<double> low;  ///< KPI with the input × (1 − fraction)
    std::optional<double> high; ///< KPI with the input × (1 + fraction)
    double swing() const;       ///< |high − low|, 0 when either is missing
};

struct Tornado
{
    Kpi kpi = Kpi::MeanMonthlyCost;
    double fraction = 0.1;
    std::optional<double> base;
    std::vector<TornadoBar> bars; ///< largest swing first
};

/// Moves each input (all of them when `keys` is empty) by ±fraction.
Tornado tornado(const Project& project, Kpi kpi, double fraction,
                const std::vector<std::string>& keys = {});

struct SweepPoint
{
    double factor = 1.0;
    std::optional<double> kpi;
};

/// The KPI with one input scaled by each factor.
std::vector<SweepPoint> sensitivitySweep(const Project& project, const SensitivityInput& input,
                                         Kpi kpi, const std::vector<double>& factors);

} // namespace fleet
