// New projects: the empty project from settings (refused settings name their
// field and rule), and the built-in templates — each read, written back and
// evaluated.

#include "engine/evaluate.h"
#include "model/sourced.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_templates.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {

/// The project read back from its canonical JSON.
Result<Project> roundTrip(const Project& project)
{
    return parseProjectValue(projectToJson(project), "round-trip");
}

/// The result's issues, or "" when it holds a value (QVERIFY2 evaluates its
/// message whatever the outcome).
template <typename T> QString issuesOf(const Result<T>& result)
{
    return result.ok() ? QString() : QString::fromStdString(result.error().toString());
}

} // namespace

class TestNewProject : public QObject
{
    Q_OBJECT

private slots:
    void emptyProjectHasNoRows()
    {
        auto project = emptyProject({});
        QVERIFY2(project.ok(), qPrintable(issuesOf(project)));
        const Project& p = project.value();
        QCOMPARE(p.name, std::string("Untitled fleet"));
        QCOMPARE(p.horizonMonths, 12);
        QCOMPARE(p.activePriceBookId, std::string("market-2026"));
        QVERIFY(p.fleet.mode == FleetMode::Fixed);
        QVERIFY(p.fleet.pools.empty());
        QVERIFY(p.segments.empty());
        QVERIFY(p.workloads.empty());
        QVERIFY(p.scenarios.empty());
        // The first month defaults to the month after today.
        QCOMPARE(p.startMonth, monthAfterToday());
        QVERIFY(p.startMonth.size() == 7 && isValidAsOfDate(p.startMonth));
    }

