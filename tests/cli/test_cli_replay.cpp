// fleetplanner-cli replay: a job log's figures and its replay, as text and
// JSON, and a clear refusal for each bad option or row.

#include "cli_run.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using fleet::test::CliRun;
using fleet::test::runCli;

namespace {

const QString kLog = QStringLiteral(FLEET_SOURCE_DIR "/tests/data/joblogs/sacct_small.txt");

} // namespace

class TestCliReplay : public QObject
{
    Q_OBJECT

private slots:
    void jsonHasTheLogsFiguresAndTheReplay()
    {
        const CliRun run = runCli({"replay", "--jobs", kLog, ":sample", "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonObject out = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(out.value("format").toString(), QStringLiteral("sacct"));
        const QJsonObject jobs = out.value("jobs").toObject();
        QCOMPARE(jobs.value("ran").toInt(), 4);
        QCOMPARE(jobs.value("steps_skipped").toInt(), 2);
        const QJsonObject measured = out.value("measured").toObject();
        QCOMPARE(measured.value("gpu_hours").toDouble(), 30.0);
        QCOMPARE(measured.value("tenants").toArray().size(), qsizetype(3));
        const QJsonObject replay = out.value("replay").toObject();
        QCOMPARE(replay.value("policy").toString(), QStringLiteral("topology_aware"));
        QCOMPARE(replay.value("nodes").toInt() * replay.value("gpus_per_node").toInt(), 2400);
        QCOMPARE(replay.value("as_logged").toObject().value("completed_jobs").toInt(), 4);
        QCOMPARE(replay.value("frontier").toArray().size(), qsizetype(6));
    }

    void textSaysWhatWasLeftOut()
    {
        const CliRun run = runCli({"replay", "--jobs", kLog, ":sample", "--policy", "fifo"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QStringLiteral("4 jobs ran on GPUs; left out: 2 job steps "
                                                 "counted with their jobs, 1 never started, 1 "
                                                 "still running, 1 held no GPU.")),
                 qPrintable(run.out));
        QVERIFY(run.out.contains(QStringLiteral("lab-b")));
        QVERIFY(run.out.contains(QStringLiteral("(300 nodes × 8 GPUs, fifo)")));
    }

    void badOptionsAndRowsAreRefused()
    {
        const auto refused = [](const QStringList& args, const QString& message) {
            const CliRun run = runCli(args);
            QVERIFY2(run.exitCode == 1, qPrintable(run.out + run.err));
            QVERIFY2(run.err.contains(message), qPrintable(run.err));
        };
        refused({"replay", ":sample"}, QStringLiteral("--jobs FILE is required"));
        refused({"replay", "--jobs", kLog}, QStringLiteral("PROJECT is required"));
        refused({"replay", "--jobs", kLog, "--format", "lsf", ":sample"},
                QStringLiteral("--format must be sacct, k8s or csv; got 'lsf'"));
        refused({"replay", "--jobs", kLog, "--policy", "fair", ":sample"},
                QStringLiteral("--policy must be fifo, naive"));
        refused({"replay", "--jobs", kLog, "--columns", "id=x", ":sample"},
                QStringLiteral("--columns applies to --format k8s or csv"));
        refused({"replay", "--jobs", kLog, "--format", "csv", "--columns", "who=x", ":sample"},
                QStringLiteral("must be FIELD=COLUMN with FIELD one of"));
        refused({"replay", "--jobs", "/no/such/log.txt", ":sample"},
                QStringLiteral("/no/such/log.txt"));
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.txt"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("JobID|Account|Submit|Start|End|AllocTRES|State\n"
                   "9|a|2026-03-01T00:00:00|2026-03-01T00:00:00|yesterday|gres/gpu=1|FAILED\n");
        file.close();
        refused({"replay", "--jobs", bad, ":sample"},
                QStringLiteral("line 2, End (entry 9): must be a time"));
    }

    void weightedFairReplaysTheLogsTenants()
    {
        const CliRun run = runCli({"replay", "--jobs", kLog, ":sample", "--policy", "weighted_fair",
                                   "--tenant-weights", "lab-b=2", "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonObject replay =
            QJsonDocument::fromJson(run.out.toUtf8()).object().value("replay").toObject();
        QCOMPARE(replay.value("policy").toString(), QStringLiteral("weighted_fair"));
        const QJsonArray tenants = replay.value("tenants").toArray();
        QCOMPARE(tenants.size(), qsizetype(3));
        double logged = 0, simulated = 0;
        for (const QJsonValue& t : tenants) {
            const QJsonObject tenant = t.toObject();
            // 2,400 GPUs for 4 jobs: nothing contends, each job runs as logged.
            QCOMPARE(tenant.value("simulated_gpu_hours").toDouble(),
                     tenant.value("logged_gpu_hours").toDouble());
            QCOMPARE(tenant.value("weight").toDouble(),
                     tenant.value("tenant").toString() == QStringLiteral("lab-b") ? 2.0 : 1.0);
            logged += tenant.value("logged_gpu_hours").toDouble();
            simulated += tenant.value("simulated_gpu_hours").toDouble();
        }
        QCOMPARE(logged, 30.0);
        QCOMPARE(simulated, 30.0);
        const CliRun text =
            runCli({"replay", "--jobs", kLog, ":sample", "--policy", "weighted_fair"});
        QVERIFY2(text.out.contains(QStringLiteral("per tenant, as logged and replayed")),
                 qPrintable(text.out));
        const CliRun unknown = runCli({"replay", "--jobs", kLog, ":sample", "--policy",
                                       "weighted_fair", "--tenant-weights", "lab-z=2"});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains(QStringLiteral("the log has no tenant 'lab-z'")),
                 qPrintable(unknown.err));
        const CliRun bad =
            runCli({"replay", "--jobs", kLog, ":sample", "--tenant-weights", "lab-a=-1"});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains(QStringLiteral("--tenant-weights: 'lab-a=-1' must be")),
                 qPrintable(bad.err));
    }
};

QTEST_GUILESS_MAIN(TestCliReplay)
#include "test_cli_replay.moc"
