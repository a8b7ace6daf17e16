// One slider change on the sample project to charts redrawn: the edit, its
// validation, the recompute off the GUI thread (engine, sensitivity,
// scenarios, optimizer fast path), the KPI strip and the visible chart
// rebuilt and painted. Goal: median ≤ 16 ms (one frame). Run offscreen.

#include "main_window.h"
#include "store/project_json.h"
#include "views/chart_tabs.h"
#include "views/drivers_panel.h"

#include <QApplication>
#include <QSlider>
#include <QStandardPaths>

#include <benchmark/benchmark.h>
#include <chrono>

namespace {

fleet::gui::MainWindow* g_window = nullptr;

void sliderToCharts(benchmark::State& state, const char* driver)
{
    auto& window = *g_window;
    QSlider* slider = window.drivers()->slider(QString::fromLatin1(driver));
    const int start = slider->value();
    int step = 0;
    for (auto _ : state) {
        const auto begin = std::chrono::steady_clock::now();
        slider->setValue(start + (++step % 2 == 0 ? 3 : -3));
        while (!window.recompute()->upToDate())
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        window.charts()->currentWidget()->repaint(); // the chart painted, not only built
        state.SetIterationTime(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    slider->setValue(start);
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    fleet::gui::MainWindow window;
    window.recompute()->setSlowEnabled(false); // the drag itself; the exact solve follows later
    window.setProject(fleet::loadSampleProject().value());
    window.resize(1440, 900);
    window.show();
    while (!window.recompute()->upToDate())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    g_window = &window;
    for (const char* driver : {"gpu_prices", "training_mfu", "growth"})
        benchmark::RegisterBenchmark((std::string("sliderToCharts/") + driver).c_str(),
                                     sliderToCharts, driver)
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond)
            ->Iterations(40)
            ->Repetitions(5)
            ->ReportAggregatesOnly(true);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
