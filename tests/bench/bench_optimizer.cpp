// The regime-mix optimizer on generated instances: 10, 100 and 1,000
// workloads × 12 months × every catalog GPU (goals: the sample ≤ 200 ms exact;
// 1,000 workloads ≤ 10 s to a 1 % gap; the fast path ≤ 10 ms on the sample).
// Prints the time, status, gap and the fast path's distance from the exact
// answer. A benchmark, not a test.

#include "optimize/regime_mix.h"
#include "store/project_json.h"

#include <benchmark/benchmark.h>
#include <random>

namespace {

/// The sample's segments and workloads, repeated with varied sizes, in size
/// mode over a price book that prices every GPU of the catalog (on demand at
/// $3 per dense BF16 PFLOP-hour, reserved at 63 % of it — a synthetic book
/// for the benchmark only).
fleet::Project generated(int workloads)
{
    fleet::Project project = fleet::loadSampleProject().value();
    project.fleet.mode = fleet::FleetMode::Size;
    project.fleet.pools.clear();
    project.scenarios.clear();
    fleet::PriceBook book;
    book.id = "bench-all-gpus";
    book.name = "Benchmark: every GPU";
    book.asOf = "2026-11";
    for (const fleet::GpuModel& gpu : project.catalog().gpus) {
        fleet::GpuPrices prices;
        prices.gpuId = gpu.id;
        const double onDemand = 3.0 * gpu.bf16DenseTflops.value / 1000.0;
        prices.onDemand = fleet::HourlyPrice{onDemand, "bench", "2026-11", std::nullopt, {}};
        prices.reserved1y =
            fleet::HourlyPrice{0.63 * onDemand, "bench", "2026-11", std::nullopt, {}};
        book.gpus.push_back(prices);
    }
    project.mutableCatalog().priceBooks.push_back(book);
    project.activePriceBookId = book.id;
    const std::vector<fleet::Workload> templates = project.workloads;
    project.workloads.clear();
    std::mt19937 random(7);
    std::uniform_real_distribution<double> scale(0.05, 0.5);
    for (int i = 0; i < workloads; ++i) {
        fleet::Workload w = templates[std::size_t(i) % templates.size()];
        w.id = "w" + std::to_string(i);
        w.choice = {};
        const double f = scale(random);
        if (auto* t = std::get_if<fleet::TrainingSpec>(&w.spec)) {
            t->tokensPerRun *= f;
            t->gpusPerJob = 64;
        } else if (auto* s = std::get_if<fleet::InferenceSpec>(&w.spec)) {
            s->requestsPerSecond *= f;
        } else if (auto* n = std::get_if<fleet::NotebookSpec>(&w.spec)) {
            n->users = std::max(1, int(n->users * f));
        } else if (auto* b = std::get_if<fleet::BatchSpec>(&w.spec)) {
            b->gpuHoursPerMonth *= f;
        }
        w.startMonth = 1 + i % 6;
        project.workloads.push_back(std::move(w));
    }
    return project;
}

void solve(benchmark::State& state, const fleet::Project& project, bool fast, double gap,
           double timeLimit)
{
    fleet::OptimizeOptions options;
    options.fastPath = fast;
    options.solve.relativeGap = gap;
    options.solve.timeLimitSeconds = timeLimit;
    fleet::RegimeMixResult result;
    for (auto _ : state)
        result = fleet::optimizeRegimeMix(project, options).value();
    state.counters["columns"] = result.columns;
    state.counters["rows"] = result.rows;
    state.counters["gap_pct"] = result.gap * 100;
    state.counters["objective_musd"] = result.objectiveUsd / 1e6;
    state.SetLabel(std::string(fleet::solveStatusKey(result.status)) + ", " + result.method);
}

void sampleExact(benchmark::State& state)
{
    solve(state, fleet::loadSampleProject().value(), false, 1e-4, 60);
}
BENCHMARK(sampleExact)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

void sampleFastPath(benchmark::State& state)
{
    solve(state, fleet::loadSampleProject().value(), true, 1e-4, 60);
}
BENCHMARK(sampleFastPath)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

void generatedToOnePercent(benchmark::State& state)
{
    solve(state, generated(int(state.range(0))), false, 0.01, 120);
}
BENCHMARK(generatedToOnePercent)
    ->Arg(10)
    ->Arg(100)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

void generatedFastPath(benchmark::State& state)
{
    solve(state, generated(int(state.range(0))), true, 0.01, 120);
}
BENCHMARK(generatedFastPath)
    ->Arg(10)
    ->Arg(100)
    ->Arg(1000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

} // namespace

BENCHMARK_MAIN();
