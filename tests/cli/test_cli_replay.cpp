// fleetplanner-cli replay: a job log's figures and its replay, as text and
// JSON, and a clear refusal for each bad option or row.

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using fleet::test::CliRun;
using fleet::test::runCli;

namespace {

const QString kLog = QStringLiteral(FLEET_SOURCE_DIR "/tests/data/joblogs/sacct_small.txt");

/// Writes `bytes` to NAME in `dir`; its path.
QString writeLog(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

const QByteArray kHeader = "JobID|Account|Submit|Start|End|AllocTRES|State\n";

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

    // The sample's fleet: 1,600 reserved H100s at 1.89 USD/GPU-h and 800 on
    // demand at 2.99 (example-2024). The log's 4 jobs hold 30 GPU-hours within
    // its 4-hour span, all on reserved GPUs.
    void meteringSumsToTheFleetsCost()
    {
        const CliRun run =
            runCli({"replay", "--jobs", kLog, ":sample", "--chargeback", "central", "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonObject m =
            QJsonDocument::fromJson(run.out.toUtf8()).object().value("metering").toObject();
        QCOMPARE(m.value("chargeback").toString(), QStringLiteral("central"));
        QCOMPARE(m.value("price_book").toString(), QStringLiteral("example-2024"));
        QCOMPARE(m.value("span_hours").toDouble(), 4.0);
        const double fleet = 1600 * 4 * 1.89;
        const double used = 30 * 1.89;
        QCOMPARE(m.value("fleet_cost_usd").toDouble(), fleet);
        QCOMPARE(m.value("used_cost_usd").toDouble(), used);
        QCOMPARE(m.value("central_cost_usd").toDouble(), fleet - used);
        double total = m.value("central_cost_usd").toDouble();
        for (const QJsonValue& t : m.value("tenants").toArray())
            total += t.toObject().value("total_cost_usd").toDouble();
        QCOMPARE(total, fleet);
        const QJsonObject labA = m.value("tenants").toArray().at(0).toObject();
        QCOMPARE(labA.value("tenant").toString(), QStringLiteral("lab-a"));
        QCOMPARE(labA.value("gpu_hours").toDouble(), 8.0); // job 100: 4 GPUs × 2 h
        QCOMPARE(labA.value("energy_kwh").toDouble(), 8 * 0.7);
        QVERIFY(m.value("memory_efficiency").isNull());
        QVERIFY(m.value("memory_efficiency_note").toString().startsWith("not measured"));
        const CliRun text = runCli({"replay", "--jobs", kLog, ":sample"});
        QVERIFY2(text.out.contains(QStringLiteral("Per-tenant metering on the project's fleet "
                                                  "(price book example-2024, chargeback "
                                                  "proportional)")),
                 qPrintable(text.out));
    }

    void csvHasOpenCostFieldsAndSumsToTheFleetsCost()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chargeback.csv"));
        const CliRun run = runCli({"replay", "--jobs", kLog, ":sample", "--chargeback", "quota",
                                   "--tenant-quotas", "lab-a=10,lab-b=30", "--csv", path});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines =
            QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.value(0), QStringLiteral("name,start,end,minutes,gpuCount,gpuHours,gpuCost,"
                                                "sharedCost,totalCost,month,gpuSeconds,meanWatts,"
                                                "chargeback"));
        QCOMPARE(lines.size(), qsizetype(5)); // 3 tenants and __idle__, one month
        const double fleet = 1600 * 4 * 1.89;
        const double idle = fleet - 30 * 1.89;
        double total = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QStringList f = lines[i].split(QLatin1Char(','));
            QCOMPARE(f.size(), qsizetype(13));
            QCOMPARE(f[1], QStringLiteral("2026-03-01T00:00:00Z"));
            QCOMPARE(f[2], QStringLiteral("2026-03-01T04:00:00Z"));
            QCOMPARE(f[3].toDouble(), 240.0);
            QCOMPARE(f[9], QStringLiteral("2026-03"));
            QCOMPARE(f[12], QStringLiteral("quota"));
            total += f[8].toDouble();
            if (f[0] == QStringLiteral("lab-a")) {
                QCOMPARE(f[5].toDouble(), 8.0);      // gpuHours
                QCOMPARE(f[4].toDouble(), 2.0);      // gpuCount: 8 GPU-h over 4 h
                QCOMPARE(f[6].toDouble(), 8 * 1.89); // gpuCost
                QCOMPARE(f[7].toDouble(), idle / 4); // sharedCost: 10 of 40 quota GPUs
            }
            if (f[0] == QStringLiteral("lab-c"))
                QCOMPARE(f[7].toDouble(), 0.0); // no quota, no idle share
            if (f[0] == QStringLiteral("__idle__"))
                QCOMPARE(f[8].toDouble(), 0.0); // all idle charged to the quotas
        }
        QVERIFY2(qAbs(total - fleet) < 1e-4, qPrintable(QString::number(total, 'f', 6)));
    }

