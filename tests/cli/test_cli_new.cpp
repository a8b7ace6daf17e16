// fleetplanner-cli new: an empty project (with its settings), the sample and
// each template, every one written in both forms and accepted by evaluate;
// a bad option is refused naming the option, and no file is written.

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using fleet::test::CliRun;
using fleet::test::runCli;

class TestCliNew : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    /// Runs `new` with `options` writing `file`, then `evaluate` on it.
    void writeAndEvaluate(const QStringList& options, const QString& file)
    {
        const CliRun made = runCli(QStringList{"new"} + options + QStringList{"-o", file});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        QVERIFY(QFile::exists(file));
        const CliRun evaluated = runCli({"evaluate", file, "--json"});
        QVERIFY2(evaluated.exitCode == 0, qPrintable(evaluated.err));
        const QJsonObject kpis =
            QJsonDocument::fromJson(evaluated.out.toUtf8()).object().value("kpis").toObject();
        QVERIFY2(!kpis.isEmpty(), qPrintable(evaluated.out.left(400)));
    }

private slots:
    void eachFormWritesAProjectThatEvaluates_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("empty") << QStringList{};
        QTest::newRow("empty, every setting") << QStringList{
            "--name",  "Acme GPU cloud", "--horizon-months", "36",           "--start-month",
            "2028-04", "--price-book",   "example-2024",     "--fleet-mode", "size"};
        QTest::newRow("sample") << QStringList{"--sample"};
        QTest::newRow("inference-saas") << QStringList{"--template", "inference-saas"};
        QTest::newRow("training-lab") << QStringList{"--template", "training-lab"};
        QTest::newRow("private-cloud") << QStringList{"--template", "private-cloud"};
    }

    void eachFormWritesAProjectThatEvaluates()
    {
        QFETCH(QStringList, options);
        const QString stem = QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_');
        writeAndEvaluate(options, path(stem + ".fleetplan"));
        writeAndEvaluate(options, path(stem + ".fleetplan.json"));
    }

    void emptyProjectKeepsItsSettings()
    {
        const QString file = path("settings.fleetplan.json");
        const CliRun made =
            runCli({"new", "--name", "Acme", "--horizon-months", "24", "--start-month", "2027-03",
                    "--price-book", "example-2024", "--fleet-mode", "size", "-o", file});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        QFile json(file);
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(root.value("name").toString(), QString("Acme"));
        QCOMPARE(root.value("horizon").toObject().value("months").toInt(), 24);
        QCOMPARE(root.value("horizon").toObject().value("start_month").toString(),
                 QString("2027-03"));
        QCOMPARE(root.value("active_price_book").toString(), QString("example-2024"));
        QCOMPARE(root.value("fleet").toObject().value("mode").toString(), QString("size"));
        QVERIFY(root.value("workloads").toArray().isEmpty());
        QVERIFY(root.value("segments").toArray().isEmpty());
    }

    void badOptionsAreRefusedAndNoFileIsWritten_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        QTest::newRow("horizon 0") << QStringList{"--horizon-months", "0"}
                                   << "--horizon-months must be a whole number of months from 1 "
                                      "to 120; got '0'";
        QTest::newRow("horizon 121")
            << QStringList{"--horizon-months", "121"} << "--horizon-months must be";
        QTest::newRow("horizon text")
            << QStringList{"--horizon-months", "a year"} << "--horizon-months must be";
        QTest::newRow("month 13") << QStringList{"--start-month", "2027-13"}
                                  << "--start-month: the first month must be YYYY-MM";
        QTest::newRow("day given") << QStringList{"--start-month", "2027-01-01"}
                                   << "--start-month: the first month must be YYYY-MM";
        QTest::newRow("unknown book")
            << QStringList{"--price-book", "cheap-2030"}
            << "--price-book: the price book must be a built-in book (example-2024, market-2026)";
        QTest::newRow("fleet mode")
            << QStringList{"--fleet-mode", "elastic"} << "--fleet-mode must be fixed";
        QTest::newRow("empty name")
            << QStringList{"--name", ""} << "--name: the project name must be 1 to 4096 characters";
        QTest::newRow("unknown template")
            << QStringList{"--template", "web-shop"}
            << "--template: unknown template \"web-shop\"; known: inference-saas, training-lab, "
               "private-cloud";
        QTest::newRow("sample and template")
            << QStringList{"--sample", "--template", "training-lab"}
            << "--sample and --template exclude each other";
        QTest::newRow("setting with sample") << QStringList{"--sample", "--horizon-months", "24"}
                                             << "--horizon-months applies to an empty project";
        QTest::newRow("setting with template")
            << QStringList{"--template", "private-cloud", "--price-book", "market-2026"}
            << "--price-book applies to an empty project";
    }

    void badOptionsAreRefusedAndNoFileIsWritten()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        for (const QString& name :
             {QStringLiteral("refused.fleetplan"), QStringLiteral("refused.fleetplan.json")}) {
            const QString file = path(name);
            const CliRun run = runCli(QStringList{"new"} + options + QStringList{"-o", file});
            QCOMPARE(run.exitCode, 1);
            QVERIFY2(run.err.contains(message), qPrintable(run.err));
            QVERIFY(!QFile::exists(file));
        }
    }

    void outputIsRequiredAndMustNameAForm()
    {
        const CliRun missing = runCli({"new"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("-o FILE is required"), qPrintable(missing.err));
        const QString text = path("project.txt");
        const CliRun wrong = runCli({"new", "-o", text});
        QCOMPARE(wrong.exitCode, 1);
        QVERIFY2(wrong.err.contains("must end in .fleetplan"), qPrintable(wrong.err));
        QVERIFY(!QFile::exists(text));
    }

    void templatesAreListed()
    {
        const CliRun run = runCli({"new", "--list-templates"});
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[0].startsWith("inference-saas\t"));
        QVERIFY(lines[1].startsWith("training-lab\t"));
        QVERIFY(lines[2].startsWith("private-cloud\t"));
    }
};

FLEET_TEST_MAIN(TestCliNew)
#include "test_cli_new.moc"
