// The app at a customer's size (issue 28), offscreen, on projects of 1,000
// and 10,000 workloads: scripts/scaled_project.py's (sizing mode, demand
// spread over the segments), read from $FLEET_SCALED_DIR/scaled-N.fleetplan.json
// (bench.sh writes them; default build/bench-data), else the sample's
// workloads repeated (fixed fleet), as the first line printed says:
//   open/N  — setProject to the first KPIs on screen (goal ≤ 1 s); the
//             counter settled_ms is to the charts and the optimizer's line
//             of the same inputs (goal ≤ 2 s); open_stall_cpu_ms is the
//             longest gap between 5-ms pings of the GUI thread, in its CPU
//             time, from setProject (the editors' pages built) until settled;
//   edit/N  — one cell edit to its KPIs on screen (goal ≤ 50 ms); the
//             counters stall_ms / stall_cpu_ms are the longest gap between
//             5-ms pings of the GUI thread from the edit until everything
//             settled, on the wall clock and in the GUI thread's CPU time
//             (goal ≤ 100 ms);
//   edit_in_scenario/N — the same edit while a scenario (of no overrides
//             yet) is shown, so it becomes the scenario's override;
//   slider_KEY/N — a what-if slider (growth: every inference service; the
//             GPU prices: the active book) moved a step, to its KPIs on
//             screen (goal ≤ 50 ms) and the longest stall until settled.
// The exact solve and the simulations (which follow when inputs settle) are
// off. After the runs, each median is printed against its goal with its
// growth exponent: log10(median at 10,000 ÷ median at 1,000), 1 for work
// that grows linearly (goal ≤ 1.3).

#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/gui_stall_probe.h"
#include "support/scaled_sample.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <QStandardPaths>

#include <algorithm>
#include <benchmark/benchmark.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

using fleet::gui::MainWindow;
using fleet::gui::RecomputeService;
using fleet::gui::ResultsPtr;
using fleet::test_support::GuiStallProbe;

/// Every measured figure, by name and size, for the medians printed at the end.
std::map<std::string, std::map<std::size_t, std::vector<double>>> g_samples;

void note(const std::string& figure, std::size_t workloads, double ms)
{
    g_samples[figure][workloads].push_back(ms);
}

/// The project of `workloads` workloads the runs open (see the top).
fleet::Project scaledProject(std::size_t workloads)
{
    const char* dir = std::getenv("FLEET_SCALED_DIR");
    const std::string path = std::string(dir ? dir : "build/bench-data") + "/scaled-" +
                             std::to_string(workloads) + ".fleetplan.json";
    static std::map<std::size_t, bool> told;
    auto loaded = fleet::loadProject(path);
    if (!told[workloads]) {
        told[workloads] = true;
        std::printf("%zu workloads: %s\n", workloads,
                    loaded ? path.c_str()
                           : "not found: the sample's workloads repeated (fixed fleet)");
    }
    return loaded ? std::move(loaded).value() : fleet::test_support::scaledSample(workloads);
}

void processUntil(const std::function<bool()>& done)
{
    while (!done())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
}

/// Settled: the newest inputs' charts and the optimizer's line are on screen.
bool settled(const RecomputeService& recompute)
{
    const ResultsPtr latest = recompute.latest();
    return recompute.upToDate() && latest &&
           (latest->optimizerCurrent || !latest->optimizerRefusal.empty());
}

std::unique_ptr<MainWindow> newWindow()
{
    auto window = std::make_unique<MainWindow>();
    window->recompute()->setSlowEnabled(false); // the exact solve follows later
    window->resize(1440, 900);
    window->show();
    return window;
}

/// The first editable number of the Workloads page's first table.
std::pair<fleet::gui::FieldTableModel*, QModelIndex> firstNumberCell(const MainWindow& window)
{
    for (const auto& page : window.pages()) {
        if (page.title != QObject::tr("Workloads"))
            continue;
        for (fleet::gui::FieldTableModel* model : page.models)
            for (int c = 0; c < model->columnCount(); ++c) {
                const QModelIndex index = model->index(0, c);
                if ((model->flags(index) & Qt::ItemIsEditable) &&
                    model->data(index, Qt::EditRole).typeId() == QMetaType::Double)
                    return {model, index};
            }
    }
    return {nullptr, {}};
}

