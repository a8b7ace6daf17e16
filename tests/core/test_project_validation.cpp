// Bad project inputs are rejected with the field's path and the rule.

#include "store/project_json.h"

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
        QTest::newRow("newer format") << "\"format_version\": 1"
                                      << "\"format_version\": 7"
                                      << "/format_version: this project is format version 7; this "
                                         "FleetPlanner reads up to version 1";
        QTest::newRow("broken scenario path")
            << "\"/workloads/7/idle_timeout_min\""
            << "\"/workloads/9/idle_timeout_min\""
            << "/scenarios/2/overrides/0/path: \"/workloads/9/idle_timeout_min\" index \"9\" is "
               "not within the array of 8 items";
        QTest::newRow("scenario breaks a rule")
            << "\"/workloads/7/idle_timeout_min\",\n          \"value\": 0"
            << "\"/workloads/7/idle_timeout_min\",\n          \"value\": -5"
            << "/scenarios/2: scenario \"no-idle-timeout\" makes /workloads/7/idle_timeout_min "
               "invalid";
        QTest::newRow("unknown assumption")
            << "\"scheduler\": {"
            << "\"assumptions\": {\"mtbf\": 5}, \"scheduler\": {"
            << "/assumptions/mtbf: unknown assumption; known: gpu_mtbf_hours";
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
};

QTEST_APPLESS_MAIN(TestProjectValidation)
#include "test_project_validation.moc"
