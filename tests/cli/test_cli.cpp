// fleetplanner-cli as a user and a script see it: exit codes, messages, JSON shape.

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run runCli(const QStringList& args)
{
    QProcess process;
    process.start(QStringLiteral(FLEET_CLI_PATH), args);
    Run run;
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit)
        return run; // exitCode -1: crashed or hung
    run.exitCode = process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

QString fixture(const char* name)
{
    return QStringLiteral(FLEET_TEST_DATA_DIR "/catalog/") + QLatin1String(name);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void versionAndHelp()
    {
        const Run version = runCli({QStringLiteral("--version")});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith(QStringLiteral("fleetplanner-cli 0.")));
        QVERIFY(version.out.contains(QStringLiteral("COIN-OR CBC")));
        const Run help = runCli({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains(QStringLiteral("catalog [--json]")));
        QCOMPARE(runCli({QStringLiteral("catalog"), QStringLiteral("--help")}).exitCode, 0);
    }

    void userErrorsExitOneWithAMessage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no command") << QStringList{} << "Usage: fleetplanner-cli";
        QTest::newRow("unknown command")
            << QStringList{"frobnicate"} << "unknown command 'frobnicate'";
        QTest::newRow("unknown option")
            << QStringList{"catalog", "--jsn"} << "Unknown option 'jsn'";
        QTest::newRow("stray argument")
            << QStringList{"catalog", "extra"} << "unexpected argument 'extra'";
        QTest::newRow("broken catalog")
            << QStringList{"catalog", "--catalog", fixture("negative_memory.json")}
            << "/gpus/0/memory_gb/value (entry test-gpu): must be a finite number > 0";
        QTest::newRow("missing catalog")
            << QStringList{"catalog", "--catalog", "/nonexistent/cat.json"}
            << "/nonexistent/cat.json: no such file";
        QTest::newRow("chart kind") << QStringList{"chart", "--kind", "pie", "-o", "x.png"}
                                    << "--kind must be one of: compute-price; got 'pie'";
        QTest::newRow("chart width")
            << QStringList{"chart", "--kind", "compute-price", "-o", "x.png", "--width", "-5"}
            << "--width must be a whole number from 200 to 8000; got '-5'";
        QTest::newRow("chart format")
            << QStringList{"chart", "--kind", "compute-price", "-o", "x.gif"}
            << "--format must be png or svg";
        QTest::newRow("chart book")
            << QStringList{"chart", "--kind",       "compute-price", "-o",
                           "x.png", "--price-book", "nope"}
            << "--price-book 'nope' is not in the catalog; known: example-2024, market-2026";
    }

    void userErrorsExitOneWithAMessage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run run = runCli(args);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void catalogText()
    {
        const Run run = runCli({QStringLiteral("catalog")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(QStringLiteral("h100-sxm-80gb")));
        QVERIFY(run.out.contains(QStringLiteral("3g.40gb ×2")));
        QVERIFY(run.out.contains(QStringLiteral("Price book example-2024")));
    }

    void catalogJsonShape()
    {
        const Run run = runCli({QStringLiteral("catalog"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(run.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject root = doc.object();
        QSet<QString> sourceIds;
        for (const QJsonValue& source : root.value(QStringLiteral("sources")).toArray())
            sourceIds.insert(source.toObject().value(QStringLiteral("id")).toString());
        const QJsonArray gpus = root.value(QStringLiteral("gpus")).toArray();
        QCOMPARE(gpus.size(), 9);
        const QStringList figures{"memory_gb", "memory_bandwidth_gb_per_s", "bf16_dense_tflops",
                                  "tdp_w"};
        for (const QJsonValue& value : gpus) {
            const QJsonObject gpu = value.toObject();
            for (const QString& key : figures) {
                const QJsonObject figure = gpu.value(key).toObject();
                QVERIFY2(figure.value(QStringLiteral("value")).toDouble() > 0, qPrintable(key));
                QVERIFY2(sourceIds.contains(figure.value(QStringLiteral("source")).toString()),
                         qPrintable(key));
                QVERIFY(!figure.value(QStringLiteral("as_of")).toString().isEmpty());
            }
        }
        const QJsonObject h100 = gpus.at(2).toObject();
        QCOMPARE(h100.value(QStringLiteral("id")).toString(), QStringLiteral("h100-sxm-80gb"));
        QCOMPARE(h100.value(QStringLiteral("bf16_dense_tflops"))
                     .toObject()
                     .value(QStringLiteral("value"))
                     .toDouble(),
                 989.4);
        const QJsonObject partitions = h100.value(QStringLiteral("partitions")).toObject();
        QCOMPARE(partitions.value(QStringLiteral("kind")).toString(), QStringLiteral("mig"));
        QCOMPARE(partitions.value(QStringLiteral("profiles")).toArray().size(), 7);
        QVERIFY(gpus.at(0).toObject().value(QStringLiteral("fp8_dense_tflops")).isNull()); // A100:
                                                                                           // no FP8
        const QJsonArray books = root.value(QStringLiteral("price_books")).toArray();
        QCOMPARE(books.size(), 2);
        const QJsonObject h100Prices =
            books.at(0).toObject().value(QStringLiteral("gpus")).toArray().at(0).toObject();
        QCOMPARE(h100Prices.value(QStringLiteral("on_demand"))
                     .toObject()
                     .value(QStringLiteral("usd_per_gpu_hour"))
                     .toDouble(),
                 2.99);
    }

    void catalogOverrideFromTheCommandLine()
    {
        const Run run = runCli({QStringLiteral("catalog"), QStringLiteral("--json"),
                                QStringLiteral("--catalog"), fixture("override.json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject root = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(root.value(QStringLiteral("gpus")).toArray().size(), 10);
        QCOMPARE(root.value(QStringLiteral("price_books")).toArray().size(), 3);
    }

    void chartIsWrittenHeadless_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QSize>("pixels");
        QTest::newRow("png 1x") << "chart.png" << QStringList{} << QSize(1280, 720);
        QTest::newRow("png 2x small")
            << "chart2x.png" << QStringList{"--width", "640", "--height", "360", "--scale", "2"}
            << QSize(1280, 720);
        QTest::newRow("svg") << "chart.svg" << QStringList{} << QSize();
    }

    void chartIsWrittenHeadless()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, extra);
        QFETCH(QSize, pixels);
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        const Run run = runCli(QStringList{"chart", "--kind", "compute-price", "--price-book",
                                           "market-2026", "-o", path} +
                               extra);
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(path));
        if (pixels.isValid()) {
            const QImage image(path);
            QCOMPARE(image.size(), pixels);
            // Not a blank image: bars are drawn in the theme's colours.
            int nonWhite = 0;
            for (int y = 0; y < image.height(); y += 4)
                for (int x = 0; x < image.width(); x += 4)
                    nonWhite += image.pixel(x, y) != qRgb(255, 255, 255) ? 1 : 0;
            QVERIFY2(nonWhite > 1000, qPrintable(QString::number(nonWhite)));
        } else {
            QFile svg(path);
            QVERIFY(svg.open(QIODevice::ReadOnly));
            const QByteArray text = svg.readAll();
            QVERIFY(text.contains("<svg"));
            QVERIFY(text.contains("USD per dense PFLOP-hour"));
        }
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
