// Scenarios authored in the app: while a scenario is shown, edits made
// anywhere become its overrides, naming rows by id (the base stays as
// stated); the overrides table tells them in words, edits and removes them; new, duplicate, rename
// and delete; the side-by-side KPIs are the core engine's on applyScenario. Each action is one undo
// step.

#include "document/project_document.h"
#include "document/scenario_edit.h"
#include "document/scenario_recorder.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "editors/scenario_comparison.h"
#include "editors/scenario_overrides_model.h"
#include "engine/evaluate.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "simulate/measured_ceiling.h"
#include "simulate/planned_ceiling.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/as_planned.h"
#include "support/fleet_test.h"
#include "views/number_format.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <boost/json.hpp>

#include <functional>

using namespace fleet;
using namespace fleet::gui;
using fleet::gui::test::child;
using fleet::gui::test::onNextModal;
namespace bj = boost::json;

namespace {} // namespace

class TestGuiScenarios : public QObject
{
    Q_OBJECT

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
    QWidget* scenarios() const { return page(QStringLiteral("Scenarios"))->widget; }
    static int columnOf(const FieldTableModel* model, const QString& header)
    {
        for (int c = 0; c < model->columnCount(); ++c)
            if (model->column(c).header == header)
                return c;
        return -1;
    }
    ScenarioOverridesModel* overrides() const
    {
        return qobject_cast<ScenarioOverridesModel*>(
            child<QTableView>(scenarios(), "overridesView")->model());
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->setProject(loadSampleProject().value());
        m_window->resize(1400, 1000);
        m_window->showPage(QStringLiteral("Scenarios"));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        undo()->setClean();
        m_window.reset();
    }

    void theRecorderNamesRowsByIdAndUpserts()
    {
        const Project& p = doc()->project();
        const std::string id = p.scenarios[0].id;
        const std::string workload = p.workloads[3].id;
        auto first = recordAsOverrides(p, id, {{"/workloads/3/users", bj::value(5)}});
        QVERIFY2(first, first ? "" : first.error().toString().c_str());
        QCOMPARE(first.value().first, std::string("/scenarios/0/overrides"));
        const bj::array& list = first.value().second.as_array();
        QCOMPARE(list.size(), p.scenarios[0].overrides.size() + 1);
        QCOMPARE(std::string(list.back().at("path").as_string()),
                 "/workloads/" + workload + "/users");
        QCOMPARE(list.back().at("value").as_int64(), std::int64_t(5));

        // Which rows there are, and their ids, are the project's: a scenario
        // changes their values. Adding, removing, reordering or renaming rows
        // while recording is refused, naming the path.
        auto whole =
            recordAsOverrides(p, id, {{"/fleet/pools", projectToJson(p).at("fleet").at("pools")}});
        QVERIFY(!whole);
        QVERIFY2(whole.error().messages().find("not which pools there are. Switch to Baseline "
                                               "to add, remove or reorder a pool") !=
                     std::string::npos,
                 whole.error().messages().c_str());
        auto renamed = recordAsOverrides(p, id, {{"/workloads/3/id", bj::value("renamed")}});
        QVERIFY(!renamed);
        QVERIFY2(renamed.error().messages().find("cannot rename a workload") != std::string::npos &&
                     renamed.error().messages().find("Switch to Baseline") != std::string::npos,
                 renamed.error().messages().c_str());
        QVERIFY(recordAsOverrides(p, id, {{"/workloads/3/name", bj::value("Renamed")}}));

        QVERIFY(!recordAsOverrides(p, id, {{"/scenarios/1/name", bj::value("x")}}));
        // While a scenario is shown, edits of the scenarios themselves pass as they are;
        // a mix with other fields is refused, naming the path.
        auto passed = recordedEdits(p, id, {{"/scenarios/1/name", bj::value("x")}});
        QVERIFY(passed);
        QCOMPARE(passed.value().at(0).first, std::string("/scenarios/1/name"));
        auto mixed = recordedEdits(
            p, id, {{"/scenarios/1/name", bj::value("x")}, {"/name", bj::value("y")}});
        QVERIFY(!mixed);
        QVERIFY(mixed.error().messages().find("/scenarios/1/name") != std::string::npos);
        QVERIFY(!recordAsOverrides(p, id, {{"/workloads/999/users", bj::value(1)}}));
        QVERIFY(!recordAsOverrides(p, "no-such", {{"/name", bj::value("x")}}));
    }

