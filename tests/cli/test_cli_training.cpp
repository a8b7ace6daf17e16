// fleetplanner-cli training as a user and a script see it: the run's JSON,
// its pipeline, asynchronous checkpoints and vendor, and a TPU's whole slices.

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using fleet::test::CliRun;
using fleet::test::runCli;

class TestCliTraining : public QObject
{
    Q_OBJECT

private slots:
    void trainingJson()
    {
        const CliRun run = runCli({"training", "--gpu", "h100-sxm-80gb", "--params", "70B",
                                   "--tokens", "15T", "--gpus", "1024", "--json"});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject out = QJsonDocument::fromJson(run.out.toUtf8()).object();
        for (const char* key : {"flops", "gpu_hours", "wall_clock_days", "checkpoint_interval_min",
                                "overhead_fraction", "cost_usd", "cost_per_trillion_tokens_usd"})
            QVERIFY2(out.value(QLatin1String(key)).toDouble() > 0, key);
        QCOMPARE(out.value("flops").toDouble(), 6 * 70e9 * 15e12);
        // The run holds hot spares beside its gang, and pays for them.
        QVERIFY(out.value("gpus_held").toInt() > 1024);
        QCOMPARE(out.value("gpu_hours_held").toDouble(),
                 out.value("gpu_hours").toDouble() *
                     (1 + out.value("hot_spare_fraction").toDouble()));
        QCOMPARE(out.value("cost_usd").toDouble(), out.value("gpu_hours_held").toDouble() * 2.99);
        QVERIFY(out.value("efficiency_default").toBool()); // MFU by model size, no --mfu given
        const CliRun recompute =
            runCli({"training", "--gpu", "h100-sxm-80gb", "--params", "70B", "--tokens", "15T",
                    "--gpus", "1024", "--recompute", "--json"});
        const QJsonObject hfu = QJsonDocument::fromJson(recompute.out.toUtf8()).object();
        QCOMPARE(hfu.value("hardware_flops").toDouble(), 8 * 70e9 * 15e12);
        QVERIFY(std::abs(hfu.value("ideal_gpu_hours").toDouble() /
                             out.value("ideal_gpu_hours").toDouble() -
                         8.0 / 6.0) < 1e-9);
    }

    // A TPU job holds the smallest slice that fits it, as in a project
    // (docs/MODEL.md, "TPU slices"): 200 v5p chips hold a 4x8x8 slice of
    // 256, billed for the run, with no hot spares; beyond the largest slice
    // (6,144 chips), equal slices over the data-center network at 0.94. A
    // hot-spare fraction on a TPU is refused, not dropped.
    void trainingOnATpuHoldsWholeSlices()
    {
        auto json = [](const QStringList& extra) {
            const CliRun run =
                runCli(QStringList{"training", "--gpu", "tpu-v5p", "--regime", "tpu_slice",
                                   "--price-book", "market-2026", "--params", "8B", "--tokens",
                                   "1T", "--mfu", "0.45", "--json"} +
                       extra);
            if (run.exitCode != 0)
                qWarning("%s", qPrintable(run.err));
            return QJsonDocument::fromJson(run.out.toUtf8()).object();
        };
        const QJsonObject slice = json({"--gpus", "200"});
        QCOMPARE(slice.value("gpus_held").toInt(), 256);
        QCOMPARE(slice.value("slice_topology").toString(), QStringLiteral("4x8x8"));
        QCOMPARE(slice.value("slices_per_job").toInt(), 1);
        QCOMPARE(slice.value("hot_spare_fraction").toDouble(), 0.0);
        QVERIFY(std::abs(slice.value("gpu_hours_held").toDouble() -
                         slice.value("gpu_hours").toDouble() * 256.0 / 200.0) <
                1e-9 * slice.value("gpu_hours_held").toDouble());
        QVERIFY(std::abs(slice.value("cost_usd").toDouble() -
                         slice.value("gpu_hours_held").toDouble() * 4.20) <
                1e-9 * slice.value("cost_usd").toDouble());
        // A run that fills its slice takes the chip-hours the same run takes
        // in a project (the mixed-accelerator project's 256-chip v5p run).
        const QJsonObject whole = json({"--gpus", "256"});
        QCOMPARE(whole.value("gpus_held").toInt(), 256);
        QCOMPARE(whole.value("gpu_hours_held").toDouble(), whole.value("gpu_hours").toDouble());
        const CliRun project =
            runCli({"evaluate",
                    QStringLiteral(FLEET_TEST_DATA_DIR "/mixed_accelerators/mixed.fleetplan.json"),
                    "--json"});
        double projectRunHours = 0;
        for (const QJsonValue& w :
             QJsonDocument::fromJson(project.out.toUtf8()).object().value("workloads").toArray())
            if (w.toObject().value("id") == QStringLiteral("tpu-pretrain-8b"))
                projectRunHours = w.toObject()
                                      .value("chosen")
                                      .toObject()
                                      .value("details")
                                      .toObject()
                                      .value("gpu_hours_per_run")
                                      .toDouble();
        QVERIFY(projectRunHours > 0);
        QVERIFY2(std::abs(whole.value("gpu_hours").toDouble() - projectRunHours) <
                     1e-9 * projectRunHours,
                 qPrintable(QStringLiteral("%1 vs %2")
                                .arg(whole.value("gpu_hours").toDouble())
                                .arg(projectRunHours)));
        const QJsonObject multi = json({"--gpus", "8192"});
        QCOMPARE(multi.value("slices_per_job").toInt(), 2);
        QCOMPARE(multi.value("gpus_held").toInt(), 8192);
        QCOMPARE(multi.value("multislice_efficiency").toDouble(), 0.94);
        const CliRun spares = runCli({"training", "--gpu", "tpu-v5p", "--regime", "tpu_slice",
                                      "--price-book", "market-2026", "--params", "8B", "--tokens",
                                      "1T", "--gpus", "256", "--hot-spare-fraction", "0.02"});
        QCOMPARE(spares.exitCode, 1);
        QVERIFY2(spares.err.contains(QStringLiteral("--hot-spare-fraction: a TPU slice holds no "
                                                    "hot spares")),
                 qPrintable(spares.err));
    }

