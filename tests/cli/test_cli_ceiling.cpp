// `measure-ceiling` and the ceiling evaluate plans on (docs/MODEL.md,
// "Planning on the measured knee"): the knee stored for the project's inputs
// is planned on (cache hit), not once an input changes (stale), not when the
// assumed ceiling is pinned; and solve plans on the same one.

#include "cli_run.h"
#include "support/fleet_test.h"
#include "sweep_support.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using fleet::test::runCli;

namespace {

QJsonObject readJson(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

void writeJson(const QString& path, const QJsonObject& object)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(QJsonDocument(object).toJson());
}

/// evaluate PROJECT --json: its utilization_ceiling and KPIs.
struct Evaluated
{
    QJsonObject ceiling;
    QJsonObject kpis;
};

Evaluated ceilingOf(const QString& path)
{
    const auto run = runCli({"evaluate", path, "--json"});
    const QJsonObject out = QJsonDocument::fromJson(run.out.toUtf8()).object();
    return {out.value("utilization_ceiling").toObject(), out.value("kpis").toObject()};
}

} // namespace

class TestCliCeiling : public QObject
{
    Q_OBJECT

private slots:
    void aStoredKneeIsPlannedOnUntilAnInputChangesOrItIsPinned()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.fleetplan.json"));
        // The sample without the knee it ships with: measured here.
        const QString sample = fleet::test::unmeasuredSampleFile(dir);
        QVERIFY(!sample.isEmpty());
        QVERIFY(runCli({"measure-ceiling", sample}).exitCode != 0); // -o is required
        // One seed, to be quick; written over nothing the first time, then in place.
        const auto measured = runCli({"measure-ceiling", sample, "-o", path, "--seeds", "1"});
        QVERIFY2(measured.exitCode == 0, qPrintable(measured.err));
        QVERIFY2(measured.out.contains(QStringLiteral("Measured the knee of topology_aware: ")),
                 qPrintable(measured.out));
        const QJsonObject project = readJson(path);
        const QJsonObject scheduler = project.value("scheduler").toObject();
        // The assumed ceiling is left as it was (none stated: the default 0.85).
        QVERIFY(!scheduler.contains("utilization_ceiling"));
        const double knee = scheduler.value("measured_utilization_ceiling")
                                .toObject()
                                .value("topology_aware")
                                .toDouble();
        QVERIFY2(knee > 0.3 && knee < 0.8, qPrintable(QString::number(knee)));
        QVERIFY(project.value("note").toString().contains(
            QStringLiteral("measured by fleetplanner-cli measure-ceiling on ")));

        // Cache hit: planned on the knee, no simulation.
        const Evaluated hit = ceilingOf(path);
        QCOMPARE(hit.ceiling.value("basis").toString(), QStringLiteral("measured"));
        QCOMPARE(hit.ceiling.value("planned").toDouble(), knee);
        QCOMPARE(hit.ceiling.value("assumed").toDouble(), 0.85);
        const Evaluated assumed = ceilingOf(sample);
        QVERIFY(hit.kpis.value("utilization").toDouble() <
                assumed.kpis.value("utilization").toDouble());
        QVERIFY(hit.kpis.value("mean_monthly_cost_usd").toDouble() >
                assumed.kpis.value("mean_monthly_cost_usd").toDouble());
        QVERIFY(
            runCli({"evaluate", path})
                .out.contains(
                    QStringLiteral(
                        "Utilization ceiling of topology_aware: planned on measured %1 (assumed "
                        "0.85; the project's measured ceiling, of these inputs)")
                        .arg(knee, 0, 'f', 2)));

        // Pinned: planned on the assumed 0.85 exactly as without a measurement, both said.
        QJsonObject pinnedProject = project;
        QJsonObject pinnedScheduler = scheduler;
        pinnedScheduler["ceiling_source"] = QJsonObject{{"topology_aware", "assumed"}};
        pinnedProject["scheduler"] = pinnedScheduler;
        const QString pinnedPath = dir.filePath(QStringLiteral("pinned.fleetplan.json"));
        writeJson(pinnedPath, pinnedProject);
        const Evaluated pinned = ceilingOf(pinnedPath);
        QCOMPARE(pinned.ceiling.value("basis").toString(), QStringLiteral("assumed"));
        QCOMPARE(pinned.ceiling.value("pinned").toBool(), true);
        QCOMPARE(pinned.ceiling.value("measured").toDouble(), knee);
        QCOMPARE(pinned.kpis.value("mean_monthly_cost_usd").toDouble(),
                 assumed.kpis.value("mean_monthly_cost_usd").toDouble());
        QVERIFY(pinned.ceiling.value("statement")
                    .toString()
                    .contains(QStringLiteral("assumed 0.85, measured %1 for this project")
                                  .arg(knee, 0, 'f', 2)));

