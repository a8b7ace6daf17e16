// The one writer of exports (issue 33, items 1 and 6): on a full disk an
// export fails, naming the file and the OS's reason, exits non-zero and
// leaves the old file as it was, with no temporary behind; a workbook, deck
// or chart is refused over the project it reads (a hard link with the
// export's suffix); concurrent exports to one target never share a
// temporary, and the target is whole afterwards.

#include "cli_run.h"
#include "export_check.h"
#include "support/fleet_test.h"
#include "support/scratch_mount.h"
#include "zip_parts.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

using fleet::test::CliRun;
using fleet::test::fileBytes;
using fleet::test::runCli;
using fleet::test::ScratchMount;
using fleet::test::writeFileBytes;

namespace {

const QString kSmallJobLog = QStringLiteral(FLEET_SOURCE_DIR "/tests/data/joblogs/sacct_small.txt");

/// Fills the file system holding `folder` with `filler` until it refuses a byte.
bool fillUp(const QString& filler)
{
    const int fd =
        ::open(QFile::encodeName(filler).constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return false;
    const QByteArray block(4096, 'x');
    while (::write(fd, block.constData(), std::size_t(block.size())) > 0) {
    }
    while (::write(fd, block.constData(), 1) > 0) {
    }
    const bool full = errno == ENOSPC;
    ::close(fd);
    return full;
}

QStringList filesIn(const QString& folder)
{
    return QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
}

} // namespace

class TestCliExportWriter : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_project; ///< the sample as a .fleetplan

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_project = m_dir.filePath(QStringLiteral("plan.fleetplan"));
        const CliRun made = runCli({"new", "--sample", "-o", m_project});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
    }

    void aFullDiskKeepsTheOldFile_data()
    {
        QTest::addColumn<QStringList>("args"); // PROJECT and OUT stand for the files
        QTest::addColumn<QString>("name");
        QTest::newRow("evaluate --tenants-csv")
            << QStringList{"evaluate", "PROJECT", "--tenants-csv", "OUT"} << "tenants.csv";
        QTest::newRow("replay --csv")
            << QStringList{"replay", "--jobs", kSmallJobLog, "PROJECT", "--csv", "OUT"} << "m.csv";
        QTest::newRow("solve --mps")
            << QStringList{"solve", "PROJECT", "--mps", "OUT"} << "model.mps";
        QTest::newRow("workbook -o") << QStringList{"workbook", "PROJECT", "-o", "OUT"} << "w.xlsx";
        QTest::newRow("chart -o .svg")
            << QStringList{"chart", "PROJECT", "--kind", "tornado", "-o", "OUT"} << "c.svg";
    }

    /// A 64 KiB tmpfs, filled: the export fails with the path and "No space
    /// left on device", exits non-zero, the old file stays, nothing is left behind.
    void aFullDiskKeepsTheOldFile()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, name);
        const ScratchMount disk = ScratchMount::tmpfs(64);
        if (!disk.ok())
            QSKIP(qPrintable(QStringLiteral("no small file system to fill: ") + disk.why()));
        const QString target = disk.filePath(name);
        const QByteArray old("the file as it was before the export\n");
        QVERIFY(writeFileBytes(target, old));
        QVERIFY(fillUp(disk.filePath(QStringLiteral("filler"))));
        const QStringList before = filesIn(disk.path());
        args.replaceInStrings(QStringLiteral("PROJECT"), m_project);
        args.replaceInStrings(QStringLiteral("OUT"), target);
        const CliRun run = runCli(args);
        QVERIFY2(run.exitCode != 0 && run.exitCode != -1,
                 qPrintable(QString::number(run.exitCode) + run.out + run.err));
        QVERIFY2(run.err.contains(target) &&
                     run.err.contains(QStringLiteral("No space left on device")),
                 qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("the previous file is untouched")),
                 qPrintable(run.err));
        QCOMPARE(fileBytes(target), old);
        QCOMPARE(filesIn(disk.path()), before); // no temporary left
    }

    /// The project itself, under another name with the export's suffix (a
    /// hard link): refused by device and inode, not by the name.
    void anExportOverTheProjectIsRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("name");
        QTest::newRow("workbook") << QStringList{"workbook", "PROJECT", "-o", "OUT"} << "p.xlsx";
        QTest::newRow("deck .pptx")
            << QStringList{"deck", "PROJECT", "--seeds", "1", "-o", "OUT"} << "p.pptx";
        QTest::newRow("deck .pdf")
            << QStringList{"deck", "PROJECT", "--seeds", "1", "-o", "OUT"} << "p.pdf";
        QTest::newRow("chart .png")
            << QStringList{"chart", "PROJECT", "--kind", "tornado", "-o", "OUT"} << "p.png";
    }

    void anExportOverTheProjectIsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, name);
        const QString link = m_dir.filePath(name);
        QFile::remove(link);
        QVERIFY(::link(QFile::encodeName(m_project).constData(),
                       QFile::encodeName(link).constData()) == 0);
        const QByteArray before = fileBytes(m_project);
        args.replaceInStrings(QStringLiteral("PROJECT"), m_project);
        args.replaceInStrings(QStringLiteral("OUT"), link);
        const CliRun run = runCli(args);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(link) &&
                     run.err.contains(QStringLiteral("a file this command reads (same device and "
                                                     "inode)")),
                 qPrintable(run.err));
        QCOMPARE(fileBytes(m_project), before);
        QFile::remove(link);
    }

    void concurrentExportsToOneTarget_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("name");
        QTest::newRow("workbook") << "workbook"
                                  << "same.xlsx";
        QTest::newRow("deck") << "deck"
                              << "same.pptx";
    }

    /// Three runs at once to one path: each writes its own temporary (an
    /// unpredictable name, created exclusively), all succeed, the file is a
    /// whole zip afterwards and no temporary is left.
    void concurrentExportsToOneTarget()
    {
        QFETCH(QString, command);
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString target = dir.filePath(name);
        std::vector<std::unique_ptr<QProcess>> runs;
        for (int i = 0; i < 3; ++i) {
            auto process = std::make_unique<QProcess>();
            QStringList args{command, m_project, "-o", target};
            if (command == QLatin1String("deck"))
                args << "--seeds"
                     << "1";
            process->start(QStringLiteral(FLEET_CLI_PATH), args);
            runs.push_back(std::move(process));
        }
        for (auto& process : runs) {
            QVERIFY(process->waitForFinished(300000));
            QVERIFY2(process->exitStatus() == QProcess::NormalExit && process->exitCode() == 0,
                     process->readAllStandardError().constData());
        }
        const auto parts = fleet::test::unzip(target);
        QVERIFY(parts.size() > 5);
        QCOMPARE(fleet::test::malformedParts(parts), QStringList());
        QCOMPARE(filesIn(dir.path()), QStringList{name});
    }
};

FLEET_TEST_MAIN(TestCliExportWriter)
#include "test_cli_export_writer.moc"
