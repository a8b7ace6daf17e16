#include "engine/sensitivity.h"

#include "engine/evaluate.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace fleet {

namespace {

double capped(double value)
{
    return std::min(1.0, value);
}

template <typename Spec, typename Apply> void forEachSpec(Project& project, Apply apply)
{
    for (Workload& workload : project.workloads)
        if (auto* spec = std::get_if<Spec>(&workload.spec))
            apply(*spec);
}

void scalePrices(Project& project, double factor)
{
    for (PriceBook& book : project.mutableCatalog().priceBooks) {
        if (book.id != project.activePriceBookId)
            continue;
        for (GpuPrices& prices : book.gpus) {
            for (auto* price :
                 {&prices.onDemand, &prices.reserved1y, &prices.reserved3y, &prices.spot})
                if (*price)
                    (*price)->usdPerGpuHour *= factor;
            if (prices.owned) {
                prices.owned->capexUsdPerGpu.value *= factor;
                prices.owned->hostingUsdPerGpuMonth.value *= factor;
                prices.owned->usdPerKwh.value *= factor;
                prices.owned->usdPerGpuHour.value *= factor;
            }
        }
    }
}

std::vector<SensitivityInput> makeInputs()
{
    return {
        {"gpu_prices", "GPU prices", scalePrices},
        {"training_efficiency", "Training MFU",
         [](Project& p, double f) {
             forEachSpec<TrainingSpec>(
                 p, [f](TrainingSpec& s) { s.efficiency = capped(s.efficiency * f); });
         }},
        {"training_tokens", "Training tokens per run",
         [](Project& p, double f) {
             forEachSpec<TrainingSpec>(p, [f](TrainingSpec& s) {
                 s.tokensPerRun *= f;
                 if (s.runDays) // a run stated by its length: its tokens scale with it
                     *s.runDays *= f;
             });
         }},
        {"request_rate", "Inference request rate",
         [](Project& p, double f) {
             forEachSpec<InferenceSpec>(p, [f](InferenceSpec& s) { s.requestsPerSecond *= f; });
         }},
        {"tpot_target", "Time-per-output-token target",
         [](Project& p, double f) {
             forEachSpec<InferenceSpec>(p, [f](InferenceSpec& s) { s.tpotMs *= f; });
         }},
        {"notebook_users", "Notebook users",
         [](Project& p, double f) {
             forEachSpec<NotebookSpec>(
                 p, [f](NotebookSpec& s) { s.users = std::max(1, int(std::lround(s.users * f))); });
         }},
        {"notebook_active_fraction", "Notebook active fraction",
         [](Project& p, double f) {
             forEachSpec<NotebookSpec>(
                 p, [f](NotebookSpec& s) { s.activeFraction = capped(s.activeFraction * f); });
         }},
        {"idle_timeout", "Notebook idle timeout",
         [](Project& p, double f) {
             forEachSpec<NotebookSpec>(p, [f](NotebookSpec& s) { s.idleTimeoutMin *= f; });
         }},
        {"batch_gpu_hours", "Batch GPU-hours",
         [](Project& p, double f) {
             forEachSpec<BatchSpec>(p, [f](BatchSpec& s) { s.gpuHoursPerMonth *= f; });
         }},
        {"utilization_ceiling", "Scheduler utilization ceiling",
         [](Project& p, double f) {
             for (double& ceiling : p.scheduler.utilizationCeiling)
                 ceiling = capped(ceiling * f);
         }},
        {"gpu_mtbf", "GPU MTBF", [](Project& p, double f) { p.assumptions.gpuMtbfHours *= f; }},
        {"checkpoint_bandwidth", "Checkpoint write bandwidth",
         [](Project& p, double f) { p.assumptions.checkpointWriteGbPerS *= f; }},
        {"memory_bandwidth_efficiency", "Achievable memory bandwidth",
         [](Project& p, double f) {
             p.assumptions.memoryBandwidthEfficiency =
                 capped(p.assumptions.memoryBandwidthEfficiency * f);
         }},
        {"fleet_size", "Fleet size",
         [](Project& p, double f) {
             for (FleetPool& pool : p.fleet.pools)
                 pool.count = std::max(0, int(std::lround(pool.count * f)));
         }},
    };
}

std::optional<double> kpiWith(const Project& project, const SensitivityInput& input, double factor,
                              Kpi kpi)
{
    Project changed = project;
    input.scale(changed, factor);
    return kpiValue(evaluate(changed).kpis, kpi);
}

} // namespace

const std::vector<SensitivityInput>& sensitivityInputs()
{
    static const std::vector<SensitivityInput> inputs = makeInputs();
    return inputs;
}

const SensitivityInput* sensitivityInput(std::string_view key)
{
    for (const SensitivityInput& input : sensitivityInputs())
        if (input.key == key)
            return &input;
    return nullptr;
}

double TornadoBar::swing() const
{
    return low && high ? std::abs(*high - *low) : 0.0;
}

Tornado tornado(const Project& project, Kpi kpi, double fraction,
                const std::vector<std::string>& keys)
{
    Tornado result;
    result.kpi = kpi;
    result.fraction = fraction;
    result.base = kpiValue(evaluate(project).kpis, kpi);
    for (const SensitivityInput& input : sensitivityInputs()) {
        if (!keys.empty() && std::find(keys.begin(), keys.end(), input.key) == keys.end())
            continue;
        result.bars.push_back({input.key, input.label, kpiWith(project, input, 1.0 - fraction, kpi),
                               kpiWith(project, input, 1.0 + fraction, kpi)});
    }
    std::stable_sort(
        result.bars.begin(), result.bars.end(),
        [](const TornadoBar& a, const TornadoBar& b) { return a.swing() > b.swing(); });
    return result;
}

std::vector<SweepPoint> sensitivitySweep(const Project& project, const SensitivityInput& input,
                                         Kpi kpi, const std::vector<double>& factors)
{
    std::vector<SweepPoint> points;
    for (double factor : factors)
        points.push_back({factor, kpiWith(project, input, factor, kpi)});
    return points;
}

} // namespace fleet
