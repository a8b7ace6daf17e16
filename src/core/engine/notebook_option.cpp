// A tier of notebook users' option on one unit: the sessions they hold
// (released on the idle timeout), whole GPUs for sessions of several, and
// the busiest hour held (docs/MODEL.md, "Notebooks").

#include "engine/option_context.h"
#include "model/spot.h"
#include "util/number_text.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace fleet {

Result<OptionResult> notebookOption(const OptionContext& c, const NotebookSpec& spec)
{
    // A session of several GPUs takes whole ones: a whole-GPU regime's, or a
    // whole unit of a regime that spans GPUs (a network pool's whole remote GPU).
    const bool wholeGpu =
        isWholeGpu(c.regime.kind) || (c.regime.multiGpu && c.unit.gpuShare >= 1.0);
    if (!wholeGpu && spec.gpusPerUser > 1.0)
        return Error("sessions of " + std::to_string(spec.gpusPerUser) + " GPUs need whole GPUs");
    const double usable = c.unit.memoryBytes * c.project.assumptions.usableMemoryFraction / 1e9;
    const double needGb = wholeGpu ? spec.memoryGbPerSession / std::max(1.0, spec.gpusPerUser)
                                   : spec.memoryGbPerSession;
    if (needGb > usable)
        return Error("a session needs " + wholeUpText(needGb) + " GB; the unit has " +
                     wholeUpText(std::floor(usable)) + " GB usable");
    // Active hours a day: sessions exist only then, busy `activeFraction` of
    // the whole day, so a / (H / 24) of their own time; the mean over the day
    // is the sessions held in those hours × H / 24, and those hours' sessions
    // are the busiest hour (peak ÷ mean = 24 ÷ H instead of the project's
    // notebook_peak_to_mean_ratio).
    const double dayShare = spec.activeHoursPerDay ? *spec.activeHoursPerDay / 24.0 : 1.0;
    NotebookSpec inSession = spec;
    inSession.activeFraction = std::min(1.0, spec.activeFraction / dayShare);
    const double allocatedInHours =
        notebookAllocatedFraction(inSession, c.project.assumptions, c.filter.notebookIdleTimeout);
    const double allocated = allocatedInHours * dayShare;
    // A TPU session holds the smallest slice of its chips (4 chips on a v5p).
    const double heldPerUser = wholeGpu ? jobGpus(c.unit, spec.gpusPerUser) : 1.0;
    OptionResult option;
    const int months = c.project.horizonMonths;
    for (int m = 1; m <= months; ++m) {
        if (!c.workload.activeIn(m, months)) {
            option.months.push_back({});
            continue;
        }
        const double sessionsHeld = spec.users * allocated;
        const double units = wholeGpu ? sessionsHeld * heldPerUser : sessionsHeld;
        MonthRequirement month = provisioned(units, gpusForUnits(c, units), 0.0);
        // Busy: sessions compute `activeFraction` of the time on their unit.
        const double busyUnits =
            spec.users * spec.activeFraction * (wholeGpu ? spec.gpusPerUser : 1.0);
        month.gpuHoursBusy = busyUnits * c.unit.gpuShare * kHoursPerMonth;
        month.memoryGb = sessionsHeld * spec.memoryGbPerSession;
        // Sessions released on the idle timeout: the mean is paid, the busiest
        // hour held — never more sessions than users (all of them, with no timeout).
        const double peakSessions =
            spec.activeHoursPerDay
                ? spec.users * allocatedInHours
                : std::min(double(spec.users),
                           sessionsHeld * c.project.assumptions.notebookPeakToMeanRatio);
        const double peakUnits = wholeGpu ? peakSessions * heldPerUser : peakSessions;
        month.peakGpus = std::max(month.gpuEquivalents, gpusForUnits(c, peakUnits));
        month.peakUnits = std::max(month.units, peakUnits);
        option.months.push_back(month);
    }
    option.details = {{"allocated_fraction", allocated},
                      {"sessions_per_gpu", double(c.unit.unitsPerGpu)}};
    if (spec.activeHoursPerDay)
        option.details.emplace_back("peak_to_mean_ratio", 1.0 / dayShare);
    option.lostWorkFractionOnSpot = spotLostWorkFraction(
        c.project.assumptions, c.project.activePriceBook(), c.gpu.id,
        std::max(1.0, spec.gpusPerUser), c.project.assumptions.notebookRestoreMin / 60.0);
    return option;
}

double notebookAllocatedFraction(const NotebookSpec& spec, const Assumptions& assumptions,
                                 bool idleTimeout)
{
    if (!idleTimeout || spec.idleTimeoutMin <= 0)
        return 1.0;
    const double a = spec.activeFraction;
    const double g = spec.meanIdleGapMin;
    const double t = spec.idleTimeoutMin;
    const double heldIdleShare = 1.0 - std::exp(-t / g); // E[min(X, t)] / E[X] for X ~ Exp(g)
    // Gaps per minute of wall time, and the share of them that outlast the timeout.
    const double gapsPerMin = (1.0 - a) / g;
    const double restoresPerMin = gapsPerMin * std::exp(-t / g);
    return std::min(1.0, a + (1.0 - a) * heldIdleShare +
                             restoresPerMin * assumptions.notebookRestoreMin);
}

} // namespace fleet