        // Stale: a pool edited since; planned on the assumed ceiling, said.
        QJsonObject staleProject = project;
        QJsonObject fleet = staleProject.value("fleet").toObject();
        QJsonArray pools = fleet.value("pools").toArray();
        QJsonObject pool = pools.at(0).toObject();
        pool["count"] = pool.value("count").toInt() - 8;
        pools[0] = pool;
        fleet["pools"] = pools;
        staleProject["fleet"] = fleet;
        const QString stalePath = dir.filePath(QStringLiteral("stale.fleetplan.json"));
        writeJson(stalePath, staleProject);
        const Evaluated stale = ceilingOf(stalePath);
        QCOMPARE(stale.ceiling.value("basis").toString(), QStringLiteral("assumed"));
        QVERIFY(stale.ceiling.value("measured").isNull());
        QCOMPARE(stale.ceiling.value("measured_not_current").toDouble(), knee);
        QVERIFY(stale.ceiling.value("planned_statement")
                    .toString()
                    .contains(QStringLiteral("is not of these inputs")));
        // Measured again, in place: current again.
        QCOMPARE(runCli({"measure-ceiling", stalePath, "-o", stalePath, "--seeds", "1"}).exitCode,
                 0);
        QCOMPARE(ceilingOf(stalePath).ceiling.value("basis").toString(),
                 QStringLiteral("measured"));

