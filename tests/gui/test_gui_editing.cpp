// Driving the app as a user does, offscreen: edit a cell and see the KPI and
// the chart move, undo both; a slider drag is one undo step; bad input is
// refused with its message; open → edit → save → reopen keeps the edit;
// scenarios show their change against the baseline; charts export.

#include "charts/chart_kinds.h"
#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "editors/unit_delegate.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/fleet_test.h"
#include "views/chart_tabs.h"
#include "views/drivers_panel.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDialog>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace fleet;
using namespace fleet::gui;

class TestGuiEditing : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    ProjectDocument* doc() const { return m_window->document(); }

    void waitForResults()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        QCoreApplication::processEvents();
    }

    /// The model of the page's table titled `title` ("Inference", "Pools of the fleet", ...).
    FieldTableModel* table(const QString& page, int which = 0)
    {
        for (const ProjectPage& p : m_window->pages())
            if (p.title == page)
                return p.models.at(std::size_t(which));
        return nullptr;
    }

    static int columnOf(const FieldTableModel* model, const QString& header)
    {
        for (int c = 0; c < model->columnCount(); ++c)
            if (model->column(c).header == header)
                return c;
        return -1;
    }

    /// The values of the first bar set of the chart shown for `kind`.
    QList<qreal> barValues(ChartKind kind)
    {
        m_window->charts()->setCurrentKind(kind);
        QChart* chart = m_window->charts()->view(kind)->chart();
        auto* series = qobject_cast<QAbstractBarSeries*>(chart->series().first());
        QList<qreal> values;
        for (QBarSet* set : series->barSets())
            for (int i = 0; i < set->count(); ++i)
                values << set->at(i);
        return values;
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true); // no user settings or recovery files
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false); // the fast path is what these check
        m_window->setProject(loadSampleProject().value());
        m_window->resize(1440, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        waitForResults();
    }

    void cleanup()
    {
        // Nothing to save: the tests leave no recovery file behind.
        doc()->undoStack()->setClean();
        m_window.reset();
    }

    void editingACellMovesTheKpiAndTheChartAndUndoRestoresBoth()
    {
        FieldTableModel* inference = table(QStringLiteral("Workloads"), 1);
        QVERIFY(inference);
        const int requests = columnOf(inference, QStringLiteral("Requests"));
        QVERIFY(requests >= 0);
        const QString kpiBefore =
            m_window->kpiPanel()->valueText(QStringLiteral("cost_per_million_output_tokens_usd"));
        const QList<qreal> barsBefore = barValues(ChartKind::CostPerToken);
        const QModelIndex cell = inference->index(0, requests);
        QCOMPARE(cell.data(Qt::EditRole).toDouble(), 300.0);

        QVERIFY(inference->setData(cell, 450.0, Qt::EditRole));
        QCOMPARE(doc()->undoStack()->count(), 1);
        waitForResults();
        const QString kpiAfter =
            m_window->kpiPanel()->valueText(QStringLiteral("cost_per_million_output_tokens_usd"));
        QVERIFY2(kpiAfter != kpiBefore, qPrintable(kpiBefore + " → " + kpiAfter));
        QVERIFY(barValues(ChartKind::CostPerToken) != barsBefore);
        QCOMPARE(inference->index(0, requests).data(Qt::EditRole).toDouble(), 450.0);

        doc()->undoStack()->undo();
        waitForResults();
        QCOMPARE(
            m_window->kpiPanel()->valueText(QStringLiteral("cost_per_million_output_tokens_usd")),
            kpiBefore);
        QCOMPARE(barValues(ChartKind::CostPerToken), barsBefore);
        QCOMPARE(inference->index(0, requests).data(Qt::EditRole).toDouble(), 300.0);
    }

    void aSliderDragIsOneUndoStep()
    {
        QSlider* slider = m_window->drivers()->slider(QStringLiteral("gpu_prices"));
        QVERIFY(slider && slider->isEnabled());
        const QString before =
            m_window->kpiPanel()->valueText(QStringLiteral("mean_monthly_cost_usd"));
        const int start = slider->value();
        slider->setSliderDown(true);
        for (int step = 1; step <= 12; ++step)
            slider->setValue(start + step * 2);
        slider->setSliderDown(false); // released: the interaction ends
        QCOMPARE(doc()->undoStack()->count(), 1);
        waitForResults();
        const QString dragged =
            m_window->kpiPanel()->valueText(QStringLiteral("mean_monthly_cost_usd"));
        QVERIFY2(dragged != before, qPrintable(dragged));
        // The project now carries the scaled book: prices × 1.24, noted as a what-if.
        const PriceBook* book = doc()->project().activePriceBook();
        QVERIFY(book);
        QVERIFY(std::abs(book->prices("h100-sxm-80gb")->onDemand->usdPerGpuHour - 2.99 * 1.24) <
                1e-9);
        // A second drag is a second step.
        slider->setSliderDown(true);
        slider->setValue(start - 10);
        slider->setSliderDown(false);
        QCOMPARE(doc()->undoStack()->count(), 2);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        waitForResults();
        QCOMPARE(slider->value(), start); // the panel follows the document
        QCOMPARE(m_window->kpiPanel()->valueText(QStringLiteral("mean_monthly_cost_usd")), before);
    }

    void badInputIsRefusedWithItsMessage()
    {
        FieldTableModel* training = table(QStringLiteral("Workloads"), 0);
        const int mfu = columnOf(training, QStringLiteral("MFU"));
        QSignalSpy refused(training, &FieldTableModel::refused);
        QVERIFY(!training->setData(training->index(0, mfu), 150.0, Qt::EditRole));
        QCOMPARE(refused.count(), 1);
        const QString message = refused.first().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("/workloads/0/efficiency")), qPrintable(message));
        QCOMPARE(doc()->undoStack()->count(), 0);
        QCOMPARE(training->index(0, mfu).data(Qt::EditRole).toDouble(), 40.0);

        // Whole numbers where the field is a count.
        FieldTableModel* pools = table(QStringLiteral("Fleet"));
        const int count = columnOf(pools, QStringLiteral("Count"));
        QVERIFY(!pools->setData(pools->index(0, count), 10.5, Qt::EditRole));
        QVERIFY(pools->lastRefusal().contains(QStringLiteral("whole number")));

        // Text that is not a number, through the editor a user types into.
        UnitDelegate delegate;
        QWidget parent;
        const QModelIndex cell = training->index(0, mfu);
        std::unique_ptr<QWidget> editor(delegate.createEditor(&parent, {}, cell));
        auto* line = editor->findChild<QLineEdit*>(QStringLiteral("value"));
        QVERIFY(line);
        line->setText(QStringLiteral("forty"));
        delegate.setModelData(editor.get(), training, cell);
        QVERIFY(training->lastRefusal().contains(QStringLiteral("«forty» is not a number")));
        QCOMPARE(doc()->undoStack()->count(), 0);
        // And a good value typed the same way is taken.
        line->setText(QStringLiteral("45"));
        delegate.setModelData(editor.get(), training, cell);
        QCOMPARE(doc()->undoStack()->count(), 1);
        QCOMPARE(training->index(0, mfu).data(Qt::EditRole).toDouble(), 45.0);
    }

    void theModelPickerSetsTheParametersInOneUndoStep()
    {
        FieldTableModel* inference = table(QStringLiteral("Workloads"), 1);
        const int model = columnOf(inference, QStringLiteral("Model"));
        const int params = columnOf(inference, QStringLiteral("Params"));
        QVERIFY(model >= 0 && params >= 0);
        const auto spec = [this] {
            return std::get<InferenceSpec>(doc()->project().workloads[3].spec); // chat-70b
        };
        QCOMPARE(spec().params, 70e9);
        bool offered = false;
        for (const FieldChoice& choice : inference->column(model).choices(doc()->project(), 3))
            offered = offered || choice.value == QStringLiteral("deepseek-v3");
        QVERIFY(offered);
        // Picking a model sets its active count in the same step.
        QVERIFY(inference->setData(inference->index(0, model), QStringLiteral("mixtral-8x7b"),
                                   Qt::EditRole));
        QCOMPARE(doc()->undoStack()->count(), 1);
        QCOMPARE(spec().model, std::string("mixtral-8x7b"));
        QCOMPARE(spec().params, 12.9e9);
        QCOMPARE(inference->index(0, params).data(Qt::EditRole).toDouble(), 12.9);
        // A Params that contradicts the model is refused, naming the rule.
        QVERIFY(!inference->setData(inference->index(0, params), 70.0, Qt::EditRole));
        QVERIFY2(inference->lastRefusal().contains(QStringLiteral("the active parameters of "
                                                                  "mixtral-8x7b")),
                 qPrintable(inference->lastRefusal()));
        // None keeps the counts, the total as total_params: sized as before.
        QVERIFY(inference->setData(inference->index(0, model), QString(), Qt::EditRole));
        QCOMPARE(doc()->undoStack()->count(), 2);
        QVERIFY(spec().model.empty());
        QCOMPARE(spec().params, 12.9e9);
        QCOMPARE(spec().totalParams, 46.7e9);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QVERIFY(spec().model.empty());
        QCOMPARE(spec().params, 70e9);
        QCOMPARE(spec().totalParams, 0.0);
    }

    void pricesAndAssumptionsAreEditable()
    {
        FieldTableModel* prices = table(QStringLiteral("Price books"));
        QVERIFY(prices);
        int h100 = -1;
        for (int row = 0; row < prices->rowCount(); ++row)
            if (prices->headerData(row, Qt::Vertical, Qt::DisplayRole).toString() ==
                QStringLiteral("h100-sxm-80gb"))
                h100 = row;
        QVERIFY(h100 >= 0);
        const int onDemand = columnOf(prices, QStringLiteral("On-demand"));
        QCOMPARE(prices->index(h100, onDemand).data(Qt::EditRole).toDouble(), 2.99);
        QVERIFY(prices->setData(prices->index(h100, onDemand), 3.25, Qt::EditRole));
        const HourlyPrice& edited =
            *doc()->project().activePriceBook()->prices("h100-sxm-80gb")->onDemand;
        QCOMPARE(edited.usdPerGpuHour, 3.25);
        QVERIFY(QString::fromStdString(edited.note).contains(QStringLiteral("Edited")));
        // A plan the book does not offer is shown as such and cannot be edited.
        const int spot = columnOf(prices, QStringLiteral("Spot"));
        QCOMPARE(prices->index(h100, spot).data().toString(), QStringLiteral("—"));
        QVERIFY(!(prices->flags(prices->index(h100, spot)) & Qt::ItemIsEditable));
        doc()->undoStack()->undo();
        QCOMPARE(
            doc()->project().activePriceBook()->prices("h100-sxm-80gb")->onDemand->usdPerGpuHour,
            2.99);

        // The regimes' network price is a column of its own: the pooled
        // regime shows its sourced $0.097, and an edit writes its setting.
        FieldTableModel* regimes = table(QStringLiteral("Regimes"), 0);
        const int network = columnOf(regimes, QStringLiteral("Network"));
        QVERIFY(network >= 0);
        const int pooled = int(*regimeFromKey("network_pooled"));
        QCOMPARE(regimes->index(pooled, network).data(Qt::EditRole).toDouble(), 0.097);
        QVERIFY(regimes->setData(regimes->index(pooled, network), 0.2, Qt::EditRole));
        QCOMPARE(doc()->project().regime(RegimeKind(pooled)).networkUsdPerGpuHour, 0.2);
        doc()->undoStack()->undo();

        FieldTableModel* assumptions = table(QStringLiteral("Regimes"), 1);
        QVERIFY(assumptions->setData(assumptions->index(0, 0), 40000.0, Qt::EditRole));
        QCOMPARE(doc()->project().assumptions.gpuMtbfHours, 40000.0);
        QVERIFY(!assumptions->setData(assumptions->index(0, 0), -5.0, Qt::EditRole));
        QVERIFY(assumptions->lastRefusal().contains(QStringLiteral("/assumptions/gpu_mtbf_hours")));
    }

    void rowsAreDuplicatedAndRemovedThroughTheUndoStack()
    {
        const ProjectPage* fleet = nullptr;
        for (const ProjectPage& page : m_window->pages())
            if (page.title == QStringLiteral("Fleet"))
                fleet = &page;
        QVERIFY(fleet);
        auto* view = fleet->widget->findChild<QTableView*>(QStringLiteral("Pools of the fleet"));
        QVERIFY(view);
        QPushButton* duplicate = nullptr;
        QPushButton* remove = nullptr;
        for (QPushButton* button : fleet->widget->findChildren<QPushButton*>()) {
            if (button->text() == QStringLiteral("Duplicate") && !duplicate)
                duplicate = button;
            if (button->text() == QStringLiteral("Remove") && !remove)
                remove = button;
        }
        QVERIFY(duplicate && remove);
        view->setCurrentIndex(view->model()->index(0, 0));
        duplicate->click();
        QCOMPARE(doc()->project().fleet.pools.size(), std::size_t(3));
        QCOMPARE(doc()->project().fleet.pools[1].id, std::string("h100-reserved-copy"));
        doc()->undoStack()->undo();
        QCOMPARE(doc()->project().fleet.pools.size(), std::size_t(2));
        // The scenario "reserve-60" sets /fleet/pools/h100-on-demand/count:
        // removing that pool first asks what to do with the override (the
        // dialog of editors/remove_row_dialog.h); cancelled, nothing changes.
        view->setCurrentIndex(view->model()->index(1, 0));
        QString asked;
        QTimer answer;
        answer.setInterval(20);
        connect(&answer, &QTimer::timeout, this, [&] {
            if (auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget())) {
                answer.stop();
                asked = dialog->objectName();
                dialog->reject();
            }
        });
        answer.start();
        remove->click();
        QCOMPARE(asked, QStringLiteral("removeReferencedRow"));
        QCOMPARE(doc()->project().fleet.pools.size(), std::size_t(2));
    }

    void openEditSaveReopenKeepsTheEdit()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.fleetplan"));
        QVERIFY(!doc()->saveAs(path));
        QVERIFY(!doc()->isModified());
        QVERIFY(m_window->openFile(path));
        waitForResults();
        FieldTableModel* pools = table(QStringLiteral("Fleet"));
        const int count = columnOf(pools, QStringLiteral("Count"));
        QVERIFY(pools->setData(pools->index(1, count), 1000.0, Qt::EditRole));
        QVERIFY(doc()->isModified());
        QVERIFY(m_window->windowTitle().contains(QStringLiteral("demo.fleetplan")));
        QVERIFY(!doc()->save());
        QVERIFY(!doc()->isModified());

        MainWindow reopened;
        reopened.recompute()->setSlowEnabled(false);
        QVERIFY(reopened.openFile(path));
        QCOMPARE(reopened.document()->project().fleet.pools[1].count, 1000);
        QCOMPARE(reopened.document()->path(), path);
    }

    void autosaveWritesARecoveryFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("crash.fleetplan"));
        QVERIFY(!doc()->saveAs(path));
        FieldTableModel* pools = table(QStringLiteral("Fleet"));
        QVERIFY(pools->setData(pools->index(0, columnOf(pools, QStringLiteral("Count"))), 1700.0,
                               Qt::EditRole));
        doc()->autosaveNow();
        QVERIFY(QFile::exists(path + QStringLiteral(".recovery")));
        // Saving removes it: nothing left to recover.
        QVERIFY(!doc()->save());
        QVERIFY(!QFile::exists(path + QStringLiteral(".recovery")));
        // The timer's autosave writes on a worker; a save right after it
        // waits for it, so no recovery file lands after the save.
        QVERIFY(pools->setData(pools->index(0, columnOf(pools, QStringLiteral("Count"))), 1800.0,
                               Qt::EditRole));
        doc()->autosaveInBackground();
        QVERIFY(!doc()->save());
        QVERIFY(!QFile::exists(path + QStringLiteral(".recovery")));
        QVERIFY(pools->setData(pools->index(0, columnOf(pools, QStringLiteral("Count"))), 1900.0,
                               Qt::EditRole));
        doc()->autosaveInBackground();
        QTRY_VERIFY(QFile::exists(path + QStringLiteral(".recovery")));
    }

    void scenariosShowTheirChangeAgainstTheBaseline()
    {
        QCOMPARE(m_window->kpiPanel()->deltaText(QStringLiteral("mean_monthly_cost_usd")),
                 QString());
        doc()->setScenario(QStringLiteral("reserve-60"));
        waitForResults();
        const QString delta =
            m_window->kpiPanel()->deltaText(QStringLiteral("mean_monthly_cost_usd"));
        QVERIFY2(delta.contains(QStringLiteral("vs baseline")), qPrintable(delta));
        // The window names the scenario as people named it, not by its id.
        const std::string name = doc()->project().scenarios[0].name;
        QCOMPARE(doc()->project().scenarios[0].id, std::string("reserve-60"));
        QVERIFY2(m_window->windowTitle().contains(QString::fromStdString(name)),
                 qPrintable(m_window->windowTitle()));
        // Keyboard switching walks the scenarios and back to the baseline.
        m_window->setPresenting(true);
        for (int i = 0; i < 4; ++i)
            QTest::keyClick(m_window.get(), Qt::Key_PageDown);
        QCOMPARE(doc()->scenario(), QString());
        QTest::keyClick(m_window.get(), Qt::Key_Escape);
        QVERIFY(!m_window->presenting());
    }

    void theShownChartExportsAsPngSvgAndPdf()
    {
        QTemporaryDir dir;
        m_window->charts()->setCurrentKind(ChartKind::Tornado);
        QString error;
        for (const char* name : {"t.png", "t.svg", "t.pdf"}) {
            const QString path = dir.filePath(QLatin1String(name));
            QVERIFY2(m_window->exportCurrentChart(path, QStringLiteral("Slide"), &error),
                     qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
        QVERIFY(!m_window->exportCurrentChart(dir.filePath(QStringLiteral("t.gif")), {}, &error));
        QVERIFY(error.contains(QStringLiteral(".png, .svg or .pdf")));
    }
};

FLEET_TEST_MAIN(TestGuiEditing)
#include "test_gui_editing.moc"
