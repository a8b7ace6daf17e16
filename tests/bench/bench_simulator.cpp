// Simulator speed: events per second on one core (goal ≥ 2 million), per
// policy, on a synthetic stream of 500,000 jobs; and the sample project's
// frontier for three policies with the CLI's defaults (goal ≤ 2 s, on all
// cores). A benchmark, not a test.

#include "engine/evaluate.h"
#include "simulate/cluster_simulator.h"
#include "simulate/project_jobs.h"
#include "store/project_json.h"

#include <benchmark/benchmark.h>
#include <cstdlib>

namespace {

void simulate(benchmark::State& state, fleet::PlacementPolicy policy, int jobGpus)
{
    const fleet::ClusterShape cluster{64, 8, 1.25};
    const auto jobs = fleet::syntheticJobs(cluster, jobGpus, 2.0, 0.85, 500000, 42);
    fleet::SimulationResult result;
    for (auto _ : state)
        result = fleet::simulateCluster(cluster, policy, jobs);
    state.counters["events"] = double(result.events);
    state.counters["events_per_second"] =
        benchmark::Counter(double(result.events), benchmark::Counter::kIsIterationInvariantRate);
}

void fifoSingleGpu(benchmark::State& state)
{
    simulate(state, fleet::PlacementPolicy::Fifo, 1);
}
void naiveFourGpu(benchmark::State& state)
{
    simulate(state, fleet::PlacementPolicy::Naive, 4);
}
void topologyAwareFourGpu(benchmark::State& state)
{
    simulate(state, fleet::PlacementPolicy::TopologyAware, 4);
}
BENCHMARK(fifoSingleGpu)->Unit(benchmark::kMillisecond)->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK(naiveFourGpu)->Unit(benchmark::kMillisecond)->Repetitions(3)->ReportAggregatesOnly(true);
BENCHMARK(topologyAwareFourGpu)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

/// `fleetplanner-cli simulate :sample`: naive, topology-aware and predictive
/// frontiers over the default loads and days.
void sampleFrontier(benchmark::State& state)
{
    auto loaded = fleet::loadSampleProject();
    if (!loaded) {
        state.SkipWithError("the sample project does not load");
        return;
    }
    const fleet::Project project = std::move(loaded).value();
    const std::vector<double> loads = fleet::defaultProjectLoads();
    std::int64_t events = 0;
    for (auto _ : state) {
        const fleet::Evaluation evaluation = fleet::evaluate(project);
        const fleet::ProjectCluster cluster = fleet::projectCluster(project, evaluation);
        events = 0;
        for (fleet::PlacementPolicy policy :
             {fleet::PlacementPolicy::Naive, fleet::PlacementPolicy::TopologyAware,
              fleet::PlacementPolicy::PredictivePreemption}) {
            const fleet::Frontier frontier = fleet::projectFrontier(
                project, evaluation, cluster, policy, loads, fleet::kDefaultSimulationDays, 42);
            for (const fleet::FrontierPoint& point : frontier.points)
                events += point.result.events;
        }
    }
    state.counters["points"] = double(loads.size() * 3);
    state.counters["events"] = double(events);
}
BENCHMARK(sampleFrontier)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true)
    ->UseRealTime();

} // namespace

BENCHMARK_MAIN();