void openProject(benchmark::State& state, std::size_t workloads)
{
    const fleet::Project project = scaledProject(workloads);
    for (auto _ : state) {
        auto window = newWindow();
        bool kpisShown = false;
        const auto shown = [&kpisShown](const ResultsPtr&) { kpisShown = true; };
        QObject::connect(window->recompute(), &RecomputeService::kpisReady, shown);
        QObject::connect(window->recompute(), &RecomputeService::resultsReady, shown);
        fleet::Project copy = project; // not timed: the file read
        GuiStallProbe probe;
        probe.start();
        QElapsedTimer clock;
        clock.start();
        window->setProject(std::move(copy));
        processUntil([&] { return kpisShown; });
        const double firstKpisMs = double(clock.nsecsElapsed()) / 1e6;
        processUntil([&] { return settled(*window->recompute()); });
        const double settledMs = double(clock.nsecsElapsed()) / 1e6;
        probe.stop();
        state.SetIterationTime(firstKpisMs / 1e3);
        state.counters["settled_ms"] = settledMs;
        state.counters["open_stall_cpu_ms"] = probe.longestCpuMs();
        note("open to first KPIs", workloads, firstKpisMs);
        note("open to settled", workloads, settledMs);
        note("open: longest GUI-thread stall (its CPU)", workloads, probe.longestCpuMs());
    }
}

void editCell(benchmark::State& state, std::size_t workloads, bool inScenario)
{
    auto window = newWindow();
    fleet::Project project = scaledProject(workloads);
    if (inScenario) // shown, so the edit becomes its override
        project.scenarios.push_back({"bench-what-if", "Bench what-if", {}, {}});
    window->setProject(std::move(project));
    if (inScenario)
        window->document()->setScenario(QStringLiteral("bench-what-if"));
    processUntil([&] { return settled(*window->recompute()); });
    const std::string prefix = inScenario ? "scenario " : "";
    auto [model, index] = firstNumberCell(*window);
    if (!model) {
        state.SkipWithError("no editable number cell on the Workloads page");
        return;
    }
    const double start = model->data(index, Qt::EditRole).toDouble();
    int step = 0;
    double longestWallMs = 0;
    double longestCpuMs = 0;
    for (auto _ : state) {
        GuiStallProbe probe;
        probe.start();
        QElapsedTimer clock;
        clock.start();
        if (!model->setData(index, start * (++step % 2 == 0 ? 1.0 : 1.1), Qt::EditRole)) {
            state.SkipWithError(model->lastRefusal().toStdString().c_str());
            return;
        }
        processUntil([&] { return window->recompute()->kpisUpToDate(); });
        const double kpisMs = double(clock.nsecsElapsed()) / 1e6;
        processUntil([&] { return settled(*window->recompute()); });
        probe.stop();
        state.SetIterationTime(kpisMs / 1e3);
        longestWallMs = std::max(longestWallMs, probe.longestWallMs());
        longestCpuMs = std::max(longestCpuMs, probe.longestCpuMs());
        note(prefix + "edit to KPIs", workloads, kpisMs);
        note(prefix + "edit: longest GUI-thread stall (wall)", workloads, probe.longestWallMs());
        note(prefix + "edit: longest GUI-thread stall (its CPU)", workloads, probe.longestCpuMs());
    }
    state.counters["stall_ms"] = longestWallMs;
    state.counters["stall_cpu_ms"] = longestCpuMs;
}

