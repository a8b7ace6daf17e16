// `fleetplanner-cli workbook`: the workbook read back with openpyxl
// (tests/tools/check_workbook.py) against `evaluate --json` and `solve
// --json` of the same project and scenario; bad arguments are clear errors
// and write nothing.
// Also `chart --all` and `deck` from the command line.

#include "cli_run.h"
#include "export_check.h"
#include "support/fleet_test.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

using fleet::test::runCli;

class TestCliWorkbook : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_python;

    static bool writeText(const QString& path, const QString& text)
    {
        QFile file(path);
        return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) >= 0;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_python = fleet::test::pythonWithOpenpyxl();
    }

    void readsBackAsEvaluateSays_data()
    {
        QTest::addColumn<QString>("templateId");
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("projectFile"); // instead of :sample
        QTest::newRow("baseline") << QString() << QString() << QString();
        QTest::newRow("reserve-60") << QString() << QStringLiteral("reserve-60") << QString();
        // Its price book has an owned plan: the sheet lists it with its figures.
        QTest::newRow("private-cloud, owned prices")
            << QStringLiteral("private-cloud") << QString() << QString();
        // Notebooks on network-pooled GPUs: the KPI row network_cost_usd is
        // evaluate's figure, not 0 (the sample pools none).
        QTest::newRow("mixed accelerators, a pooled network")
            << QString() << QString()
            << QStringLiteral(FLEET_TEST_DATA_DIR "/mixed_accelerators/mixed.fleetplan.json");
    }

    void readsBackAsEvaluateSays()
    {
        QFETCH(QString, templateId);
        QFETCH(QString, scenario);
        QFETCH(QString, projectFile);
        QString project = projectFile.isEmpty() ? QStringLiteral(":sample") : projectFile;
        const QString tag =
            QStringList{templateId, scenario, QFileInfo(projectFile).baseName()}.join('-');
        if (!templateId.isEmpty()) {
            project = m_dir.filePath(templateId + QStringLiteral(".fleetplan.json"));
            const auto made = runCli({QStringLiteral("new"), QStringLiteral("--template"),
                                      templateId, QStringLiteral("-o"), project});
            QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        }
        const QString xlsx = m_dir.filePath(QStringLiteral("plan-%1.xlsx").arg(tag));
        QStringList args{QStringLiteral("workbook"), project, QStringLiteral("-o"), xlsx};
        QStringList evaluate{QStringLiteral("evaluate"), project, QStringLiteral("--json")};
        QStringList solve{QStringLiteral("solve"), project, QStringLiteral("--json")};
        if (!scenario.isEmpty()) {
            args << QStringLiteral("--scenario") << scenario;
            evaluate << QStringLiteral("--scenario") << scenario;
            solve << QStringLiteral("--scenario") << scenario;
        }
        const auto wrote = runCli(args);
        QVERIFY2(wrote.exitCode == 0, qPrintable(wrote.err));
        QVERIFY(QFile::exists(xlsx));
        QVERIFY(!QFile::exists(xlsx + QStringLiteral(".part")));
        QFile file(xlsx);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(2) == "PK"); // a zip, as .xlsx is
        if (m_python.isEmpty())
            QSKIP("python3 with openpyxl not found (Debian: python3-openpyxl): the workbook "
                  "was written but not read back");
        const auto json = runCli(evaluate);
        QCOMPARE(json.exitCode, 0);
        const QString jsonPath = m_dir.filePath(QStringLiteral("evaluate-%1.json").arg(tag));
        QVERIFY(writeText(jsonPath, json.out));
        // The optimizer's sheet against the plan `solve` finds.
        const auto plan = runCli(solve);
        QCOMPARE(plan.exitCode, 0);
        const QString planPath = m_dir.filePath(QStringLiteral("solve-%1.json").arg(tag));
        QVERIFY(writeText(planPath, plan.out));
        QProcess check;
        QStringList checkArgs{QStringLiteral(FLEET_SOURCE_DIR "/tests/tools/check_workbook.py"),
                              xlsx, jsonPath, QStringLiteral("--solve"), planPath};
        if (!templateId.isEmpty())
            checkArgs << QStringLiteral("--owned");
        check.start(m_python, checkArgs);
        QVERIFY(check.waitForFinished(60000));
        const QString said =
            QString::fromUtf8(check.readAllStandardOutput() + check.readAllStandardError());
        if (check.exitCode() == 77)
            QSKIP(qPrintable(said));
        QVERIFY2(check.exitCode() == 0, qPrintable(said));
    }

    void chartAllWritesEveryKindInThreeFormats()
    {
        const QString folder = m_dir.filePath(QStringLiteral("all charts"));
        // One seed: every kind is what this checks, not the frontier's knee.
        const auto run = runCli({QStringLiteral("chart"), QStringLiteral(":sample"),
                                 QStringLiteral("--scenario"), QStringLiteral("reserve-60"),
                                 QStringLiteral("--all"), QStringLiteral("--seeds"),
                                 QStringLiteral("1"), QStringLiteral("-o"), folder});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // Ten kinds (packing needs a trace), named by kind and scenario.
        const QStringList kinds{"cost-per-token", "cost-per-training-token",
                                "cost-curve",     "frontier",
                                "regime-mix",     "break-even",
                                "tornado",        "scenarios",
                                "compute-price",  "optimizer-mix"};
        QCOMPARE(QDir(folder).entryList(QDir::Files).size(), kinds.size() * 3);
        for (const QString& kind : kinds)
            for (const char* suffix : {".png", ".svg", ".pdf"})
                QVERIFY2(QFileInfo(folder + "/" + kind + "-reserve-60" + suffix).size() > 1000,
                         qPrintable(kind + suffix));
        // PNG at 2×: 2560 × 1440 pixels (the IHDR chunk's width and height).
        QFile png(folder + QStringLiteral("/tornado-reserve-60.png"));
        QVERIFY(png.open(QIODevice::ReadOnly));
        const QByteArray head = png.read(24);
        QCOMPARE(qFromBigEndian<quint32>(head.constData() + 16), 2560u);
        QCOMPARE(qFromBigEndian<quint32>(head.constData() + 20), 1440u);
    }

    void deckWritesPptxAndPdf()
    {
        // In the same process as the workbook's libxlsxwriter: the zip libraries coexist.
        for (const char* name : {"deck.pptx", "deck.pdf"}) {
            const QString path = m_dir.filePath(QLatin1String(name));
            const auto run = runCli({QStringLiteral("deck"), QStringLiteral(":sample"),
                                     QStringLiteral("--seeds"), QStringLiteral("1"),
                                     QStringLiteral("-o"), path});
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            QVERIFY(QFileInfo(path).size() > 100000);
        }
        const auto bad = runCli({QStringLiteral("deck"), QStringLiteral(":sample"),
                                 QStringLiteral("-o"), m_dir.filePath(QStringLiteral("d.key"))});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.err.contains(QStringLiteral(".pptx or .pdf")));
        for (const char* seeds : {"0", "2.5"}) {
            const auto badSeeds =
                runCli({QStringLiteral("deck"), QStringLiteral(":sample"),
                        QStringLiteral("--seeds"), QLatin1String(seeds), QStringLiteral("-o"),
                        m_dir.filePath(QStringLiteral("d.pdf"))});
            QCOMPARE(badSeeds.exitCode, 1);
            QVERIFY2(badSeeds.err.contains(QStringLiteral("deck: --seeds must be")),
                     qPrintable(badSeeds.err));
        }
    }

    void badArgumentsWriteNothing()
    {
        const QString xlsx = m_dir.filePath(QStringLiteral("bad.xlsx"));
        auto run = runCli({QStringLiteral("workbook"), QStringLiteral(":sample")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains(QStringLiteral("-o FILE.xlsx is required")));
        run = runCli({QStringLiteral("workbook"), QStringLiteral(":sample"), QStringLiteral("-o"),
                      m_dir.filePath(QStringLiteral("plan.csv"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains(QStringLiteral("must end in .xlsx")));
        run = runCli({QStringLiteral("workbook"), QStringLiteral(":sample"),
                      QStringLiteral("--scenario"), QStringLiteral("no-such"), QStringLiteral("-o"),
                      xlsx});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains(QStringLiteral("no-such")));
        QVERIFY(!QFile::exists(xlsx));
    }
};

FLEET_TEST_MAIN(TestCliWorkbook)
#include "test_cli_workbook.moc"
