// The Price books page as a PM completes a book: a price added for a GPU the
// book lacks costs the pool that uses it; a "—" cell opens the price dialog;
// every entered price cites a source and a date; a custom book; a refused
// switch leaves the combo on the book in force and changes nothing. Each
// action is one undo step.

#include "document/price_book_edit.h"
#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/new_price_book_dialog.h"
#include "editors/price_entry_dialog.h"
#include "editors/project_pages.h"
#include "engine/evaluate.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_templates.h"
#include "support/fleet_test.h"
#include "views/drivers_panel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDateEdit>
#include <QDoubleSpinBox>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include <boost/json.hpp>

#include <functional>

using namespace fleet;
using namespace fleet::gui;
using fleet::gui::test::child;
using fleet::gui::test::onNextModal;

namespace {

/// A catalog GPU that `book` has no `plan` price for ("" when it prices all).
std::string unpricedGpu(const Project& project, const PriceBook& book, Plan plan)
{
    for (const GpuModel& gpu : project.catalog().gpus)
        if (!book.usdPerGpuHour(gpu, plan))
            return gpu.id;
    return {};
}

/// "GPU/plan" as the price dialog has them chosen.
QString gpuAndPlanOf(PriceEntryDialog* dialog)
{
    return child<QComboBox>(dialog, "priceGpu")->currentData().toString() + "/" +
           child<QComboBox>(dialog, "pricePlan")->currentText();
}

} // namespace