    void editsInAShownScenarioChangeItsOverridesNotTheBase()
    {
        // A new scenario is shown at once: edits go to it.
        auto* list = child<QListWidget>(scenarios(), "scenarioList");
        list->setCurrentRow(0);
        QCOMPARE(doc()->scenario(), QString());
        QVERIFY(child<QLabel>(scenarios(), "scenarioEditsBanner")->isHidden());
        const std::string baseBefore = projectToJsonText(doc()->project());
        onNextModal<QInputDialog>([](QInputDialog* dialog) {
            dialog->setTextValue(QStringLiteral("More H100s"));
            dialog->accept();
        });
        child<QPushButton>(scenarios(), "newScenario")->click();
        const QString recorded = doc()->scenario();
        QCOMPARE(recorded, QStringLiteral("more-h100s"));
        QVERIFY(!child<QLabel>(scenarios(), "scenarioEditsBanner")->isHidden());
        QVERIFY2(m_window->windowTitle().contains(
                     QStringLiteral("scenario More H100s (edits change its overrides)")),
                 qPrintable(m_window->windowTitle()));
        const int stepsBefore = undo()->count();

        // Edit a pool's count on the Fleet page, as a user does.
        FieldTableModel* pools = page(QStringLiteral("Fleet"))->models.at(0);
        const int count = columnOf(pools, QStringLiteral("Count"));
        const int baseCount = doc()->project().fleet.pools[1].count;
        const std::string poolId = doc()->project().fleet.pools[1].id;
        QVERIFY2(pools->setData(pools->index(1, count), baseCount + 100, Qt::EditRole),
                 qPrintable(pools->lastRefusal()));
        QCOMPARE(undo()->count(), stepsBefore + 1);
        QVERIFY2(undo()->undoText().contains(QStringLiteral("(scenario More H100s)")),
                 qPrintable(undo()->undoText()));
        // The base is unchanged; the scenario has the override, by id.
        QCOMPARE(doc()->project().fleet.pools[1].count, baseCount);
        const Scenario* s = doc()->project().scenario(recorded.toStdString());
        QVERIFY(s);
        QCOMPARE(s->overrides.size(), std::size_t(1));
        QCOMPARE(s->overrides[0].path, "/fleet/pools/" + poolId + "/count");
        QCOMPARE(s->overrides[0].valueJson, std::to_string(baseCount + 100));
        // The Fleet table shows the scenario's value where it was typed.
        QCOMPARE(pools->index(1, count).data(Qt::EditRole).toInt(), baseCount + 100);
        auto applied = applyScenario(doc()->project(), recorded.toStdString());
        QVERIFY(applied);
        QCOMPARE(applied.value().fleet.pools[1].count, baseCount + 100);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        // The overrides table tells the change in words, with base and scenario value.
        QCOMPARE(overrides()->rowCount(), 1);
        const QString words = overrides()->index(0, 0).data().toString();
        QVERIFY2(
            words.startsWith(QStringLiteral("Pool %1 (").arg(QString::fromStdString(poolId))) &&
                words.contains(
                    QStringLiteral("Count: %1 → %2 GPUs")
                        .arg(QLocale().toString(baseCount), QLocale().toString(baseCount + 100))),
            qPrintable(words));
        QVERIFY2(!words.contains(QLatin1Char('{')) && !words.contains(QStringLiteral("/fleet")),
                 qPrintable(words));
        QCOMPARE(overrides()->index(0, 1).data().toString(), QString::number(baseCount));
        QCOMPARE(overrides()->index(0, 2).data().toString(), QString::number(baseCount + 100));

        // Which rows there are is the baseline's: adding a pool in the
        // scenario is refused, saying what to do, and nothing changes.
        bj::array poolList = projectToJson(doc()->project()).at("fleet").at("pools").as_array();
        bj::object front = poolList[0].as_object();
        front["id"] = "front-pool";
        poolList.insert(poolList.begin(), front);
        const auto refused =
            doc()->edit(QStringLiteral("Insert a pool"), {{"/fleet/pools", poolList}});
        QVERIFY(refused);
        QVERIFY2(refused->contains(QStringLiteral("Switch to Baseline to add, remove or reorder a "
                                                  "pool")),
                 qPrintable(*refused));
        QCOMPARE(undo()->count(), stepsBefore + 1);
        // On the baseline, a row inserted in front keeps the override on the same pool.
        list->setCurrentRow(0);
        QCOMPARE(doc()->scenario(), QString());
        QCOMPARE(pools->index(1, count).data(Qt::EditRole).toInt(), baseCount); // the base again
        QVERIFY(!m_window->windowTitle().contains(QStringLiteral("More H100s")));
        QVERIFY(!doc()->edit(QStringLiteral("Insert a pool"), {{"/fleet/pools", poolList}}));
        auto moved = applyScenario(doc()->project(), recorded.toStdString());
        QVERIFY(moved);
        QCOMPARE(moved.value().fleet.pools[2].id, poolId);
        QCOMPARE(moved.value().fleet.pools[2].count, baseCount + 100);
        QCOMPARE(moved.value().fleet.pools[1].count, doc()->project().fleet.pools[1].count);

        // Undo: the insertion, the scenario's edit, the new scenario.
        undo()->undo();
        undo()->undo();
        QVERIFY(doc()->project().scenario(recorded.toStdString())->overrides.empty());
        undo()->undo();
        QCOMPARE(projectToJsonText(doc()->project()), baseBefore);
    }

