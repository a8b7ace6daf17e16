// The Monte Carlo over the sample's input ranges (issue 31, item 6): 1,000
// draws of the sample on every core (goal: ≤ 5 s), and the draws per second
// of one core. A benchmark, not a test: it prints figures.

#include "engine/monte_carlo.h"
#include "store/project_json.h"

#include <benchmark/benchmark.h>
#include <stdexcept>
#include <thread>

namespace {

fleet::Project sampleProject()
{
    auto project = fleet::loadSampleProject();
    if (!project)
        throw std::runtime_error(project.error().toString());
    if (project.value().ranges.empty())
        throw std::runtime_error("the sample has no input ranges");
    return std::move(project).value();
}

/// `state.range(0)` draws on `state.range(1)` threads (0: every core).
void sampleRanges(benchmark::State& state)
{
    const fleet::Project project = sampleProject();
    fleet::RangeOptions options;
    options.draws = int(state.range(0));
    options.threads = int(state.range(1));
    int threads = 0;
    for (auto _ : state) {
        auto run = fleet::runRanges(project, options);
        if (!run)
            throw std::runtime_error(run.error().toString());
        threads = run.value().threads;
        benchmark::DoNotOptimize(run.value().kpis.size());
    }
    state.counters["threads"] = threads;
    state.counters["draws_per_s"] =
        benchmark::Counter(double(options.draws), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(sampleRanges)
    ->Args({1000, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(sampleRanges)
    ->Args({200, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

} // namespace

BENCHMARK_MAIN();
