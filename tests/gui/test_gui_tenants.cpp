// The Tenants table under the Segments page (project format 3): its columns
// come from the tenant field table, "Add tenant" adds one of the first
// segment as one undo step, edits are checked by the one validator (a cost
// weight of 0 is refused naming the rule), the segment is picked among the
// project's, and renaming a segment carries its tenants along. Removing a
// segment with tenants asks first, says how many workloads and tenants go,
// and moves them together to another segment (or removes them); undo
// restores all. The Metering page shows the project's tenants from the
// evaluation made (table and charts summing to the fleet's cost, quotas as
// entitlement lines), refreshes after an edit, draws only when shown, and
// its charts are exported with every other chart.

#include "../core/sample_fixture.h"
#include "charts/tenant_chart.h"
#include "compute/plan_results.h"
#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "engine/tenant_totals.h"
#include "export/export_all.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"
#include "views/metering_page.h"
#include "views/tenant_sheet.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDialog>
#include <QElapsedTimer>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace fleet;
using namespace fleet::gui;

using fleet::gui::test::columnOf;
using fleet::gui::test::onNextModal;

namespace {

/// The sample with tenants: two of mid-stage with GPU-hour quotas (1 : 2 × 3,
/// the small one weighing 2), forty alike start-ups without a quota.
Project sampleWithTenants()
{
    Project project = loadSampleProject().value();
    Tenant small = fleet::test::tenant("small", "mid-stage", 1);
    small.quotaGpuHoursPerMonth = 20000;
    small.costWeight = 2;
    Tenant large = fleet::test::tenant("large", "mid-stage", 2);
    large.quotaGpuHoursPerMonth = 60000;
    project.tenants = {small, large, fleet::test::tenant("startups", "early-stage", 40)};
    return project;
}

/// A sheet cellGuiTenants as a number ("3,225.60" → 3225.6, "12.5 %" → 12.5).
double cellGuiTenants(const QTableWidget* table, int row, int column)
{
    const QTableWidgetItem* item = table->item(row, column);
    QString text = item ? item->text() : QString();
    text.remove(QStringLiteral(" %"));
    return QLocale().toDouble(text);
}

/// The sheet's row whose first cellGuiTenants reads `name`, or -1.
int rowOf(const QTableWidget* table, const QString& name)
{
    for (int row = 0; row < table->rowCount(); ++row)
        if (table->item(row, 0) && table->item(row, 0)->text() == name)
            return row;
    return -1;
}

/// Every bar of a chart's bar series, summed.
double barSum(const QChart* chart)
{
    double sum = 0;
    for (QAbstractSeries* one : chart->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(one))
            for (QBarSet* set : bars->barSets())
                for (int i = 0; i < set->count(); ++i)
                    sum += set->at(i);
    return sum;
}

/// What the remove dialog showed.
struct Asked
{
    QString summary;
    QString reassignText;
    QString removeText;
    bool reassignVisible = false;
    bool reassignEnabled = false;
    int references = 0;
};

/// Selects segment `id` in the segments table and clicks Remove; the dialog
/// that asks is read into `asked` and answered: moved to `moveTo`, or
/// everything removed when `moveTo` is empty.
void removeSegment(QWidget* page, FieldTableModel* segments, const std::string& id,
                   const QString& moveTo, Asked* asked)
{
    auto* view = page->findChild<QTableView*>(QStringLiteral("Customer segments"));
    QVERIFY(view);
    const int idColumn = columnOf(segments, QStringLiteral("Id"));
    for (int r = 0; r < segments->rowCount(); ++r)
        if (segments->data(segments->index(r, idColumn), Qt::DisplayRole).toString() ==
            QString::fromStdString(id))
            view->setCurrentIndex(segments->index(r, 0));
    const auto answered = onNextModal<QDialog>([&](QDialog* dialog) {
        QCOMPARE(dialog->objectName(), QStringLiteral("removeReferencedRow"));
        auto* summary = dialog->findChild<QLabel*>(QStringLiteral("removeSummary"));
        asked->summary = summary ? summary->text() : QString();
        auto* reassign = dialog->findChild<QRadioButton*>(QStringLiteral("reassign"));
        auto* remove = dialog->findChild<QRadioButton*>(QStringLiteral("removeDependents"));
        asked->reassignText = reassign->text();
        asked->removeText = remove->text();
        asked->reassignVisible = reassign->isVisible();
        asked->reassignEnabled = reassign->isEnabled();
        asked->references = dialog->findChild<QListWidget*>(QStringLiteral("references"))->count();
        // A screenshot beside the test, to be looked at.
        dialog->grab().save(QStringLiteral(FLEET_BINARY_DIR "/remove_segment_%1.png")
                                .arg(QString::fromStdString(id)));
        if (moveTo.isEmpty()) {
            remove->setChecked(true);
        } else {
            auto* target = dialog->findChild<QComboBox*>(QStringLiteral("reassignTo"));
            target->setCurrentIndex(target->findData(moveTo));
            reassign->setChecked(true);
        }
        dialog->accept();
    });
    page->findChild<QPushButton*>(QStringLiteral("remove:Customer segments"))->click();
    QVERIFY(*answered);
}

} // namespace