    void theOverrideValueIsEditableInPlaceAndRemovable()
    {
        const Scenario& first = doc()->project().scenarios[0];
        doc()->setScenario(QString::fromStdString(first.id));
        QCOMPARE(overrides()->rowCount(), int(first.overrides.size()));
        QVERIFY(
            overrides()->setData(overrides()->index(0, 2), QStringLiteral("1234"), Qt::EditRole));
        QCOMPARE(doc()->project().scenarios[0].overrides[0].valueJson, std::string("1234"));
        QCOMPARE(undo()->count(), 1);
        // A value the reader refuses: the message, nothing changes.
        QVERIFY(
            !overrides()->setData(overrides()->index(0, 2), QStringLiteral("-5"), Qt::EditRole));
        QVERIFY2(!overrides()->lastRefusal().isEmpty(), "no refusal message");
        QCOMPARE(undo()->count(), 1);
        const std::size_t before = doc()->project().scenarios[0].overrides.size();
        QVERIFY(!overrides()->removeOverrideAt(0));
        QCOMPARE(doc()->project().scenarios[0].overrides.size(), before - 1);
        QCOMPARE(undo()->count(), 2);
        undo()->undo();
        undo()->undo();
        QCOMPARE(doc()->project().scenarios[0].overrides[0].valueJson,
                 loadSampleProject().value().scenarios[0].overrides[0].valueJson);
    }

    void newDuplicateRenameDeleteAreOneStepEach()
    {
        const std::size_t n = doc()->project().scenarios.size();
        onNextModal<QInputDialog>([](QInputDialog* dialog) {
            dialog->setTextValue(QStringLiteral("Price cut 2027"));
            dialog->accept();
        });
        child<QPushButton>(scenarios(), "newScenario")->click();
        QCOMPARE(doc()->project().scenarios.size(), n + 1);
        QCOMPARE(doc()->project().scenarios.back().id, std::string("price-cut-2027"));
        QCOMPARE(doc()->scenario(), QStringLiteral("price-cut-2027"));
        QCOMPARE(undo()->count(), 1);

        child<QPushButton>(scenarios(), "duplicateScenario")->click();
        QCOMPARE(doc()->project().scenarios.size(), n + 2);
        QCOMPARE(doc()->scenario(), QStringLiteral("price-cut-2027-copy"));
        QCOMPARE(undo()->count(), 2);

        onNextModal<QInputDialog>([](QInputDialog* dialog) {
            dialog->setTextValue(QStringLiteral("Deeper cut"));
            dialog->accept();
        });
        child<QPushButton>(scenarios(), "renameScenario")->click();
        QCOMPARE(doc()->project().scenario("price-cut-2027-copy")->name, std::string("Deeper cut"));
        QCOMPARE(undo()->count(), 3);

        // The copy is last: it moves up one place, and no further down.
        auto* down = child<QPushButton>(scenarios(), "scenarioDown");
        QVERIFY(!down->isEnabled());
        child<QPushButton>(scenarios(), "scenarioUp")->click();
        QCOMPARE(doc()->project().scenarios[n].id, std::string("price-cut-2027-copy"));
        QCOMPARE(doc()->project().scenarios[n + 1].id, std::string("price-cut-2027"));
        QCOMPARE(child<QListWidget>(scenarios(), "scenarioList")->currentRow(), int(n) + 1);
        QVERIFY(down->isEnabled());
        QCOMPARE(undo()->count(), 4);
        QVERIFY(!moveScenario(doc()->project(), doc()->project().scenarios[0].id, -1));

        child<QPushButton>(scenarios(), "deleteScenario")->click();
        QVERIFY(!doc()->project().scenario("price-cut-2027-copy"));
        QCOMPARE(doc()->scenario(), QString());
        QCOMPARE(undo()->count(), 5);
        for (int i = 0; i < 5; ++i)
            undo()->undo();
        QCOMPARE(doc()->project().scenarios.size(), n);
    }