    void trainingPipelineAsyncAndVendor()
    {
        auto json = [](QStringList extra) {
            QStringList args{"training", "--gpu", "h100-sxm-80gb", "--params", "70B",
                             "--tokens", "15T",   "--gpus",        "1024",     "--json"};
            args << extra;
            const CliRun run = runCli(args);
            return QJsonDocument::fromJson(run.out.toUtf8()).object();
        };
        // 70B × 14 bytes = 980 GB > one node's 8 × 80 GB × 0.9 = 576 GB: two stages.
        const QJsonObject base = json({});
        QCOMPARE(base.value("min_pipeline_stages").toInt(), 2);
        QCOMPARE(base.value("pipeline_stages").toInt(), 1); // default MFU: bubbles included
        const QJsonObject stated = json({"--mfu", "0.4"});
        QCOMPARE(stated.value("pipeline_stages").toInt(), 2);
        QCOMPARE(stated.value("micro_batches").toInt(), 8); // 4 × p
        QVERIFY(std::abs(stated.value("pipeline_bubble_fraction").toDouble() - 1.0 / 9.0) < 1e-12);
        // Issue 31: a stated MFU is whole-step; its bubble is reported inside
        // it (the stages compute at MFU ÷ (1 − b) while busy), never charged.
        QVERIFY(!stated.value("pipeline_bubble_charged").toBool());
        QVERIFY(std::abs(stated.value("busy_efficiency").toDouble() - 0.4 * 9.0 / 8.0) < 1e-12);
        const QJsonObject flat = json({"--mfu", "0.4", "--pipeline-stages", "1"});
        QCOMPARE(stated.value("gpu_hours").toDouble(), flat.value("gpu_hours").toDouble());
        const QJsonObject more = json({"--mfu", "0.4", "--micro-batches", "32"});
        QVERIFY(std::abs(more.value("pipeline_bubble_fraction").toDouble() - 1.0 / 33.0) < 1e-12);
        // Asynchronous checkpointing: the stall is the snapshot only.
        const QJsonObject async = json({"--async-checkpoint"});
        QVERIFY(async.value("async_checkpoint").toBool());
        QVERIFY(std::abs(async.value("checkpoint_stall_seconds").toDouble() -
                         0.042 * async.value("checkpoint_seconds").toDouble()) < 1e-9);
        QVERIFY(async.value("overhead_fraction").toDouble() <
                base.value("overhead_fraction").toDouble());
        // Issue 16: MI300X needs more GPU-hours than H100 for the same run.
        const CliRun mi =
            runCli({"training", "--gpu", "mi300x-192gb", "--params", "70B", "--tokens", "15T",
                    "--gpus", "1024", "--price-book", "market-2026", "--json"});
        QVERIFY2(mi.exitCode == 0, qPrintable(mi.err));
        const QJsonObject amd = QJsonDocument::fromJson(mi.out.toUtf8()).object();
        QCOMPARE(amd.value("mfu_factor").toDouble(), 0.707);
        QVERIFY(amd.value("gpu_hours").toDouble() > base.value("gpu_hours").toDouble());
    }
};

FLEET_TEST_MAIN(TestCliTraining)
#include "test_cli_training.moc"