    void emptyProjectKeepsItsSettings_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("fixed") << int(FleetMode::Fixed);
        QTest::newRow("size") << int(FleetMode::Size);
    }

    void emptyProjectKeepsItsSettings()
    {
        QFETCH(int, mode);
        NewProjectSettings settings;
        settings.name = "Acme GPU cloud";
        settings.horizonMonths = 36;
        settings.startMonth = "2028-04";
        settings.priceBookId = "example-2024";
        settings.mode = FleetMode(mode);
        auto project = emptyProject(settings);
        QVERIFY2(project.ok(), qPrintable(issuesOf(project)));
        QCOMPARE(project.value().name, settings.name);
        QCOMPARE(project.value().horizonMonths, 36);
        QCOMPARE(project.value().startMonth, std::string("2028-04"));
        QCOMPARE(project.value().activePriceBookId, std::string("example-2024"));
        QVERIFY(project.value().fleet.mode == settings.mode);

        // The reader accepts what the writer makes of it, unchanged.
        auto again = roundTrip(project.value());
        QVERIFY2(again.ok(), qPrintable(issuesOf(again)));
        QCOMPARE(projectToJsonText(again.value()), projectToJsonText(project.value()));

        // And the engine evaluates it: nothing to cost, nothing absurd.
        const Evaluation evaluation = evaluate(project.value());
        QVERIFY(evaluation.workloads.empty());
        QCOMPARE(evaluation.kpis.totalCostUsd, 0.0);
        QCOMPARE(int(evaluation.kpis.monthlyCostUsd.size()), 36);
        QVERIFY(std::isfinite(evaluation.kpis.utilization));
    }

    void badSettingsAreRefusedNamingTheField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("rule");
        QTest::newRow("empty name") << "name"
                                    << ""
                                    << "/name"
                                    << "1 to 4096 characters";
        QTest::newRow("horizon 0") << "horizon"
                                   << "0"
                                   << "/horizon/months"
                                   << "1 to 120 months";
        QTest::newRow("horizon 121") << "horizon"
                                     << "121"
                                     << "/horizon/months"
                                     << "1 to 120 months; got 121";
        QTest::newRow("month 13") << "start"
                                  << "2027-13"
                                  << "/horizon/start_month"
                                  << "YYYY-MM";
        QTest::newRow("day given") << "start"
                                   << "2027-01-05"
                                   << "/horizon/start_month"
                                   << "got \"2027-01-05\"";
        QTest::newRow("year 3100") << "start"
                                   << "3100-01"
                                   << "/horizon/start_month"
                                   << "year 1000–2999";
        QTest::newRow("unknown book") << "book"
                                      << "no-such-book"
                                      << "/active_price_book"
                                      << "a built-in book (example-2024, market-2026)";
        QTest::newRow("control character in name") << "name"
                                                   << "bad\x01name"
                                                   << "/name"
                                                   << "";
    }

    void badSettingsAreRefusedNamingTheField()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, path);
        QFETCH(QString, rule);
        NewProjectSettings settings;
        if (field == "name")
            settings.name = value.toStdString();
        else if (field == "horizon")
            settings.horizonMonths = value.toInt();
        else if (field == "start")
            settings.startMonth = value.toStdString();
        else
            settings.priceBookId = value.toStdString();
        auto project = emptyProject(settings);
        QVERIFY(!project.ok());
        QCOMPARE(int(project.error().issues.size()), 1);
        const Issue& issue = project.error().issues.front();
        QCOMPARE(QString::fromStdString(issue.path), path);
        QVERIFY2(QString::fromStdString(issue.message).contains(rule),
                 qPrintable(QString::fromStdString(issue.toString())));
    }

    void templatesAreListed()
    {
        QStringList ids;
        for (const ProjectTemplate& entry : projectTemplates()) {
            ids << QString::fromStdString(entry.id);
            QVERIFY(!entry.title.empty());
            QVERIFY(!entry.description.empty());
        }
        QCOMPARE(ids, (QStringList{"inference-saas", "training-lab", "private-cloud"}));
    }

    void templatesLoadRoundTripAndEvaluate_data()
    {
        QTest::addColumn<QString>("id");
        for (const ProjectTemplate& entry : projectTemplates())
            QTest::newRow(entry.id.c_str()) << QString::fromStdString(entry.id);
    }

    void templatesLoadRoundTripAndEvaluate()
    {
        QFETCH(QString, id);
        auto project = loadTemplate(id.toStdString());
        QVERIFY2(project.ok(), qPrintable(issuesOf(project)));
        QVERIFY(!project.value().workloads.empty());
        QVERIFY(!project.value().segments.empty());
        QVERIFY(project.value().scenarios.empty());
        auto again = roundTrip(project.value());
        QVERIFY2(again.ok(), qPrintable(issuesOf(again)));

        // Every row says where its figures come from (or that they are illustrative).
        const Project& p = project.value();
        QVERIFY(!p.note.empty() && !p.description.empty());
        for (const FleetPool& pool : p.fleet.pools)
            QVERIFY2(!pool.note.empty(), pool.id.c_str());
        for (const Segment& segment : p.segments)
            QVERIFY2(!segment.note.empty(), segment.id.c_str());
        for (const Workload& workload : p.workloads)
            QVERIFY2(!workload.note.empty(), workload.id.c_str());

        const Evaluation evaluation = evaluate(project.value());
        for (const WorkloadEvaluation& workload : evaluation.workloads)
            QVERIFY2(workload.chosen >= 0 && workload.problem.empty(),
                     qPrintable(QString::fromStdString(workload.id + ": " + workload.problem)));
        const Kpis& kpis = evaluation.kpis;
        QVERIFY(kpis.totalCostUsd > 0 && std::isfinite(kpis.totalCostUsd));
        QVERIFY2(kpis.utilization > 0.05 && kpis.utilization <= 1.0,
                 qPrintable(QString::number(kpis.utilization)));
        // The fleet's cost per GPU-hour held is a market price, not an artefact.
        const double usdPerGpuHour = kpis.attributedCostUsd / kpis.gpuHoursHeld;
        QVERIFY2(usdPerGpuHour > 0.5 && usdPerGpuHour < 15,
                 qPrintable(QString::number(usdPerGpuHour)));
    }

    void unknownTemplateListsTheKnownOnes()
    {
        auto project = loadTemplate("no-such-template");
        QVERIFY(!project.ok());
        QVERIFY(issuesOf(project).contains("inference-saas, training-lab, private-cloud"));
    }
};

FLEET_TEST_MAIN(TestNewProject)
#include "test_new_project.moc"
