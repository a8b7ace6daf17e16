// Help ▸ Calibration: the read-only table of the engine beside every public
// measurement — one row per reference, the same figures as
// `fleetplanner-cli calibrate`, nothing editable; a screenshot to look at.

#include "calibration/calibration.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/catalog_loader.h"
#include "support/fleet_test.h"
#include "support/own_references.h"
#include "views/calibration_view.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace fleet;
using fleet::gui::CalibrationView;
using fleet::gui::MainWindow;

class TestGuiCalibration : public QObject
{
    Q_OBJECT

private slots:
    void showsEveryReferenceReadOnly()
    {
        CalibrationView view;
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const ReferenceSet set = builtinReferences().value();
        const std::vector<CalibrationRow> rows = calibrate(set, loadBuiltinCatalog().value());
        QTableWidget* table = view.table();
        QCOMPARE(table->rowCount(), int(set.references.size()));
        for (int i = 0; i < table->rowCount(); ++i) {
            const CalibrationRow& row = rows[std::size_t(i)];
            QCOMPARE(table->item(i, 0)->text(), row.use == ReferenceUse::HeldOut
                                                    ? QStringLiteral("held out")
                                                    : QStringLiteral("fit"));
            QCOMPARE(table->item(i, 2)->text(), QString::fromStdString(row.id));
            QCOMPARE(table->item(i, 5)->text(), QString::number(row.ratio, 'f', 2));
            QVERIFY(!(table->item(i, 3)->flags() & Qt::ItemIsEditable));
            QVERIFY(!table->item(i, 2)->toolTip().isEmpty()); // the source
        }
        const QLabel* summary = view.findChild<QLabel*>(QStringLiteral("calibrationSummary"));
        QVERIFY(summary);
        QVERIFY2(
            summary->text().contains(QStringLiteral("%1 public measurements").arg(rows.size())),
            qPrintable(summary->text()));
        // Each set's error apart, as `calibrate` prints it.
        const CalibrationSummary held = summarizeCalibration(rows, ReferenceUse::HeldOut);
        QVERIFY(held.count > 0);
        QVERIFY2(summary->text().contains(
                     QStringLiteral("Held out (never used to choose a factor): %1 references, "
                                    "median error %2 %")
                         .arg(held.count)
                         .arg(held.medianAbsError * 100, 0, 'f', 1)),
                 qPrintable(summary->text()));
        QVERIFY(view.grab().toImage().save(QStringLiteral(FLEET_BINARY_DIR "/calibration.png")));
    }

    // The filters show one set, or only the misses, and say how many rows show.
    void theFiltersShowASetOrItsMisses()
    {
        CalibrationView view;
        const std::vector<CalibrationRow> rows =
            calibrate(builtinReferences().value(), loadBuiltinCatalog().value());
        const auto visible = [&] {
            std::vector<int> shown;
            for (int i = 0; i < view.table()->rowCount(); ++i)
                if (!view.table()->isRowHidden(i))
                    shown.push_back(i);
            return shown;
        };
        QCOMPARE(int(visible().size()), int(rows.size()));
        view.setFilter()->setCurrentIndex(2); // held out
        view.outsideOnly()->setChecked(true);
        const std::vector<int> misses = visible();
        const CalibrationSummary held = summarizeCalibration(rows, ReferenceUse::HeldOut);
        QCOMPARE(int(misses.size()), held.outsideTolerance);
        for (int i : misses) {
            QCOMPARE(rows[std::size_t(i)].use, ReferenceUse::HeldOut);
            QVERIFY(!rows[std::size_t(i)].within);
        }
        const QLabel* shown = view.findChild<QLabel*>(QStringLiteral("calibrationShown"));
        QVERIFY(shown);
        QCOMPARE(shown->text(),
                 QStringLiteral("%1 of %2 shown").arg(misses.size()).arg(rows.size()));
        view.setFilter()->setCurrentIndex(1); // fit: none outside (a fit reproduces its inputs)
        QCOMPARE(int(visible().size()), 0);
        view.outsideOnly()->setChecked(false);
        QCOMPARE(int(visible().size()), int(rows.size()) - held.count);
        view.show();
        view.setFilter()->setCurrentIndex(2);
        view.outsideOnly()->setChecked(true);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/calibration-held-out-misses.png")));
    }

    // "Check your own measurements…": a user's file shown in the same table
    // (as calibrate --references shows it); a file that would pass for a fit
    // is refused naming the field, and the table keeps what it showed.
    void showsMeasurementsOfYourOwnAndGoesBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ours.json"));
        QVERIFY(fleet::test_support::writeOwnReferences(path));
        CalibrationView view;
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const int publicRows = view.table()->rowCount();
        auto* back = view.findChild<QPushButton*>(QStringLiteral("calibrationPublic"));
        QVERIFY(back && back->isHidden());
        QVERIFY(view.showOwnReferences(path));
        // Checked on a worker thread: the dialog answers meanwhile.
        QTRY_VERIFY_WITH_TIMEOUT(!view.checking(), gui::test::kPatienceMs);
        QCOMPARE(view.table()->rowCount(), 2);
        QCOMPARE(view.table()->item(0, 2)->text(), QStringLiteral("ours-70b"));
        QCOMPARE(view.table()->item(0, 0)->text(), QStringLiteral("held out"));
        QCOMPARE(view.table()->item(1, 3)->text(), QStringLiteral("—"));
        QVERIFY2(view.table()->item(1, 3)->toolTip().contains(QStringLiteral("no-such-model")),
                 qPrintable(view.table()->item(1, 3)->toolTip()));
        const QLabel* summary = view.findChild<QLabel*>(QStringLiteral("calibrationSummary"));
        QVERIFY2(summary->text().contains(
                     QStringLiteral("The engine on your 2 measurements of ours.json")),
                 qPrintable(summary->text()));
        QVERIFY2(summary->text().contains(
                     QStringLiteral("fleetplanner-cli calibrate --references \"%1\"").arg(path)),
                 qPrintable(summary->text()));
        QVERIFY(!back->isHidden());
        QVERIFY(
            view.grab().toImage().save(QStringLiteral(FLEET_BINARY_DIR "/calibration-own.png")));

        QVERIFY(fleet::test_support::writeOwnReferences(path, true));
        QVERIFY(!view.showOwnReferences(path));
        const QLabel* error = view.findChild<QLabel*>(QStringLiteral("calibrationError"));
        QVERIFY(error && !error->isHidden());
        QVERIFY2(error->text().contains(QStringLiteral("/references/0/set: must be held_out")),
                 qPrintable(error->text()));
        QCOMPARE(view.table()->rowCount(), 2); // unchanged
        back->click();
        QCOMPARE(view.table()->rowCount(), publicRows);
        QVERIFY(error->isHidden() && back->isHidden());
    }

    void theHelpMenuOpensIt()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAction* action = nullptr;
        for (QAction* menu : window.menuBar()->actions())
            if (menu->menu())
                for (QAction* a : menu->menu()->actions())
                    if (a->text().contains(QStringLiteral("Calibration")))
                        action = a;
        QVERIFY(action);
        action->trigger();
        CalibrationView* view = window.findChild<CalibrationView*>();
        QVERIFY(view);
        QVERIFY(view->table()->rowCount() > 100);
        view->close();
    }
};

FLEET_TEST_MAIN(TestGuiCalibration)
#include "test_gui_calibration.moc"