class TestGuiTenants : public QObject
{
    Q_OBJECT

private slots:
    void tenantsAreEditedLikeEveryTable()
    {
        ProjectDocument doc(loadSampleProject().value());
        ProjectPage page = segmentsPage(&doc, nullptr);
        std::unique_ptr<QWidget> widget(page.widget);
        QCOMPARE(page.models.size(), std::size_t(2));
        FieldTableModel* tenants = page.models.back();
        QCOMPARE(tenants->rowCount(), 0); // the sample has none
        QVERIFY(widget->findChild<QTableView*>(QStringLiteral("Tenants")));
        for (const char* header :
             {"Id", "Name", "Segment", "Count", "Cost weight", "Priority tier"})
            QVERIFY2(columnOf(tenants, QString::fromUtf8(header)) >= 0, header);

        auto* add = widget->findChild<QPushButton*>(QStringLiteral("add:Tenants"));
        QVERIFY(add);
        add->click();
        QCOMPARE(doc.project().tenants.size(), std::size_t(1));
        QCOMPARE(doc.project().tenants[0].id, std::string("tenant-1"));
        QCOMPARE(doc.project().tenants[0].name, std::string("New tenant 1"));
        QCOMPARE(doc.project().tenants[0].segmentId, doc.project().segments[0].id);
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(tenants->rowCount(), 1);

        // The segment is picked among the project's.
        const int segment = columnOf(tenants, QStringLiteral("Segment"));
        QVERIFY(tenants->column(segment).choices);
        QCOMPARE(tenants->column(segment).choices(doc.project(), 0).size(),
                 doc.project().segments.size());
        QVERIFY(tenants->setData(tenants->index(0, segment), QStringLiteral("mid-stage"),
                                 Qt::EditRole));
        QCOMPARE(doc.project().tenants[0].segmentId, std::string("mid-stage"));

        // A cost weight of 0 is refused with the rule; 2 is taken.
        const int weight = columnOf(tenants, QStringLiteral("Cost weight"));
        QVERIFY(!tenants->setData(tenants->index(0, weight), 0.0, Qt::EditRole));
        QVERIFY2(tenants->lastRefusal().contains(QStringLiteral("cost_weight")),
                 qPrintable(tenants->lastRefusal()));
        QVERIFY(tenants->setData(tenants->index(0, weight), 2.0, Qt::EditRole));
        QCOMPARE(doc.project().tenants[0].costWeight, 2.0);

        // Renaming the segment carries the tenant along.
        FieldTableModel* segments = page.models.front();
        const int id = columnOf(segments, QStringLiteral("Id"));
        int row = -1;
        for (int r = 0; r < segments->rowCount(); ++r)
            if (segments->data(segments->index(r, id), Qt::DisplayRole).toString() ==
                QStringLiteral("mid-stage"))
                row = r;
        QVERIFY(row >= 0);
        QVERIFY(
            segments->setData(segments->index(row, id), QStringLiteral("growth"), Qt::EditRole));
        QCOMPARE(doc.project().tenants[0].segmentId, std::string("growth"));

        // Every step undoes.
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QVERIFY(doc.project().tenants.empty());
    }

