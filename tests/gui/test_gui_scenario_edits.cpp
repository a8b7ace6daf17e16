// Scenarios own their edits (issue 27 item 5): a project opened from a file,
// a scenario selected, and every kind of edit made as a user makes it (a
// cell of the Fleet, Workloads, Segments and Price books pages, a what-if
// slider, Add price, Add pool, Remove); then saved. The baseline in the file
// is the same before and after, field for field (its canonical JSON without
// the scenarios); the scenario's overrides hold the edits, told in words in
// the scenario panel and the deck; an edit no override can express is
// refused, saying to switch to Baseline; undo takes every step back.

#include "document/edit_command.h"
#include "document/override_words.h"
#include "document/project_document.h"
#include "document/scenario_recorder.h"
#include "editors/field_table_model.h"
#include "editors/price_entry_dialog.h"
#include "editors/project_pages.h"
#include "editors/row_actions.h"
#include "editors/scenario_overrides_model.h"
#include "export/deck_export.h"
#include "export/workbook_export.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"
#include "views/drivers_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSlider>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <boost/json.hpp>

#include <cmath>

using namespace fleet;
using namespace fleet::gui;
using fleet::gui::test::child;
using fleet::gui::test::columnOf;
namespace bj = boost::json;

namespace {

/// The baseline as the file states it: the canonical document without the
/// scenarios (which hold the scenario's edits).
std::string baselineText(const Project& project)
{
    bj::object document = projectToJson(project);
    document.erase("scenarios");
    return bj::serialize(document);
}

} // namespace

