// Every KPI with its range in the app (issue 31, item 6): the KPI panel shows
// each KPI's P10–P90 from the Monte Carlo, which RangeService runs off the GUI
// thread and a newer edit stops; a project without ranges shows none. The
// "Set range…" dialog writes, refuses and removes a field's range.

#include "compute/range_service.h"
#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "editors/range_dialog.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include <array>
#include <memory>

using namespace fleet;
using namespace fleet::gui;

class TestGuiRanges : public QObject
{
    Q_OBJECT

private slots:
    void thePanelShowsEachKpisBand()
    {
        const Project sample = loadSampleProject().value();
        RangeOptions options;
        options.draws = 40;
        const RangeRun run = runRanges(sample, options).value();
        KpiPanel panel;
        QVERIFY(panel.rangeText(QStringLiteral("mean_monthly_cost_usd")).isEmpty());
        panel.showRanges(&run);
        const QString cost = panel.rangeText(QStringLiteral("mean_monthly_cost_usd"));
        QVERIFY2(cost.startsWith(QStringLiteral("P10–P90 $")) &&
                     cost.contains(QStringLiteral(" M – $")),
                 qPrintable(cost));
        QVERIFY2(panel.rangeText(QStringLiteral("utilization")).endsWith(QStringLiteral(" %")),
                 qPrintable(panel.rangeText(QStringLiteral("utilization"))));
        panel.showRanges(nullptr);
        QVERIFY(panel.rangeText(QStringLiteral("mean_monthly_cost_usd")).isEmpty());
    }

    void theServiceRunsOffTheGuiThreadAndANewerEditStopsIt()
    {
        auto sample = std::make_shared<const Project>(loadSampleProject().value());
        RangeService service;
        service.setDraws(30);
        service.setSettleDelayMs(10);
        QSignalSpy ready(&service, &RangeService::ready);
        service.request(sample);
        QVERIFY(service.busy());
        QVERIFY(ready.wait(60000));
        const auto run = ready.takeFirst().at(0).value<RangeRunPtr>();
        QVERIFY(run);
        QCOMPARE(run->draws, 30);
        QVERIFY(run->of(Kpi::MeanMonthlyCost)->band.has_value());
        // The same inputs again: the run shown is theirs, not run again.
        service.request(sample);
        QVERIFY(ready.wait(10000));
        QCOMPARE(ready.takeFirst().at(0).value<RangeRunPtr>(), run);
        // A project without ranges: none at once.
        Project plain = *sample;
        plain.ranges.clear();
        service.request(std::make_shared<const Project>(plain));
        QCOMPARE(ready.size(), 1);
        QVERIFY(!ready.takeFirst().at(0).value<RangeRunPtr>());
        QVERIFY(!service.latest());
    }

    /// "Set range…" (the inspector's menu on a numeric field opens this
    /// dialog): OK writes the field's range as one undo step; bounds out of
    /// order are refused in the dialog, naming the rule, and change nothing;
    /// "Remove range" takes it out again.
    void theRangeDialogSetsRefusesAndRemovesARange()
    {
        ProjectDocument doc(loadSampleProject().value());
        const std::vector<InputRange> before = doc.project().ranges;
        ProjectPage page = workloadsPage(&doc, nullptr);
        std::unique_ptr<QWidget> widget(page.widget);
        QCOMPARE(doc.project().workloads[1].id, std::string("enterprise-finetune"));
        const std::string field = "/workloads/1/gpu_hours_per_month";
        const std::string path = "/workloads/enterprise-finetune/gpu_hours_per_month";
        const FieldColumn* column = nullptr;
        for (FieldTableModel* model : page.models)
            for (int r = 0; r < model->rowCount(); ++r)
                for (int c = 0; c < model->columnCount(); ++c) {
                    const FieldColumn& candidate = model->column(c);
                    if (candidate.pointer &&
                        candidate.pointer(doc.project(), model->itemAt(r)) == field)
                        column = &candidate;
                }
        QVERIFY(column);
        const double scale = column->scale;
        const auto shown = [scale](double stored) { return QString::number(stored * scale); };

        // Typed bounds, then OK (or the dialog's refusal read, then Cancel).
        const auto answer = [&](double low, double likely, double high, QString* refusal) {
            // Whatever it finds, the answer closes the dialog: a failure must not hang.
            auto asked = fleet::gui::test::onNextModal<QDialog>([=](QDialog* dialog) {
                const std::array<std::pair<const char*, double>, 3> bounds = {
                    std::pair{"range:low", low}, {"range:likely", likely}, {"range:high", high}};
                for (const auto& [name, value] : bounds)
                    if (auto* edit = fleet::gui::test::child<QLineEdit>(dialog, name))
                        edit->setText(shown(value));
                if (auto* buttons = dialog->findChild<QDialogButtonBox*>())
                    buttons->button(QDialogButtonBox::Ok)->click();
                if (!dialog->isVisible())
                    return; // accepted
                for (QLabel* label : dialog->findChildren<QLabel*>())
                    if (refusal && label->isVisibleTo(dialog) &&
                        label->text().startsWith(QStringLiteral("Refused")))
                        *refusal = label->text();
                dialog->reject();
            });
            editFieldRange(widget.get(), &doc, *column, field);
            QVERIFY(*asked);
        };
        const auto rangeOf = [&]() -> const InputRange* {
            for (const InputRange& range : doc.project().ranges)
                if (range.path == path)
                    return &range;
            return nullptr;
        };

        QVERIFY(!rangeOf());
        answer(30000, 40000, 55000, nullptr);
        QVERIFY(rangeOf());
        QCOMPARE(rangeOf()->low, 30000.0);
        QCOMPARE(rangeOf()->likely, 40000.0);
        QCOMPARE(rangeOf()->high, 55000.0);
        QCOMPARE(doc.project().ranges.size(), before.size() + 1);
        QCOMPARE(doc.undoStack()->count(), 1);
        doc.undoStack()->undo();
        QVERIFY(!rangeOf());
        QCOMPARE(doc.project().ranges.size(), before.size());
        doc.undoStack()->redo();
        QVERIFY(rangeOf());

        QString refusal;
        answer(60000, 40000, 55000, &refusal); // low above high
        QVERIFY2(refusal.contains(QStringLiteral("low ≤ likely ≤ high")), qPrintable(refusal));
        QCOMPARE(rangeOf()->low, 30000.0);
        QCOMPARE(doc.undoStack()->count(), 1);

        auto removed = fleet::gui::test::onNextModal<QDialog>([](QDialog* dialog) {
            for (QPushButton* button : dialog->findChildren<QPushButton*>())
                if (button->text() == QStringLiteral("Remove range"))
                    button->click();
            if (dialog->isVisible()) // no such button, or the removal refused
                dialog->reject();
        });
        editFieldRange(widget.get(), &doc, *column, field);
        QVERIFY(*removed);
        QVERIFY(!rangeOf());
        QCOMPARE(doc.project().ranges.size(), before.size());
        QCOMPARE(doc.undoStack()->count(), 2);
    }
};

FLEET_TEST_MAIN(TestGuiRanges)
#include "test_gui_ranges.moc"
