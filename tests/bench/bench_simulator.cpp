// Simulator speed: events per second on one core (goal ≥ 2 million), per
// policy, on a synthetic stream of 500,000 jobs. A benchmark, not a test.

#include "simulate/cluster_simulator.h"

#include <benchmark/benchmark.h>

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

} // namespace

BENCHMARK_MAIN();
