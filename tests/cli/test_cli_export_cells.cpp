// Cells that cannot execute (issue 33, item 2): names a spreadsheet would
// run as formulas are text in `replay --csv` (after an apostrophe, OWASP's
// CSV-injection advice) and string cells in the workbook, never formulas.

#include "export_check.h"
#include "support/fleet_test.h"

#include <QtTest>

using fleet::test::CliRun;
using fleet::test::runCli;

namespace {

/// Names a spreadsheet would run as formulas (OWASP's CSV-injection examples).
const QStringList kFormulaNames{QStringLiteral("=HYPERLINK(\"http://x\",\"y\")"),
                                QStringLiteral("+1"), QStringLiteral("-2"),
                                QStringLiteral("@SUM(A1)"), QStringLiteral("=cmd|' /C calc'!A0")};

} // namespace

class TestCliExportCells : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    /// replay --csv: tenant names from a job log that a spreadsheet would run
    /// are written after an apostrophe; every other cell that starts like a
    /// formula is a number.
    void meteringCsvCellsCannotExecute()
    {
        QByteArray log = "JobID|Account|User|Submit|Start|End|AllocTRES|State\n";
        // The log's delimiter is '|': the names without one.
        const QStringList names{kFormulaNames[0], kFormulaNames[1], kFormulaNames[2],
                                kFormulaNames[3], QStringLiteral("=1+2")};
        for (qsizetype i = 0; i < names.size(); ++i)
            log += QStringLiteral("%1|%2|u|2026-03-01T00:00:00|2026-03-01T00:00:00|"
                                  "2026-03-01T02:00:00|gres/gpu=4,node=1|COMPLETED\n")
                       .arg(QString::number(100 + i), names[i])
                       .toUtf8();
        const QString logPath = m_dir.filePath(QStringLiteral("formulas.txt"));
        QVERIFY(fleet::test::writeTestFile(logPath, log));
        const QString csvPath = m_dir.filePath(QStringLiteral("formulas.csv"));
        const CliRun run = runCli({"replay", "--jobs", logPath, ":sample", "--csv", csvPath});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QFile file(csvPath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const std::vector<QStringList> records =
            fleet::test::csvRecords(QString::fromUtf8(file.readAll()));
        QCOMPARE(records.size(), std::size_t(1 + names.size() + 1)); // + __idle__
        QStringList written;
        for (std::size_t r = 1; r < records.size(); ++r) {
            written << records[r].value(0);
            for (const QString& cell : records[r]) {
                if (cell.isEmpty() || !QStringLiteral("=+-@\t\r").contains(cell.front()))
                    continue;
                bool number = false;
                cell.toDouble(&number);
                QVERIFY2(number, qPrintable(QStringLiteral("a cell that would execute: ") + cell));
            }
        }
        for (const QString& name : names)
            QVERIFY2(written.contains(QLatin1Char('\'') + name), qPrintable(written.join(" | ")));
    }

    /// The workbook: names a spreadsheet would run are string cells.
    void workbookNamesAreStringCells()
    {
        fleet::test::checkWorkbookText(m_dir, QStringLiteral("formulas"), kFormulaNames);
    }
};

FLEET_TEST_MAIN(TestCliExportCells)
#include "test_cli_export_cells.moc"
