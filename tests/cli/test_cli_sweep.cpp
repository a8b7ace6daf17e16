// fleetplanner-cli sweep (issue 34): a 20-point sweep of the sample planned,
// run on local threads, resumed, run element by element as a cluster array
// runs it, and collected to the same bytes; bad sweep files refused naming
// the field and the rule; a missing, duplicated or foreign result reported;
// the Kubernetes manifest checked against the batch/v1 Job schema's
// required keys and the sweep files against data/schema/sweep.schema.json.

#include "cli_run.h"
#include "support/fleet_test.h"
#include "sweep_support.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using fleet::test::fileBytes;
using fleet::test::runCli;
using fleet::test::writeFileBytes;
using fleet::test::sweep::sample20;
using fleet::test::sweep::sweepRows;
using fleet::test::sweep::sweepValue;

namespace cli_sweep_test {

QJsonObject sampleSweep()
{
    return QJsonDocument::fromJson(fileBytes(sample20())).object();
}

/// `sweep` written as a sweep file into `dir`.
QString writeSweep(const QTemporaryDir& dir, const QString& name, const QJsonObject& sweep)
{
    const QString path = dir.filePath(name);
    writeFileBytes(path, QJsonDocument(sweep).toJson());
    return path;
}

QPair<int, QString> checkSchema(const QString& schema, const QStringList& files, bool invalid)
{
    QStringList args{QStringLiteral(FLEET_SOURCE_DIR "/tests/tools/check_schema.py"), schema};
    if (invalid)
        args << QStringLiteral("--expect-invalid");
    QProcess python;
    python.start(QStringLiteral("python3"), args + files);
    python.waitForFinished(120000);
    return {python.exitCode(),
            QString::fromUtf8(python.readAllStandardOutput() + python.readAllStandardError())};
}

} // namespace cli_sweep_test

using namespace cli_sweep_test;

