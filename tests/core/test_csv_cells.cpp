// CSV cells that cannot execute (issue 33, item 2): a text field that a
// spreadsheet would read as a formula is written with a leading apostrophe
// (OWASP's CSV-injection guidance), through both CSV writers of the core —
// the job log's metering (`replay --csv`) and the tenant totals
// (`evaluate --tenants-csv`, the app's tenant CSVs); numbers stay numbers.

#include "joblog/metering_export.h"
#include "joblog/tenant_metering.h"
#include "sample_fixture.h"
#include "store/evaluation_export.h"
#include "support/fleet_test.h"
#include "util/csv_text.h"

#include <QtTest>

using namespace fleet;

namespace {

/// The fields of one CSV line as RFC 4180 reads them (quotes undone).
QStringList csvCellsOf(const QString& line)
{
    QStringList cells{QString()};
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted && c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == c)
            cells.back() += line[i++];
        else if (c == QLatin1Char('"'))
            quoted = !quoted;
        else if (c == QLatin1Char(',') && !quoted)
            cells.push_back(QString());
        else
            cells.back() += c;
    }
    return cells;
}

/// The records of a CSV text: lines, except those inside quotes.
QStringList csvRecordsOf(const std::string& csv)
{
    QStringList records{QString()};
    bool quoted = false;
    for (QChar c : QString::fromStdString(csv)) {
        if (c == QLatin1Char('"'))
            quoted = !quoted;
        if (c == QLatin1Char('\n') && !quoted)
            records.push_back(QString());
        else
            records.back() += c;
    }
    if (records.back().isEmpty())
        records.pop_back();
    return records;
}

/// Names a spreadsheet would run, and the cell each must become.
const std::vector<std::pair<std::string, std::string>>& hostileNames()
{
    static const std::vector<std::pair<std::string, std::string>> names{
        {"=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"},
        {"=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"},
        {"+1", "'+1"},
        {"-2", "'-2"},
        {"@SUM(A1)", "'@SUM(A1)"},
        {"\tlab", "'\tlab"},
        {"\rlab", "'\rlab"},
        {"lab=1+2", "lab=1+2"}, // only the first character counts
    };
    return names;
}

} // namespace

class TestCsvCells : public QObject
{
    Q_OBJECT

private slots:
    void formulaCellsGetAnApostrophe_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::newRow("plain") << "lab-a"
                               << "lab-a";
        QTest::newRow("empty") << ""
                               << "";
        QTest::newRow("equals") << "=1+2"
                                << "'=1+2";
        QTest::newRow("hyperlink") << "=HYPERLINK(\"http://x\",\"y\")"
                                   << "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"";
        QTest::newRow("plus") << "+1"
                              << "'+1";
        QTest::newRow("minus") << "-2"
                               << "'-2";
        QTest::newRow("at") << "@SUM(A1)"
                            << "'@SUM(A1)";
        QTest::newRow("tab") << "\tx"
                             << "'\tx";
        QTest::newRow("carriage return") << "\rx"
                                         << "\"'\rx\"";
        QTest::newRow("apostrophe already") << "'=x"
                                            << "'=x";
        QTest::newRow("inner equals") << "a=b"
                                      << "a=b";
    }

    void formulaCellsGetAnApostrophe()
    {
        QFETCH(QString, text);
        QFETCH(QString, field);
        QCOMPARE(QString::fromStdString(csvField(text.toStdString())), field);
    }

    void numbersStayNumbers()
    {
        QCOMPARE(QString::fromStdString(csvNumber(-2)), QStringLiteral("-2"));
        QCOMPARE(QString::fromStdString(csvNumber(-0.5)), QStringLiteral("-0.5"));
        QCOMPARE(QString::fromStdString(csvNumber(1e21)), QStringLiteral("1e+21"));
    }

    /// replay --csv: each tenant's name is written so that it cannot execute,
    /// its numbers (a negative one included) as numbers.
    void meteringNamesCannotExecute()
    {
        joblog::Metering metering;
        for (const auto& [name, cell] : hostileNames()) {
            joblog::TenantMeter tenant;
            tenant.tenant = name;
            joblog::TenantMonth month;
            month.month = "2026-03";
            month.windowStartS = 0;
            month.windowEndS = 3600;
            month.gpuSeconds = 7200;
            month.usedCostUsd = -2; // a credit: a number, never text
            tenant.months.push_back(month);
            metering.tenants.push_back(tenant);
        }
        const QStringList records = csvRecordsOf(joblog::meteringCsv(metering));
        QCOMPARE(records.size(), qsizetype(1 + hostileNames().size()));
        for (std::size_t i = 0; i < hostileNames().size(); ++i) {
            const QStringList cells = csvCellsOf(records[qsizetype(i) + 1]);
            QCOMPARE(cells.size(), qsizetype(13));
            QCOMPARE(cells[0], QString::fromStdString(hostileNames()[i].second));
            QCOMPARE(cells[6], QStringLiteral("-2")); // gpuCost
            QCOMPARE(cells[5], QStringLiteral("2"));  // gpuHours
        }
    }

    /// evaluate --tenants-csv and the app's tenant CSVs: tenant and segment
    /// names alike.
    void tenantTotalNamesCannotExecute()
    {
        Project project = test::sample();
        project.startMonth = "2026-11";
        std::vector<TenantTotal> lines;
        for (const auto& [name, cell] : hostileNames()) {
            TenantTotal line;
            line.tenantId = name;
            line.segmentId = name;
            line.tenants = -2;
            line.rule = "count";
            line.months = {TenantMonthTotal{10, -3, 1}};
            lines.push_back(line);
        }
        const QStringList records = csvRecordsOf(tenantTotalsCsv(project, lines));
        QCOMPARE(records.size(), qsizetype(1 + hostileNames().size()));
        for (std::size_t i = 0; i < hostileNames().size(); ++i) {
            const QStringList cells = csvCellsOf(records[qsizetype(i) + 1]);
            QCOMPARE(cells.size(), qsizetype(14));
            const QString cell = QString::fromStdString(hostileNames()[i].second);
            QCOMPARE(cells[0], cell);  // name
            QCOMPARE(cells[10], cell); // segment
            QCOMPARE(cells[6], QStringLiteral("-3"));
            QCOMPARE(cells[11], QStringLiteral("-2"));
        }
    }
};

FLEET_TEST_MAIN(TestCsvCells)
#include "test_csv_cells.moc"
