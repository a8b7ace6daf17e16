// A project's inference service that names its model (format 4) is sized as
// `fleetplanner-cli inference --model` sizes it: the weights on the model's
// total parameters, the compute on its active ones, the KV cache from its
// shape. A mixture of experts (Mixtral 8x7B, DeepSeek-V3) so needs the GPUs
// its total weights need, where the same service stated by N alone was
// sized on its active parameters' weights.

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

struct Case
{
    const char* model;
    double activeParams; ///< the model table's (data/perf/models.json)
    double totalParams;
    const char* gpu;
    const char* precision;
    double requestsPerSecond;
};

// DeepSeek-V3's 671 GB of FP8 weights exceed eight H100s (640 GB): H200s.
const Case kCases[] = {{"mixtral-8x7b", 12.9e9, 46.7e9, "h100-sxm-80gb", "bf16", 20},
                       {"deepseek-v3", 37e9, 671e9, "h200-sxm-141gb", "fp8", 10}};

/// A sized project with the one service, pinned to `c.gpu` on bare metal;
/// `named`: it names its model, else it states N (the active count) alone.
QByteArray projectText(const Case& c, bool named)
{
    const QString model = named ? QStringLiteral("\"model\": \"%1\", ").arg(c.model) : QString();
    return QStringLiteral(R"({
  "format": "fleetplanner-project", "format_version": 5, "name": "service",
  "horizon": {"months": 1}, "active_price_book": "market-2026",
  "fleet": {"mode": "size", "pools": []},
  "assumptions": {"peak_to_mean_traffic_ratio": 1},
  "segments": [{"id": "s", "name": "S", "isolation_floor": "hardware",
                "allowed_regimes": ["bare_metal"], "price_usd_per_gpu_hour": 9}],
  "workloads": [
    {"id": "chat", "name": "Chat", "kind": "inference", "segment": "s", %1"params": %2,
     "precision": "%3", "requests_per_second": %4, "input_tokens": 1000,
     "output_tokens": 300, "tpot_ms": 50, "ttft_ms": 2000,
     "choice": {"gpu": "%5", "regime": "bare_metal"}}]
})")
        .arg(model)
        .arg(c.activeParams, 0, 'g', 17)
        .arg(QString::fromLatin1(c.precision))
        .arg(c.requestsPerSecond)
        .arg(QString::fromLatin1(c.gpu))
        .toUtf8();
}

/// `text` written to `name` in `dir`; its path, or "" when it cannot be written.
QString writtenProject(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const QString file = dir.filePath(name);
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
        return {};
    return file;
}

/// The service's chosen option in `evaluate --json` of the project.
QJsonObject chosenOption(const QTemporaryDir& dir, const Case& c, bool named)
{
    const QString file = writtenProject(dir,
                                        QStringLiteral("%1-%2.fleetplan.json")
                                            .arg(QString::fromLatin1(c.model))
                                            .arg(named ? "named" : "n"),
                                        projectText(c, named));
    if (file.isEmpty())
        return {};
    const CliRun run = runCli({"evaluate", file, "--json"});
    if (run.exitCode != 0)
        qWarning("%s", qPrintable(run.err));
    const QJsonObject root = QJsonDocument::fromJson(run.out.toUtf8()).object();
    return root.value("workloads").toArray().at(0).toObject().value("chosen").toObject();
}

} // namespace

class TestCliServiceModel : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void aServiceNamingItsModelNeedsWhatTheCliSays()
    {
        for (const Case& c : kCases) {
            const QString model = QString::fromLatin1(c.model);
            const CliRun cli = runCli({"inference",
                                       "--gpu",
                                       c.gpu,
                                       "--model",
                                       model,
                                       "--precision",
                                       c.precision,
                                       "--rps",
                                       QString::number(c.requestsPerSecond),
                                       "--input-tokens",
                                       "1000",
                                       "--output-tokens",
                                       "300",
                                       "--tpot-ms",
                                       "50",
                                       "--ttft-ms",
                                       "2000",
                                       "--price-book",
                                       "market-2026",
                                       "--json"});
            QVERIFY2(cli.exitCode == 0, qPrintable(model + ": " + cli.err));
            const QJsonObject sized = QJsonDocument::fromJson(cli.out.toUtf8()).object();
            const QJsonObject chosen = chosenOption(m_dir, c, true);
            QVERIFY2(!chosen.isEmpty(), qPrintable(model));
            const double projectGpus =
                chosen.value("months").toArray().at(0).toObject().value("gpus").toDouble();
            const double cliGpus = sized.value("gpus").toDouble();
            QVERIFY2(cliGpus > 0 && std::abs(projectGpus - cliGpus) <= 1e-9 * cliGpus,
                     qPrintable(QStringLiteral("%1: project %2 GPUs, CLI %3")
                                    .arg(model)
                                    .arg(projectGpus)
                                    .arg(cliGpus)));
            // Its replicas hold every expert's weights.
            const double bytes = QString::fromLatin1(c.precision) == QLatin1String("fp8") ? 1 : 2;
            const double weightsGb = c.totalParams * bytes / 1e9;
            const QJsonObject details = chosen.value("details").toObject();
            QVERIFY2(details.value("memory_gb_per_replica").toDouble() > weightsGb,
                     qPrintable(model));
            // Stated by N alone, the same service was sized on its active
            // parameters' weights: less memory, fewer GPUs.
            const QJsonObject unnamed = chosenOption(m_dir, c, false);
            QVERIFY2(!unnamed.isEmpty(), qPrintable(model));
            QVERIFY2(unnamed.value("details").toObject().value("memory_gb_per_replica").toDouble() <
                         weightsGb,
                     qPrintable(model));
            const double unnamedGpus =
                unnamed.value("months").toArray().at(0).toObject().value("gpus").toDouble();
            QVERIFY2(unnamedGpus < projectGpus,
                     qPrintable(QStringLiteral("%1: %2 GPUs by N alone, %3 by the model")
                                    .arg(model)
                                    .arg(unnamedGpus)
                                    .arg(projectGpus)));
        }
    }

    void evaluateShowsTheModel()
    {
        const Case& c = kCases[0];
        const QString file =
            writtenProject(m_dir, QStringLiteral("shown.fleetplan.json"), projectText(c, true));
        QVERIFY(!file.isEmpty());
        const CliRun text = runCli({"evaluate", file});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral(
                     "model mixtral-8x7b: 46.7B parameters held (93 GB of bf16 weights per "
                     "replica), 12.9B active per token")),
                 qPrintable(text.out));
        const CliRun json = runCli({"evaluate", file, "--json"});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(root.value("workloads").toArray().at(0).toObject().value("model").toString(),
                 QStringLiteral("mixtral-8x7b"));
    }

    void aModelTheTableLacksIsNamed()
    {
        const QString file =
            writtenProject(m_dir, QStringLiteral("unknown.fleetplan.json"),
                           projectText(kCases[0], true).replace("mixtral-8x7b", "mixtral-8x9b"));
        QVERIFY(!file.isEmpty());
        const CliRun run = runCli({"evaluate", file});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral(
                     "/workloads/0/model (entry chat): names model \"mixtral-8x9b\", which is not "
                     "in the model table (data/perf/models.json); known: llama-3.1-8b")),
                 qPrintable(run.err));
    }
};

FLEET_TEST_MAIN(TestCliServiceModel)
#include "test_cli_service_model.moc"