class TestCliSweep : public QObject
{
    Q_OBJECT

private slots:
    void planCountsTasksAndMeasuresOne()
    {
        const auto run = runCli({"sweep", "plan", sample20(), "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject plan = QJsonDocument::fromJson(run.outBytes).object();
        QCOMPARE(plan.value("points").toInt(), 20);
        QCOMPARE(plan.value("tasks").toInt(), 20);
        const double perTask = plan.value("commands")[0]["cpu_seconds_per_task"].toDouble();
        QVERIFY2(perTask > 0 && perTask < 10, qPrintable(QString::number(perTask)));
        // The estimate is the measured task times the count.
        QVERIFY(std::abs(plan.value("cpu_seconds").toDouble() - 20 * perTask) < 1e-9);
        const auto text = runCli({"sweep", "plan", sample20()});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("20 tasks") && text.out.contains("CPU time"),
                 qPrintable(text.out));
    }

    void runLocalThenCollect()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out"), results = dir.filePath("r.sqlite");
        const auto run =
            runCli({"sweep", "run", sample20(), "--backend", "local", "--jobs", "2", "--out", out});
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        QVERIFY2(run.out.contains("Ran 20 tasks (0 already finished"), qPrintable(run.out));
        QCOMPARE(QDir(out + "/tasks").entryList({"task-*.json"}).size(), 20);
        const auto collect =
            runCli({"sweep", "collect", sample20(), "--out", out, "--results", results});
        QVERIFY2(collect.exitCode == 0, qPrintable(collect.out + collect.err));
        const QStringList rows = sweepRows(results, "evaluate");
        QCOMPARE(rows.size(), 20);
        // Per month: a row per point and month of the horizon, whose costs
        // add up to the point's total (issue 34 item 3's fan chart).
        const int months =
            sweepValue(results, "SELECT COUNT(DISTINCT month) FROM evaluate_months").toInt();
        QVERIFY(months >= 12);
        QCOMPARE(sweepRows(results, "evaluate_months").size(), 20 * months);
        QVERIFY2(
            sweepRows(results, "evaluate_months")[0].startsWith("task=0|point=0|month=1|name="),
            qPrintable(sweepRows(results, "evaluate_months")[0]));
        const double pointTotal =
            sweepValue(results, "SELECT total_cost_usd FROM evaluate WHERE point = 5").toDouble();
        const double monthSum =
            sweepValue(results, "SELECT SUM(cost_usd) FROM evaluate_months WHERE point = 5")
                .toDouble();
        QVERIFY2(std::abs(pointTotal - monthSum) <= 1e-6 * pointTotal,
                 qPrintable(QStringLiteral("%1 vs %2").arg(pointTotal).arg(monthSum)));
        // Grid order: the last input varies fastest.
        QVERIFY2(rows[0].startsWith("task=0|point=0|chat_rps=150.0|reserved_h100=1200.0|status=ok"),
                 qPrintable(rows[0]));
        QVERIFY2(rows[1].contains("chat_rps=150.0|reserved_h100=1600.0"), qPrintable(rows[1]));
        QVERIFY2(rows[19].contains("chat_rps=750.0|reserved_h100=2400.0"), qPrintable(rows[19]));
        // Point 6 (300 requests per second, 2,000 reserved H100s) is what
        // `evaluate` says of the sample edited to those values: the sweep
        // applies its inputs as the project file states them.
        QJsonObject project = fleet::test::exportedSample(dir);
        QVERIFY(!project.isEmpty());
        QJsonArray workloads = project["workloads"].toArray();
        for (int i = 0; i < workloads.size(); ++i)
            if (workloads[i].toObject()["id"].toString() == "chat-70b") {
                QJsonObject w = workloads[i].toObject();
                w["requests_per_second"] = 300;
                workloads[i] = w;
            }
        project["workloads"] = workloads;
        QJsonObject fleet = project["fleet"].toObject();
        QJsonArray pools = fleet["pools"].toArray();
        for (int i = 0; i < pools.size(); ++i)
            if (pools[i].toObject()["id"].toString() == "h100-reserved") {
                QJsonObject p = pools[i].toObject();
                p["count"] = 2000;
                pools[i] = p;
            }
        fleet["pools"] = pools;
        project["fleet"] = fleet;
        // A sweep plans each point on the knee of the project as stated
        // (docs/SWEEPS.md); the sample ships with one. The edited file
        // states that knee as its ceiling, its inputs being others.
        QJsonObject scheduler = project["scheduler"].toObject();
        const double knee =
            scheduler["measured_utilization_ceiling"].toObject()["topology_aware"].toDouble();
        QVERIFY(knee > 0.3 && knee < 0.85);
        scheduler.remove("measured_utilization_ceiling");
        scheduler["utilization_ceiling"] = QJsonObject{{"topology_aware", knee}};
        project["scheduler"] = scheduler;
        const QString edited = dir.filePath("edited.fleetplan.json");
        writeFileBytes(edited, QJsonDocument(project).toJson());
        const auto direct = runCli({"evaluate", edited, "--json"});
        QCOMPARE(direct.exitCode, 0);
        const QJsonObject kpis =
            QJsonDocument::fromJson(direct.outBytes).object()["kpis"].toObject();
        QCOMPARE(sweepValue(results, "SELECT chat_rps || ',' || reserved_h100 FROM evaluate "
                                     "WHERE point = 6"),
                 QStringLiteral("300.0,2000.0"));
        const double total =
            sweepValue(results, "SELECT total_cost_usd FROM evaluate WHERE point = 6").toDouble();
        QVERIFY2(std::abs(total - kpis["total_cost_usd"].toDouble()) <= 1e-9 * std::abs(total),
                 qPrintable(
                     QStringLiteral("%1 vs %2").arg(total).arg(kpis["total_cost_usd"].toDouble())));
        // More chat traffic, same fleet: the horizon costs no less.
        const double low =
            sweepValue(results, "SELECT total_cost_usd FROM evaluate WHERE point = 1").toDouble();
        const double high =
            sweepValue(results, "SELECT total_cost_usd FROM evaluate WHERE point = 17").toDouble();
        QVERIFY2(high >= low, qPrintable(QStringLiteral("%1 < %2").arg(high).arg(low)));
    }