class TestGuiScenarioEdits : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;

    ProjectDocument* doc() const { return m_window->document(); }
    QUndoStack* undo() const { return doc()->undoStack(); }
    const ProjectPage* page(const QString& title) const
    {
        for (const ProjectPage& p : m_window->pages())
            if (p.title == title)
                return &p;
        return nullptr;
    }
    /// Changes a number of row `row` of `model` as a user would (the first
    /// editable number the reader accepts a new value for: value + 1, or
    /// half of it); the cell changed, or an invalid index.
    static QModelIndex editSomeNumber(FieldTableModel* model, int row)
    {
        for (int c = 0; c < model->columnCount(); ++c) {
            const QModelIndex index = model->index(row, c);
            if (!(model->flags(index) & Qt::ItemIsEditable) ||
                model->data(index, Qt::EditRole).typeId() != QMetaType::Double)
                continue;
            const double value = model->data(index, Qt::EditRole).toDouble();
            for (double changed : {value + 1, std::round(value / 2)})
                if (changed != value && model->setData(index, changed, Qt::EditRole))
                    return index;
        }
        return {};
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->resize(1400, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        if (m_window)
            undo()->setClean();
        m_window.reset();
    }

    void everyEditInAScenarioGoesToItsOverrides()
    {
        // A project file, opened as the app opens one.
        const QString path = m_dir.filePath(QStringLiteral("p.fleetplan"));
        {
            ProjectDocument saved(loadSampleProject().value());
            QVERIFY(!saved.saveAs(path));
        }
        m_window->setProject(loadProject(path.toStdString()).value(), path);
        const std::string original = projectToJsonText(doc()->project());
        const std::string baseline = baselineText(doc()->project());

        // The scenario of the report: "A100 price −20 %", selected in the list.
        m_window->showPage(QStringLiteral("Scenarios"));
        QWidget* scenarios = page(QStringLiteral("Scenarios"))->widget;
        test::onNextModal<QInputDialog>([](QInputDialog* dialog) {
            dialog->setTextValue(QStringLiteral("A100 price −20 %"));
            dialog->accept();
        });
        child<QPushButton>(scenarios, "newScenario")->click();
        const QString id = doc()->scenario();
        QVERIFY(!id.isEmpty());
        const int stepsBefore = undo()->count();
        const auto overrideCount = [&] {
            return doc()->project().scenario(id.toStdString())->overrides.size();
        };

        // 1. A cell of each editor: a pool's count, a workload's number, a
        //    segment's price.
        FieldTableModel* pools = page(QStringLiteral("Fleet"))->models.at(0);
        const int count = columnOf(pools, QStringLiteral("Count"));
        QVERIFY2(pools->setData(pools->index(0, count), 1000, Qt::EditRole),
                 qPrintable(pools->lastRefusal()));
        FieldTableModel* workloads = page(QStringLiteral("Workloads"))->models.at(0);
        QVERIFY2(editSomeNumber(workloads, 0).isValid(), qPrintable(workloads->lastRefusal()));
        FieldTableModel* segments = page(QStringLiteral("Segments"))->models.at(0);
        QVERIFY2(editSomeNumber(segments, 0).isValid(), qPrintable(segments->lastRefusal()));
        QCOMPARE(overrideCount(), std::size_t(3));
        QCOMPARE(baselineText(doc()->project()), baseline);
        // Each such edit's undo step holds the scenario list alone.
        const auto* last = dynamic_cast<const EditCommand*>(undo()->command(undo()->count() - 1));
        QVERIFY(last);
        QCOMPARE(last->steps().size(), std::size_t(1));
        QCOMPARE(last->steps().front()->target(), std::string("list scenarios"));

        // 2. A price cell on the Price books page (an on-demand price).
        FieldTableModel* prices = page(QStringLiteral("Price books"))->models.at(0);
        QModelIndex priceCell;
        for (int r = 0; r < prices->rowCount() && !priceCell.isValid(); ++r)
            if (prices->data(prices->index(r, 0), Qt::EditRole).typeId() == QMetaType::Double)
                priceCell = prices->index(r, 0);
        QVERIFY(priceCell.isValid());
        const double price = prices->data(priceCell, Qt::EditRole).toDouble();
        QVERIFY2(prices->setData(priceCell, price * 0.8, Qt::EditRole),
                 qPrintable(prices->lastRefusal()));
        QCOMPARE(prices->data(priceCell, Qt::EditRole).toDouble(), price * 0.8);
        QCOMPARE(baselineText(doc()->project()), baseline);

        // 3. Add price: an owned price for a GPU of the fleet, with the dialog.
        const std::string gpu = doc()->project().fleet.pools[0].gpuId;
        {
            PriceEntryDialog dialog(doc(), m_window.get());
            dialog.select(QString::fromStdString(doc()->project().activePriceBookId),
                          QString::fromStdString(gpu), Plan::Owned);
            child<QDoubleSpinBox>(&dialog, "ownedCapexUsdPerGpu")->setValue(20000);
            dialog.accept();
            QVERIFY2(dialog.errorText().isEmpty(), qPrintable(dialog.errorText()));
        }
        // The earlier price edit is still the scenario's: Add price was
        // computed from the scenario's book, not the baseline's.
        QCOMPARE(prices->data(priceCell, Qt::EditRole).toDouble(), price * 0.8);
        QCOMPARE(
            doc()->scenarioProject().activePriceBook()->prices(gpu)->owned->capexUsdPerGpu.value,
            20000.0);
        QCOMPARE(baselineText(doc()->project()), baseline);

        // 4. A what-if slider: one step for a drag.
        QSlider* growth = m_window->drivers()->slider(QStringLiteral("growth"));
        QVERIFY(growth && growth->isEnabled());
        const int stepsBeforeDrag = undo()->count();
        growth->setSliderDown(true);
        for (int position = growth->value() + 1; position <= growth->value() + 5; ++position)
            growth->setValue(position);
        growth->setSliderDown(false);
        QCOMPARE(undo()->count(), stepsBeforeDrag + 1);
        QCOMPARE(baselineText(doc()->project()), baseline);

        // 5. Add pool and Remove: a scenario cannot change which rows there
        //    are; refused, saying what to do, and nothing changes.
        const int stepsBeforeRows = undo()->count();
        bj::object newPool =
            projectToJson(doc()->project()).at("fleet").at("pools").as_array().at(0).as_object();
        newPool["id"] = "a100-extra";
        const auto added =
            insertRow(doc(), RowList::Pools, newPool, -1, QStringLiteral("Add pool a100-extra"));
        QVERIFY(added);
        QVERIFY2(added->contains(QStringLiteral("Switch to Baseline to add, remove or reorder a "
                                                "pool")),
                 qPrintable(*added));
        auto* poolView = page(QStringLiteral("Fleet"))->widget->findChild<QTableView*>();
        QVERIFY(poolView);
        poolView->setCurrentIndex(poolView->model()->index(0, 0));
        auto* remove = page(QStringLiteral("Fleet"))
                           ->widget->findChild<QPushButton*>(QStringLiteral("remove:") +
                                                             poolView->objectName());
        QVERIFY(remove);
        remove->click();
        QVERIFY2(pools->lastRefusal().contains(QStringLiteral("Switch to Baseline")),
                 qPrintable(pools->lastRefusal()));
        // Add pool, as clicked: refused before any dialog asks for the pool.
        auto* addPool =
            page(QStringLiteral("Fleet"))
                ->widget->findChild<QPushButton*>(QStringLiteral("add:") + poolView->objectName());
        QVERIFY(addPool);
        pools->reportRefusal({});
        addPool->click();
        QVERIFY(!QApplication::activeModalWidget());
        QVERIFY2(pools->lastRefusal().contains(QStringLiteral("Switch to Baseline to add")),
                 qPrintable(pools->lastRefusal()));
        QCOMPARE(undo()->count(), stepsBeforeRows);
        QCOMPARE(baselineText(doc()->project()), baseline);

        // The panel lists the overrides in words, never as JSON.
        m_window->showPage(QStringLiteral("Scenarios"));
        auto* overridesView = child<QTableView>(scenarios, "overridesView");
        auto* overrides = qobject_cast<ScenarioOverridesModel*>(overridesView->model());
        QVERIFY(overrides);
        QStringList words;
        for (int r = 0; r < overrides->rowCount(); ++r)
            words << overrides->index(r, 0).data().toString();
        const QString all = words.join(QLatin1Char('\n'));
        for (const QString& line : words)
            QVERIFY2(!line.contains(QLatin1Char('{')) && !line.contains(QLatin1Char('[')) &&
                         !line.startsWith(QLatin1Char('/')),
                     qPrintable(line));
        const GpuModel* model = doc()->project().catalog().gpu(gpu);
        QVERIFY2(all.contains(
                     QStringLiteral("%1 owned price: ").arg(QString::fromStdString(model->name))) &&
                     all.contains(QStringLiteral("per GPU-hour")),
                 qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("Count: ")), qPrintable(all));
        QVERIFY(!m_window->grab().isNull());
        QVERIFY(scenarios->grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/gui_scenario_edits_panel.png")));

        // Saved: the file's baseline is what it was; the scenario holds the edits.
        const std::string edited = projectToJsonText(doc()->project());
        QVERIFY(!doc()->save());
        auto reopened = loadProject(path.toStdString());
        QVERIFY(reopened);
        QCOMPARE(baselineText(reopened.value()), baseline);
        const Scenario* saved = reopened.value().scenario(id.toStdString());
        QVERIFY(saved);
        QCOMPARE(saved->overrides.size(), overrideCount());
        auto applied = applyScenario(reopened.value(), id.toStdString());
        QVERIFY(applied);
        QCOMPARE(applied.value().fleet.pools[0].count, 1000);
        QCOMPARE(applied.value().activePriceBook()->prices(gpu)->owned->capexUsdPerGpu.value,
                 20000.0);

        // The deck says which scenario it shows, and what it changes in words.
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        const auto results = m_window->recompute()->latest();
        QVERIFY(results);
        QStringList deckLines;
        for (const DeckSlide& slide : deckSlides(*results))
            deckLines << slide.subtitle << slide.lines;
        const QString deck = deckLines.join(QLatin1Char('\n'));
        QVERIFY2(deck.contains(QStringLiteral("Scenario: A100 price −20 %")), qPrintable(deck));
        QVERIFY2(deck.contains(QStringLiteral("Scenario change: ")) &&
                     deck.contains(QStringLiteral("per GPU-hour")),
                 qPrintable(deck));

        // The workbook too: its KPI sheet names the scenario and lists its
        // changes in words (the strings of the .xlsx, read with unzip).
        const QString xlsx = m_dir.filePath(QStringLiteral("plan.xlsx"));
        QString error;
        QVERIFY2(exportWorkbook(*results, xlsx, &error), qPrintable(error));
        QProcess unzip;
        unzip.start(QStringLiteral("unzip"),
                    {QStringLiteral("-p"), xlsx, QStringLiteral("xl/sharedStrings.xml")});
        if (unzip.waitForFinished(30000) && unzip.exitCode() == 0) {
            const QString strings = QString::fromUtf8(unzip.readAllStandardOutput());
            QVERIFY2(strings.contains(QStringLiteral("A100 price −20 % (%1)").arg(id)),
                     qPrintable(strings.left(2000)));
            QVERIFY(strings.contains(QStringLiteral("Changes from the baseline")));
            QVERIFY(strings.contains(QStringLiteral("per GPU-hour")));
        } else {
            qWarning("unzip is not available: the workbook's strings are not checked");
        }

        // Undo takes every step back, to the file as it was opened; redo
        // gives the edits again.
        const int steps = undo()->count() - stepsBefore;
        for (int i = 0; i < steps; ++i)
            undo()->undo();
        QCOMPARE(overrideCount(), std::size_t(0));
        for (int i = 0; i < stepsBefore; ++i)
            undo()->undo();
        QCOMPARE(projectToJsonText(doc()->project()), original);
        while (undo()->canRedo())
            undo()->redo();
        QCOMPARE(projectToJsonText(doc()->project()), edited);
    }

    void aWorkloadEditInAScenarioReadsThatRowAlone()
    {
        // A scenario that already changes a pool and a workload.
        m_window->setProject(loadSampleProject().value());
        const Project& base = doc()->project();
        bj::array list = projectToJson(base).at("scenarios").as_array();
        const std::string pool = base.fleet.pools.at(0).id;
        const std::string first = base.workloads.at(0).id;
        list.push_back(bj::object{
            {"id", "what-if"},
            {"name", "What if"},
            {"overrides",
             bj::array{
                 bj::object{{"path", "/fleet/pools/" + pool + "/count"}, {"value", 900}},
                 bj::object{{"path", "/workloads/" + first + "/name"}, {"value", "Renamed"}}}}});
        QVERIFY(!doc()->edit(QStringLiteral("new"), {{"/scenarios", list}}));
        doc()->setScenario(QStringLiteral("what-if"));
        const auto shownIsApplied = [&] {
            auto applied = applyScenario(doc()->project(), "what-if");
            return applied && projectToJsonText(doc()->scenarioProject()) ==
                                  projectToJsonText(applied.value());
        };
        QVERIFY(shownIsApplied());
        const std::string baseline = baselineText(doc()->project());

        // A number of the second workload (a batch workload's GPU-hours).
        QVERIFY(!doc()->edit(QStringLiteral("hours"),
                             {{"/workloads/1/gpu_hours_per_month", bj::value(45000)}}));
        // One step of that scenario alone; the shown project changed in that row.
        const auto* last = dynamic_cast<const EditCommand*>(undo()->command(undo()->count() - 1));
        QVERIFY(last);
        QCOMPARE(last->steps().size(), std::size_t(1));
        const std::size_t index = doc()->project().scenarios.size() - 1;
        QCOMPARE(last->steps().front()->target(), "row /scenarios " + std::to_string(index));
        QCOMPARE(doc()->lastChange().scope, ProjectChange::Scope::Row);
        QCOMPARE(doc()->lastChange().list, std::string("/workloads"));
        QCOMPARE(doc()->lastChange().row, 1);
        QCOMPARE(doc()->project().scenarios.back().overrides.size(), std::size_t(3));
        QCOMPARE(baselineText(doc()->project()), baseline);
        // What the row shows is the scenario applied whole, after the edit,
        // its undo and its redo.
        QVERIFY(shownIsApplied());
        const auto hours = [&] {
            return std::get<BatchSpec>(doc()->scenarioProject().workloads[1].spec).gpuHoursPerMonth;
        };
        QCOMPARE(hours(), 45000.0);
        undo()->undo();
        QVERIFY(shownIsApplied());
        QCOMPARE(hours(), 40000.0);
        QCOMPARE(doc()->project().scenarios.back().overrides.size(), std::size_t(2));
        undo()->redo();
        QVERIFY(shownIsApplied());
        QCOMPARE(hours(), 45000.0);

        // A value the row's rules refuse: refused as the whole project's
        // reader refuses it (the same words), and nothing changes.
        const int steps = undo()->count();
        const std::vector<FieldEdit> bad = {{"/workloads/1/start_month", bj::value(0)}};
        const auto refusal = doc()->edit(QStringLiteral("start"), bad);
        QVERIFY(refusal);
        auto routed = recordedEdits(doc()->project(), "what-if", bad);
        QVERIFY(routed);
        auto whole = applyFieldEdits(doc()->project(), routed.value(), doc()->project().name);
        QVERIFY(!whole);
        QCOMPARE(refusal->toStdString(), whole.error().toString());
        QCOMPARE(undo()->count(), steps);
        QVERIFY(shownIsApplied());
    }

    void theBaselineEditsTheProject()
    {
        m_window->setProject(loadSampleProject().value());
        QCOMPARE(doc()->scenario(), QString());
        QVERIFY(!doc()->edit(QStringLiteral("count"), {{"/fleet/pools/0/count", bj::value(7)}}));
        QCOMPARE(doc()->project().fleet.pools[0].count, 7);
        // Undoing the new scenario that is shown shows the baseline again:
        // edits never go to a scenario that is gone.
        const std::size_t n = doc()->project().scenarios.size();
        bj::array list = projectToJson(doc()->project()).at("scenarios").as_array();
        list.push_back(bj::object{{"id", "gone"}, {"name", "Gone"}, {"overrides", bj::array()}});
        QVERIFY(!doc()->edit(QStringLiteral("new"), {{"/scenarios", list}}));
        doc()->setScenario(QStringLiteral("gone"));
        undo()->undo();
        QCOMPARE(doc()->project().scenarios.size(), n);
        QCOMPARE(doc()->scenario(), QString());
    }
};

FLEET_TEST_MAIN(TestGuiScenarioEdits)
#include "test_gui_scenario_edits.moc"
