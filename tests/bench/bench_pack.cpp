// Packing replay speed: one seed of the openb default trace (1,213 nodes,
// 8,152 pods inflated to 130 % of GPU capacity) per policy, on one core.
// Goals: best_fit ≤ 100 ms, fgd ≤ 300 ms. A benchmark, not a test.

#include "pack/replay.h"

#include <benchmark/benchmark.h>
#include <cstdio>

namespace {

void replayOne(benchmark::State& state, fleet::pack::Policy policy)
{
    auto nodes = fleet::pack::loadNodes(FLEET_OPENB_DIR "/openb_node_list_gpu_node.csv");
    auto pods = fleet::pack::loadPods(FLEET_OPENB_DIR "/openb_pod_list_default.csv");
    if (!nodes || !pods) {
        state.SkipWithError("the openb trace is not on this machine (FLEET_OPENB_DIR)");
        return;
    }
    fleet::pack::ReplayResult result;
    for (auto _ : state)
        result = fleet::pack::replay(nodes.value(), pods.value(), policy, {1.3, 42}).value();
    state.counters["unallocated_gpu_pct"] = result.unallocatedGpuPct();
    state.counters["pods"] = double(result.podsArrived);
}

} // namespace

int main(int argc, char** argv)
{
    for (fleet::pack::Policy policy : fleet::pack::allPolicies())
        benchmark::RegisterBenchmark(
            (std::string("replayDefaultTrace/") + std::string(fleet::pack::policyKey(policy)))
                .c_str(),
            replayOne, policy)
            ->Unit(benchmark::kMillisecond)
            ->Repetitions(3)
            ->ReportAggregatesOnly(true);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
