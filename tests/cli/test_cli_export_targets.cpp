// Where exports may write (issue 33, item 1 in part): never over a file the
// command reads (the project itself, a hard link to it, the job log), never
// through a symbolic link planted at the output path; each refusal names the
// file and the rule, exits 1 and leaves every file as it was.

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

using fleet::test::CliRun;
using fleet::test::fileBytes;
using fleet::test::runCli;
using fleet::test::writeFileBytes;

namespace {

const QString kJobLog = QStringLiteral(FLEET_SOURCE_DIR "/tests/data/joblogs/sacct_small.txt");

} // namespace

class TestCliExportTargets : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_project; ///< the sample as a .fleetplan
    QString m_log;     ///< a copy of the small sacct log

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_project = m_dir.filePath(QStringLiteral("plan.fleetplan"));
        const CliRun made = runCli({"new", "--sample", "-o", m_project});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        m_log = m_dir.filePath(QStringLiteral("log.txt"));
        QVERIFY(QFile::copy(kJobLog, m_log));
    }

    /// The project (or the job log) as an export's target: refused, untouched.
    void exportOverItsInputIsRefused_data()
    {
        QTest::addColumn<QStringList>("args"); // PROJECT and LOG stand for the files
        QTest::addColumn<QString>("target");
        QTest::newRow("evaluate --tenants-csv PROJECT")
            << QStringList{"evaluate", "PROJECT", "--tenants-csv", "PROJECT"} << "PROJECT";
        QTest::newRow("replay --csv PROJECT")
            << QStringList{"replay", "--jobs", "LOG", "PROJECT", "--csv", "PROJECT"} << "PROJECT";
        QTest::newRow("replay --csv LOG")
            << QStringList{"replay", "--jobs", "LOG", "PROJECT", "--csv", "LOG"} << "LOG";
        QTest::newRow("solve --mps PROJECT")
            << QStringList{"solve", "PROJECT", "--mps", "PROJECT"} << "PROJECT";
        QTest::newRow("solve --mps a hard link to PROJECT")
            << QStringList{"solve", "PROJECT", "--mps", "HARDLINK"} << "HARDLINK";
    }

    void exportOverItsInputIsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, target);
        const QString hardLink = m_dir.filePath(QStringLiteral("same-inode.mps"));
        QFile::remove(hardLink);
        QVERIFY(::link(QFile::encodeName(m_project).constData(),
                       QFile::encodeName(hardLink).constData()) == 0);
        args.replaceInStrings(QStringLiteral("HARDLINK"), hardLink);
        args.replaceInStrings(QStringLiteral("PROJECT"), m_project);
        args.replaceInStrings(QStringLiteral("LOG"), m_log);
        const QString path = target == QLatin1String("PROJECT") ? m_project
                             : target == QLatin1String("LOG")   ? m_log
                                                                : hardLink;
        const QByteArray projectBefore = fileBytes(m_project);
        const QByteArray logBefore = fileBytes(m_log);
        const CliRun run = runCli(args);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(path) &&
                     run.err.contains(QStringLiteral("a file this command reads (same device and "
                                                     "inode)")),
                 qPrintable(run.err));
        QCOMPARE(fileBytes(m_project), projectBefore);
        QCOMPARE(fileBytes(m_log), logBefore);
    }

    /// A symbolic link planted at the output path: refused, naming the link;
    /// the file it points to and the link stay as they were.
    void symlinkAtTheTargetIsRefused_data()
    {
        QTest::addColumn<QStringList>("args"); // OUT stands for the link's path
        QTest::addColumn<QString>("name");     // the link's file name
        QTest::newRow("chart -o .png")
            << QStringList{"chart", ":sample", "--kind", "tornado", "-o", "OUT"} << "c.png";
        QTest::newRow("chart -o .svg")
            << QStringList{"chart", ":sample", "--kind", "tornado", "-o", "OUT"} << "c.svg";
        QTest::newRow("chart -o .pdf")
            << QStringList{"chart", ":sample", "--kind", "tornado", "-o", "OUT"} << "c.pdf";
        QTest::newRow("deck -o .pdf")
            << QStringList{"deck", ":sample", "--seeds", "1", "-o", "OUT"} << "d.pdf";
        QTest::newRow("deck -o .pptx")
            << QStringList{"deck", ":sample", "--seeds", "1", "-o", "OUT"} << "d.pptx";
        QTest::newRow("workbook -o") << QStringList{"workbook", ":sample", "-o", "OUT"} << "w.xlsx";
        QTest::newRow("evaluate --tenants-csv")
            << QStringList{"evaluate", ":sample", "--tenants-csv", "OUT"} << "t.csv";
        QTest::newRow("replay --csv")
            << QStringList{"replay", "--jobs", kJobLog, ":sample", "--csv", "OUT"} << "m.csv";
        QTest::newRow("solve --mps")
            << QStringList{"solve", ":sample", "--mps", "OUT"} << "model.mps";
    }

    void symlinkAtTheTargetIsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString victim = dir.filePath(QStringLiteral("precious.txt"));
        QVERIFY(writeFileBytes(victim, "precious"));
        const QString link = dir.filePath(name);
        QVERIFY(QFile::link(victim, link));
        args.replaceInStrings(QStringLiteral("OUT"), link);
        const CliRun run = runCli(args);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(link) &&
                     run.err.contains(QStringLiteral("is a symbolic link (to ") + victim +
                                      QStringLiteral(")")),
                 qPrintable(run.err));
        QCOMPARE(fileBytes(victim), QByteArray("precious"));
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).size(),
                 qsizetype(2)); // no temporary left behind
    }

    /// chart --all: a link planted at one of the files it writes.
    void chartAllRefusesAPlantedLink()
    {
        QTemporaryDir dir;
        const QString victim = dir.filePath(QStringLiteral("precious.txt"));
        QVERIFY(writeFileBytes(victim, "precious"));
        const QString folder = dir.filePath(QStringLiteral("charts"));
        QVERIFY(QDir().mkpath(folder));
        const QString link = folder + QStringLiteral("/tornado-baseline.svg");
        QVERIFY(QFile::link(victim, link));
        const CliRun run = runCli({"chart", ":sample", "--all", "--seeds", "1", "-o", folder});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(link) && run.err.contains(QStringLiteral("is a symbolic link")),
                 qPrintable(run.err));
        QCOMPARE(fileBytes(victim), QByteArray("precious"));
        QVERIFY(QFileInfo(link).isSymLink());
    }

    /// An ordinary existing target is still replaced, keeping its mode.
    void anOrdinaryTargetIsReplacedKeepingItsMode()
    {
        const QString csv = m_dir.filePath(QStringLiteral("tenants.csv"));
        QVERIFY(writeFileBytes(csv, "old"));
        QVERIFY(::chmod(QFile::encodeName(csv).constData(), 0600) == 0);
        const CliRun run = runCli({"evaluate", m_project, "--tenants-csv", csv});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(fileBytes(csv).startsWith("name,start,end,"));
        struct stat mode = {};
        QVERIFY(::stat(QFile::encodeName(csv).constData(), &mode) == 0);
        QCOMPARE(mode.st_mode & 07777, mode_t(0600));
    }
};

FLEET_TEST_MAIN(TestCliExportTargets)
#include "test_cli_export_targets.moc"