/// A what-if slider moved one step and back, as a presenter drags it: each
/// move to its KPIs on screen and the GUI thread's longest stall until
/// settled. "growth" rewrites every inference service (most of the rows).
void moveSlider(benchmark::State& state, std::size_t workloads, const QString& key)
{
    auto window = newWindow();
    window->setProject(scaledProject(workloads));
    processUntil([&] { return settled(*window->recompute()); });
    auto* slider = window->findChild<QSlider*>(key);
    if (!slider || !slider->isEnabled()) {
        state.SkipWithError(("no enabled slider " + key.toStdString()).c_str());
        return;
    }
    const int start = slider->value();
    const int other = start < slider->maximum() ? start + 1 : start - 1;
    const std::string figure = "slider " + key.toStdString();
    int step = 0;
    for (auto _ : state) {
        GuiStallProbe probe;
        probe.start();
        QElapsedTimer clock;
        clock.start();
        slider->setValue(++step % 2 ? other : start);
        processUntil([&] { return window->recompute()->kpisUpToDate(); });
        const double kpisMs = double(clock.nsecsElapsed()) / 1e6;
        processUntil([&] { return settled(*window->recompute()); });
        probe.stop();
        state.SetIterationTime(kpisMs / 1e3);
        note(figure + " to KPIs", workloads, kpisMs);
        note(figure + ": longest GUI-thread stall (wall)", workloads, probe.longestWallMs());
        note(figure + ": longest GUI-thread stall (its CPU)", workloads, probe.longestCpuMs());
    }
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void printSummary()
{
    const std::map<std::string, double> goals = {
        {"open to first KPIs", 1000},
        {"open to settled", 2000},
        {"open: longest GUI-thread stall (its CPU)", 100},
        {"edit to KPIs", 50},
        {"edit: longest GUI-thread stall (wall)", 100},
        {"edit: longest GUI-thread stall (its CPU)", 100},
        {"scenario edit to KPIs", 50},
        {"scenario edit: longest GUI-thread stall (wall)", 100},
        {"scenario edit: longest GUI-thread stall (its CPU)", 100},
        {"slider growth to KPIs", 50},
        {"slider growth: longest GUI-thread stall (wall)", 100},
        {"slider growth: longest GUI-thread stall (its CPU)", 100},
        {"slider gpu_prices to KPIs", 50},
        {"slider gpu_prices: longest GUI-thread stall (wall)", 100},
        {"slider gpu_prices: longest GUI-thread stall (its CPU)", 100},
    };
    std::printf("\n%-42s %12s %12s %8s %10s\n", "median", "1,000", "10,000", "goal", "exponent");
    for (const auto& [figure, bySize] : g_samples) {
        const auto at = [&bySize = bySize](std::size_t n) {
            const auto found = bySize.find(n);
            return found == bySize.end() ? NAN : median(found->second);
        };
        const double small = at(1000);
        const double large = at(10000);
        const double exponent = std::log10(large / small);
        std::printf("%-42s %9.1f ms %9.1f ms %5.0f ms %10.2f%s\n", figure.c_str(), small, large,
                    goals.at(figure), exponent, std::isnan(exponent) ? "" : " (goal ≤ 1.3)");
    }
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    // FLEET_BENCH_REPEATS=1 for a quick look (the engine at 10,000 workloads
    // can take minutes per opening until it is fast).
    const int repeats = qEnvironmentVariableIsSet("FLEET_BENCH_REPEATS")
                            ? std::max(1, qEnvironmentVariableIntValue("FLEET_BENCH_REPEATS"))
                            : 3;
    for (const std::size_t workloads : {std::size_t(1000), std::size_t(10000)}) {
        const std::string size = std::to_string(workloads) + "_workloads";
        benchmark::RegisterBenchmark(("open/" + size).c_str(), openProject, workloads)
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1)
            ->Repetitions(repeats)
            ->ReportAggregatesOnly(true);
        for (const bool inScenario : {false, true})
            benchmark::RegisterBenchmark(
                ((inScenario ? "edit_in_scenario/" : "edit/") + size).c_str(), editCell, workloads,
                inScenario)
                ->UseManualTime()
                ->Unit(benchmark::kMillisecond)
                ->Iterations(repeats)
                ->Repetitions(repeats)
                ->ReportAggregatesOnly(true);
        for (const char* key : {"growth", "gpu_prices"})
            benchmark::RegisterBenchmark(("slider_" + std::string(key) + "/" + size).c_str(),
                                         moveSlider, workloads, QString::fromLatin1(key))
                ->UseManualTime()
                ->Unit(benchmark::kMillisecond)
                ->Iterations(repeats)
                ->Repetitions(1)
                ->ReportAggregatesOnly(true);
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    printSummary();
    return 0;
}
