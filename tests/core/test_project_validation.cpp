// Bad project inputs are rejected with the field's path and the rule.

#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QtTest>

using namespace fleet;

class TestProjectValidation : public QObject
{
    Q_OBJECT

private slots:
    void sampleIsValid()
    {
        auto project = loadSampleProject();
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        QCOMPARE(project.value().workloads.size(), std::size_t(8));
        QCOMPARE(project.value().scenarios.size(), std::size_t(4));
    }

    void badValueIsRejectedWithItsPath_data()
    {
        QTest::addColumn<QString>("find");
        QTest::addColumn<QString>("replace");
        QTest::addColumn<QString>("expected");
        QTest::newRow("negative tokens")
            << "\"tokens_per_run\": 2e12"
            << "\"tokens_per_run\": -1"
            << "/workloads/0/tokens_per_run (entry pretrain-70b): must be a finite number > 0";
        QTest::newRow("zero params")
            << "\"active_params\": 7e10"
            << "\"active_params\": 0"
            << "/workloads/0/active_params (entry pretrain-70b): must be a finite number > 0";
        QTest::newRow("absurd params") << "\"active_params\": 7e10"
                                       << "\"active_params\": 1e300"
                                       << "/workloads/0/active_params (entry pretrain-70b): must "
                                          "be a finite number > 0 and ≤ 1e+14";
        QTest::newRow("overflowing number") << "\"active_params\": 7e10"
                                            << "\"active_params\": 1e999"
                                            << "/workloads/0/active_params";
        QTest::newRow("MFU above 1")
            << "\"efficiency\": 0.4"
            << "\"efficiency\": 40"
            << "/workloads/0/efficiency (entry pretrain-70b): must be a finite number > 0 and ≤ 1";
        QTest::newRow("string for number")
            << "\"requests_per_second\": 300"
            << "\"requests_per_second\": \"300\""
            << "/workloads/3/requests_per_second (entry chat-70b): must be a finite number > 0 and "
               "≤ 1e+07 (requests/s), not a string";
        QTest::newRow("unknown segment")
            << "\"segment\": \"mid-stage\""
            << "\"segment\": \"growth\""
            << "/workloads/2/segment (entry midstage-finetune): names segment \"growth\", which is "
               "not defined; known: early-stage, mid-stage, enterprise";
        QTest::newRow("unknown key")
            << "\"gpus_per_job\": 1024"
            << "\"gpus_per_job\": 1024, \"gpu_count\": 4"
            << "/workloads/0/gpu_count (entry pretrain-70b): unknown key; allowed keys here:";
        QTest::newRow("bad kind") << "\"kind\": \"batch\""
                                  << "\"kind\": \"etl\""
                                  << "/workloads/1/kind (entry enterprise-finetune): must be "
                                     "training, inference, notebooks or batch";
        QTest::newRow("monthly segment price")
            << "\"price_usd_per_gpu_hour\": 3.49"
            << "\"price_usd_per_gpu_hour\": 2547"
            << "/segments/0/price_usd_per_gpu_hour (entry early-stage): must be a finite number ≥ "
               "0 and ≤ 200";
        QTest::newRow("unpriced pool plan")
            << "\"plan\": \"on_demand\""
            << "\"plan\": \"spot\""
            << "/fleet/pools/1/plan (entry h100-on-demand): the active price book example-2024 has "
               "no spot price for h100-sxm-80gb";
        QTest::newRow("unknown book") << "\"active_price_book\": \"example-2024\""
                                      << "\"active_price_book\": \"list-2019\""
                                      << "/active_price_book: names price book \"list-2019\", "
                                         "which is not defined; known: example-2024, market-2026";
        QTest::newRow("start after horizon")
            << "\"priority\": 10"
            << "\"priority\": 10, \"start_month\": 13"
            << "/workloads/0/start_month (entry pretrain-70b): must be a whole number ≥ 1 and ≤ 12";
        QTest::newRow("newer format") << "\"format_version\": 7"
                                      << "\"format_version\": 8"
                                      << "/format_version: was written by a newer FleetPlanner "
                                         "(project format version 8); this FleetPlanner reads "
                                         "format version 7 and older";
        QTest::newRow("broken scenario path")
            << "\"/workloads/dev-notebooks/idle_timeout_min\""
            << "\"/workloads/gone/idle_timeout_min\""
            << "/scenarios/2/overrides/0/path (entry no-idle-timeout): scenario "
               "\"no-idle-timeout\": \"/workloads/gone/idle_timeout_min\" names /workloads row "
               "\"gone\", and no row has that id";
        QTest::newRow("scenario breaks a rule")
            << "\"/workloads/dev-notebooks/idle_timeout_min\",\n          \"value\": 0"
            << "\"/workloads/dev-notebooks/idle_timeout_min\",\n          \"value\": -5"
            << "/scenarios/2: scenario \"no-idle-timeout\" makes "
               "/workloads/dev-notebooks/idle_timeout_min "
               "invalid";
        QTest::newRow("unknown assumption")
            << "\"scheduler\": {"
            << "\"assumptions\": {\"mtbf\": 5}, \"scheduler\": {"
            << "/assumptions/mtbf: unknown assumption; known: gpu_mtbf_hours";
        QTest::newRow("spot rate under both names")
            << "\"scheduler\": {"
            << "\"assumptions\": {\"spot_interruptions_per_gpu_hour\": 0.001, "
               "\"spot_interruptions_per_instance_hour\": 0.002}, \"scheduler\": {"
            << "/assumptions/spot_interruptions_per_gpu_hour: is the former name of "
               "spot_interruptions_per_instance_hour, which is given too; keep one";
    }