class TestGuiPriceBooks : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    ProjectDocument* doc() const { return m_window->document(); }
    QUndoStack* undo() const { return doc()->undoStack(); }

    QWidget* page() const
    {
        for (const ProjectPage& p : m_window->pages())
            if (p.title == QStringLiteral("Price books"))
                return p.widget;
        return nullptr;
    }
    FieldTableModel* prices() const
    {
        for (const ProjectPage& p : m_window->pages())
            if (p.title == QStringLiteral("Price books"))
                return p.models.at(0);
        return nullptr;
    }
    int rowOfGpu(const std::string& gpuId) const
    {
        const auto& gpus = doc()->project().catalog().gpus;
        for (std::size_t i = 0; i < gpus.size(); ++i)
            if (gpus[i].id == gpuId)
                return int(i);
        return -1;
    }

    void open(Project project)
    {
        m_window->setProject(std::move(project));
        m_window->showPage(QStringLiteral("Price books"));
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->resize(1400, 900);
        open(loadSampleProject().value());
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        undo()->setClean();
        m_window.reset();
    }

    void aPriceAddedForAGpuTheBookLacksCostsItsPool()
    {
        NewProjectSettings settings;
        open(emptyProject(settings).value());
        // A custom empty book: the fleet is empty, so it is in force at once.
        {
            NewPriceBookDialog dialog(doc(), m_window.get());
            child<QLineEdit>(&dialog, "bookId")->setText("quotes-2027");
            child<QLineEdit>(&dialog, "bookName")->setText("Quotes 2027");
            dialog.accept();
            QVERIFY2(dialog.errorText().isEmpty(), qPrintable(dialog.errorText()));
        }
        QCOMPARE(undo()->count(), 1);
        QCOMPARE(doc()->project().activePriceBookId, std::string("quotes-2027"));
        QVERIFY(doc()->project().activePriceBook()->gpus.empty());
        const std::string gpu = doc()->project().catalog().gpus.back().id;

        // Add price… through the page's button, as a user does.
        auto* add = child<QPushButton>(page(), "addPrice");
        QVERIFY(add);
        auto shown = onNextModal<PriceEntryDialog>([gpu](PriceEntryDialog* dialog) {
            dialog->select(QStringLiteral("quotes-2027"), QString::fromStdString(gpu),
                           Plan::Reserved1y);
            child<QDoubleSpinBox>(dialog, "priceUsdPerGpuHour")->setValue(2.5);
            dialog->accept();
        });
        add->click();
        QVERIFY(*shown);
        QCOMPARE(undo()->count(), 2);
        const PriceBook* book = doc()->project().activePriceBook();
        const GpuPrices* entry = book->prices(gpu);
        QVERIFY(entry && entry->reserved1y);
        QCOMPARE(entry->reserved1y->usdPerGpuHour, 2.5);
        QCOMPARE(entry->reserved1y->source, std::string(kUserSourceId));
        QCOMPARE(entry->reserved1y->asOf, QDate::currentDate().toString(Qt::ISODate).toStdString());
        QVERIFY(doc()->project().catalog().source(kUserSourceId));
        QCOMPARE(prices()->index(rowOfGpu(gpu), 1).data(Qt::EditRole).toDouble(), 2.5);
        // The file stays valid: it reads back with the price and its source.
        auto reread = parseProject(projectToJsonText(doc()->project()), "reread");
        QVERIFY2(reread, reread ? "" : reread.error().toString().c_str());

        // A reserved pool of that GPU is committed at that price, used or
        // not (issue 15): 10 GPUs × 2.5 × 730 h a month.
        boost::json::array pools{boost::json::object{
            {"id", "new-pool"}, {"gpu", gpu}, {"count", 10}, {"plan", "reserved_1y"}}};
        QVERIFY(!doc()->edit(QStringLiteral("Add a pool"), {{"/fleet/pools", pools}}));
        const Evaluation evaluation = evaluate(doc()->project());
        QVERIFY2(std::abs(evaluation.kpis.meanMonthlyCostUsd - 10 * 2.5 * kHoursPerMonth) < 1e-6,
                 qPrintable(QString::number(evaluation.kpis.meanMonthlyCostUsd)));
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), test::kPatienceMs);
        QVERIFY(
            !m_window->kpiPanel()->valueText(QStringLiteral("mean_monthly_cost_usd")).isEmpty());

        // Each action is one step: undo the pool, the price, the book.
        undo()->undo();
        undo()->undo();
        QVERIFY(!doc()->project().activePriceBook()->prices(gpu));
        undo()->undo();
        QCOMPARE(doc()->project().activePriceBookId, settings.priceBookId);
    }

    void aDashCellOpensThePriceDialogForItsGpuAndPlan()
    {
        const PriceBook& book = *doc()->project().activePriceBook();
        const std::string gpu = unpricedGpu(doc()->project(), book, Plan::Spot);
        if (gpu.empty())
            QSKIP("the active book prices every GPU on spot");
        const QModelIndex cell = prices()->index(rowOfGpu(gpu), 3);
        QCOMPARE(cell.data(Qt::DisplayRole).toString(), QStringLiteral("—"));
        auto* view = child<QTableView>(page(), "pricesView");
        QVERIFY(view);
        auto seen = std::make_shared<QString>();
        onNextModal<PriceEntryDialog>([seen](PriceEntryDialog* dialog) {
            *seen = gpuAndPlanOf(dialog);
            child<QDoubleSpinBox>(dialog, "priceUsdPerGpuHour")->setValue(1.25);
            child<QCheckBox>(dialog, "priceHasInterruptions")->setChecked(true);
            child<QDoubleSpinBox>(dialog, "priceInterruptionsPerHour")->setValue(0.02);
            dialog->accept();
        });
        emit view->doubleClicked(cell);
        QCOMPARE(*seen, QString::fromStdString(gpu) + "/" +
                            QString::fromUtf8(planLabel(Plan::Spot).data()));
        QCOMPARE(undo()->count(), 1);
        const auto& spot = doc()->project().activePriceBook()->prices(gpu)->spot;
        QVERIFY(spot);
        QCOMPARE(spot->usdPerGpuHour, 1.25);
        QCOMPARE(spot->interruptionsPerHour.value_or(-1), 0.02);
        QCOMPARE(prices()->index(rowOfGpu(gpu), 3).data(Qt::EditRole).toDouble(), 1.25);
        undo()->undo();
        QCOMPARE(prices()->index(rowOfGpu(gpu), 3).data(Qt::DisplayRole).toString(),
                 QStringLiteral("—"));
    }

    void aDashCellOpensThePriceDialogWithEnterF2OrItsMenu()
    {
        const PriceBook& book = *doc()->project().activePriceBook();
        const std::string gpu = unpricedGpu(doc()->project(), book, Plan::Spot);
        if (gpu.empty())
            QSKIP("the active book prices every GPU on spot");
        const QModelIndex cell = prices()->index(rowOfGpu(gpu), 3);
        QCOMPARE(cell.data(Qt::ToolTipRole).toString(),
                 QStringLiteral("No price: double-click or press Enter to add one"));
        auto* view = child<QTableView>(page(), "pricesView");
        QVERIFY(view);
        view->setFocus();
        view->setCurrentIndex(cell);
        const QString expected =
            QString::fromStdString(gpu) + "/" + QString::fromUtf8(planLabel(Plan::Spot).data());
        // Enter, Return and F2 open it for the cell's GPU and plan.
        for (int key : {int(Qt::Key_Return), int(Qt::Key_Enter), int(Qt::Key_F2)}) {
            auto seen = std::make_shared<QString>();
            auto asked = onNextModal<PriceEntryDialog>([seen](PriceEntryDialog* dialog) {
                *seen = gpuAndPlanOf(dialog);
                dialog->reject();
            });
            QTest::keyClick(view, Qt::Key(key));
            QVERIFY2(*asked, qPrintable(QKeySequence(key).toString()));
            QCOMPARE(*seen, expected);
        }
        QCOMPARE(undo()->count(), 0);
        // The context menu's "Add price…", accepted: one undo step.
        emit view->customContextMenuRequested(view->visualRect(cell).center());
        auto* menu = view->findChild<QMenu*>(QStringLiteral("priceCellMenu"));
        QVERIFY(menu);
        auto* add = menu->findChild<QAction*>(QStringLiteral("addPriceForCell"));
        QVERIFY(add && add->isEnabled());
        QCOMPARE(add->text(), QStringLiteral("Add price…"));
        QVERIFY(menu->grab().toImage().save(QStringLiteral("/tmp/price_cell_menu.png")));
        auto seen = std::make_shared<QString>();
        onNextModal<PriceEntryDialog>([seen](PriceEntryDialog* dialog) {
            *seen = gpuAndPlanOf(dialog);
            child<QDoubleSpinBox>(dialog, "priceUsdPerGpuHour")->setValue(1.5);
            dialog->accept();
        });
        add->trigger();
        menu->close();
        QCOMPARE(*seen, expected);
        QCOMPARE(undo()->count(), 1);
        QCOMPARE(prices()->index(rowOfGpu(gpu), 3).data(Qt::EditRole).toDouble(), 1.5);
        // Priced now: its tooltip is the column's, Add price is off in its
        // menu, and F2 edits it in place (no dialog).
        const QModelIndex priced = prices()->index(rowOfGpu(gpu), 3);
        QVERIFY(priced.data(Qt::ToolTipRole).toString() != QStringLiteral("No price: "
                                                                          "double-click or press "
                                                                          "Enter to add one"));
        emit view->customContextMenuRequested(view->visualRect(priced).center());
        menu = view->findChild<QMenu*>(QStringLiteral("priceCellMenu"));
        QVERIFY(menu);
        QVERIFY(!menu->findChild<QAction*>(QStringLiteral("addPriceForCell"))->isEnabled());
        QVERIFY(menu->findChild<QAction*>(QStringLiteral("editPriceInCell")));
        menu->close();
        bool dialogShown = false;
        QTimer guard; // a dialog here would be a fault: closed, and noted
        guard.setInterval(20);
        connect(&guard, &QTimer::timeout, this, [&dialogShown] {
            if (auto* modal = qobject_cast<QDialog*>(QApplication::activeModalWidget())) {
                dialogShown = true;
                modal->reject();
            }
        });
        guard.start();
        view->setFocus();
        view->setCurrentIndex(priced);
        QTest::keyClick(view, Qt::Key_F2);
        QVERIFY(view->indexWidget(priced));
        QVERIFY(!dialogShown);
        guard.stop();
        undo()->undo();
        QCOMPARE(prices()->index(rowOfGpu(gpu), 3).data(Qt::DisplayRole).toString(),
                 QStringLiteral("—"));
    }

    void anOwnedPriceWithEveryFigureCited()
    {
        const Project& p = doc()->project();
        const std::string gpu = p.fleet.pools[0].gpuId;
        const std::string before = projectToJsonText(p);
        PriceEntryDialog dialog(doc(), m_window.get());
        dialog.select(QString::fromStdString(p.activePriceBookId), QString::fromStdString(gpu),
                      Plan::Owned);
        child<QDoubleSpinBox>(&dialog, "ownedCapexUsdPerGpu")->setValue(30000);
        // Every figure differs from market-2026's owned H100 (5 years): a figure
        // left as another book's keeps that book's source.
        child<QDoubleSpinBox>(&dialog, "ownedAmortizationYears")->setValue(6);
        child<QDoubleSpinBox>(&dialog, "ownedHostingUsdPerGpuMonth")->setValue(150);
        child<QDoubleSpinBox>(&dialog, "ownedPue")->setValue(1.25);
        child<QDoubleSpinBox>(&dialog, "ownedUsdPerKwh")->setValue(0.12);
        child<QComboBox>(&dialog, "priceSource")->setCurrentIndex(0); // entered by the user
        child<QDateEdit>(&dialog, "priceAsOf")->setDate(QDate(2026, 11, 2));
        // In the app's money format: "$1.69 per GPU-hour held" (was "1.693 USD").
        QVERIFY(child<QLabel>(&dialog, "pricePreview")
                    ->text()
                    .contains(
                        QRegularExpression(QStringLiteral("\\$\\d+\\.\\d\\d per GPU-hour held"))));
        dialog.accept();
        QVERIFY2(dialog.errorText().isEmpty(), qPrintable(dialog.errorText()));
        const OwnedCost now = *doc()->project().activePriceBook()->prices(gpu)->owned;
        QCOMPARE(now.capexUsdPerGpu.value, 30000.0);
        QCOMPARE(now.pue.value, 1.25);
        for (const SourcedValue* figure : {&now.capexUsdPerGpu, &now.amortizationYears,
                                           &now.hostingUsdPerGpuMonth, &now.pue, &now.usdPerKwh}) {
            QCOMPARE(figure->source, std::string(kUserSourceId));
            QCOMPARE(figure->asOf, std::string("2026-11-02"));
        }
        const GpuModel& model = *doc()->project().catalog().gpu(gpu);
        QCOMPARE(prices()->index(rowOfGpu(gpu), 4).data(Qt::EditRole).toDouble(),
                 ownedUsdPerGpuHour(now, model.tdpW.value));
        QCOMPARE(undo()->count(), 1);
        undo()->undo();
        QCOMPARE(projectToJsonText(doc()->project()), before);
    }

    void anUnchangedFigureKeepsItsSource()
    {
        const SourcedValue was{4.0, "vendor-sheet", "2025-01", ""};
        const PriceCitation user{"", "", ""};
        QCOMPARE(citedFigure(4.0, user, was).source, std::string("vendor-sheet"));
        const SourcedValue changed = citedFigure(5.0, user, was);
        QCOMPARE(changed.source, std::string(kUserSourceId));
        QCOMPARE(changed.asOf, todayIsoDate());
    }

    void aPriceEditedInPlaceCitesTheUserAndToday()
    {
        const QModelIndex cell =
            prices()->index(rowOfGpu(doc()->project().fleet.pools[0].gpuId), 0);
        QVERIFY(prices()->flags(cell) & Qt::ItemIsEditable);
        const double before = cell.data(Qt::EditRole).toDouble();
        QVERIFY(prices()->setData(cell, before + 0.5, Qt::EditRole));
        const auto& price = doc()
                                ->project()
                                .activePriceBook()
                                ->prices(doc()->project().fleet.pools[0].gpuId)
                                ->onDemand;
        QCOMPARE(price->source, std::string(kUserSourceId));
        QVERIFY(price->note.find("was") != std::string::npos);
        QCOMPARE(undo()->count(), 1);
        undo()->undo();
        QCOMPARE(prices()->index(cell.row(), 0).data(Qt::EditRole).toDouble(), before);
    }

    void aBadPriceIsRefusedWithItsFieldAndNothingChanges()
    {
        const std::string before = projectToJsonText(doc()->project());
        PriceEntryDialog dialog(doc(), m_window.get());
        // The box follows the field's range (≤ 200); its exclusive minimum is
        // left to the reader, which refuses it by name.
        QCOMPARE(child<QDoubleSpinBox>(&dialog, "priceUsdPerGpuHour")->maximum(), 200.0);
        child<QDoubleSpinBox>(&dialog, "priceUsdPerGpuHour")->setValue(0); // must be > 0
        dialog.accept();
        QVERIFY2(dialog.errorText().contains(QStringLiteral("usd_per_gpu_hour")),
                 qPrintable(dialog.errorText()));
        QCOMPARE(undo()->count(), 0);
        QCOMPARE(projectToJsonText(doc()->project()), before);

        NewPriceBookDialog book(doc(), m_window.get());
        child<QLineEdit>(&book, "bookId")->setText("Bad Id");
        book.accept();
        QVERIFY2(book.errorText().contains(QStringLiteral("id")), qPrintable(book.errorText()));
        QCOMPARE(undo()->count(), 0);
    }

    void aRefusedSwitchLeavesTheComboOnTheBookInForce()
    {
        const std::string active = doc()->project().activePriceBookId;
        {
            NewPriceBookDialog dialog(doc(), m_window.get());
            child<QLineEdit>(&dialog, "bookId")->setText("empty-book");
            child<QLineEdit>(&dialog, "bookName")->setText("Empty book");
            dialog.accept();
            QVERIFY2(dialog.errorText().isEmpty(), qPrintable(dialog.errorText()));
        }
        QCOMPARE(undo()->count(), 1);
        // It cannot price the fleet: created, not in force.
        QCOMPARE(doc()->project().activePriceBookId, active);
        auto* combo = child<QComboBox>(page(), "activePriceBook");
        const int empty = combo->findData(QStringLiteral("empty-book"));
        QVERIFY(empty >= 0);
        // Before switching, the combo says what it cannot price.
        const QString tip = combo->itemData(empty, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QString::fromStdString(doc()->project().fleet.pools[0].gpuId)),
                 qPrintable(tip));
        QVERIFY(combo->itemText(empty).contains(QStringLiteral("cannot price")));
        QVERIFY(child<QLabel>(page(), "priceBookCoverage")->text().contains("Empty book"));

        const std::string before = projectToJsonText(doc()->project());
        combo->setCurrentIndex(empty);
        QCOMPARE(combo->currentData().toString().toStdString(), active);
        QCOMPARE(doc()->project().activePriceBookId, active);
        QCOMPARE(projectToJsonText(doc()->project()), before);
        QCOMPARE(undo()->count(), 1);
        auto* refusal = child<QLabel>(page(), "priceBookRefusal");
        QVERIFY(!refusal->isHidden());
        QVERIFY2(refusal->text().contains(QStringLiteral("/fleet/pools")),
                 qPrintable(refusal->text()));

        // A switch that can price the fleet goes through, one step, and undoes.
        undo()->undo();
        QCOMPARE(combo->findData(QStringLiteral("empty-book")), -1);
    }

    void aBookCopiedFromAnotherIsInForceAtOnce()
    {
        const std::string active = doc()->project().activePriceBookId;
        NewPriceBookDialog dialog(doc(), m_window.get());
        child<QLineEdit>(&dialog, "bookId")->setText("my-copy");
        auto* from = child<QComboBox>(&dialog, "bookCopyFrom");
        from->setCurrentIndex(from->findData(QString::fromStdString(active)));
        dialog.accept();
        QVERIFY2(dialog.errorText().isEmpty(), qPrintable(dialog.errorText()));
        QCOMPARE(doc()->project().activePriceBookId, std::string("my-copy"));
        QCOMPARE(doc()->project().activePriceBook()->gpus.size(),
                 doc()->project().catalog().priceBook(active)->gpus.size());
        auto* combo = child<QComboBox>(page(), "activePriceBook");
        QCOMPARE(combo->currentData().toString(), QStringLiteral("my-copy"));
        QCOMPARE(undo()->count(), 1);
        undo()->undo();
        QCOMPARE(doc()->project().activePriceBookId, active);
    }

    void theGpuPricesSliderScalesACustomBookAndReadsBackAfterReopening()
    {
        // The what-if slider on a book of the project's own (issue 32 item 7):
        // enabled, it scales the book, and the saved project reopens at the
        // factor it was saved at, built-in book or custom.
        const std::string active = doc()->project().activePriceBookId;
        const double h100 =
            doc()->project().activePriceBook()->prices("h100-sxm-80gb")->onDemand->usdPerGpuHour;
        // A price typed by hand is no what-if: the slider stays at 1 (it
        // read "1.27 ×" once $3.79 was typed over $2.99).
        {
            auto* spin = m_window->drivers()->findChild<QDoubleSpinBox*>("gpu_prices_value");
            QVERIFY(prices()->setData(prices()->index(rowOfGpu("h100-sxm-80gb"), 0), 3.79,
                                      Qt::EditRole));
            QCOMPARE(doc()
                         ->project()
                         .activePriceBook()
                         ->prices("h100-sxm-80gb")
                         ->onDemand->usdPerGpuHour,
                     3.79);
            QCOMPARE(spin->value(), 1.0);
            undo()->undo();
        }
        for (const bool custom : {false, true}) {
            if (custom) {
                NewPriceBookDialog dialog(doc(), m_window.get());
                child<QLineEdit>(&dialog, "bookId")->setText("my-copy");
                auto* from = child<QComboBox>(&dialog, "bookCopyFrom");
                from->setCurrentIndex(from->findData(QString::fromStdString(active)));
                dialog.accept();
                QCOMPARE(doc()->project().activePriceBookId, std::string("my-copy"));
            }
            auto* spin = m_window->drivers()->findChild<QDoubleSpinBox*>("gpu_prices_value");
            QVERIFY(spin);
            QVERIFY2(spin->isEnabled(), custom ? "custom book" : "built-in book");
            QCOMPARE(spin->value(), 1.0);
            spin->setValue(0.8);
            QCOMPARE(doc()
                         ->project()
                         .activePriceBook()
                         ->prices("h100-sxm-80gb")
                         ->onDemand->usdPerGpuHour,
                     h100 * 0.8);
            spin->setValue(1.2); // from 0.8, not compounded
            QVERIFY(doc()->project().activePriceBook()->description.find("× 1.20") !=
                    std::string::npos);
            QVERIFY(std::abs(doc()
                                 ->project()
                                 .activePriceBook()
                                 ->prices("h100-sxm-80gb")
                                 ->onDemand->usdPerGpuHour -
                             h100 * 1.2) < 1e-9);
            QTemporaryDir dir;
            const QString path = dir.filePath(QStringLiteral("scaled.fleetplan"));
            QVERIFY(!doc()->saveAs(path));
            QVERIFY(m_window->openFile(path));
            spin = m_window->drivers()->findChild<QDoubleSpinBox*>("gpu_prices_value");
            QVERIFY(spin->isEnabled());
            QCOMPARE(spin->value(), 1.2);
            QCOMPARE(m_window->drivers()->slider(QStringLiteral("gpu_prices"))->value(),
                     70);        // (1.2 − 0.5) ÷ 0.01
            spin->setValue(1.0); // back to the book's own prices
            QVERIFY(std::abs(doc()
                                 ->project()
                                 .activePriceBook()
                                 ->prices("h100-sxm-80gb")
                                 ->onDemand->usdPerGpuHour -
                             h100) < 1e-9);
            undo()->setClean();
        }
    }

    /// Triggers the "Remove book" menu's entry for book `id`.
    void removeBookFromMenu(const std::string& id)
    {
        auto* menu = child<QMenu>(page(), "removePriceBookMenu");
        QVERIFY(menu);
        QMetaObject::invokeMethod(menu, "aboutToShow");
        for (QAction* action : menu->actions())
            if (action->data().toString() == QString::fromStdString(id)) {
                action->trigger();
                return;
            }
        QFAIL(qPrintable(QStringLiteral("no menu entry for ") + QString::fromStdString(id)));
    }

    void aCustomBookIsDeletedAndAChangedBookReverted()
    {
        const std::string active = doc()->project().activePriceBookId;
        const std::string before = projectToJsonText(doc()->project());
        NewPriceBookDialog dialog(doc(), m_window.get());
        child<QLineEdit>(&dialog, "bookId")->setText("my-copy");
        auto* from = child<QComboBox>(&dialog, "bookCopyFrom");
        from->setCurrentIndex(from->findData(QString::fromStdString(active)));
        dialog.accept();
        QCOMPARE(doc()->project().activePriceBookId, std::string("my-copy"));
        // In force: refused, saying what to do, and nothing changes.
        const int steps = undo()->count();
        removeBookFromMenu("my-copy");
        QCOMPARE(undo()->count(), steps);
        auto* refusal = child<QLabel>(page(), "priceBookRefusal");
        QVERIFY2(!refusal->isHidden() && refusal->text().contains(QStringLiteral("switch to "
                                                                                 "another book")),
                 qPrintable(refusal->text()));
        // Not in force: deleted, one step.
        auto* combo = child<QComboBox>(page(), "activePriceBook");
        combo->setCurrentIndex(combo->findData(QString::fromStdString(active)));
        QCOMPARE(doc()->project().activePriceBookId, active);
        removeBookFromMenu("my-copy");
        QCOMPARE(undo()->count(), steps + 2);
        QVERIFY(!doc()->project().catalog().priceBook("my-copy"));
        QCOMPARE(combo->findData(QStringLiteral("my-copy")), -1);
        QVERIFY(refusal->isHidden());

        // A price changed in the built-in book in force makes a project copy;
        // reverting gives the published price back, one step.
        const std::string gpu = doc()->project().fleet.pools[0].gpuId;
        const Plan plan = doc()->project().fleet.pools[0].plan;
        const double published = *doc()->project().activePriceBook()->usdPerGpuHour(
            *doc()->project().catalog().gpu(gpu), plan);
        HourlyPrice changed;
        changed.usdPerGpuHour = published * 2;
        auto edits = setPriceEdits(doc()->project(), active, gpu, plan, changed, std::nullopt,
                                   PriceCitation{});
        QVERIFY(edits);
        QVERIFY(!doc()->edit(QStringLiteral("Double a price"), edits.value()));
        QCOMPARE(*doc()->project().activePriceBook()->usdPerGpuHour(
                     *doc()->project().catalog().gpu(gpu), plan),
                 published * 2);
        removeBookFromMenu(active);
        QVERIFY2(refusal->isHidden(), qPrintable(refusal->text()));
        QCOMPARE(*doc()->project().activePriceBook()->usdPerGpuHour(
                     *doc()->project().catalog().gpu(gpu), plan),
                 published);
        // Undo, step by step, back to the project as opened.
        while (undo()->canUndo())
            undo()->undo();
        QCOMPARE(projectToJsonText(doc()->project()), before);
    }

    void removingAPriceAPoolNeedsIsRefusedAnUnusedOneGoes()
    {
        auto* view = child<QTableView>(page(), "pricesView");
        auto* remove = child<QPushButton>(page(), "removePrice");
        QVERIFY(view && remove);
        const FleetPool pool = doc()->project().fleet.pools[0];
        const int planColumn = pool.plan == Plan::OnDemand     ? 0
                               : pool.plan == Plan::Reserved1y ? 1
                               : pool.plan == Plan::Reserved3y ? 2
                               : pool.plan == Plan::Spot       ? 3
                                                               : 4;
        const std::string before = projectToJsonText(doc()->project());
        view->setCurrentIndex(prices()->index(rowOfGpu(pool.gpuId), planColumn));
        remove->click();
        QCOMPARE(projectToJsonText(doc()->project()), before);
        QCOMPARE(undo()->count(), 0);
        auto* refusal = child<QLabel>(page(), "priceBookRefusal");
        QVERIFY2(!refusal->isHidden() && refusal->text().contains(QStringLiteral("/fleet/pools")),
                 qPrintable(refusal->text()));

        // A price no pool uses: removed, one step, and undone.
        QModelIndex unused;
        for (int row = 0; row < prices()->rowCount() && !unused.isValid(); ++row)
            for (int column = 0; column < 4 && !unused.isValid(); ++column) {
                const QModelIndex at = prices()->index(row, column);
                const std::string gpu = doc()->project().catalog().gpus[std::size_t(row)].id;
                bool used = false;
                for (const FleetPool& p : doc()->project().fleet.pools)
                    used = used || p.gpuId == gpu;
                if (!used && at.data(Qt::DisplayRole).toString() != QStringLiteral("—"))
                    unused = at;
            }
        if (!unused.isValid())
            QSKIP("the book in force prices only the fleet's GPUs");
        view->setCurrentIndex(unused);
        remove->click();
        QCOMPARE(undo()->count(), 1);
        QCOMPARE(prices()->index(unused.row(), unused.column()).data().toString(),
                 QStringLiteral("—"));
        undo()->undo();
        QCOMPARE(projectToJsonText(doc()->project()), before);
    }

    void screenshots()
    {
        PriceEntryDialog dialog(doc(), m_window.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/gui_price_entry_dialog.png")));
        dialog.select(QString::fromStdString(doc()->project().activePriceBookId),
                      QString::fromStdString(doc()->project().catalog().gpus[0].id), Plan::Owned);
        QVERIFY(dialog.grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/gui_price_entry_owned.png")));
        dialog.close();
        QCoreApplication::processEvents();
        QVERIFY(m_window->grab().toImage().save(
            QStringLiteral(FLEET_BINARY_DIR "/gui_price_books_page.png")));
    }
};

FLEET_TEST_MAIN(TestGuiPriceBooks)
#include "test_gui_price_books.moc"