    /// A segment with tenants and no workloads: the dialog says how many
    /// tenants go and lets them move; a segment with both moves both
    /// together; removing everything takes the tenants too; undo restores all.
    void removingASegmentMovesOrRemovesItsTenants()
    {
        Project project = loadSampleProject().value();
        // A segment of tenants only, beside the sample's three.
        Segment quiet = project.segments.front();
        quiet.id = "quiet";
        quiet.name = "Quiet";
        project.segments.push_back(quiet);
        const std::string busy = project.workloads.front().segmentId;
        project.tenants = {fleet::test::tenant("a", "quiet", 3),
                           fleet::test::tenant("b", "quiet", 1), fleet::test::tenant("c", busy, 5)};
        int busyWorkloads = 0;
        for (const Workload& w : project.workloads)
            busyWorkloads += w.segmentId == busy;
        QVERIFY(busyWorkloads > 1);
        ProjectDocument doc(project);
        const std::string before = projectToJsonText(doc.project());
        ProjectPage page = segmentsPage(&doc, nullptr);
        std::unique_ptr<QWidget> widget(page.widget);
        widget->show();
        FieldTableModel* segments = page.models.front();

        // Tenants only: two tenant rows go, or move.
        Asked asked;
        removeSegment(widget.get(), segments, "quiet", QString::fromStdString(busy), &asked);
        QCOMPARE(asked.references, 2);
        QVERIFY2(asked.summary.contains(QStringLiteral("2 tenants")), qPrintable(asked.summary));
        QVERIFY2(!asked.summary.contains(QStringLiteral("workload")), qPrintable(asked.summary));
        QVERIFY(asked.reassignVisible && asked.reassignEnabled);
        QCOMPARE(asked.reassignText, QStringLiteral("Move its 2 tenants to segment:"));
        QVERIFY(!doc.project().segment("quiet"));
        QCOMPARE(doc.project().tenants.size(), std::size_t(3));
        for (const Tenant& t : doc.project().tenants)
            QCOMPARE(t.segmentId, busy);
        QCOMPARE(doc.undoStack()->count(), 1);

        // Workloads and tenants: all three tenants and the workloads move together.
        std::string other;
        for (const Segment& s : doc.project().segments)
            if (s.id != busy && other.empty())
                other = s.id;
        QVERIFY(!other.empty());
        removeSegment(widget.get(), segments, busy, QString::fromStdString(other), &asked);
        QVERIFY2(
            asked.summary.contains(QStringLiteral("%1 workloads and 3 tenants").arg(busyWorkloads)),
            qPrintable(asked.summary));
        QVERIFY2(asked.removeText.contains(QStringLiteral("workloads and 3 tenants too")),
                 qPrintable(asked.removeText));
        for (const Tenant& t : doc.project().tenants)
            QCOMPARE(t.segmentId, other);
        int moved = 0;
        for (const Workload& w : doc.project().workloads)
            moved += w.segmentId == other;
        QVERIFY(moved >= busyWorkloads);

        // Removing everything takes the tenants with the segment.
        removeSegment(widget.get(), segments, other, QString(), &asked);
        QVERIFY(doc.project().tenants.empty());
        QVERIFY(!doc.project().segment(other));

        // One undo step each; undoing all restores the project as it was.
        QCOMPARE(doc.undoStack()->count(), 3);
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QCOMPARE(projectToJsonText(doc.project()), before);
    }

