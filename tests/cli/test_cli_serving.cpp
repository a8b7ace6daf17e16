// fleetplanner-cli inference --serving: colocated, disaggregated and best,
// the comparison it prints, the engine-wide default and bad input; a replica
// at its stack's host pace says so.

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using fleet::test::CliRun;
using fleet::test::runCli;

namespace {

/// Long prompts, short answers: Llama 3.1 70B in FP8 on H100s.
QStringList summarize(const QString& serving)
{
    return {"inference",
            "--gpu",
            "h100-sxm-80gb",
            "--model",
            "llama-3.1-70b",
            "--precision",
            "fp8",
            "--rps",
            "5",
            "--input-tokens",
            "8000",
            "--output-tokens",
            "200",
            "--tpot-ms",
            "30",
            "--ttft-ms",
            "3000",
            "--serving",
            serving,
            "--json"};
}

QJsonObject json(const CliRun& run)
{
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

} // namespace

class TestCliServing : public QObject
{
    Q_OBJECT

private slots:
    void disaggregatedReportsBothPools()
    {
        const CliRun run = runCli(summarize(QStringLiteral("disaggregated")));
        QCOMPARE(run.exitCode, 0);
        const QJsonObject out = json(run);
        QCOMPARE(out.value("serving").toString(), QStringLiteral("disaggregated"));
        const QJsonObject pools = out.value("disaggregated").toObject();
        const double prefill = pools.value("prefill_gpus").toDouble();
        const double decode = pools.value("decode_gpus").toDouble();
        QVERIFY(prefill >= 1 && decode >= 1);
        QCOMPARE(out.value("gpus").toDouble(), prefill + decode);
        QVERIFY(pools.value("kv_transfer_ms").toDouble() > 0);
        QVERIFY(pools.value("ttft_mean_ms").toDouble() >=
                pools.value("prefill_ms").toDouble() + pools.value("kv_transfer_ms").toDouble());
        // Output tokens per GPU over both pools.
        QVERIFY(std::abs(out.value("tokens_per_second_per_gpu").toDouble() -
                         5 * 200 / out.value("gpus").toDouble()) < 1e-9);
        const QJsonObject comparison = out.value("comparison").toObject();
        QCOMPARE(comparison.value("disaggregated_gpus").toDouble(), out.value("gpus").toDouble());
    }

    void bestPicksTheFewerGpus()
    {
        const QJsonObject colocated = json(runCli(summarize(QStringLiteral("colocated"))));
        const QJsonObject best = json(runCli(summarize(QStringLiteral("best"))));
        QCOMPARE(colocated.value("serving").toString(), QStringLiteral("colocated"));
        const QJsonObject comparison = best.value("comparison").toObject();
        const double together = comparison.value("colocated_gpus").toDouble();
        const double split = comparison.value("disaggregated_gpus").toDouble();
        QCOMPARE(together, colocated.value("gpus").toDouble());
        QCOMPARE(best.value("gpus").toDouble(), std::min(together, split));
        QCOMPARE(best.value("serving").toString(),
                 split < together ? QStringLiteral("disaggregated") : QStringLiteral("colocated"));
    }

    void textNamesTheCheaperMode()
    {
        QStringList args = summarize(QStringLiteral("best"));
        args.removeLast(); // --json
        const CliRun run = runCli(args);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("colocated vs disaggregated")),
                 qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("KV transfer")), qPrintable(run.out));
    }

    // A small model at a large batch runs at the stack's host pace: the text
    // says host-bound, the JSON host_bound, and the throughput is the pace
    // (docs/MODEL.md, "The serving stack's host"); a 70B model is not.
    void aReplicaAtTheHostsPaceSaysSo()
    {
        const QStringList small = {
            "inference",    "--gpu",          "h100-sxm-80gb", "--model",
            "llama-3.1-8b", "--precision",    "fp8",           "--rps",
            "100",          "--input-tokens", "128",           "--output-tokens",
            "128",          "--tpot-ms",      "10000",         "--ttft-ms",
            "100000"};
        const CliRun text = runCli(small);
        QVERIFY2(text.exitCode == 0, qPrintable(text.err));
        QVERIFY2(text.out.contains(QStringLiteral("(host-bound)")), qPrintable(text.out));
        const QJsonObject paced = json(runCli(QStringList(small) << "--json"));
        QCOMPARE(paced.value("host_bound").toBool(), true);
        const double perSecond = paced.value("decode_tokens_per_second_per_replica").toDouble();
        // 1 ÷ serving.json's 36 µs a sequence and step for tensorrt-llm.
        QVERIFY2(std::abs(perSecond * 36e-6 - 1) < 1e-6, qPrintable(QString::number(perSecond)));
        const QJsonObject large = json(runCli(summarize(QStringLiteral("colocated"))));
        QCOMPARE(large.value("host_bound").toBool(), false);
    }

    void badModeIsNamed()
    {
        const CliRun run = runCli(summarize(QStringLiteral("split")));
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral(
                     "--serving must be colocated, disaggregated or best; got 'split'")),
                 qPrintable(run.err));
        QStringList quantile = summarize(QStringLiteral("best"));
        quantile << "--ttft-quantile"
                 << "1.5";
        const CliRun bad = runCli(quantile);
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains(QStringLiteral("--ttft-quantile")), qPrintable(bad.err));
    }
};

FLEET_TEST_MAIN(TestCliServing)
#include "test_cli_serving.moc"
