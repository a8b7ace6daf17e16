// Issue 30's check as a user runs it: one project mixing H100 MIG slices,
// MI300X compute partitions, a TPU v5p slice and a tier of light notebooks on
// network-pooled GPUs (tests/data/mixed_accelerators/), evaluated, solved and
// charted through the CLI. Each of the four is served as pinned, under its
// regime, and nowhere else; the optimizer's plan never costs more than the
// engine's own choices; the regime-mix chart names both new regimes.

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using fleet::test::CliRun;
using fleet::test::runCli;

namespace {

const QString kMixed =
    QStringLiteral(FLEET_TEST_DATA_DIR "/mixed_accelerators/mixed.fleetplan.json");

QJsonObject jsonOf(const QStringList& args)
{
    const CliRun run = runCli(args);
    if (run.exitCode != 0)
        qWarning("%s", qPrintable(run.err));
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

/// workload id → "gpu regime profile" of a list of {workload|id, gpu, regime, profile}.
QMap<QString, QString> choices(const QJsonArray& rows, const char* idKey)
{
    QMap<QString, QString> out;
    for (const QJsonValue& value : rows) {
        const QJsonObject row = value.toObject();
        const QJsonObject chosen = row.contains("chosen") ? row.value("chosen").toObject() : row;
        out[row.value(QLatin1String(idKey)).toString()] =
            chosen.value("gpu").toString() + " " + chosen.value("regime").toString();
    }
    return out;
}

} // namespace

class TestCliMixedAccelerators : public QObject
{
    Q_OBJECT

private slots:
    void fourSharingSystemsInOneProject()
    {
        const QJsonObject evaluation = jsonOf({"evaluate", kMixed, "--json"});
        QVERIFY(!evaluation.isEmpty());
        const auto engine = choices(evaluation.value("workloads").toArray(), "id");
        QCOMPARE(engine.value("claims-triage-8b"), QStringLiteral("h100-sxm-80gb partition"));
        QCOMPARE(engine.value("mi300x-support"), QStringLiteral("mi300x-192gb partition"));
        QCOMPARE(engine.value("tpu-pretrain-8b"), QStringLiteral("tpu-v5p tpu_slice"));
        QVERIFY2(engine.value("pooled-notebooks").endsWith(QStringLiteral(" network_pooled")),
                 qPrintable(engine.value("pooled-notebooks")));
        // A TPU only as a slice, a slice only on a TPU; pooled GPUs only where
        // a segment allows them (the early stage's).
        for (auto it = engine.begin(); it != engine.end(); ++it) {
            QCOMPARE(it.value().startsWith(QStringLiteral("tpu-")),
                     it.value().endsWith(QStringLiteral(" tpu_slice")));
            if (it.value().endsWith(QStringLiteral(" network_pooled")))
                QCOMPARE(it.key(), QStringLiteral("pooled-notebooks"));
        }
        // The 256-chip run holds one whole v5p slice, 4x8x8.
        for (const QJsonValue& value : evaluation.value("workloads").toArray())
            if (value.toObject().value("id").toString() == QStringLiteral("tpu-pretrain-8b"))
                QCOMPARE(value.toObject().value("chosen").toObject().value("peak_gpus").toDouble(),
                         256.0);

        const QJsonObject solved = jsonOf({"solve", kMixed, "--gap", "0.01", "--json"});
        QVERIFY(!solved.isEmpty());
        const auto plan = choices(solved.value("assignments").toArray(), "workload");
        for (const char* id :
             {"claims-triage-8b", "mi300x-support", "tpu-pretrain-8b", "pooled-notebooks"})
            QCOMPARE(plan.value(QLatin1String(id)), engine.value(QLatin1String(id)));
        const QJsonObject optimizer = evaluation.value("optimizer").toObject();
        QVERIFY2(optimizer.value("cost_usd").toDouble() <=
                     optimizer.value("engine_cost_usd").toDouble() * (1 + 1e-9),
                 "the optimizer's plan costs more than the engine's choices");
    }

    // The solve's total includes the pooled notebooks' network: the text
    // calls it the fleet's cost and names both parts (it said "GPU cost"),
    // and --json states the network's part apart from cost_usd, priced by
    // the engine's rule: the chosen pooled option's GPU-hours held × the
    // default network_usd_per_gpu_hour, $0.097 (data/defaults/engine.json;
    // the project does not set it).
    void theSolveNamesTheNetworkInItsFleetCost()
    {
        const CliRun text = runCli({"solve", kMixed, "--gap", "0.01"});
        QVERIFY2(text.exitCode == 0, qPrintable(text.err));
        QVERIFY2(!text.out.contains(QStringLiteral("GPU cost")), qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("; fleet cost $")), qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral(", network of pooled GPUs $")),
                 qPrintable(text.out));

