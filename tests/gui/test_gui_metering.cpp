// The Metering page: a sacct log metered on the sample's fleet shows one row
// per tenant and the central line, summing to the fleet's cost (1,600
// reserved H100s × 4 h × 1.89 USD); the quota rule draws entitlement lines;
// a bad quota or a missing log is refused in words.

#include "document/project_document.h"
#include "store/project_json.h"
#include "support/fleet_test.h"
#include "views/metering_panel.h"

#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <QtTest>

using namespace fleet;
using namespace fleet::gui;

namespace {

const QString kLog = QStringLiteral(FLEET_SOURCE_DIR "/tests/data/joblogs/sacct_small.txt");

template <typename T> T* child(QWidget* parent, const char* name)
{
    auto* found = parent->findChild<T*>(QString::fromLatin1(name));
    if (!found)
        qFatal("no child %s", name);
    return found;
}

/// A table cell as a number ("3,225.60" → 3225.6).
double cell(QTableWidget* table, int row, int column)
{
    const QTableWidgetItem* item = table->item(row, column);
    return item ? QLocale().toDouble(item->text()) : 0.0;
}

} // namespace

class TestGuiMetering : public QObject
{
    Q_OBJECT

private slots:
    void tenantsAndTheCentralLineSumToTheFleetsCost()
    {
        ProjectDocument document(loadSampleProject().value());
        MeteringPanel panel(&document);
        child<QLineEdit>(&panel, "jobLog")->setText(kLog);
        child<QComboBox>(&panel, "chargeback")->setCurrentText(QStringLiteral("central"));
        QString error;
        QVERIFY2(panel.meter(&error), qPrintable(error));
        QTableWidget* table = panel.table();
        QCOMPARE(table->rowCount(), 4); // lab-a, lab-b, lab-c, held centrally
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("lab-a"));
        QCOMPARE(table->item(3, 0)->text(), QStringLiteral("(held centrally)"));
        double total = 0;
        for (int row = 0; row < table->rowCount(); ++row)
            total += cell(table, row, 5);
        const double fleet = 1600 * 4 * 1.89;
        QVERIFY2(qAbs(total - fleet) < 0.02, qPrintable(QString::number(total, 'f', 2)));
        QCOMPARE(cell(table, 0, 3), 8 * 1.89); // lab-a: 8 GPU-hours on reserved GPUs
        QCOMPARE(cell(table, 3, 4), fleet - 30 * 1.89);
        QVERIFY(child<QLabel>(&panel, "meteringStatus")
                    ->text()
                    .contains(QStringLiteral("Fleet cost $12,096 over")));
        const QChart* cost = child<QChartView>(&panel, "meteringCostChart")->chart();
        QCOMPARE(cost->series().size(), qsizetype(1)); // one stacked series: 3 tenants + central
    }

    void quotasDrawEntitlementsAndBadInputIsRefused()
    {
        ProjectDocument document(loadSampleProject().value());
        MeteringPanel panel(&document);
        child<QLineEdit>(&panel, "jobLog")->setText(kLog);
        child<QComboBox>(&panel, "chargeback")->setCurrentText(QStringLiteral("quota"));
        QString error;
        QVERIFY(!panel.meter(&error));
        QVERIFY2(error.contains(QStringLiteral("chargeback quota: give the tenants' quotas")),
                 qPrintable(error));
        child<QLineEdit>(&panel, "quotas")->setText(QStringLiteral("lab-a=x"));
        QVERIFY(!panel.meter(&error));
        QVERIFY2(error.contains(QStringLiteral("'lab-a=x' must be NAME=GPUS")), qPrintable(error));
        child<QLineEdit>(&panel, "quotas")->setText(QStringLiteral("lab-a=10, lab-b=30"));
        QVERIFY2(panel.meter(&error), qPrintable(error));
        QCOMPARE(panel.metering()->tenants.front().quotaGpus, 10.0);
        const QChart* hours = child<QChartView>(&panel, "meteringHoursChart")->chart();
        QCOMPARE(hours->series().size(), qsizetype(3)); // the bars and two entitlement lines
        // A screenshot beside the test, to be looked at.
        panel.resize(1100, 1300);
        panel.show();
        QCoreApplication::processEvents();
        QVERIFY(panel.grab().save(QStringLiteral(FLEET_BINARY_DIR "/metering_panel.png")));
        child<QLineEdit>(&panel, "jobLog")->setText(QStringLiteral("/no/such/log.txt"));
        QVERIFY(!panel.meter(&error));
        QVERIFY2(error.contains(QStringLiteral("/no/such/log.txt")), qPrintable(error));
        QVERIFY(panel.metering()); // the last good metering stays shown
    }
};

FLEET_TEST_MAIN(TestGuiMetering)
#include "test_gui_metering.moc"