    void renamedSpotRateStillLoads()
    {
        // Before issue 15 the per-instance spot rate was keyed per GPU-hour:
        // such files load into the per-instance rate and are written back under its name.
        QString text = QString::fromUtf8(sampleProjectJson().data(),
                                         static_cast<int>(sampleProjectJson().size()));
        const QString find = QStringLiteral("\"scheduler\": {");
        QVERIFY(text.contains(find));
        text.replace(text.indexOf(find), find.size(),
                     QStringLiteral("\"assumptions\": {\"spot_interruptions_per_gpu_hour\": "
                                    "0.001}, \"scheduler\": {"));
        auto project = parseProject(text.toStdString(), "old.fleetplan.json");
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        QCOMPARE(project.value().assumptions.spotInterruptionsPerInstanceHour, 0.001);
        const std::string written = projectToJsonText(project.value());
        QVERIFY(written.find("\"spot_interruptions_per_instance_hour\"") != std::string::npos);
        QVERIFY(written.find("spot_interruptions_per_gpu_hour") == std::string::npos);
    }

    void badValueIsRejectedWithItsPath()
    {
        QFETCH(QString, find);
        QFETCH(QString, replace);
        QFETCH(QString, expected);
        QString text = QString::fromUtf8(sampleProjectJson().data(),
                                         static_cast<int>(sampleProjectJson().size()));
        QVERIFY2(text.contains(find), qPrintable(find));
        text.replace(text.indexOf(find), find.size(), replace);
        auto project = parseProject(text.toStdString(), "edited.fleetplan.json");
        QVERIFY(!project.ok());
        const QString message = QString::fromStdString(project.error().toString());
        QVERIFY2(message.contains(QStringLiteral("edited.fleetplan.json: ") + expected),
                 qPrintable(message));
    }

    void notJsonAndNotAProject()
    {
        auto broken = parseProject("{\"format\": ", "x.json");
        QVERIFY(QString::fromStdString(broken.error().toString())
                    .contains(QStringLiteral("not valid JSON at line 1")));
        auto catalog =
            parseProject("{\"format\": \"fleetplanner-catalog\", \"format_version\": 1}", "c.json");
        QVERIFY(QString::fromStdString(catalog.error().toString())
                    .contains(QStringLiteral("must be \"fleetplanner-project\"")));
        auto missing = loadProjectFile("/nonexistent/p.fleetplan.json");
        QVERIFY(QString::fromStdString(missing.error().toString())
                    .contains(QStringLiteral("no such file")));
    }

