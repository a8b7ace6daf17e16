// The demo of issue 17 on screen: inside a scenario the what-if sliders show
// the scenario's values and a move changes that scenario's overrides (the base
// project stays as stated, one undo step per drag). Screenshots under the
// build dir to look at.

#include "document/project_document.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "views/drivers_panel.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QSlider>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include <boost/json.hpp>

using namespace fleet;
using namespace fleet::gui;
using fleet::gui::test::child;

namespace {

/// The number override `path` of scenario `id` sets (-1 if none).
double overrideOf(const Project& project, const std::string& id, const std::string& path)
{
    for (const Scenario& s : project.scenarios)
        if (s.id == id)
            for (const ScenarioOverride& o : s.overrides)
                if (o.path == path)
                    return boost::json::parse(o.valueJson).to_number<double>();
    return -1;
}

int poolCount(const Project& project, const std::string& id)
{
    for (const FleetPool& pool : project.fleet.pools)
        if (pool.id == id)
            return pool.count;
    return -1;
}

} // namespace

class TestGuiDemo : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    ProjectDocument* doc() const { return m_window->document(); }

    void waitForResults()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        QCoreApplication::processEvents();
    }

    QDoubleSpinBox* spin(const char* key) const
    {
        return child<QDoubleSpinBox>(m_window->drivers(), (std::string(key) + "_value").c_str());
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true); // no user settings or recovery files
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->setProject(loadSampleProject().value());
        m_window->resize(1366, 768);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        waitForResults();
    }

    void cleanup()
    {
        doc()->undoStack()->setClean();
        m_window.reset();
    }

    void slidersShowTheScenariosValues()
    {
        // Baseline: 1,600 of 2,400 H100s reserved, notebooks released after 15 min.
        QCOMPARE(spin("reserved_share")->value(), 67.0);
        QCOMPARE(spin("idle_timeout")->value(), 15.0);
        doc()->setScenario(QStringLiteral("reserve-60"));
        QCOMPARE(spin("reserved_share")->value(), 60.0);
        QCOMPARE(spin("idle_timeout")->value(), 15.0); // this scenario leaves it
        auto* target = child<QLabel>(m_window->drivers(), "drivers_target");
        QVERIFY(target && target->text().contains(QStringLiteral("Reserve 60 % of the H100s")));
        doc()->setScenario(QStringLiteral("no-idle-timeout"));
        QCOMPARE(spin("idle_timeout")->value(), 0.0);
        QCOMPARE(spin("reserved_share")->value(), 67.0);
        doc()->setScenario({});
        QCOMPARE(spin("idle_timeout")->value(), 15.0);
        QVERIFY(target->text().contains(QStringLiteral("Baseline")));
    }

    void aSliderInsideAScenarioEditsItsOverrides()
    {
        doc()->setScenario(QStringLiteral("reserve-60"));
        waitForResults();
        const Project base = doc()->project();
        QSlider* slider = m_window->drivers()->slider(QStringLiteral("reserved_share"));
        QVERIFY(slider && slider->isEnabled());
        QCOMPARE(slider->value(), 60);
        // A drag from 60 % to 50 % is one undo step.
        slider->setSliderDown(true);
        for (int position = 59; position >= 50; --position)
            slider->setValue(position);
        slider->setSliderDown(false);
        QCOMPARE(doc()->undoStack()->count(), 1);
        // The scenario holds 1,200 + 1,200; the project as stated is untouched.
        QCOMPARE(overrideOf(doc()->project(), "reserve-60", "/fleet/pools/h100-reserved/count"),
                 1200.0);
        QCOMPARE(overrideOf(doc()->project(), "reserve-60", "/fleet/pools/h100-on-demand/count"),
                 1200.0);
        QCOMPARE(poolCount(doc()->project(), "h100-reserved"), 1600);
        QCOMPARE(poolCount(doc()->project(), "h100-on-demand"), 800);
        QCOMPARE(doc()->project().scenarios.size(), base.scenarios.size());
        // What the charts are computed from has the new counts.
        waitForResults();
        QCOMPARE(poolCount(m_window->recompute()->latest()->project, "h100-reserved"), 1200);
        QCOMPARE(spin("reserved_share")->value(), 50.0);
        m_window->grab().save(QStringLiteral(FLEET_BINARY_DIR "/demo_slider_in_scenario.png"));
        // Back to the baseline: its sliders never moved.
        doc()->setScenario({});
        QCOMPARE(spin("reserved_share")->value(), 67.0);
        // Undo puts the scenario's overrides back.
        doc()->undoStack()->undo();
        QCOMPARE(overrideOf(doc()->project(), "reserve-60", "/fleet/pools/h100-reserved/count"),
                 1440.0);
        doc()->setScenario(QStringLiteral("reserve-60"));
        QCOMPARE(slider->value(), 60);
    }

    void aSliderAddsAnOverrideTheScenarioLacked()
    {
        doc()->setScenario(QStringLiteral("reserve-60"));
        QDoubleSpinBox* timeout = spin("idle_timeout");
        timeout->setValue(30.0);
        QCOMPARE(doc()->undoStack()->count(), 1);
        QCOMPARE(
            overrideOf(doc()->project(), "reserve-60", "/workloads/dev-notebooks/idle_timeout_min"),
            30.0);
        QCOMPARE(timeout->value(), 30.0);
        doc()->setScenario({});
        QCOMPARE(timeout->value(), 15.0); // the base still releases after 15 min
    }
};

QTEST_MAIN(TestGuiDemo)
#include "test_gui_demo.moc"
