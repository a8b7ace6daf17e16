#pragma once

// Committed GPUs against GPUs rented by the hour, on one GPU model. A
// reserved or owned GPU is a whole GPU, set up as one regime (or one
// partition profile) for the month; an on-demand GPU is paid for the
// GPU-hours it is used, so what the committed GPUs leave of a regime's need
// is rented to the fraction. The engine's fixed-fleet cash, its renewal
// search and the optimizer's rounding all count by these rules, and the
// optimizer's model by its `flex` columns (docs/OPTIMIZER.md, "What the
// model charges"; docs/MODEL.md, "Commitments").

#include "engine/evaluate_fleet.h"

#include <optional>
#include <vector>

namespace fleet {

/// GPUs the options need on one GPU model in month `m` (0-based), before
/// rounding: per whole-GPU regime Σ GPU-hours set aside ÷ 730 (a gang its
/// runs' hours; OptionResult::capacity), per shared regime Σ GPU shares
/// (packing loss included), per partition profile Σ instances ÷ instances
/// per GPU. One entry per regime or profile used. gpusSetUp is Σ of these
/// rounded up.
std::vector<double> gpusNeeded(const std::vector<const OptionResult*>& options, std::size_t m);

/// Of `needs`, the GPUs `committedGpus` whole committed GPUs leave to GPUs
/// rented by the hour, each committed GPU set up for one regime or profile:
/// whole GPUs of the needs first, then the largest remainders — the fewest
/// GPU-hours left.
double flexibleGpusNeeded(const std::vector<double>& needs, double committedGpus);

/// One GPU model's months against a committed level (whole GPUs, the same
/// every month: terms are at least the horizon): the flexible GPUs each
/// month then rents, their cost (services and notebooks on them paying their
/// mean: ElasticFill) and the cheapest level. The horizon's cost is convex in
/// the level — each committed GPU covers no more than the one before
/// (flexibleGpusNeeded), and the flexible cost is convex and rising in the
/// GPUs rented — so the least is found by bisection.
class CommittedLevels
{
public:
    /// `needs[m]`: gpusNeeded of the options in month m.
    CommittedLevels(const std::vector<const OptionResult*>& options,
                    const std::vector<std::vector<double>>& needs);

    std::size_t months() const { return m_months.size(); }
    /// GPUs rented by the hour in month `m` with `level` committed.
    double flexibleGpus(std::size_t m, double level) const;
    /// The most whole GPUs any month sets up (Σ needs rounded up).
    double mostWholeGpus() const;
    /// The flexible GPUs' cost over the horizon at `usdPerGpuHour`.
    double flexibleUsd(double level, double usdPerGpuHour) const;
    /// The horizon's cost at `level`: (level − base) committed GPUs at
    /// `committedUsdPerGpuHour` every month, plus flexibleUsd.
    double cost(double level, double base, double committedUsdPerGpuHour,
                double flexibleUsdPerGpuHour) const;
    /// The least whole level in [lo, hi] at which no month rents more than
    /// `limit` flexible GPUs; nullopt when even `hi` does not fit.
    std::optional<double> leastFitting(double limit, double lo, double hi) const;
    /// The whole level in [lo, hi] of least cost (the lowest of equals).
    double cheapestLevel(double lo, double hi, double base, double committedUsdPerGpuHour,
                         double flexibleUsdPerGpuHour) const;

private:
    struct Month
    {
        double total = 0;               ///< Σ needs
        double whole = 0;               ///< Σ their whole parts
        double wholeUp = 0;             ///< Σ needs rounded up
        std::vector<double> remainders; ///< the fractional parts, largest first, summed
    };
    std::vector<Month> m_months;
    std::vector<ElasticFill> m_fills;
};

} // namespace fleet
