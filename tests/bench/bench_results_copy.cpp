// What the GUI thread spends when the results shown are completed after they
// are shown (RecomputeService: the fans, a packing replay, the optimizer's
// late answer), on the sample's workloads repeated to 1,000 (its input
// ranges kept: support/scaled_sample.h):
//   copyResults/1000   — one copy of the results shown (two projects, the
//                      evaluation, every chart's data): what setBands,
//                      setPacking and optimizerDone made on the GUI thread;
//   setBands/1000      — RecomputeService::setBands as the GUI thread runs
//                      it (goal ≤ 2 ms); the counter to_ready_ms is until
//                      bandsReady, the copy now made on a thread of the
//                      service's;
//   setPacking/1000    — RecomputeService::setPacking (a packing replay
//                      shown with the results): the time the GUI thread
//                      spends from the call until resultsReady, the call
//                      and every event it handles meanwhile (goal ≤ 2 ms);
//   optimizerDone/1000 — the optimizer's fast-path answer arriving after
//                      the results shown changed while it ran (here a
//                      packing replay): the GUI thread's time from the
//                      replay shown until optimizerReady (goal ≤ 2 ms). The
//                      counter missed counts runs whose optimizer ended
//                      before the replay was shown (not that path; run
//                      again, the figure is of the others).
//  Both count gui_cpu_ms, the GUI thread's CPU time of the same (its time on
//  the clock also counts waits for a core: two, shared with the copy's and
//  the freeing's threads), longest_ms, the longest of its events on the
//  clock, and to_ready_ms, the clock until the signal.

#include "compute/packing_report.h"
#include "compute/plan_results.h"
#include "compute/recompute_service.h"
#include "support/gui_stall_probe.h"
#include "support/scaled_sample.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>
#include <benchmark/benchmark.h>
#include <memory>
#include <optional>

namespace {

using namespace fleet;
using namespace fleet::gui;

/// The application, timing every event its GUI thread handles: what a path
/// costs that thread is the time of its call plus the events it takes.
class TimedApplication : public QCoreApplication
{
public:
    using QCoreApplication::QCoreApplication;

    bool notify(QObject* receiver, QEvent* event) override
    {
        if (QThread::currentThread() != thread())
            return QCoreApplication::notify(receiver, event);
        QElapsedTimer handling;
        handling.start();
        const double cpuBeforeMs = test_support::GuiStallProbe::threadCpuMs();
        const bool handled = QCoreApplication::notify(receiver, event);
        busyNs += handling.nsecsElapsed();
        busyCpuMs += test_support::GuiStallProbe::threadCpuMs() - cpuBeforeMs;
        longestNs = std::max(longestNs, handling.nsecsElapsed());
        return handled;
    }