    void runResumesAndElementsCollectToTheSameBytes()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        QCOMPARE(runCli({"sweep", "run", sample20(), "--backend", "local", "--out", out}).exitCode,
                 0);
        const QByteArray kept = fileBytes(out + "/tasks/task-0000004.json");
        // Three results lost: only they run again; the others stay as they were.
        for (const char* name : {"task-0000003.json", "task-0000011.json", "task-0000019.json"})
            QVERIFY(QFile::remove(out + "/tasks/" + name));
        const auto again = runCli({"sweep", "run", sample20(), "--backend", "local", "--out", out});
        QVERIFY2(again.exitCode == 0 && again.out.contains("Ran 3 tasks (17 already finished"),
                 qPrintable(again.out + again.err));
        QCOMPARE(fileBytes(out + "/tasks/task-0000004.json"), kept);
        const auto none = runCli({"sweep", "run", sample20(), "--backend", "local", "--out", out});
        QVERIFY2(none.out.contains("Ran 0 tasks (20 already finished"), qPrintable(none.out));
        // As an array runs it: element by element (4 of 5 tasks), one process each.
        const QString cluster = dir.filePath("cluster");
        for (int element = 0; element < 4; ++element) {
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert("FLEET_TEST_ELEMENT", QString::number(element));
            const auto task = runCli({"sweep", "task", sample20(), "--out", cluster, "--chunk", "5",
                                      "--element-env", "FLEET_TEST_ELEMENT"},
                                     {}, environment);
            QVERIFY2(task.exitCode == 0, qPrintable(task.out + task.err));
        }
        const auto single = runCli({"sweep", "task", sample20(), "--out", cluster, "--index", "7"});
        QVERIFY2(single.out.contains("0 ran, 1 already finished"), qPrintable(single.out));
        const QString a = dir.filePath("a.sqlite"), b = dir.filePath("b.sqlite");
        QCOMPARE(runCli({"sweep", "collect", sample20(), "--out", out, "--results", a}).exitCode,
                 0);
        QCOMPARE(
            runCli({"sweep", "collect", sample20(), "--out", cluster, "--results", b}).exitCode, 0);
        QVERIFY(!fileBytes(a).isEmpty());
        QCOMPARE(fileBytes(a), fileBytes(b));
        // An element out of range is refused, naming the range.
        const auto beyond = runCli(
            {"sweep", "task", sample20(), "--out", cluster, "--chunk", "5", "--element", "4"});
        QVERIFY2(beyond.exitCode == 1 && beyond.err.contains("from 0 to 3"),
                 qPrintable(beyond.err));
    }

    void anEditedProjectIsAnotherSweep()
    {
        // Results computed on the project before an edit are not the
        // edited project's: a resumed run computes them again and collect
        // refuses the old ones instead of mixing the two.
        QTemporaryDir dir;
        const QString project = dir.filePath("project.fleetplan.json");
        QVERIFY(QFile::copy(
            QStringLiteral(FLEET_SOURCE_DIR "/resources/sample/sample.fleetplan.json"), project));
        QVERIFY(QFile::setPermissions(project, QFile::ReadOwner | QFile::WriteOwner));
        QJsonObject sweep = sampleSweep();
        sweep["project"] = QStringLiteral("project.fleetplan.json");
        const QString file = writeSweep(dir, "edited.fleetsweep.json", sweep);
        const QString out = dir.filePath("out");
        QCOMPARE(runCli({"sweep", "run", file, "--backend", "local", "--out", out}).exitCode, 0);
        const QString old = dir.filePath("old");
        QVERIFY(QDir().rename(out, old));
        QVERIFY(QDir().mkpath(out + "/tasks"));
        QVERIFY(QFile::copy(old + "/tasks/task-0000000.json", out + "/tasks/task-0000000.json"));
        QByteArray text = fileBytes(project);
        QVERIFY(text.contains("\"name\""));
        text.replace("\"name\": \"", "\"name\": \"Edited ");
        writeFileBytes(project, text);
        const auto collect = runCli({"sweep", "collect", file, "--out", out, "--results",
                                     dir.filePath("r.sqlite"), "--allow-missing"});
        QVERIFY2(collect.exitCode != 0 && collect.err.contains("another sweep"),
                 qPrintable(collect.out + collect.err));
        const auto again = runCli({"sweep", "run", file, "--backend", "local", "--out", old});
        QVERIFY2(again.exitCode == 0 && again.out.contains("Ran 20 tasks"),
                 qPrintable(again.out + again.err));
    }

    void collectReportsMissingDuplicateAndForeignResults()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("out"), results = dir.filePath("r.sqlite");
        QCOMPARE(runCli({"sweep", "run", sample20(), "--backend", "local", "--out", out}).exitCode,
                 0);
        QVERIFY(QFile::remove(out + "/tasks/task-0000007.json"));
        QVERIFY(QFile::remove(out + "/tasks/task-0000012.json"));
        const auto missing =
            runCli({"sweep", "collect", sample20(), "--out", out, "--results", results});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("2 missing tasks (no result file): 7, 12"),
                 qPrintable(missing.err));
        QVERIFY(!QFileInfo::exists(results));
        const auto partial = runCli({"sweep", "collect", sample20(), "--out", out, "--results",
                                     results, "--allow-missing"});
        QCOMPARE(partial.exitCode, 1);
        QCOMPARE(sweepRows(results, "evaluate").size(), 18);
        // Two files for one task (a copy under another name) are refused.
        QVERIFY(QFile::copy(out + "/tasks/task-0000003.json", out + "/tasks/task-3.json"));
        const auto duplicate =
            runCli({"sweep", "collect", sample20(), "--out", out, "--results", results});
        QCOMPARE(duplicate.exitCode, 1);
        QVERIFY2(duplicate.err.contains("is a second result of task 3"), qPrintable(duplicate.err));
        QVERIFY(QFile::remove(out + "/tasks/task-3.json"));
        // A result of another sweep (the file changed since) is refused, and not skipped by run.
        QJsonObject other = sampleSweep();
        other["name"] = "sample-20-changed";
        const QString changed = writeSweep(dir, "changed.json", other);
        const auto foreign = runCli(
            {"sweep", "collect", changed, "--out", out, "--results", dir.filePath("x.sqlite")});
        QVERIFY2(foreign.exitCode == 1 && foreign.err.contains("is a result of another sweep"),
                 qPrintable(foreign.err));
        // A failed task is reported by index and kept with its reason.
        QJsonObject failing = sampleSweep();
        QJsonArray inputs = failing["inputs"].toArray();
        QJsonObject rps = inputs[0].toObject();
        rps["values"] = QJsonArray{150, -5};
        inputs[0] = rps;
        failing["inputs"] = inputs;
        const QString failingPath = writeSweep(dir, "failing.json", failing);
        const QString failedOut = dir.filePath("failed");
        const auto ran =
            runCli({"sweep", "run", failingPath, "--backend", "local", "--out", failedOut});
        QCOMPARE(ran.exitCode, 1);
        QVERIFY2(ran.out.contains("4 of 8 tasks not finished (missing or failed): 4-7"),
                 qPrintable(ran.out));
        const auto collected = runCli({"sweep", "collect", failingPath, "--out", failedOut,
                                       "--results", dir.filePath("f.sqlite")});
        QCOMPARE(collected.exitCode, 1);
        QVERIFY2(collected.err.contains("4 failed tasks (their rows say why): 4-7"),
                 qPrintable(collected.err));
        const QString error =
            sweepValue(dir.filePath("f.sqlite"), "SELECT error FROM evaluate WHERE task = 4");
        QVERIFY2(error.contains("/workloads/chat-70b/requests_per_second"), qPrintable(error));
    }

    void badSweepFilesNameTheFieldAndTheRule_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("format") << "format"
                                << "\"fleetplanner-scan\""
                                << "/format: must be \"fleetplanner-sweep\"";
        QTest::newRow("newer") << "format_version"
                               << "2"
                               << "/format_version: was written by a newer FleetPlanner";
        QTest::newRow("unknown key") << "seeds"
                                     << "3"
                                     << "seeds";
        QTest::newRow("no commands") << "commands"
                                     << "[]"
                                     << "/commands: must hold at least one command";
        QTest::newRow("step 0")
            << "inputs"
            << R"([{"path": "/fleet/pools/h100-reserved/count", "range": {"start": 1, "stop": 2, "step": 0}}])"
            << "/inputs/0/range/step";
        QTest::newRow("stop below start")
            << "inputs"
            << R"([{"path": "/fleet/pools/h100-reserved/count", "range": {"start": 5, "stop": 2, "step": 1}}])"
            << "/inputs/0/range/stop: must be ≥ start";
        QTest::newRow("two kinds of values")
            << "inputs"
            << R"([{"path": "/fleet/pools/h100-reserved/count", "values": [1], "range": {"start": 5, "stop": 6, "step": 1}}])"
            << "/inputs/0: must give exactly one of values";
        QTest::newRow("not a pointer") << "inputs"
                                       << R"([{"path": "workloads.chat", "values": [1]}])"
                                       << "/inputs/0/path: must be a JSON pointer";
        QTest::newRow("no such row") << "inputs"
                                     << R"([{"path": "/workloads/chat-700b/users", "values": [1]}])"
                                     << "/inputs/0/path: does not apply to the project";
        QTest::newRow("distribution")
            << "inputs"
            << R"([{"path": "/fleet/pools/h100-reserved/count", "distribution": {"kind": "normal", "samples": 4, "seed": 1, "mean": 3}}])"
            << "/inputs/0/distribution";
        QTest::newRow("zip lengths")
            << "inputs"
            << R"([{"path": "/fleet/pools/h100-reserved/count", "values": [1, 2]}, {"path": "/fleet/pools/h100-on-demand/count", "values": [1, 2, 3]}], "combine": "zip")"
            << "/inputs/1: has 3 values and input 0 has 2";
        QTest::newRow("name clash")
            << "inputs"
            << R"([{"name": "utilization", "path": "/fleet/pools/h100-reserved/count", "values": [1]}])"
            << "/inputs/0/name: \"utilization\" is a column of the results already";
        QTest::newRow("unknown output")
            << "commands"
            << R"([{"command": "evaluate", "outputs": ["profit_usd"]}])"
            << "/commands/0/outputs/0: must be an output of evaluate: one of";
        QTest::newRow("wall clock output")
            << "commands"
            << R"([{"command": "solve", "outputs": ["solve_seconds"]}])"
            << "/commands/0/outputs/0: \"solve_seconds\" differs from run to run";
        QTest::newRow("unknown command")
            << "commands"
            << R"([{"command": "optimize", "outputs": ["cost_usd"]}])"
            << "/commands/0/command: must be evaluate, solve or simulate";
        QTest::newRow("seed twice")
            << "commands"
            << R"([{"command": "simulate", "seeds": [4, 4], "outputs": ["knee_load"]}])"
            << "/commands/0/seeds/1: repeats seed 4";
        QTest::newRow("option of another command")
            << "commands"
            << R"([{"command": "evaluate", "seeds": [1], "outputs": ["utilization"]}])"
            << "/commands/0";
        QTest::newRow("id of a results table")
            << "commands"
            << R"([{"command": "evaluate", "id": "inputs", "outputs": ["utilization"]}])"
            << "/commands/0/id: \"inputs\" names a table the results keep for the sweep itself";
        QTest::newRow("id of another command's months")
            << "commands"
            << R"([{"command": "evaluate", "outputs": ["utilization"]}, {"command": "solve", "id": "evaluate_months", "outputs": ["cost_usd"]}])"
            << "/commands/1: has the id \"evaluate_months\", which names the months table of "
               "another command";
        QTest::newRow("too many tasks")
            << "inputs"
            << R"([{"path": "/fleet/pools/h100-reserved/count", "range": {"start": 0, "stop": 9999, "step": 1}}, {"path": "/fleet/pools/h100-on-demand/count", "range": {"start": 0, "stop": 9999, "step": 1}}])"
            << "at most 10000000 are allowed";
    }

    void badSweepFilesNameTheFieldAndTheRule()
    {
        QFETCH(QString, key);
        QFETCH(QString, json);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        // The member replaced as text, so that the document may hold what Qt's JSON would not.
        QJsonObject sweep = sampleSweep();
        sweep.remove(key);
        QByteArray text = QJsonDocument(sweep).toJson(QJsonDocument::Compact);
        text.chop(1); // the closing brace
        text += ",\"" + key.toUtf8() + "\":" + json.toUtf8() + "}";
        const QString path = dir.filePath("bad.json");
        writeFileBytes(path, text);
        const auto run = runCli({"sweep", "plan", path, "--no-measure"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(expected), qPrintable(run.err));
        QVERIFY2(run.err.contains("bad.json"), qPrintable(run.err));
    }

    void distributionsAreSeeded()
    {
        QTemporaryDir dir;
        QJsonObject sweep = sampleSweep();
        sweep["inputs"] = QJsonArray{QJsonObject{{"name", "reserved_h100"},
                                                 {"path", "/fleet/pools/h100-reserved/count"},
                                                 {"distribution", QJsonObject{{"kind", "uniform"},
                                                                              {"low", 1000},
                                                                              {"high", 2000},
                                                                              {"samples", 6},
                                                                              {"seed", 7},
                                                                              {"round", 8}}}}};
        const QString path = writeSweep(dir, "drawn.json", sweep);
        QCOMPARE(runCli({"sweep", "run", path, "--backend", "local", "--out", dir.filePath("a")})
                     .exitCode,
                 0);
        QCOMPARE(runCli({"sweep", "collect", path, "--out", dir.filePath("a"), "--results",
                         dir.filePath("a.sqlite")})
                     .exitCode,
                 0);
        const QStringList rows = sweepRows(dir.filePath("a.sqlite"), "evaluate");
        QCOMPARE(rows.size(), 6);
        QSet<QString> values;
        for (const QString& row : rows) {
            const double count = row.section("reserved_h100=", 1).section('|', 0, 0).toDouble();
            QVERIFY2(count >= 1000 && count <= 2000 && std::fmod(count, 8) == 0, qPrintable(row));
            values.insert(QString::number(count));
        }
        QVERIFY2(values.size() >= 5, "six draws of a uniform over 1,000 values are distinct");
        // The same seed, the same draws: a second plan reads the same points.
        const auto first =
            runCli({"sweep", "task", path, "--out", dir.filePath("b"), "--index", "3"});
        QCOMPARE(first.exitCode, 0);
        QCOMPARE(fileBytes(dir.filePath("b/tasks/task-0000003.json")),
                 fileBytes(dir.filePath("a/tasks/task-0000003.json")));
    }

    void simulateAndSolveTasks()
    {
        QTemporaryDir dir;
        QJsonObject sweep = sampleSweep();
        sweep["inputs"] = QJsonArray{QJsonObject{{"name", "reserved_h100"},
                                                 {"path", "/fleet/pools/h100-reserved/count"},
                                                 {"values", QJsonArray{1600}}}};
        sweep["commands"] = QJsonArray{
            QJsonObject{{"command", "solve"},
                        {"time_limit_seconds", 20},
                        {"outputs", QJsonArray{"cost_usd", "gap"}}},
            QJsonObject{{"command", "simulate"},
                        {"seeds", QJsonObject{{"first", 42}, {"count", 2}}},
                        {"days", 7},
                        {"loads", QJsonObject{{"start", 0.5}, {"stop", 1.0}, {"step", 0.25}}},
                        {"outputs", QJsonArray{"knee_load", "nominal_load", "simulated_days"}}}};
        const QString path = writeSweep(dir, "mixed.json", sweep);
        const auto run = runCli({"sweep", "run", path, "--backend", "local", "--jobs", "2", "--out",
                                 dir.filePath("o")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        const QString results = dir.filePath("m.sqlite");
        QCOMPARE(
            runCli({"sweep", "collect", path, "--out", dir.filePath("o"), "--results", results})
                .exitCode,
            0);
        QCOMPARE(sweepRows(results, "solve").size(), 1);
        const QStringList simulated = sweepRows(results, "simulate");
        QCOMPARE(simulated.size(), 2);
        QVERIFY2(simulated[0].contains("|seed=42|") && simulated[1].contains("|seed=43|"),
                 qPrintable(simulated.join('\n')));
        QVERIFY2(simulated[0].contains("simulated_days=7.0"), qPrintable(simulated[0]));
        QVERIFY(sweepValue(results, "SELECT cost_usd FROM solve").toDouble() > 0);
    }

    void startScenarioAndZipAreTheSamePoints()
    {
        QTemporaryDir dir;
        // From a scenario, no inputs: one point, the scenario itself, as
        // `evaluate --scenario` sees it.
        QJsonObject fromScenario = sampleSweep();
        fromScenario["scenario"] = "reserve-60";
        fromScenario["inputs"] = QJsonArray{};
        const QString path = writeSweep(dir, "scenario.json", fromScenario);
        QCOMPARE(runCli({"sweep", "run", path, "--backend", "local", "--out", dir.filePath("s")})
                     .exitCode,
                 0);
        QCOMPARE(runCli({"sweep", "collect", path, "--out", dir.filePath("s"), "--results",
                         dir.filePath("s.sqlite")})
                     .exitCode,
                 0);
        const auto direct = runCli({"evaluate", ":sample", "--scenario", "reserve-60", "--json"});
        QCOMPARE(direct.exitCode, 0);
        const double expected = QJsonDocument::fromJson(direct.outBytes)
                                    .object()["kpis"]
                                    .toObject()["total_cost_usd"]
                                    .toDouble();
        const double swept =
            sweepValue(dir.filePath("s.sqlite"), "SELECT total_cost_usd FROM evaluate").toDouble();
        QVERIFY2(std::abs(swept - expected) <= 1e-9 * std::abs(expected),
                 qPrintable(QStringLiteral("%1 vs %2").arg(swept).arg(expected)));
        fromScenario["scenario"] = "reserve-70";
        const auto unknown = runCli(
            {"sweep", "plan", writeSweep(dir, "unknown.json", fromScenario), "--no-measure"});
        QVERIFY2(unknown.exitCode == 1 && unknown.err.contains("/scenario: must name a scenario") &&
                     unknown.err.contains("reserve-60"),
                 qPrintable(unknown.err));
        // A grid and a zip over the same points give the same outputs, point by point.
        QJsonObject zip = sampleSweep();
        zip["combine"] = "zip";
        zip["inputs"] = QJsonArray{QJsonObject{{"name", "chat_rps"},
                                               {"path", "/workloads/chat-70b/requests_per_second"},
                                               {"values", QJsonArray{150, 150, 300}}},
                                   QJsonObject{{"name", "reserved_h100"},
                                               {"path", "/fleet/pools/h100-reserved/count"},
                                               {"values", QJsonArray{1200, 2400, 2000}}}};
        const QString zipPath = writeSweep(dir, "zip.json", zip);
        QCOMPARE(runCli({"sweep", "run", zipPath, "--backend", "local", "--out", dir.filePath("z")})
                     .exitCode,
                 0);
        QCOMPARE(runCli({"sweep", "collect", zipPath, "--out", dir.filePath("z"), "--results",
                         dir.filePath("z.sqlite")})
                     .exitCode,
                 0);
        const QString grid = dir.filePath("g");
        QCOMPARE(runCli({"sweep", "run", sample20(), "--backend", "local", "--out", grid}).exitCode,
                 0);
        QCOMPARE(runCli({"sweep", "collect", sample20(), "--out", grid, "--results",
                         dir.filePath("g.sqlite")})
                     .exitCode,
                 0);
        const QStringList zipped = sweepRows(dir.filePath("z.sqlite"), "evaluate");
        const QStringList gridded = sweepRows(dir.filePath("g.sqlite"), "evaluate");
        QCOMPARE(zipped.size(), 3);
        const int gridPoint[] = {0, 3, 6}; // (150, 1200), (150, 2400), (300, 2000)
        for (int i = 0; i < 3; ++i)
            QCOMPARE(zipped[i].section("|status=", 1),
                     gridded[gridPoint[i]].section("|status=", 1));
    }

    void aSolveWithoutAPlanIsAFailedTask()
    {
        QTemporaryDir dir;
        QJsonObject sweep = sampleSweep();
        sweep["inputs"] = QJsonArray{QJsonObject{{"name", "reserved_h100"},
                                                 {"path", "/fleet/pools/h100-reserved/count"},
                                                 {"values", QJsonArray{1200}}}};
        sweep["commands"] =
            QJsonArray{QJsonObject{{"command", "solve"}, {"outputs", QJsonArray{"cost_usd"}}}};
        const QString path = writeSweep(dir, "infeasible.json", sweep);
        QCOMPARE(runCli({"sweep", "run", path, "--backend", "local", "--out", dir.filePath("o")})
                     .exitCode,
                 1);
        QCOMPARE(runCli({"sweep", "collect", path, "--out", dir.filePath("o"), "--results",
                         dir.filePath("i.sqlite")})
                     .exitCode,
                 1);
        const QStringList rows = sweepRows(dir.filePath("i.sqlite"), "solve");
        QCOMPARE(rows.size(), 1);
        // 1,200 reserved and 800 on-demand H100s are fewer than the workloads' smallest placement.
        QVERIFY2(rows[0].contains("status=failed|error=the solve found no plan (infeasible)") &&
                     rows[0].endsWith("cost_usd=NULL"),
                 qPrintable(rows[0]));
    }

    void clusterFilesAreWellFormed()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("shared");
        const auto script = runCli({"sweep", "run", sample20(), "--backend", "slurm", "--out", out,
                                    "--chunk", "6", "--dry-run", "--partition", "cpu"});
        QCOMPARE(script.exitCode, 0);
        QVERIFY2(script.out.startsWith("#!/bin/bash\n") &&
                     script.out.contains("#SBATCH --array=0-3\n") &&
                     script.out.contains("#SBATCH --partition=cpu\n") &&
                     script.out.contains("--chunk 6 --element-env SLURM_ARRAY_TASK_ID"),
                 qPrintable(script.out));
        QVERIFY(!QFileInfo::exists(out + "/sweep.sbatch")); // a dry run writes nothing
        const auto k8s =
            runCli({"sweep", "run", sample20(), "--backend", "k8s", "--out", out, "--chunk", "3",
                    "--image", "registry.example/fleetplanner:1", "--parallelism", "4",
                    "--volume-claim", "sweeps", "--mount-path", "/sweeps"});
        QVERIFY2(k8s.exitCode == 0, qPrintable(k8s.out + k8s.err));
        const QString manifest = out + "/job.json";
        const QJsonObject job = QJsonDocument::fromJson(fileBytes(manifest)).object();
        QCOMPARE(job["spec"]["completionMode"].toString(), QStringLiteral("Indexed"));
        QCOMPARE(job["spec"]["completions"].toInt(), 7); // ⌈20 ÷ 3⌉
        QCOMPARE(job["spec"]["parallelism"].toInt(), 4);
        const QJsonArray command =
            job["spec"]["template"]["spec"]["containers"][0]["command"].toArray();
        QVERIFY(command.contains("JOB_COMPLETION_INDEX") && command.contains("3"));
        // The batch/v1 Job schema's required keys (Kubernetes' OpenAPI,
        // trimmed to what a Job names: tests/data/sweep/k8s-job-batch-v1.schema.json).
        const QString schema =
            QStringLiteral(FLEET_SOURCE_DIR "/tests/data/sweep/k8s-job-batch-v1.schema.json");
        const auto valid = checkSchema(schema, {manifest}, false);
        QVERIFY2(valid.first == 0, qPrintable(valid.second));
        // The schema does catch a Job without what the API requires.
        QJsonObject broken = job;
        QJsonObject spec = broken["spec"].toObject();
        spec.remove("completions");
        broken["spec"] = spec;
        const QString brokenPath = writeSweep(dir, "broken-job.json", broken);
        QJsonObject noTemplate = job;
        QJsonObject spec2 = noTemplate["spec"].toObject();
        spec2.remove("template");
        noTemplate["spec"] = spec2;
        const QString noTemplatePath = writeSweep(dir, "no-template.json", noTemplate);
        const auto invalid = checkSchema(schema, {brokenPath, noTemplatePath}, true);
        QVERIFY2(invalid.first == 0, qPrintable(invalid.second));
        const auto noImage =
            runCli({"sweep", "run", sample20(), "--backend", "k8s", "--out", out, "--dry-run"});
        QVERIFY2(noImage.exitCode == 1 && noImage.err.contains("--image"), qPrintable(noImage.err));
    }

    void sweepFilesMeetTheSchema()
    {
        QTemporaryDir dir;
        const QString schema = QStringLiteral(FLEET_SOURCE_DIR "/data/schema/sweep.schema.json");
        const auto valid = checkSchema(schema, {sample20()}, false);
        QVERIFY2(valid.first == 0, qPrintable(valid.second));
        QJsonObject noCommands = sampleSweep();
        noCommands.remove("commands");
        QJsonObject badOutput = sampleSweep();
        badOutput["commands"] =
            QJsonArray{QJsonObject{{"command", "solve"}, {"outputs", QJsonArray{"solve_seconds"}}}};
        const auto invalid = checkSchema(
            schema, {writeSweep(dir, "a.json", noCommands), writeSweep(dir, "b.json", badOutput)},
            true);
        QVERIFY2(invalid.first == 0, qPrintable(invalid.second));
    }
};

FLEET_TEST_MAIN(TestCliSweep)
#include "test_cli_sweep.moc"