        // solve plans on the ceiling evaluate plans on: a different plan than on the assumed one.
        const auto solveMeasured = runCli({"solve", path, "--json"});
        const auto solveAssumed = runCli({"solve", sample, "--json"});
        QCOMPARE(solveMeasured.exitCode, 0);
        const double costMeasured = QJsonDocument::fromJson(solveMeasured.out.toUtf8())
                                        .object()
                                        .value("cost_usd")
                                        .toDouble();
        const double costAssumed = QJsonDocument::fromJson(solveAssumed.out.toUtf8())
                                       .object()
                                       .value("cost_usd")
                                       .toDouble();
        QVERIFY2(costMeasured > costAssumed,
                 qPrintable(QStringLiteral("%1 vs %2").arg(costMeasured).arg(costAssumed)));
    }

    /// The templates without a stored knee say why, and what is planned on:
    /// training-lab's knee is beyond the loads measure-ceiling sweeps, which
    /// it ships recorded for its inputs (evaluate says the assumed ceiling
    /// stands, asking for no measurement); measuring it again records the
    /// same and names the command that sweeps other loads; inference-saas has
    /// no job work, so nothing is asked of the user.
    void theTemplatesWithoutAKneeSayWhy()
    {
        const QString template_ =
            QStringLiteral(FLEET_SOURCE_DIR "/resources/templates/training-lab.fleetplan.json");
        const Evaluated shipped = ceilingOf(template_);
        QCOMPARE(shipped.ceiling.value("measured_no_knee").toBool(), true);
        QCOMPARE(shipped.ceiling.value("basis").toString(), QStringLiteral("assumed"));
        QCOMPARE(shipped.ceiling.value("planned_statement").toString(),
                 QStringLiteral("utilization ceiling of topology_aware: planned on assumed 0.85 "
                                "(its frontier, simulated for these inputs, has no knee within "
                                "the loads swept: the assumed ceiling stands)"));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("lab.fleetplan.json"));
        const auto lab = runCli({"measure-ceiling", template_, "-o", out, "--seeds", "1"});
        QCOMPARE(lab.exitCode, 0);
        QVERIFY2(lab.out.contains(QStringLiteral("No knee of topology_aware within loads 0.30 to "
                                                 "1.00 (seeds 42 to 42)")) &&
                     lab.out.contains(QStringLiteral("the project plans on its assumed ceiling, "
                                                     "0.85; fleetplanner-cli simulate PROJECT "
                                                     "--loads FROM:TO:STEP sweeps other loads.")),
                 qPrintable(lab.out));
        const Evaluated again = ceilingOf(out);
        QCOMPARE(again.ceiling.value("measured_no_knee").toBool(), true);
        const Evaluated saas = ceilingOf(
            QStringLiteral(FLEET_SOURCE_DIR "/resources/templates/inference-saas.fleetplan.json"));
        QCOMPARE(saas.ceiling.value("plans_work").toBool(), false);
        QCOMPARE(saas.ceiling.value("planned_statement").toString(),
                 QStringLiteral("utilization ceiling of topology_aware: assumed 0.85, which plans "
                                "no workload here (no training or batch work; nothing to "
                                "measure)"));
    }

    void aScenarioPlansOnTheKneeOfTheProjectAsStated()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.fleetplan.json"));
        QCOMPARE(runCli({"measure-ceiling", ":sample", "-o", path, "--seeds", "1"}).exitCode, 0);
        const auto run = runCli({"evaluate", path, "--scenario", "reserve-60", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject ceiling = QJsonDocument::fromJson(run.out.toUtf8())
                                        .object()
                                        .value("utilization_ceiling")
                                        .toObject();
        QCOMPARE(ceiling.value("basis").toString(), QStringLiteral("measured"));
        QCOMPARE(ceiling.value("measured_how").toString(),
                 QStringLiteral("measured for the project as stated"));
    }

    /// One figure for a project whose knee is stored: solve plans on it, and
    /// so do the app's solve worker (given the project as the app sends it,
    /// or as stated) and a sweep's evaluate and solve (a start scenario
    /// planned as evaluate --scenario plans it); the project `solve --apply`
    /// writes keeps the knee (the plan pins the engine's own choices of the
    /// simulated work, so the jobs simulated are the same; its fresh
    /// measurement is the same knee, test_measured_ceiling) and evaluates to
    /// what solve said.
    void everyPathPlansOnTheStoredKnee()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.fleetplan.json"));
        const QString applied = dir.filePath(QStringLiteral("a.fleetplan.json"));
        QCOMPARE(runCli({"measure-ceiling", ":sample", "-o", path, "--seeds", "1"}).exitCode, 0);
        const auto solve = runCli({"solve", path, "--json", "--apply", "-o", applied});
        QVERIFY2(solve.exitCode == 0, qPrintable(solve.err));
        QVERIFY2(!solve.err.contains(QLatin1String("not carried over")), qPrintable(solve.err));
        const double said =
            QJsonDocument::fromJson(solve.out.toUtf8()).object().value("cost_usd").toDouble();
        const Evaluated after = ceilingOf(applied);
        QCOMPARE(after.ceiling.value("basis").toString(), QStringLiteral("measured"));
        QCOMPARE(after.ceiling.value("planned").toDouble(),
                 ceilingOf(path).ceiling.value("planned").toDouble());
        const double costed = after.kpis.value("total_cost_usd").toDouble();
        QVERIFY2(said > 0 && std::abs(costed - said) <= 1e-6 * said,
                 qPrintable(QStringLiteral("solve $%1, evaluate of the applied plan $%2")
                                .arg(said, 0, 'f', 0)
                                .arg(costed, 0, 'f', 0)));

        // The worker, given the project as stated, answers as solve does.
        const QJsonObject request = fleet::test::solveRequest(readJson(path));
        const auto worker = runCli({"solve-worker"}, QJsonDocument(request).toJson());
        QCOMPARE(worker.exitCode, 0);
        const QJsonObject reply = QJsonDocument::fromJson(worker.out.toUtf8()).object();
        QVERIFY2(reply.value("ok").toBool(), qPrintable(worker.out));
        const auto direct = runCli({"solve", path, "--gap", "0.01", "--json"});
        QCOMPARE(direct.exitCode, 0);
        QCOMPARE(reply.value("result").toObject().value("objective_usd").toDouble(),
                 QJsonDocument::fromJson(direct.out.toUtf8())
                     .object()
                     .value("objective_usd")
                     .toDouble());

        // A sweep from a scenario, no inputs: the scenario as evaluate sees it.
        const QJsonObject sweep{
            {"format", "fleetplanner-sweep"},
            {"format_version", 1},
            {"name", "measured"},
            {"project", path},
            {"scenario", "reserve-60"},
            {"inputs", QJsonArray{}},
            {"commands", QJsonArray{QJsonObject{{"command", "evaluate"},
                                                {"outputs", QJsonArray{"total_cost_usd"}}}}}};
        const QString sweepPath = dir.filePath(QStringLiteral("s.fleetsweep.json"));
        writeJson(sweepPath, sweep);
        const auto ran =
            runCli({"sweep", "run", sweepPath, "--backend", "local", "--out", dir.filePath("out")});
        QVERIFY2(ran.exitCode == 0, qPrintable(ran.out + ran.err));
        const QString results = dir.filePath(QStringLiteral("s.sqlite"));
        QCOMPARE(runCli({"sweep", "collect", sweepPath, "--out", dir.filePath("out"), "--results",
                         results})
                     .exitCode,
                 0);
        const QStringList rows = fleet::test::sweep::sweepRows(results, "evaluate");
        QCOMPARE(rows.size(), 1);
        const auto scenario = runCli({"evaluate", path, "--scenario", "reserve-60", "--json"});
        const double expected = QJsonDocument::fromJson(scenario.out.toUtf8())
                                    .object()
                                    .value("kpis")
                                    .toObject()
                                    .value("total_cost_usd")
                                    .toDouble();
        const QString cell =
            rows.front().section(QStringLiteral("total_cost_usd="), 1).section('|', 0, 0);
        QVERIFY2(
            std::abs(cell.toDouble() - expected) <= 1e-9 * expected,
            qPrintable(QStringLiteral("sweep %1, evaluate --scenario %2").arg(cell).arg(expected)));
    }
};

FLEET_TEST_MAIN(TestCliCeiling)
#include "test_cli_ceiling.moc"