    void badMeteringOptionsAreRefused()
    {
        const auto refused = [](const QStringList& args, const QString& message) {
            const CliRun run = runCli(args);
            QVERIFY2(run.exitCode == 1, qPrintable(run.out + run.err));
            QVERIFY2(run.err.contains(message), qPrintable(run.err));
        };
        refused({"replay", "--jobs", kLog, ":sample", "--chargeback", "fair"},
                QStringLiteral("--chargeback must be proportional, quota or central; got 'fair'"));
        refused({"replay", "--jobs", kLog, ":sample", "--tenant-quotas", "lab-a=2"},
                QStringLiteral("--tenant-quotas applies to --chargeback quota"));
        refused({"replay", "--jobs", kLog, ":sample", "--chargeback", "quota"},
                QStringLiteral("chargeback quota: give the tenants' quotas"));
        refused({"replay", "--jobs", kLog, ":sample", "--chargeback", "quota", "--tenant-quotas",
                 "lab-z=2"},
                QStringLiteral("tenant quotas: the log has no tenant 'lab-z'"));
        refused({"replay", "--jobs", kLog, ":sample", "--chargeback", "quota", "--tenant-quotas",
                 "lab-a=0"},
                QStringLiteral("--tenant-quotas: 'lab-a=0' must be NAME=GPUS with a number of "
                               "GPUs above 0"));
        refused({"replay", "--jobs", kLog, ":sample", "--sla-wait-hours", "-1"},
                QStringLiteral("--sla-wait-hours must be a number of hours at least 0"));
        refused({"replay", "--jobs", kLog, ":sample", "--csv", "/no/such/dir/out.csv"},
                QStringLiteral("--csv: cannot write /no/such/dir/out.csv"));
    }