    void threeThousandScenariosValidate()
    {
        // Not timed: CTest's timeout is the guard. Each scenario used to
        // re-read the whole project, scenarios included (quadratic).
        Project project = loadSampleProject().value();
        const std::vector<Scenario> originals = project.scenarios;
        project.scenarios.clear();
        const char* const paths[] = {"/workloads/dev-notebooks/idle_timeout_min",
                                     "/fleet/pools/h100-reserved/count",
                                     "/scheduler/policy",
                                     "/name",
                                     "/horizon/months",
                                     "/segments/early-stage/price_usd_per_gpu_hour"};
        for (int i = 0; i < 3000; ++i) {
            Scenario scenario{"s" + std::to_string(i), "Scenario " + std::to_string(i), {}, {}};
            const std::string path = paths[i % 6];
            std::string value = std::to_string(1000 + i);
            if (path == "/name")
                value = "\"Renamed\"";
            else if (path == "/scheduler/policy")
                value = "\"naive\"";
            else if (path == "/horizon/months")
                value = std::to_string(12 + i % 24);
            scenario.overrides.push_back({path, path == paths[5] ? std::to_string(i % 50) : value});
            project.scenarios.push_back(std::move(scenario));
        }
        project.scenarios.insert(project.scenarios.end(), originals.begin(), originals.end());
        const std::string text = projectToJsonText(project);
        auto parsed = parseProject(text, "many.fleetplan.json");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QCOMPARE(parsed.value().scenarios.size(), std::size_t(3004));
        // One broken scenario among them is still found, by its index.
        project.scenarios[2999].overrides.front() = {"/workloads/dev-notebooks/idle_timeout_min",
                                                     "-1"};
        auto broken = parseProject(projectToJsonText(project), "many.fleetplan.json");
        QVERIFY(!broken.ok());
        QCOMPARE(broken.error().issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(broken.error().toString()),
                 QStringLiteral(
                     "many.fleetplan.json: /scenarios/2999: scenario \"s2999\" makes "
                     "/workloads/dev-notebooks/idle_timeout_min invalid: must be a finite number ≥ "
                     "0 and ≤ 100000 (minutes; 0 = never); got -1"));
    }

    void scenarioChecksMatchAFullRead_data()
    {
        // A scenario is re-checked section by section; each row is a rule
        // that reads another section, which must still be applied.
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("horizon shorter than a workload's start") << "/horizon/months"
                                                                 << "1"
                                                                 << "makes /workloads/";
        QTest::newRow("segment removed from under workloads") << "/segments/early-stage/id"
                                                              << "\"renamed\""
                                                              << "names segment \"early-stage\"";
        QTest::newRow("price book without the pool's plan") << "/active_price_book"
                                                            << "\"market-2026\""
                                                            << "makes /fleet/pools/";
        QTest::newRow("unknown top-level key") << "/colour"
                                               << "1"
                                               << "makes /colour invalid: unknown key";
        QTest::newRow("own price book breaks a rule") << "/price_books"
                                                      << "[{\"id\": 5}]"
                                                      << "makes /price_books/0";
        QTest::newRow("assumption out of range") << "/assumptions"
                                                 << "{\"gpu_mtbf_hours\": 0}"
                                                 << "makes /assumptions/gpu_mtbf_hours invalid";
        QTest::newRow("scheduler policy unknown") << "/scheduler/policy"
                                                  << "\"fifo\""
                                                  << "makes /scheduler/policy invalid";
    }

    void scenarioChecksMatchAFullRead()
    {
        QFETCH(QString, path);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        Project project = loadSampleProject().value();
        project.workloads.front().startMonth = 6; // valid until the horizon is cut
        project.scenarios.push_back(
            {"probe", "Probe", {}, {{path.toStdString(), value.toStdString()}}});
        auto parsed = parseProject(projectToJsonText(project), "probe.json");
        QVERIFY(!parsed.ok());
        const QString message = QString::fromStdString(parsed.error().toString());
        QVERIFY2(message.contains(QStringLiteral("scenario \"probe\" ")) &&
                     message.contains(expected),
                 qPrintable(message));
    }
};

FLEET_TEST_MAIN(TestProjectValidation)
#include "test_project_validation.moc"
