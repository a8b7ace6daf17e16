// Live recompute of the sample project after one changed input: the engine's
// share of a slider drag (goal: median ≤ 2 ms). A benchmark, not a test.

#include "engine/evaluate.h"
#include "engine/resource_unit.h"
#include "engine/sensitivity.h"
#include "store/project_json.h"

#include <benchmark/benchmark.h>

namespace {

fleet::Project sampleProject()
{
    auto project = fleet::loadSampleProject();
    if (!project)
        throw std::runtime_error(project.error().toString());
    return std::move(project).value();
}

/// One input changed per iteration (the request rate of a service, as a
/// slider would), then the whole project evaluated.
void evaluateSampleAfterOneChange(benchmark::State& state)
{
    fleet::Project project = sampleProject();
    auto& chat = std::get<fleet::InferenceSpec>(project.workloads[3].spec);
    const double base = chat.requestsPerSecond;
    int step = 0;
    for (auto _ : state) {
        chat.requestsPerSecond = base * (1.0 + 0.01 * (step++ % 50));
        fleet::Evaluation evaluation = fleet::evaluate(project);
        benchmark::DoNotOptimize(evaluation.kpis.totalCostUsd);
    }
}
BENCHMARK(evaluateSampleAfterOneChange)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(15)
    ->ReportAggregatesOnly(true);

void loadSampleProject(benchmark::State& state)
{
    for (auto _ : state) {
        auto project = fleet::loadSampleProject();
        benchmark::DoNotOptimize(project.ok());
    }
}
BENCHMARK(loadSampleProject)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

void tornadoOfMonthlyCost(benchmark::State& state)
{
    const fleet::Project project = sampleProject();
    for (auto _ : state) {
        auto result = fleet::tornado(project, fleet::Kpi::MeanMonthlyCost, 0.1);
        benchmark::DoNotOptimize(result.bars.size());
    }
}
BENCHMARK(tornadoOfMonthlyCost)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

/// One workload's partition units on an H100 (7 MIG profiles) and an MI300X
/// (6 modes), read through their partition schemes: what buildOptions pays
/// per workload, GPU and partition regime.
void partitionUnits(benchmark::State& state)
{
    const fleet::Project project = sampleProject();
    const fleet::GpuModel& gpu =
        *project.catalog().gpu(state.range(0) == 0 ? "h100-sxm-80gb" : "mi300x-192gb");
    const fleet::Regime& regime = project.regime(fleet::RegimeKind::Partition);
    for (auto _ : state) {
        auto units = fleet::resourceUnits(gpu, regime, fleet::Precision::Bf16, 1.0);
        benchmark::DoNotOptimize(units.size());
    }
}
BENCHMARK(partitionUnits)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

} // namespace

BENCHMARK_MAIN();