    void theSideBySideKpisAreTheEngines()
    {
        auto* table = child<QTableWidget>(scenarios(), "scenarioKpis");
        QVERIFY(table);
        const Project& p = doc()->project();
        // Evaluated on a worker thread: the table follows.
        auto* comparison = scenarios()->findChild<ScenarioComparison*>();
        QVERIFY(comparison);
        QTRY_VERIFY(!comparison->updating());
        QCOMPARE(table->columnCount(), int(p.scenarios.size()) + 1);
        QCOMPARE(table->horizontalHeaderItem(1)->toolTip(),
                 QString::fromStdString(p.scenarios[0].name));
        const double cost =
            evaluate(test_support::asPlanned(applyScenario(p, p.scenarios[0].id).value(), &p))
                .kpis.meanMonthlyCostUsd;
        QCOMPARE(table->item(0, 1)->text(), formatUsd(cost));
        // A refresh costs the GUI thread no evaluation: it returns at once,
        // the table marked as updating until the worker's figures are in.
        QElapsedTimer clock;
        clock.start();
        comparison->refresh();
        const qint64 onGuiThread = clock.elapsed();
        QVERIFY(comparison->updating());
        QVERIFY(!table->isEnabled());
        QTRY_VERIFY(!comparison->updating());
        QVERIFY(table->isEnabled());
        qInfo("side-by-side refresh, %d columns: %lld ms on the GUI thread, %lld ms in all",
              table->columnCount(), onGuiThread, clock.elapsed());
        // Unticking one drops its column.
        auto* choices = child<QListWidget>(scenarios(), "compareList");
        choices->item(1)->setCheckState(Qt::Unchecked);
        QTRY_COMPARE(table->columnCount(), int(p.scenarios.size()));
    }

    void aHiddenComparisonCatchesUpWhenShown()
    {
        auto* table = child<QTableWidget>(scenarios(), "scenarioKpis");
        // Evaluated on a worker thread: the first comparison is waited for
        // (on a loaded machine its table was still empty here: a crash).
        auto* comparison = scenarios()->findChild<ScenarioComparison*>();
        QVERIFY(comparison);
        QTRY_VERIFY_WITH_TIMEOUT(!comparison->updating() && table->item(0, 0), test::kPatienceMs);
        m_window->showPage(QStringLiteral("Fleet"));
        const QString before = table->item(0, 0)->text();
        QVERIFY(
            !doc()->edit(QStringLiteral("Fewer GPUs"), {{"/fleet/pools/0/count", bj::value(100)}}));
        QCoreApplication::processEvents();
        QCOMPARE(table->item(0, 0)->text(), before); // not evaluated while hidden
        m_window->showPage(QStringLiteral("Scenarios"));
        const double cost = evaluate(doc()->project()).kpis.meanMonthlyCostUsd;
        QTRY_COMPARE(table->item(0, 0)->text(), formatUsd(cost));
    }

    /// With a knee stored for the project's inputs, the side-by-side KPIs
    /// are planned on it, as the KPI panel's are: the baseline is the
    /// project on the knee, a scenario on the knee of the project as stated.
    void theSideBySideKpisArePlannedOnTheStoredKnee()
    {
        const Project sample = loadSampleProject().value();
        const MeasuredCeiling knee{sample.scheduler.policy, 0.6, 0.62};
        const CeilingProvenance how{"by a test", "2026-12-07", 0.3, 1.0, 180, 42, 1.0};
        auto stored = applyFieldEdits(sample, measurementEdits(sample, knee, how), "test");
        QVERIFY(stored);
        const Project measured = stored.value().project;
        m_window->setProject(measured);
        m_window->showPage(QStringLiteral("Scenarios"));
        auto* table = child<QTableWidget>(scenarios(), "scenarioKpis");
        auto* comparison = scenarios()->findChild<ScenarioComparison*>();
        QVERIFY(table && comparison);
        const double baseline = evaluate(test_support::asPlanned(measured)).kpis.meanMonthlyCostUsd;
        const Project applied = applyScenario(measured, measured.scenarios[0].id).value();
        const double first =
            evaluate(test_support::asPlanned(applied, &measured)).kpis.meanMonthlyCostUsd;
        QVERIFY(baseline != evaluate(measured).kpis.meanMonthlyCostUsd); // the knee matters
        QTRY_VERIFY_WITH_TIMEOUT(!comparison->updating() && table->item(0, 1), test::kPatienceMs);
        QTRY_COMPARE(table->item(0, 0)->text(), formatUsd(baseline));
        QCOMPARE(table->item(0, 1)->text(), formatUsd(first));
    }

