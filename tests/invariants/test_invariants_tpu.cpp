// Relations of TPU slices (issue 30 item 3) over the generated projects,
// each moved to the 2026 market book (which prices the TPUs) with its fleet
// sized, so every TPU is a candidate: each relation a function saying why
// it must hold. The runner and the projects are in invariant_cases.h.

#include "engine/options.h"
#include "invariant_edits.h"
#include "support/fleet_test.h"

using namespace fleet;

namespace fleet::invariants {
namespace {

const RegimeKind kTpuSlice = *regimeFromKey("tpu_slice");

/// The case's project on market-2026 with its fleet sized: the TPUs priced.
Project withTpus(const Project& project)
{
    Project p = project;
    p.activePriceBookId = "market-2026";
    p.fleet.mode = FleetMode::Size;
    return p;
}

/// Every option of every workload, segment rules aside (every regime on
/// every priced accelerator), with its workload.
template <typename Visit> void forEachOption(const Project& p, Visit visit)
{
    OptionFilter filter;
    filter.ignoreSegmentRules = true;
    for (const Workload& w : p.workloads)
        for (const OptionResult& option : buildOptions(p, w, filter, nullptr))
            visit(w, option);
}

// A slice is held whole by one tenant and a job takes the smallest slice
// that holds it (or equal slices beyond the largest): the chips it holds at
// once are never fewer than it asks, and its held chip-hours never fewer
// than the busy ones.
Outcome tpuJobsHoldAtLeastTheChipsTheyAsk(const Case& c)
{
    const Project p = withTpus(c.project);
    Outcome outcome = notApplicable();
    forEachOption(p, [&](const Workload& w, const OptionResult& o) {
        if (outcome.state == Outcome::Broken || o.regime != kTpuSlice)
            return;
        outcome = holds();
        int asked = 0;
        if (const auto* t = std::get_if<TrainingSpec>(&w.spec))
            asked = t->gpusPerJob;
        else if (const auto* b = std::get_if<BatchSpec>(&w.spec))
            asked = b->gpusPerJob;
        if (asked > 0 && !std::isnan(o.detail("gang_gpus_held")) &&
            !atMost(asked, o.detail("gang_gpus_held")))
            outcome = broken("%s on %s: a gang of %d chips holds %.3f", w.id.c_str(),
                             o.gpuId.c_str(), asked, o.detail("gang_gpus_held"));
        for (std::size_t m = 0; m < o.months.size() && outcome.state != Outcome::Broken; ++m) {
            const MonthRequirement& month = o.months[m];
            if (!atMost(month.gpuHoursBusy, month.gpuHoursHeld))
                outcome =
                    broken("%s on %s, month %zu: %.3f chip-hours busy, %.3f held", w.id.c_str(),
                           o.gpuId.c_str(), m + 1, month.gpuHoursBusy, month.gpuHoursHeld);
            else if (asked > 0 && month.gpuHoursBusy > 0 && !atMost(asked, month.peakGpus))
                outcome = broken("%s on %s, month %zu: %d chips asked, %.3f held at the peak",
                                 w.id.c_str(), o.gpuId.c_str(), m + 1, asked, month.peakGpus);
        }
    });
    return outcome;
}

// A TPU runs only under tpu_slice and tpu_slice only on TPUs (the regimes'
// accelerator families): no option pairs them otherwise, whatever the work.
Outcome tpusRunOnlyAsSlices(const Case& c)
{
    const Project p = withTpus(c.project);
    Outcome outcome = notApplicable();
    forEachOption(p, [&](const Workload& w, const OptionResult& o) {
        if (outcome.state == Outcome::Broken)
            return;
        const bool tpu = p.catalog().gpu(o.gpuId)->isTpu();
        if (tpu || o.regime == kTpuSlice)
            outcome = holds();
        if (tpu != (o.regime == kTpuSlice))
            outcome = broken("%s: %s under %s", w.id.c_str(), o.gpuId.c_str(),
                             std::string(regimeKey(o.regime)).c_str());
    });
    return outcome;
}

// A TPU serving instance is one slice (its chips exchange activations over
// the slice's ICI; two slices meet only over the DCN): every replica's, and
// under disaggregated serving every prefill instance's, tensor-parallel
// degree is the chips of one of the accelerator's slice topologies —
// colocated or disaggregated alike.
Outcome tpuServingInstancesAreWholeSlices(const Case& c)
{
    Outcome outcome = notApplicable();
    for (const bool disaggregated : {false, true}) {
        Project p = withTpus(c.project);
        p.assumptions.inferenceDisaggregated = disaggregated ? 1.0 : 0.0;
        forEachOption(p, [&](const Workload& w, const OptionResult& o) {
            if (outcome.state == Outcome::Broken || o.regime != kTpuSlice ||
                !std::holds_alternative<InferenceSpec>(w.spec))
                return;
            outcome = holds();
            const GpuModel& tpu = *p.catalog().gpu(o.gpuId);
            for (const char* degree :
                 {"tensor_parallel", "tensor_parallel_largest", "prefill_tensor_parallel"}) {
                const double chips = o.detail(degree);
                if (!std::isnan(chips) && !tpu.tpuSlices->isSliceSize(int(chips)))
                    outcome = broken("%s on %s (%s): %s %.0f chips is no slice topology's",
                                     w.id.c_str(), o.gpuId.c_str(),
                                     disaggregated ? "disaggregated" : "colocated", degree, chips);
            }
        });
    }
    return outcome;
}

} // namespace
} // namespace fleet::invariants

class TestInvariantsTpu : public QObject
{
    Q_OBJECT
    invariants::Cases m_cases;

private slots:
    void tpuJobsHoldAtLeastTheChipsTheyAsk()
    {
        FLEET_CHECK_RELATION(m_cases, tpuJobsHoldAtLeastTheChipsTheyAsk);
    }
    void tpusRunOnlyAsSlices() { FLEET_CHECK_RELATION(m_cases, tpusRunOnlyAsSlices); }
    void tpuServingInstancesAreWholeSlices()
    {
        FLEET_CHECK_RELATION(m_cases, tpuServingInstancesAreWholeSlices);
    }
};

FLEET_TEST_MAIN(TestInvariantsTpu)
#include "test_invariants_tpu.moc"
