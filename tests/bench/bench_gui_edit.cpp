// One cell edit in a Workloads table to the KPIs and the visible chart
// updated: the edit and its validation, the undo step, the tables' refresh,
// the recompute off the GUI thread, the KPI strip and the chart rebuilt and
// painted. On the sample (goal: median ≤ 16 ms) and on a project of 1,000
// workloads (goal: median ≤ 50 ms). Run offscreen.
//
// The first cell is a training workload's: the chart shown (cost per output
// token, inference) does not change, and stays as it is. The "chart_changes"
// cases edit an inference workload's first number instead, so that the
// visible chart is rebuilt, fitted and painted anew after every edit.

#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/scaled_sample.h"
#include "views/chart_tabs.h"

#include <QApplication>
#include <QStandardPaths>

#include <benchmark/benchmark.h>
#include <chrono>
#include <optional>
#include <string>

namespace {

fleet::gui::MainWindow* g_window = nullptr;

/// The first editable numeric cell of the Workloads page's first table of
/// `kind` (any kind: the page's first table).
std::pair<fleet::gui::FieldTableModel*, QModelIndex>
firstNumberCell(std::optional<fleet::WorkloadKind> kind)
{
    const fleet::Project& project = g_window->document()->project();
    for (const auto& page : g_window->pages()) {
        if (page.title != QObject::tr("Workloads"))
            continue;
        for (fleet::gui::FieldTableModel* model : page.models) {
            if (kind && (model->rowCount() == 0 ||
                         project.workloads[std::size_t(model->itemAt(0))].kind() != *kind))
                continue;
            for (int c = 0; c < model->columnCount(); ++c) {
                const QModelIndex index = model->index(0, c);
                if ((model->flags(index) & Qt::ItemIsEditable) &&
                    model->data(index, Qt::EditRole).typeId() == QMetaType::Double)
                    return {model, index};
            }
        }
    }
    return {nullptr, {}};
}

void waitUpToDate()
{
    while (!g_window->recompute()->upToDate())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
}

void cellEdit(benchmark::State& state, std::size_t workloads,
              std::optional<fleet::WorkloadKind> kind)
{
    g_window->setProject(fleet::test_support::scaledSample(workloads));
    waitUpToDate();
    auto [model, index] = firstNumberCell(kind);
    if (!model) {
        state.SkipWithError("no editable number cell on the Workloads page");
        return;
    }
    const double start = model->data(index, Qt::EditRole).toDouble();
    int step = 0;
    for (auto _ : state) {
        const auto begin = std::chrono::steady_clock::now();
        const double value = start * (++step % 2 == 0 ? 1.0 : 1.1);
        if (!model->setData(index, value, Qt::EditRole)) {
            state.SkipWithError(model->lastRefusal().toStdString().c_str());
            return;
        }
        waitUpToDate();
        g_window->charts()->currentWidget()->repaint(); // the chart painted, not only built
        state.SetIterationTime(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    fleet::gui::MainWindow window;
    window.recompute()->setSlowEnabled(false); // the edit itself; the exact solve follows later
    window.resize(1440, 900);
    window.show();
    g_window = &window;
    for (const bool chartChanges : {false, true})
        for (std::size_t workloads : {std::size_t(0), std::size_t(1000)}) {
            std::string name = workloads == 0 ? "cellEdit/sample" : "cellEdit/1000_workloads";
            if (chartChanges)
                name += "_chart_changes";
            const auto kind = chartChanges ? std::optional(fleet::WorkloadKind::Inference)
                                           : std::optional<fleet::WorkloadKind>();
            benchmark::RegisterBenchmark(name.c_str(), cellEdit, workloads, kind)
                ->UseManualTime()
                ->Unit(benchmark::kMillisecond)
                ->Iterations(20)
                ->Repetitions(3)
                ->ReportAggregatesOnly(true);
        }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
