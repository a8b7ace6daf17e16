// What the charts' fans cost the GUI thread when they arrive, on the sample's
// workloads repeated to 1,000 (its input ranges kept: support/scaled_sample.h):
//   copy/1000        — one copy of the results shown (two projects, the
//                      evaluation, every chart's data): what
//                      RecomputeService::setBands made on the GUI thread;
//   set_bands/1000   — RecomputeService::setBands as the GUI thread runs
//                      it (goal ≤ 2 ms); the counter to_ready_ms is until
//                      bandsReady, the copy now made on a thread of the
//                      service's.

#include "compute/plan_results.h"
#include "compute/recompute_service.h"
#include "support/scaled_sample.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStandardPaths>

#include <benchmark/benchmark.h>
#include <memory>

namespace {

using namespace fleet;
using namespace fleet::gui;

void copyResults(benchmark::State& state)
{
    const Project project = test_support::scaledSample(std::size_t(state.range(0)));
    const PlanResults results = computePlanResults(project);
    for (auto _ : state) {
        PlanResults copy = results;
        benchmark::DoNotOptimize(copy);
    }
    state.counters["ranges"] = double(project.ranges.size());
}

/// Runs the event loop until `done` holds.
template <typename Done> void spinUntil(Done done)
{
    while (!done())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

void setBands(benchmark::State& state)
{
    RecomputeService service;
    service.setSlowEnabled(false);
    service.request(test_support::scaledSample(std::size_t(state.range(0))), {});
    spinUntil([&] { return service.upToDate() && !service.optimizerBusy(); });
    int arrived = 0;
    QObject::connect(&service, &RecomputeService::bandsReady, [&] { ++arrived; });
    double toReadyMs = 0;
    for (auto _ : state) {
        // New fans each time (the same ones again are not shown again).
        auto bands = std::make_shared<const ChartBands>();
        const int before = arrived;
        QElapsedTimer ready;
        ready.start();
        service.setBands(bands, service.shownGeneration());
        state.PauseTiming();
        spinUntil([&] { return arrived > before; });
        toReadyMs += double(ready.nsecsElapsed()) / 1e6;
        state.ResumeTiming();
    }
    state.counters["to_ready_ms"] = toReadyMs / double(state.iterations());
}

} // namespace

BENCHMARK(copyResults)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(setBands)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime();

int main(int argc, char** argv)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