    /// The probe (issue 35): each log refused naming the line and
    /// field, or read whole, with totals equal to the log's own.
    void realClustersLogsAreRefusedOrReadWhole()
    {
        QTemporaryDir dir;
        const QByteArray row = "|2026-03-01T00:00:00|2026-03-01T00:00:00|2026-03-01T02:00:00|";
        const auto replay = [&](const QString& name, const QByteArray& bytes) {
            return runCli({"replay", "--jobs", writeLog(dir, name, bytes), ":sample", "--json"});
        };
        const CliRun typed = replay(QStringLiteral("typed.txt"),
                                    kHeader + "1|a" + row +
                                        "gres/gpu:a=1000000,gres/gpu:b=1000000,gres/gpu:c=1000000|"
                                        "COMPLETED\n");
        QCOMPARE(typed.exitCode, 1);
        QVERIFY2(typed.err.contains(QStringLiteral("line 2, AllocTRES (entry 1): the typed "
                                                   "gres/gpu entries add up to 3000000 GPUs")),
                 qPrintable(typed.err));
        const CliRun escape = replay(QStringLiteral("escape.txt"),
                                     kHeader + "1|a\x1b]0;owned\x07" + row + "gres/gpu=1|X\n");
        QCOMPARE(escape.exitCode, 1);
        QVERIFY2(escape.err.contains(QStringLiteral("line 2, Account: must not hold the control "
                                                    "character U+001B")),
                 qPrintable(escape.err));
        QVERIFY(!escape.errBytes.contains('\x1b') && !escape.outBytes.contains('\x1b'));
        const CliRun utf16 = replay(QStringLiteral("utf16.txt"), QByteArray("\xff\xfeJ\0o\0", 6));
        QCOMPARE(utf16.exitCode, 1);
        QVERIFY2(utf16.err.contains(QStringLiteral("UTF-16: save the log as UTF-8")),
                 qPrintable(utf16.err));
        const QByteArray copy = "7|a" + row + "gres/gpu=4|COMPLETED\n";
        const CliRun copies =
            replay(QStringLiteral("copies.txt"), "\xef\xbb\xbf" + kHeader + copy + copy + copy);
        QVERIFY2(copies.exitCode == 0, qPrintable(copies.err));
        QVERIFY2(copies.err.contains(QStringLiteral("warning: ")) &&
                     copies.err.contains(QStringLiteral("line 3: 2 rows repeat an earlier row")),
                 qPrintable(copies.err));
        const QJsonObject copied = QJsonDocument::fromJson(copies.out.toUtf8()).object();
        QCOMPARE(copied.value("jobs").toObject().value("duplicates_counted_once").toInt(), 2);
        QCOMPARE(copied.value("measured").toObject().value("gpu_hours").toDouble(), 8.0);

        // A million GPUs for ten years, in typed entries: read whole, metered whole.
        const QString csv = dir.filePath(QStringLiteral("million.csv"));
        const CliRun million =
            runCli({"replay", "--jobs",
                    writeLog(dir, QStringLiteral("million.txt"),
                             kHeader +
                                 "1|a|2026-01-01T00:00:00|2026-01-01T00:00:00|2036-01-01T00:00:00|"
                                 "gres/gpu:a100=600000,gres/gpu:h100=400000|COMPLETED\n" +
                                 "2|b|2026-01-01T00:00:00|2026-01-01T00:00:00|2026-01-01T01:00:00|"
                                 "gres/gpu:a100=8|COMPLETED\n"),
                    ":sample", "--json", "--csv", csv});
        QVERIFY2(million.exitCode == 0, qPrintable(million.err));
        const QJsonObject out = QJsonDocument::fromJson(million.out.toUtf8()).object();
        const double tenYearsHours = 3652 * 24.0;
        const double logged = 1e6 * tenYearsHours + 8;
        QCOMPARE(out.value("measured").toObject().value("gpu_hours").toDouble(), logged);
        QVERIFY(out.value("measured").toObject().value("utilization").toDouble() > 0);
        QCOMPARE(out.value("replay").toObject().value("too_large").toInt(), 1); // > 2,400 GPUs
        double metered = 0;
        for (const QJsonValue& t : out.value("metering").toObject().value("tenants").toArray())
            metered += t.toObject().value("gpu_seconds").toDouble();
        QCOMPARE(metered, logged * 3600);
        QFile rows(csv);
        QVERIFY(rows.open(QIODevice::ReadOnly));
        const QList<QByteArray> header = rows.readLine().trimmed().split(',');
        const qsizetype hoursColumn = header.indexOf("gpuHours");
        QVERIFY2(hoursColumn >= 0, header.join(',').constData());
        double csvHours = 0;
        while (!rows.atEnd()) {
            const QList<QByteArray> fields = rows.readLine().trimmed().split(',');
            if (fields.size() > hoursColumn && fields.value(0) != "__idle__")
                csvHours += fields[hoursColumn].toDouble();
        }
        QVERIFY2(std::abs(csvHours - logged) <= 1e-9 * logged,
                 qPrintable(QString::number(csvHours, 'g', 17)));
    }
};

FLEET_TEST_MAIN(TestCliReplay)
#include "test_cli_replay.moc"