        const QJsonObject evaluation = jsonOf({"evaluate", kMixed, "--json"});
        const QJsonObject solved = jsonOf({"solve", kMixed, "--gap", "0.01", "--json"});
        QVERIFY(!evaluation.isEmpty() && !solved.isEmpty());
        QVERIFY(solved.contains("network_cost_usd"));
        double expected = 0;
        int pooled = 0;
        for (const QJsonValue& value : solved.value("assignments").toArray()) {
            const QJsonObject a = value.toObject();
            if (a.value("regime").toString() != QStringLiteral("network_pooled"))
                continue;
            ++pooled;
            bool found = false;
            for (const QJsonValue& w : evaluation.value("workloads").toArray())
                if (w.toObject().value("id") == a.value("workload"))
                    for (const QJsonValue& o : w.toObject().value("options").toArray())
                        if (o.toObject().value("gpu") == a.value("gpu") &&
                            o.toObject().value("regime") == a.value("regime") &&
                            o.toObject().value("profile") == a.value("profile")) {
                            expected += o.toObject().value("gpu_hours_held").toDouble() * 0.097;
                            found = true;
                        }
            QVERIFY2(found, qPrintable(a.value("workload").toString()));
        }
        QVERIFY(pooled > 0);
        const double network = solved.value("network_cost_usd").toDouble();
        QVERIFY(expected > 0);
        QVERIFY2(std::abs(network - expected) <= 1e-9 * expected,
                 qPrintable(QStringLiteral("%1 vs %2").arg(network).arg(expected)));
        QVERIFY(network < solved.value("cost_usd").toDouble());
        // evaluate's optimizer block states the same part of its plan.
        const QJsonObject optimizer = evaluation.value("optimizer").toObject();
        QVERIFY(optimizer.value("network_cost_usd").toDouble() > 0);
        QVERIFY(optimizer.value("network_cost_usd").toDouble() <
                optimizer.value("cost_usd").toDouble());
    }

    // One count everywhere: evaluate's KPIs state the network part of their
    // total (kpis.network_cost_usd; the text's "of which network" line), as
    // the engine chose, whatever the optimizer finds: its chosen pooled
    // options' GPU-hours held × the default network_usd_per_gpu_hour, $0.097.
    // (Here $11,940 of $25.01 M, on the pooled notebooks alone.)
    void evaluateStatesTheNetworkInItsKpis()
    {
        const QJsonObject evaluation = jsonOf({"evaluate", kMixed, "--json"});
        QVERIFY(!evaluation.isEmpty());
        const QJsonObject kpis = evaluation.value("kpis").toObject();
        QVERIFY(kpis.contains("network_cost_usd"));
        double expected = 0;
        for (const QJsonValue& value : evaluation.value("workloads").toArray()) {
            const QJsonObject chosen = value.toObject().value("chosen").toObject();
            if (chosen.value("regime").toString() == QStringLiteral("network_pooled"))
                expected += chosen.value("gpu_hours_held").toDouble() * 0.097;
        }
        QVERIFY(expected > 0);
        const double network = kpis.value("network_cost_usd").toDouble();
        QVERIFY2(std::abs(network - expected) <= 1e-9 * expected,
                 qPrintable(QStringLiteral("%1 vs %2").arg(network).arg(expected)));
        // A part of the total (which keeps its meaning: the network included).
        QVERIFY(network < kpis.value("attributed_cost_usd").toDouble());
        QVERIFY(network < kpis.value("total_cost_usd").toDouble());

        const CliRun text = runCli({"evaluate", kMixed});
        QVERIFY2(text.exitCode == 0, qPrintable(text.err));
        QVERIFY2(text.out.contains(QStringLiteral("    of which network              $")),
                 qPrintable(text.out));
        // A project that pools no GPU says none in its text and 0 in its JSON.
        const QJsonObject sample = jsonOf({"evaluate", ":sample", "--json"});
        QCOMPARE(sample.value("kpis").toObject().value("network_cost_usd").toDouble(-1), 0.0);
        const CliRun sampleText = runCli({"evaluate", ":sample"});
        QVERIFY2(sampleText.exitCode == 0, qPrintable(sampleText.err));
        QVERIFY(!sampleText.out.contains(QStringLiteral("of which network")));
    }

    void theRegimeMixChartShowsBothNewRegimes()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath(QStringLiteral("mix.svg"));
        const CliRun run = runCli({"chart", kMixed, "--kind", "regime-mix", "-o", svg});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("Network-pooled GPUs"));
        QVERIFY(text.contains("TPU slice"));
        QVERIFY(text.contains("Partition (MIG / AMD)"));
    }
};

FLEET_TEST_MAIN(TestCliMixedAccelerators)
#include "test_cli_mixed_accelerators.moc"