    /// The scenario shown has its own knee simulated in the background;
    /// when it lands the KPI panel plans on it, and so does the scenario's
    /// column, with no edit to prompt a refresh.
    void aKneeLandingMovesTheSideBySideKpis()
    {
        m_window->recompute()->setKneeSeeds(1);
        m_window->recompute()->setSlowEnabled(true);
        auto* table = child<QTableWidget>(scenarios(), "scenarioKpis");
        auto* comparison = scenarios()->findChild<ScenarioComparison*>();
        QVERIFY(table && comparison);
        const Project& p = doc()->project();
        const std::string id = p.scenarios[0].id;
        doc()->setScenario(QString::fromStdString(id));
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->recompute()->latest() && m_window->recompute()->latest()->frontiersCurrent &&
                !m_window->recompute()->slowBusy() && m_window->recompute()->upToDate(),
            test::kPatienceMs);
        const Project applied = applyScenario(p, id).value();
        const PlannedCeiling own =
            plannedCeiling(applied, &p, m_window->recompute()->measuredKnees().get());
        QCOMPARE(own.measuredHow, std::string("simulated in the background for these inputs"));
        const double onOwnKnee = evaluate(onPlannedCeiling(applied, own)).kpis.meanMonthlyCostUsd;
        QVERIFY(onOwnKnee !=
                evaluate(test_support::asPlanned(applied, &p)).kpis.meanMonthlyCostUsd);
        QTRY_VERIFY_WITH_TIMEOUT(!comparison->updating() &&
                                     table->item(0, 1)->text() == formatUsd(onOwnKnee),
                                 test::kPatienceMs);
        QCOMPARE(m_window->kpiPanel()->valueText(QStringLiteral("mean_monthly_cost_usd")),
                 formatUsd(onOwnKnee));
    }

    void theTitlesNameTheShownScenario()
    {
        // The window and the KPI panel say "Reserve 60 % of the H100s", as the
        // footers do, not the id "reserve-60".
        const Scenario& shown = doc()->project().scenarios[0];
        QVERIFY(shown.name != shown.id);
        const QString name = QString::fromStdString(shown.name);
        const QString id = QString::fromStdString(shown.id);
        doc()->setScenario(id);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        QCoreApplication::processEvents();
        const QString window = m_window->windowTitle();
        QVERIFY2(window.contains(QStringLiteral("scenario %1").arg(name)), qPrintable(window));
        QVERIFY2(!window.contains(id), qPrintable(window));
        const QString kpis = m_window->kpiPanel()->title();
        QVERIFY2(kpis.contains(QStringLiteral("scenario %1").arg(name)), qPrintable(kpis));
        QVERIFY2(!kpis.contains(id), qPrintable(kpis));
        // The price book by its name too ("Example 2024"), not its id.
        const PriceBook* book = doc()->project().activePriceBook();
        QVERIFY(book && book->name != book->id);
        QVERIFY2(
            kpis.contains(QStringLiteral("price book %1").arg(QString::fromStdString(book->name))),
            qPrintable(kpis));
        QVERIFY2(!kpis.contains(QString::fromStdString(book->id)), qPrintable(kpis));
        // Back to the baseline: no scenario named.
        doc()->setScenario(QString());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        QCoreApplication::processEvents();
        QVERIFY(!m_window->windowTitle().contains(name));
        QTRY_VERIFY(!m_window->kpiPanel()->title().contains(name));
    }

    void screenshot()
    {
        doc()->setScenario(QString::fromStdString(doc()->project().scenarios[0].id));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        QCoreApplication::processEvents();
        QVERIFY(m_window->grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/gui_scenarios_page.png")));
        QVERIFY(scenarios()->grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/gui_scenarios_page_only.png")));
    }
};

FLEET_TEST_MAIN(TestGuiScenarios)
#include "test_gui_scenarios.moc"