    /// The sheet of the evaluation: one row per line and a total that is the
    /// fleet's cost; quotas give quota GPU-hours, use ÷ quota and a dashed
    /// entitlement line each; the cost chart's bars sum to the fleet's cost.
    void theSheetShowsTheEvaluation()
    {
        const Project project = sampleWithTenants();
        const auto results = std::make_shared<const PlanResults>(
            computePlanResults(project, {}, Kpi::MeanMonthlyCost, 0));
        const std::vector<TenantTotal> lines = tenantTotals(project, results->evaluation);
        const double fleet = results->evaluation.kpis.totalCostUsd;
        ProjectDocument doc(project);
        MeteringPage page(&doc);
        QCOMPARE(page.source(), MeteringPage::ProjectTenants); // the project names tenants
        page.resize(1200, 1500);
        page.show();
        QElapsedTimer drawing;
        drawing.start();
        page.showResults(results); // shown: drawn now
        qInfo("tenant sheet drawn in %.1f ms (table and two charts, %d lines)",
              drawing.nsecsElapsed() / 1e6, int(lines.size()));
        const QTableWidget* table = page.sheet()->table();
        QCOMPARE(table->rowCount(), int(lines.size()) + 1);
        const int total = table->rowCount() - 1;
        QCOMPARE(table->item(total, 0)->text(), QStringLiteral("Total"));
        QVERIFY2(
            qAbs(cellGuiTenants(table, total, 7) - fleet) < 0.01,
            qPrintable(QStringLiteral("%1 vs %2").arg(cellGuiTenants(table, total, 7)).arg(fleet)));
        double rows = 0;
        for (int row = 0; row < total; ++row)
            rows += cellGuiTenants(table, row, 7);
        QVERIFY(qAbs(rows - fleet) < 0.01 * total);
        // small: 20,000 GPU-hours a month over the horizon, and its use of them.
        const int small = rowOf(table, QStringLiteral("small"));
        const int large = rowOf(table, QStringLiteral("large (2 tenants)"));
        QVERIFY(small >= 0 && large >= 0);
        QCOMPARE(table->item(small, 1)->text(), QStringLiteral("Mid-stage teams"));
        QCOMPARE(table->item(small, 3)->text(), QStringLiteral("quota GPU-hours"));
        QCOMPARE(cellGuiTenants(table, small, 8), 20000.0 * project.horizonMonths);
        const double held = lines[std::size_t(small)].gpuHoursHeld;
        QVERIFY(held > 0);
        QVERIFY(qAbs(cellGuiTenants(table, small, 9) -
                     100 * held / (20000.0 * project.horizonMonths)) < 0.06);
        QVERIFY(qAbs(cellGuiTenants(table, large, 4) - 6 * cellGuiTenants(table, small, 4)) < 0.6);
        const int startups = rowOf(table, QStringLiteral("startups (40 tenants)"));
        QVERIFY(startups >= 0);
        QVERIFY(table->item(startups, 8) == nullptr); // no quota stated
        // Memory used ÷ allocated: the segment's figure for each of its tenants.
        QVERIFY(lines[std::size_t(small)].memoryEfficiency);
        QCOMPARE(cellGuiTenants(table, small, 10), cellGuiTenants(table, large, 10));
        QVERIFY(qAbs(cellGuiTenants(table, small, 10) -
                     100 * *lines[std::size_t(small)].memoryEfficiency) < 0.06);
        QVERIFY(cellGuiTenants(table, small, 10) > 0 && cellGuiTenants(table, small, 10) <= 100);
        // Charts: the cost bars sum to the fleet's cost (in the axis' unit);
        // two quotas, two entitlement lines beside the bars.
        const QChart* cost = page.sheet()->costChart()->chart();
        const QString unit = cost->axes(Qt::Vertical).value(0)->titleText();
        const double divisor = unit.contains(QStringLiteral("millions"))    ? 1e6
                               : unit.contains(QStringLiteral("thousands")) ? 1e3
                                                                            : 1.0;
        QVERIFY2(qAbs(barSum(cost) * divisor - fleet) < 1e-6 * fleet,
                 qPrintable(QStringLiteral("%1 %2").arg(barSum(cost)).arg(unit)));
        const QChart* hours = page.sheet()->hoursChart()->chart();
        QCOMPARE(hours->series().size(), qsizetype(3));
        QVERIFY(qAbs(barSum(hours) - results->evaluation.kpis.gpuHoursHeld) <
                1e-6 * results->evaluation.kpis.gpuHoursHeld);
        QCoreApplication::processEvents();
        QVERIFY(page.grab().save(QStringLiteral(FLEET_BINARY_DIR "/tenant_sheet.png")));

        // Results that come while the job log is shown are drawn on showing the sheet.
        Project heavier = project;
        heavier.tenants[0].costWeight = 4;
        page.setSource(MeteringPage::JobLog);
        const double before = cellGuiTenants(table, small, 5);
        page.showResults(std::make_shared<const PlanResults>(
            computePlanResults(heavier, {}, Kpi::MeanMonthlyCost, 0)));
        QCOMPARE(cellGuiTenants(table, small, 5), before);
        page.setSource(MeteringPage::ProjectTenants);
        QVERIFY2(cellGuiTenants(table, small, 5) > before,
                 qPrintable(
                     QStringLiteral("%1 vs %2").arg(cellGuiTenants(table, small, 5)).arg(before)));

        // The sample names no tenants: the page opens on the job log.
        ProjectDocument sample(loadSampleProject().value());
        QCOMPARE(MeteringPage(&sample).source(), MeteringPage::JobLog);
    }

