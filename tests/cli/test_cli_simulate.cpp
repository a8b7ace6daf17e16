// fleetplanner-cli's simulation commands as a user and a script see them:
// simulate (synthetic and a project's own jobs, --apply), simulate-service,
// and pack (a trace replayed, its efficiency fed back to the planner).

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

using fleet::test::CliRun;
using fleet::test::exportedSample;
using fleet::test::runCli;

namespace {

/// `project` written to `name` in `dir`; its path, empty when it cannot be written.
QString writtenProjectCliSimulate(const QTemporaryDir& dir, const QJsonObject& project,
                                  const QString& name)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QJsonDocument(project).toJson());
    return path;
}

} // namespace

class TestCliSimulate : public QObject
{
    Q_OBJECT

private slots:
    void simulateProjectTenants()
    {
        // The sample with tenants (issue 18): a premium enterprise tenant
        // (weight 3, a 2,000-GPU quota) and a class of 40 mid-stage startups.
        // simulate gives each policy a per-tenant section at the project's
        // own load, metered by the job-log metering; --csv writes it.
        QTemporaryDir dir;
        QJsonObject sample = exportedSample(dir);
        QVERIFY(!sample.isEmpty());
        sample.insert("tenants", QJsonArray{QJsonObject{{"id", "acme"},
                                                        {"name", "Acme"},
                                                        {"segment", "enterprise"},
                                                        {"quota_gpus", 2000},
                                                        {"cost_weight", 3}},
                                            QJsonObject{{"id", "startups"},
                                                        {"name", "Startups"},
                                                        {"segment", "mid-stage"},
                                                        {"count", 40}}});
        const QString path = dir.filePath(QStringLiteral("tenants.fleetplan.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(sample).toJson());
        file.close();
        const QString csv = dir.filePath(QStringLiteral("metering.csv"));
        const CliRun run =
            runCli({"simulate", path, "--policy", "weighted_fair", "--loads", "0.5:0.5:0.1",
                    "--days", "20", "--seeds", "1", "--json", "--csv", csv});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject policy = QJsonDocument::fromJson(run.out.toUtf8())
                                       .object()
                                       .value("policies")
                                       .toArray()
                                       .first()
                                       .toObject();
        const QJsonObject tenants = policy.value("tenants").toObject();
        QVERIFY(tenants.value("shares_by_weight").toBool());
        const QJsonArray lines = tenants.value("tenants").toArray();
        QCOMPARE(lines.size(), 2); // early-stage runs only notebooks: no line
        // By segment in the project's order: mid-stage, then enterprise.
        const QJsonObject startups = lines[0].toObject(), acme = lines[1].toObject();
        QCOMPARE(startups.value("tenant").toString(), QStringLiteral("startups"));
        QCOMPARE(startups.value("weight").toDouble(), 40.0); // 40 × 1
        QCOMPARE(acme.value("tenant").toString(), QStringLiteral("acme"));
        QCOMPARE(acme.value("weight").toDouble(), 3.0);
        QCOMPARE(acme.value("cap_gpus").toDouble(), 1200.0); // 0.6 × 2,000
        QVERIFY(acme.value("cap_held").toBool());
        // The cap's check: held after a start while a tenant below its cap waited.
        QVERIFY(acme.value("peak_gpus_started_while_others_below_cap").toDouble() <= 1200.0);
        QVERIFY(acme.contains("peak_gpus_started_while_others_wait"));
        QVERIFY(acme.value("gpu_hours").toDouble() > startups.value("gpu_hours").toDouble());
        double shares = 0;
        for (const QJsonValue& line : lines)
            shares += line.toObject().value("share").toDouble();
        QVERIFY(std::abs(shares - 1.0) < 1e-9);
        // The metering: every tenant's cost and the central line sum to the
        // fleet's cost of the GPUs simulated.
        const QJsonObject metering = tenants.value("metering").toObject();
        double total = metering.value("central_cost_usd").toDouble();
        for (const QJsonValue& t : metering.value("tenants").toArray())
            total += t.toObject().value("total_cost_usd").toDouble();
        const double fleet = metering.value("fleet_cost_usd").toDouble();
        QVERIFY(fleet > 0);
        QVERIFY2(std::abs(total - fleet) < 1e-6 * fleet,
                 qPrintable(QStringLiteral("%1 vs %2").arg(total).arg(fleet)));
        QCOMPARE(metering.value("span_start").toString().left(7), QStringLiteral("2027-01"));
        QFile written(csv);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QString header = QString::fromUtf8(written.readLine()).trimmed();
        QCOMPARE(header, QStringLiteral("name,start,end,minutes,gpuCount,gpuHours,gpuCost,"
                                        "sharedCost,totalCost,month,gpuSeconds,meanWatts,"
                                        "chargeback"));
        // Text: the per-tenant table and the metering after the policy's knee.
        const CliRun text =
            runCli({"simulate", path, "--policy", "topology_aware", "--loads", "0.5:0.5:0.1",
                    "--days", "20", "--seeds", "1", "--chargeback", "quota"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("per tenant at the project's own load")),
                 qPrintable(text.out));
        QVERIFY(text.out.contains(QStringLiteral("chargeback quota")));
        QVERIFY(text.out.contains(QStringLiteral("acme")));
        // --csv needs one policy; metering options need tenants.
        const CliRun twoPolicies = runCli({"simulate", path, "--loads", "0.5:0.5:0.1", "--days",
                                           "5", "--seeds", "1", "--csv", csv});
        QCOMPARE(twoPolicies.exitCode, 1);
        QVERIFY2(twoPolicies.err.contains(QStringLiteral("--csv writes one policy's metering")),
                 qPrintable(twoPolicies.err));
        const CliRun noTenants =
            runCli({"simulate", ":sample", "--policy", "weighted_fair", "--loads", "0.5:0.5:0.1",
                    "--days", "5", "--chargeback", "quota"});
        QCOMPARE(noTenants.exitCode, 1);
        QVERIFY(noTenants.err.contains(QStringLiteral("it states none")));
        const CliRun badRule = runCli({"simulate", path, "--policy", "weighted_fair", "--loads",
                                       "0.5:0.5:0.1", "--days", "5", "--chargeback", "equal"});
        QCOMPARE(badRule.exitCode, 1);
        QVERIFY(badRule.err.contains(QStringLiteral("--chargeback must be proportional")));
        const CliRun synthetic = runCli(
            {"simulate", "--synthetic", "--gpus", "16", "--load", "0.5", "--sla-wait-hours", "1"});
        QCOMPARE(synthetic.exitCode, 1);
        QVERIFY(synthetic.err.contains(QStringLiteral("--sla-wait-hours meters a project's")));
        // A project without tenants prints no tenant section.
        const CliRun plain = runCli({"simulate", ":sample", "--policy", "weighted_fair", "--loads",
                                     "0.5:0.5:0.1", "--days", "5", "--seeds", "1", "--json"});
        QCOMPARE(plain.exitCode, 0);
        QVERIFY(!plain.out.contains(QStringLiteral("\"tenants\"")));
    }

    void simulateServiceJson()
    {
        // The sample's enterprise segment made preemptible: the chat service
        // gets overflow replicas; its first month is simulated for 3 minutes.
        QTemporaryDir dir;
        QJsonObject sample = exportedSample(dir);
        QVERIFY(!sample.isEmpty());
        QJsonArray segments = sample.value("segments").toArray();
        for (int i = 0; i < segments.size(); ++i) {
            QJsonObject segment = segments[i].toObject();
            if (segment.value("id").toString() == QStringLiteral("enterprise"))
                segment.insert("preemptible", true);
            segments[i] = segment;
        }
        sample.insert("segments", segments);
        const QString path =
            writtenProjectCliSimulate(dir, sample, QStringLiteral("overflow.fleetplan.json"));
        QVERIFY(!path.isEmpty());
        const CliRun run =
            runCli({"simulate-service", path, "chat-70b", "--hours", "0.05", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject out = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QVERIFY(out.value("overflow_replicas").toInt() > 0);
        QVERIFY(out.value("dedicated_replicas").toInt() > out.value("overflow_replicas").toInt());
        QVERIFY(out.value("requests").toDouble() > 10000);
        for (const char* key : {"ttft_mean_ms", "ttft_p99_ms", "sla_met_fraction",
                                "modelled_preemption_rate", "engine_ttft_p99_ms"})
            QVERIFY2(out.value(QLatin1String(key)).toDouble() > 0, key);
        QVERIFY(out.contains(QStringLiteral("achieved_preemption_rate")));
        const CliRun text =
            runCli({"simulate-service", ":sample", "claims-triage-8b", "--hours", "0.1"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("no overflow replicas")), qPrintable(text.out));
        QCOMPARE(runCli({"simulate-service", ":sample", "no-such"}).exitCode, 1);
        const CliRun notService = runCli({"simulate-service", ":sample", "pretrain-70b"});
        QCOMPARE(notService.exitCode, 1);
        QVERIFY2(notService.err.contains(QStringLiteral("not an inference service")),
                 qPrintable(notService.err));
        QCOMPARE(runCli({"simulate-service", ":sample", "chat-70b", "--hours", "0"}).exitCode, 1);
    }

    void simulateServiceDisaggregated()
    {
        // inference_disaggregated = 1: the service's prefill and decode pools
        // are simulated (it said "no replicas in its first month" before).
        QTemporaryDir dir;
        QJsonObject sample = exportedSample(dir);
        QVERIFY(!sample.isEmpty());
        QJsonObject assumptions = sample.value("assumptions").toObject();
        assumptions.insert("inference_disaggregated", 1);
        sample.insert("assumptions", assumptions);
        const QString path =
            writtenProjectCliSimulate(dir, sample, QStringLiteral("split.fleetplan.json"));
        QVERIFY(!path.isEmpty());
        const CliRun run =
            runCli({"simulate-service", path, "claims-triage-8b", "--hours", "0.2", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject out = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(out.value("serving").toString(), QStringLiteral("disaggregated"));
        QVERIFY(out.value("prefill_instances").toInt() >= 1);
        QVERIFY(out.value("decode_replicas").toInt() >= 1);
        QVERIFY(out.value("requests").toDouble() > 100);
        for (const char* key : {"ttft_mean_ms", "ttft_p99_ms", "sla_met_fraction",
                                "engine_ttft_p99_ms", "tpot_target_ms"})
            QVERIFY2(out.value(QLatin1String(key)).toDouble() > 0, key);
        QVERIFY(out.contains(QStringLiteral("decode_wait_p99_ms")));
        const CliRun text =
            runCli({"simulate-service", path, "claims-triage-8b", "--hours", "0.1"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("prefill instances")), qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("wait for a decode slot")), qPrintable(text.out));
    }

    void evaluateSaysAssumedAgainstMeasured()
    {
        // The sample as it ships is planned on the knee it carries.
        const CliRun shipped = runCli({"evaluate", ":sample", "--json"});
        QCOMPARE(shipped.exitCode, 0);
        const QJsonObject stored = QJsonDocument::fromJson(shipped.out.toUtf8())
                                       .object()
                                       .value("utilization_ceiling")
                                       .toObject();
        QCOMPARE(stored.value("basis").toString(), QStringLiteral("measured"));
        QVERIFY(stored.value("planned").toDouble() < 0.8);
        // Not measured (the sample without its knee): said so, in text and JSON.
        QTemporaryDir dir;
        const QString sample = fleet::test::unmeasuredSampleFile(dir);
        QVERIFY(!sample.isEmpty());
        const CliRun plain = runCli({"evaluate", sample, "--json"});
        QCOMPARE(plain.exitCode, 0);
        const QJsonObject none = QJsonDocument::fromJson(plain.out.toUtf8())
                                     .object()
                                     .value("utilization_ceiling")
                                     .toObject();
        QCOMPARE(none.value("policy").toString(), QStringLiteral("topology_aware"));
        QCOMPARE(none.value("assumed").toDouble(), 0.85);
        QVERIFY(none.value("measured").isNull());
        QCOMPARE(none.value("differs").toBool(), false);
        QCOMPARE(none.value("basis").toString(), QStringLiteral("assumed"));
        QCOMPARE(none.value("planned").toDouble(), 0.85);
        QVERIFY(runCli({"evaluate", sample})
                    .out.contains(QStringLiteral(
                        "Utilization ceiling of topology_aware: planned on assumed 0.85 (not "
                        "measured for these inputs; run fleetplanner-cli measure-ceiling")));
        // Measured now (one seed, to be quick): the sample's knee is far
        // below the assumed 0.85; planned on it, both said.
        const CliRun measured =
            runCli({"evaluate", sample, "--measure-ceiling", "--seeds", "1", "--json"});
        QCOMPARE(measured.exitCode, 0);
        const QJsonObject both = QJsonDocument::fromJson(measured.out.toUtf8())
                                     .object()
                                     .value("utilization_ceiling")
                                     .toObject();
        const double knee = both.value("measured").toDouble();
        QVERIFY2(knee > 0.3 && knee < 0.8, qPrintable(QString::number(knee)));
        QCOMPARE(both.value("differs").toBool(), true);
        QCOMPARE(both.value("basis").toString(), QStringLiteral("measured"));
        QCOMPARE(both.value("planned").toDouble(), knee);
        QVERIFY(both.value("statement").isNull()); // planned on the knee: no warning
        QVERIFY2(both.value("planned_statement")
                     .toString()
                     .startsWith(QStringLiteral("utilization ceiling of topology_aware: planned "
                                                "on measured %1 (assumed 0.85; simulated now")
                                     .arg(knee, 0, 'f', 2)),
                 qPrintable(both.value("planned_statement").toString()));
        QCOMPARE(runCli({"evaluate", sample, "--measure-ceiling", "--seeds", "0"}).exitCode, 1);
    }

    void simulateSyntheticJson()
    {
        const CliRun run = runCli({"simulate", "--synthetic", "--gpus", "16", "--gpus-per-node",
                                   "8", "--job-gpus", "1", "--mean-hours", "2", "--load", "0.7",
                                   "--jobs", "20000", "--policy", "fifo", "--seed", "5", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject out = QJsonDocument::fromJson(run.out.toUtf8()).object();
        for (const char* key : {"utilization", "throughput_jobs_per_week", "mean_wait_hours",
                                "p95_wait_hours", "completed_jobs", "events", "events_per_second"})
            QVERIFY2(out.value(QLatin1String(key)).toDouble() > 0, key);
        QCOMPARE(out.value("completed_jobs").toInt(), 20000);
        QVERIFY(std::abs(out.value("utilization").toDouble() - 0.7) < 0.05);
        const CliRun sweep = runCli({"simulate", "--synthetic", "--gpus", "16", "--job-gpus", "2",
                                     "--mean-hours", "2", "--loads", "0.6:0.99:0.13", "--jobs",
                                     "5000", "--policy", "topology_aware", "--json"});
        QCOMPARE(sweep.exitCode, 0);
        const QJsonObject frontier = QJsonDocument::fromJson(sweep.out.toUtf8()).object();
        QCOMPARE(frontier.value("points").toArray().size(), 4); // 0.60, 0.73, 0.86, 0.99
        QVERIFY(frontier.contains(QStringLiteral("knee_load")));
        // A knee at the sweep's edge is a bound, in JSON and text: Saturn's
        // mix on 1,024 GPUs is past its knee at 0.30 (its few whole-cluster
        // gangs wait longer than they run); plain 1-GPU jobs at low loads
        // have no knee.
        const QStringList saturn{"simulate", "--synthetic", "--mix",    "helios-saturn",
                                 "--gpus",   "1024",        "--loads",  "0.3:0.5:0.1",
                                 "--jobs",   "20000",       "--policy", "topology_aware"};
        const CliRun below = runCli(saturn + QStringList{"--json"});
        QCOMPARE(below.exitCode, 0);
        const QJsonObject belowOut = QJsonDocument::fromJson(below.out.toUtf8()).object();
        QCOMPARE(belowOut.value("knee_bound").toString(), QStringLiteral("below"));
        QCOMPARE(belowOut.value("knee_load_text").toString(), QStringLiteral("below 0.30"));
        const CliRun belowText = runCli(saturn);
        QVERIFY2(belowText.out.contains(QStringLiteral("knee below 0.30 (found at the first load "
                                                       "swept: a bound, not a measurement")),
                 qPrintable(belowText.out));
        const CliRun above = runCli({"simulate", "--synthetic", "--gpus", "64", "--loads",
                                     "0.3:0.5:0.1", "--jobs", "5000", "--json"});
        const QJsonObject aboveOut = QJsonDocument::fromJson(above.out.toUtf8()).object();
        QCOMPARE(aboveOut.value("knee_bound").toString(), QStringLiteral("above"));
        QCOMPARE(aboveOut.value("knee_load_text").toString(), QStringLiteral("above 0.50"));
        QVERIFY(aboveOut.value("knee_load").isNull());
        QCOMPARE(
            runCli({"simulate", "--synthetic", "--gpus", "16", "--loads", "0.9:0.5:0.1"}).exitCode,
            1);
        // A published cluster's mix in place of --job-gpus and --mean-hours.
        const CliRun mixed =
            runCli({"simulate", "--synthetic", "--mix", "helios-earth", "--gpus", "256", "--load",
                    "0.5", "--jobs", "5000", "--policy", "topology_aware", "--json"});
        QVERIFY2(mixed.exitCode == 0, qPrintable(mixed.err));
        const QJsonObject mixedOut = QJsonDocument::fromJson(mixed.out.toUtf8()).object();
        QCOMPARE(mixedOut.value("mix").toString(), QStringLiteral("helios-earth"));
        // The jobs asked for, and those running when the run starts in
        // steady state; the load asked is the load delivered.
        QVERIFY(mixedOut.value("jobs_in_service_at_start").toInt() > 0);
        QCOMPARE(mixedOut.value("completed_jobs").toInt(),
                 5000 + mixedOut.value("jobs_in_service_at_start").toInt());
        QVERIFY2(std::abs(mixedOut.value("delivered_load").toDouble() - 0.5) < 0.03,
                 qPrintable(QString::number(mixedOut.value("delivered_load").toDouble())));
        const CliRun philly =
            runCli({"simulate", "--synthetic", "--mix", "philly", "--gpus", "256", "--load", "0.5",
                    "--jobs", "5000", "--policy", "topology_aware", "--json"});
        QVERIFY2(philly.exitCode == 0, qPrintable(philly.err));
        QCOMPARE(QJsonDocument::fromJson(philly.out.toUtf8()).object().value("mix").toString(),
                 QStringLiteral("philly"));
        const CliRun unknownMix = runCli(
            {"simulate", "--synthetic", "--mix", "alibaba-pai", "--gpus", "256", "--load", "0.5"});
        QCOMPARE(unknownMix.exitCode, 1);
        QVERIFY2(unknownMix.err.contains(QStringLiteral("--mix must be one of helios-venus")) &&
                     unknownMix.err.contains(QStringLiteral("philly; got 'alibaba-pai'")),
                 qPrintable(unknownMix.err));
        QCOMPARE(runCli({"simulate", "--synthetic", "--mix", "helios-venus", "--job-gpus", "2",
                         "--gpus", "256", "--load", "0.5"})
                     .exitCode,
                 1);
        const CliRun project = runCli({"simulate", ":sample", "--policy", "topology_aware",
                                       "--loads", "0.5:0.6:0.1", "--days", "10", "--json"});
        QCOMPARE(project.exitCode, 0);
        const QJsonObject projectOut = QJsonDocument::fromJson(project.out.toUtf8()).object();
        QCOMPARE(projectOut.value("gpus").toInt() + projectOut.value("reserved_gpus").toInt(),
                 2400);
        QCOMPARE(projectOut.value("policies")
                     .toArray()
                     .first()
                     .toObject()
                     .value("points")
                     .toArray()
                     .size(),
                 2);
        const CliRun bad = runCli({"simulate", "--synthetic", "--gpus", "12", "--load", "0.5"});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.err.contains(QStringLiteral("a multiple of --gpus-per-node")));
        // Fractional requests: 3 of 7 slices; two fit a GPU, so 6/7 is the ceiling.
        const CliRun fractional = runCli(
            {"simulate", "--synthetic", "--gpus", "16", "--slices-per-gpu", "7", "--job-slices",
             "3", "--load", "0.8", "--jobs", "20000", "--policy", "topology_aware", "--json"});
        QCOMPARE(fractional.exitCode, 0);
        const QJsonObject sliced = QJsonDocument::fromJson(fractional.out.toUtf8()).object();
        QCOMPARE(sliced.value("job_slices").toInt(), 3);
        QVERIFY(sliced.value("utilization").toDouble() < 6.0 / 7.0 + 1e-9);
        QVERIFY(std::abs(sliced.value("utilization").toDouble() - 0.8) < 0.05);
        const CliRun tooMany =
            runCli({"simulate", "--synthetic", "--gpus", "16", "--slices-per-gpu", "7",
                    "--job-slices", "7", "--load", "0.5"});
        QCOMPARE(tooMany.exitCode, 1);
        QVERIFY(tooMany.err.contains(QStringLiteral("--job-slices (7) must be fewer than")));
    }

    void simulateApplyWritesTheMeasuredKnee()
    {
        QTemporaryDir dir;
        const QString measured = dir.filePath(QStringLiteral("measured.fleetplan.json"));
        const CliRun apply = runCli({"simulate", ":sample", "--apply", "-o", measured});
        QVERIFY2(apply.exitCode == 0, qPrintable(apply.err));
        QVERIFY2(apply.out.contains(QStringLiteral("Utilization ceiling of topology_aware "
                                                   "measured: ")),
                 qPrintable(apply.out));
        QJsonObject project;
        {
            QFile file(measured);
            QVERIFY(file.open(QIODevice::ReadOnly));
            project = QJsonDocument::fromJson(file.readAll()).object();
        }
        const QJsonObject scheduler = project.value("scheduler").toObject();
        const double ceiling =
            scheduler.value("utilization_ceiling").toObject().value("topology_aware").toDouble();
        // The sample's own knee, not the assumed 0.85 (docs/MODEL.md: about 0.45).
        QVERIFY2(ceiling > 0.2 && ceiling < 0.8, qPrintable(QString::number(ceiling)));
        QCOMPARE(scheduler.value("measured_utilization_ceiling")
                     .toObject()
                     .value("topology_aware")
                     .toDouble(),
                 ceiling);
        const QString note = project.value("note").toString();
        QVERIFY2(note.contains(QStringLiteral("Utilization ceiling of topology_aware ")) &&
                     note.contains(QStringLiteral("measured by fleetplanner-cli simulate on ")) &&
                     note.endsWith(QStringLiteral("not assumed.")),
                 qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("seeds 42 to 46 (the median of 5 seeds' knees")),
                 qPrintable(note));
        // The same knee the sweep reports: the median of the five seeds'
        // knees, whose spread is reported beside it.
        const CliRun sweep =
            runCli({"simulate", ":sample", "--policy", "topology_aware", "--json"});
        QCOMPARE(sweep.exitCode, 0);
        const QJsonObject swept = QJsonDocument::fromJson(sweep.out.toUtf8())
                                      .object()
                                      .value("policies")
                                      .toArray()
                                      .first()
                                      .toObject();
        QCOMPARE(swept.value("knee_utilization").toDouble(), ceiling);
        const QJsonArray knees = swept.value("knees").toArray();
        QCOMPARE(knees.size(), 5);
        std::vector<double> perSeed;
        for (const QJsonValue& knee : knees)
            perSeed.push_back(knee.toObject().value("knee_utilization").toDouble());
        QCOMPARE(knees.first().toObject().value("seed").toInt(), 42);
        std::sort(perSeed.begin(), perSeed.end());
        QCOMPARE(perSeed[2], ceiling);
        QCOMPARE(swept.value("knee_utilization_low").toDouble(), perSeed.front());
        QCOMPARE(swept.value("knee_utilization_high").toDouble(), perSeed.back());
        // The sample's monthly pre-training runs are planned: they start on time.
        for (const QJsonValue& point : swept.value("points").toArray()) {
            const QJsonObject runs = point.toObject().value("planned_runs").toObject();
            QVERIFY(runs.value("runs").toInt() > 0);
            QVERIFY2(runs.value("max_start_delay_hours").toDouble() < 1.0,
                     qPrintable(QString::number(runs.value("max_start_delay_hours").toDouble())));
        }
        // Measured and assumed agree: no warning. Set back to the assumed 0.85: still
        // planned on the knee of these inputs (docs/MODEL.md, "Planning on the measured
        // knee"); pinned too, a warning, in the text and in the JSON's KPI alerts and
        // warnings.
        const auto ceilingWarning = QStringLiteral("the assumed utilization ceiling of "
                                                   "topology_aware, 85 %, is");
        const CliRun agreeing = runCli({"evaluate", measured});
        QCOMPARE(agreeing.exitCode, 0);
        QVERIFY2(!agreeing.out.contains(QStringLiteral("assumed utilization ceiling")),
                 qPrintable(agreeing.out));
        QJsonObject assumed = scheduler;
        QJsonObject table = assumed.value("utilization_ceiling").toObject();
        table.insert(QStringLiteral("topology_aware"), 0.85);
        assumed.insert(QStringLiteral("utilization_ceiling"), table);
        project.insert(QStringLiteral("scheduler"), assumed);
        const QString unpinned = dir.filePath(QStringLiteral("unpinned.fleetplan.json"));
        {
            QFile file(unpinned);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QJsonDocument(project).toJson());
        }
        const CliRun onKnee = runCli({"evaluate", unpinned});
        QVERIFY2(!onKnee.out.contains(ceilingWarning) &&
                     onKnee.out.contains(QStringLiteral("planned on measured %1 (assumed 0.85; ")
                                             .arg(ceiling, 0, 'f', 2)),
                 qPrintable(onKnee.out));
        assumed.insert(QStringLiteral("ceiling_source"),
                       QJsonObject{{QStringLiteral("topology_aware"), QStringLiteral("assumed")}});
        project.insert(QStringLiteral("scheduler"), assumed);
        const QString drifted = dir.filePath(QStringLiteral("drifted.fleetplan.json"));
        {
            QFile file(drifted);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QJsonDocument(project).toJson());
        }
        const CliRun warned = runCli({"evaluate", drifted});
        QCOMPARE(warned.exitCode, 0);
        QVERIFY2(warned.out.contains(QStringLiteral("warning: ") + ceilingWarning),
                 qPrintable(warned.out));
        const CliRun warnedJson = runCli({"evaluate", drifted, "--json"});
        QCOMPARE(warnedJson.exitCode, 0);
        const QJsonObject evaluation = QJsonDocument::fromJson(warnedJson.out.toUtf8()).object();
        const auto holds = [&](const QJsonArray& list) {
            for (const QJsonValue& v : list)
                if (v.toString().startsWith(ceilingWarning))
                    return true;
            return false;
        };
        QVERIFY2(holds(evaluation.value("warnings").toArray()), qPrintable(warnedJson.out));
        QVERIFY2(holds(evaluation.value("kpis").toObject().value("alerts").toArray()),
                 qPrintable(warnedJson.out));
        // Applying again replaces the earlier sentence of the note, not adds one.
        const QString again = dir.filePath(QStringLiteral("again.fleetplan.json"));
        QCOMPARE(runCli({"simulate", drifted, "--apply", "-o", again}).exitCode, 0);
        {
            QFile file(again);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(QJsonDocument::fromJson(file.readAll())
                         .object()
                         .value("note")
                         .toString()
                         .count(QStringLiteral("Utilization ceiling of topology_aware ")),
                     1);
        }
        // Refusals say why, and write nothing.
        const QString none = dir.filePath(QStringLiteral("none.fleetplan.json"));
        const CliRun noKnee = runCli({"simulate", ":sample", "--policy", "naive", "--loads",
                                      "0.1:0.2:0.1", "--days", "30", "--apply", "-o", none});
        QCOMPARE(noKnee.exitCode, 1);
        QVERIFY2(noKnee.err.contains(QStringLiteral("not applied: no knee for naive within the "
                                                    "loads swept (loads 0.10 to 0.20)")),
                 qPrintable(noKnee.err));
        QVERIFY(!QFile::exists(none));
        const CliRun fifo =
            runCli({"simulate", ":sample", "--policy", "fifo", "--apply", "-o", none});
        QCOMPARE(fifo.exitCode, 1);
        QVERIFY2(fifo.err.contains(QStringLiteral("--apply needs --policy naive")),
                 qPrintable(fifo.err));
        const CliRun noOutput = runCli({"simulate", ":sample", "--apply"});
        QCOMPARE(noOutput.exitCode, 1);
        QVERIFY(noOutput.err.contains(QStringLiteral("--apply needs PROJECT and -o FILE")));
        QVERIFY(!QFile::exists(none));
    }

    void packReplaysATraceAndFeedsThePlanner()
    {
        QTemporaryDir dir;
        const QString nodes = dir.filePath(QStringLiteral("nodes.csv"));
        const QString pods = dir.filePath(QStringLiteral("pods.csv"));
        {
            QFile n(nodes), p(pods);
            QVERIFY(n.open(QIODevice::WriteOnly) && p.open(QIODevice::WriteOnly));
            n.write("sn,cpu_milli,memory_mib,gpu,model\n");
            for (int i = 0; i < 8; ++i)
                n.write(QStringLiteral("node-%1,64000,262144,4,T4\n").arg(i).toUtf8());
            p.write("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec\n");
            for (int i = 0; i < 60; ++i)
                p.write(QStringLiteral("pod-%1,4000,8192,1,%2,\n")
                            .arg(i)
                            .arg(i % 3 == 0 ? 1000 : (i % 3 == 1 ? 600 : 300))
                            .toUtf8());
        }
        const CliRun run = runCli({"pack", "--nodes", nodes, "--pods", pods, "--policy", "fgd",
                                   "--seeds", "1-3", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject out = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(out.value("policy").toString(), QStringLiteral("fgd"));
        QCOMPARE(out.value("runs").toArray().size(), 3);
        const QJsonObject first = out.value("runs").toArray().first().toObject();
        for (const char* key : {"seed", "unallocated_gpu_pct", "failed_pods"})
            QVERIFY2(first.contains(QLatin1String(key)), key);
        QVERIFY(out.contains(QStringLiteral("mean_unallocated_gpu_pct")));
        QVERIFY(out.value("seconds").toDouble() >= 0);
        // Every policy side by side when none is named.
        const CliRun all = runCli({"pack", "--nodes", nodes, "--pods", pods, "--json"});
        QCOMPARE(
            QJsonDocument::fromJson(all.out.toUtf8()).object().value("policies").toArray().size(),
            6);
        // Into the planner: the measured efficiency replaces the assumption.
        const QString measured = dir.filePath(QStringLiteral("measured.fleetplan.json"));
        const CliRun apply = runCli({"pack", ":sample", "--nodes", nodes, "--pods", pods,
                                     "--policy", "best_fit", "--apply", "-o", measured});
        QCOMPARE(apply.exitCode, 0);
        const CliRun evaluated = runCli({"evaluate", measured});
        QVERIFY2(evaluated.out.contains(QStringLiteral("this project's value")),
                 qPrintable(evaluated.out));
        // Problems name the flag, or the file, line and field.
        QCOMPARE(runCli({"pack", "--nodes", nodes}).exitCode, 1);
        const CliRun policy =
            runCli({"pack", "--nodes", nodes, "--pods", pods, "--policy", "tetris"});
        QVERIFY(policy.err.contains(QStringLiteral("--policy must be random, best_fit")));
        const CliRun seeds = runCli({"pack", "--nodes", nodes, "--pods", pods, "--seeds", "9-1"});
        QVERIFY(seeds.err.contains(QStringLiteral("--seeds must be")));
        const CliRun badFile = runCli({"pack", "--nodes", pods, "--pods", pods});
        QCOMPARE(badFile.exitCode, 1);
        QVERIFY2(badFile.err.contains(QStringLiteral("the header has no column \"sn\"")),
                 qPrintable(badFile.err));
    }
};

FLEET_TEST_MAIN(TestCliSimulate)
#include "test_cli_simulate.moc"