    qint64 busyNs = 0;    ///< the GUI thread's time in event handlers so far
    double busyCpuMs = 0; ///< its CPU time in them (the clock's counts waits for a core)
    qint64 longestNs = 0; ///< its longest event since reset
};

TimedApplication& timedApp()
{
    return *static_cast<TimedApplication*>(QCoreApplication::instance());
}

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

/// The service with the results of `workloads` shown and their optimizer's answer in.
void showResults(RecomputeService& service, std::size_t workloads)
{
    service.setSlowEnabled(false);
    service.request(test_support::scaledSample(workloads), {});
    spinUntil([&] { return service.upToDate() && !service.optimizerBusy(); });
}

void setPacking(benchmark::State& state)
{
    RecomputeService service;
    showResults(service, std::size_t(state.range(0)));
    double toReadyMs = 0;
    double longestMs = 0;
    double cpuMs = 0;
    for (auto _ : state) {
        // A new replay each time, shown once the results shown carry it.
        auto packing = std::make_shared<const PackingReport>();
        const qint64 busyBefore = timedApp().busyNs;
        const double cpuBefore = timedApp().busyCpuMs;
        timedApp().longestNs = 0;
        QElapsedTimer ready;
        ready.start();
        const double callCpuBefore = test_support::GuiStallProbe::threadCpuMs();
        service.setPacking(packing);
        const qint64 callNs = ready.nsecsElapsed();
        const double callCpuMs = test_support::GuiStallProbe::threadCpuMs() - callCpuBefore;
        spinUntil([&] { return service.latest()->packing == packing; });
        toReadyMs += double(ready.nsecsElapsed()) / 1e6;
        longestMs += double(std::max(callNs, timedApp().longestNs)) / 1e6;
        cpuMs += callCpuMs + timedApp().busyCpuMs - cpuBefore;
        state.SetIterationTime(double(callNs + timedApp().busyNs - busyBefore) / 1e9);
    }
    state.counters["to_ready_ms"] = toReadyMs / double(state.iterations());
    state.counters["longest_ms"] = longestMs / double(state.iterations());
    state.counters["gui_cpu_ms"] = cpuMs / double(state.iterations());
}

/// One answer of the optimizer arriving after a packing replay changed the
/// results shown while it ran: the GUI thread's time from the replay shown
/// until optimizerReady, and the clock's; nullopt when the optimizer ended
/// before the replay was shown (not that path).
struct Arrival
{
    double guiMs = 0;
    double guiCpuMs = 0;
    double longestMs = 0; ///< the longest of the GUI thread's events meanwhile
    double toReadyMs = 0;
};
std::optional<Arrival> answerAfterReplay(RecomputeService& service, const Project& project,
                                         const int& answers)
{
    // A new request: its engine results shown, then its optimizer's fast
    // path runs (hundreds of milliseconds at 1,000 workloads).
    const int before = answers;
    service.request(project, {});
    spinUntil([&] { return service.upToDate() && (service.optimizerBusy() || answers > before); });
    auto packing = std::make_shared<const PackingReport>();
    service.setPacking(packing);
    spinUntil([&] { return service.latest()->packing == packing; });
    const bool onPath = answers == before && service.optimizerBusy();
    const qint64 busyBefore = timedApp().busyNs;
    const double cpuBefore = timedApp().busyCpuMs;
    timedApp().longestNs = 0;
    QElapsedTimer ready;
    ready.start();
    spinUntil([&] { return answers > before && service.latest()->optimizerCurrent; });
    if (!onPath)
        return std::nullopt;
    return Arrival{double(timedApp().busyNs - busyBefore) / 1e6, timedApp().busyCpuMs - cpuBefore,
                   double(timedApp().longestNs) / 1e6, double(ready.nsecsElapsed()) / 1e6};
}

void optimizerDone(benchmark::State& state)
{
    const Project project = test_support::scaledSample(std::size_t(state.range(0)));
    RecomputeService service;
    showResults(service, std::size_t(state.range(0)));
    int answers = 0;
    QObject::connect(&service, &RecomputeService::optimizerReady, [&] { ++answers; });
    double toReadyMs = 0;
    double longestMs = 0;
    double cpuMs = 0;
    int missed = 0;
    for (auto _ : state) {
        std::optional<Arrival> arrival;
        for (int attempt = 0; attempt < 5 && !arrival; ++attempt)
            if (!(arrival = answerAfterReplay(service, project, answers)))
                ++missed;
        if (!arrival) {
            state.SkipWithError("the optimizer always ended before the replay was shown");
            break;
        }
        toReadyMs += arrival->toReadyMs;
        longestMs += arrival->longestMs;
        cpuMs += arrival->guiCpuMs;
        state.SetIterationTime(arrival->guiMs / 1e3);
    }
    state.counters["to_ready_ms"] =
        toReadyMs / double(std::max<std::int64_t>(state.iterations(), 1));
    state.counters["longest_ms"] =
        longestMs / double(std::max<std::int64_t>(state.iterations(), 1));
    state.counters["gui_cpu_ms"] = cpuMs / double(std::max<std::int64_t>(state.iterations(), 1));
    state.counters["missed"] = missed;
}

} // namespace

BENCHMARK(copyResults)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(setBands)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(setPacking)->Arg(1000)->Unit(benchmark::kMillisecond)->UseManualTime();
// Thirty answers: each takes the optimizer's run (hundreds of milliseconds).
BENCHMARK(optimizerDone)->Arg(1000)->Unit(benchmark::kMillisecond)->UseManualTime()->Iterations(30);

int main(int argc, char** argv)
{
    QStandardPaths::setTestModeEnabled(true);
    TimedApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