    /// In the app: the Metering page follows an edit of a tenant's cost weight.
    void theMainWindowRefreshesTheSheetOnEdits()
    {
        QStandardPaths::setTestModeEnabled(true);
        MainWindow window;
        window.recompute()->setSlowEnabled(false);
        window.setProject(sampleWithTenants());
        window.resize(1440, 900);
        window.show();
        window.showPage(QStringLiteral("Metering"));
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), gui::test::kPatienceMs);
        QCoreApplication::processEvents();
        const QTableWidget* table = window.metering()->sheet()->table();
        const int small = rowOf(table, QStringLiteral("small"));
        QVERIFY(small >= 0);
        const double before = cellGuiTenants(table, small, 7);
        FieldTableModel* tenants = nullptr;
        for (const ProjectPage& page : window.pages())
            if (page.title == QStringLiteral("Segments"))
                tenants = page.models.back();
        QVERIFY(tenants);
        QVERIFY(
            tenants->setData(tenants->index(0, columnOf(tenants, QStringLiteral("Cost weight"))),
                             4.0, Qt::EditRole));
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), gui::test::kPatienceMs);
        QCoreApplication::processEvents();
        const ResultsPtr latest = window.recompute()->latest();
        QCOMPARE(latest->project.tenants[0].costWeight, 4.0);
        const std::vector<TenantTotal> lines = tenantTotals(latest->project, latest->evaluation);
        QVERIFY(cellGuiTenants(table, small, 7) > before);
        QVERIFY(qAbs(cellGuiTenants(table, small, 7) - lines[std::size_t(small)].totalCostUsd()) <
                0.01);
    }

    /// Export All Charts writes the tenants' two charts in every format.
    void theTenantChartsAreExported()
    {
        const PlanResults results = computePlanResults(sampleWithTenants());
        QTemporaryDir folder;
        QStringList written;
        QString error;
        QVERIFY2(exportAllCharts(results, folder.path(), &written, &error), qPrintable(error));
        for (const char* name : {"tenant-cost-baseline", "tenant-gpu-hours-baseline"})
            for (const char* suffix : {".png", ".svg", ".pdf"}) {
                const QString path = folder.filePath(QLatin1String(name) + QLatin1String(suffix));
                QVERIFY2(written.contains(path), qPrintable(path));
                QVERIFY2(QFileInfo(path).size() > 1000, qPrintable(path));
            }
        // And their figures as CSV (OpenCost's field names), whole.
        const QString csv = folder.filePath(QStringLiteral("tenant-totals-baseline.csv"));
        QVERIFY2(written.contains(csv), qPrintable(written.join(QLatin1Char(' '))));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray header = file.readLine();
        QVERIFY(header.startsWith("name,start,end,minutes,gpuCount,gpuHours,gpuCost,sharedCost"));
        // Without tenants, no tenant charts.
        QTemporaryDir other;
        written.clear();
        QVERIFY(exportAllCharts(computePlanResults(loadSampleProject().value()), other.path(),
                                &written, &error));
        QVERIFY(!written.join(QLatin1Char(' ')).contains(QStringLiteral("tenant-")));
    }
};

FLEET_TEST_MAIN(TestGuiTenants)
#include "test_gui_tenants.moc"
