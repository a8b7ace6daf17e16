// The workload inspector and the compact lists (issue 32, item 3): selecting
// a row shows all of its fields as a form; numbers are typed in the unit
// shown ("13" in Total params (B) stores 13 × 10⁹, the bug this issue
// reported), "1.2T" tokens and "2 weeks" of run length are read; a unit of
// another kind is refused with the reason and nothing is stored; the name
// filter narrows the lists; at 1366×768 a list shows 20 rows or more.

#include "compute/recompute_service.h"
#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/pickers.h"
#include "editors/project_pages.h"
#include "editors/record_inspector.h"
#include "gui_test_support.h"
#include "kpi_panel.h"
#include "main_window.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"
#include "support/scaled_sample.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace fleet;
using namespace fleet::gui;
using fleet::gui::test::child;

class TestGuiInspector : public QObject
{
    Q_OBJECT

    std::unique_ptr<ProjectDocument> m_doc;
    ProjectPage m_page;
    std::unique_ptr<QWidget> m_widget;

    QTableView* list(const QString& title) const { return m_widget->findChild<QTableView*>(title); }
    RecordInspector* inspector() const
    {
        return m_widget->findChild<RecordInspector*>(QStringLiteral("inspector"));
    }
    /// Selects row `row` of the list `title` (its tab shown first).
    void select(const QString& title, int row)
    {
        auto* tabs = child<QTabWidget>(m_widget.get(), "workloadKinds");
        QTableView* view = list(title);
        for (int t = 0; t < tabs->count(); ++t)
            if (tabs->widget(t)->isAncestorOf(view))
                tabs->setCurrentIndex(t);
        view->setCurrentIndex(view->model()->index(row, 1));
    }
    /// Types `text` into the inspector's field `header` and presses Return.
    static void type(RecordInspector* inspector, const QString& header, const QString& text)
    {
        auto* edit = qobject_cast<QLineEdit*>(inspector->editorOf(header));
        QVERIFY2(edit, qPrintable(header));
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    }
    const Workload& workload(const std::string& id) const
    {
        for (const Workload& w : m_doc->project().workloads)
            if (w.id == id)
                return w;
        throw std::logic_error("no workload " + id);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_doc = std::make_unique<ProjectDocument>(loadSampleProject().value());
        m_page = workloadsPage(m_doc.get(), nullptr);
        m_widget.reset(m_page.widget);
        m_widget->resize(1100, 700);
        m_widget->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_widget.get()));
    }

    void selectingARowShowsAllItsFields()
    {
        select(QStringLiteral("Inference"), 0);
        RecordInspector* form = inspector();
        QVERIFY(form);
        QCOMPARE(form->row(), 0);
        FieldTableModel* model = form->model();
        QCOMPARE(model, m_page.models.at(1));
        // Every field of the row has an editor, with the field's help as its tooltip.
        for (int c = 0; c < model->columnCount(); ++c) {
            QWidget* editor = form->editorOf(model->column(c).header);
            QVERIFY2(editor, qPrintable(model->column(c).header));
            QVERIFY(editor->isVisible());
            QVERIFY(editor->toolTip().startsWith(model->column(c).tooltip));
        }
        auto* params = qobject_cast<QLineEdit*>(form->editorOf(QStringLiteral("Params")));
        QCOMPARE(params->text(), QStringLiteral("70")); // 70B, in the unit shown
        QVERIFY(params->toolTip().contains(QStringLiteral("Typed in B")));
        auto* precision = qobject_cast<QComboBox*>(form->editorOf(QStringLiteral("Precision")));
        QVERIFY(precision);
        QCOMPARE(precision->currentData().toString(), QStringLiteral("fp8"));
        // Grouped as the field table groups them.
        for (const char* group :
             {"group:Workload", "group:Model", "group:Traffic", "group:Latency targets"})
            QVERIFY2(form->findChild<QWidget*>(QString::fromLatin1(group)), group);
        QVERIFY(form->findChild<QLabel*>(QStringLiteral("inspectorTitle"))
                    ->text()
                    .contains(QStringLiteral("70B chat assistant")));
        // Another row, another workload.
        select(QStringLiteral("Inference"), 1);
        QCOMPARE(qobject_cast<QLineEdit*>(form->editorOf(QStringLiteral("Params")))->text(),
                 QStringLiteral("8"));
        // A stored figure of many digits reads in six (a generated project's
        // 0.0211678410556827 T of tokens was cut in the field); untouched,
        // it is kept whole.
        const int steps = m_doc->undoStack()->count();
        QVERIFY(!m_doc->edit(QStringLiteral("many digits"),
                             {{"/workloads/4/params", boost::json::value(8.03123456789e9)}}));
        auto* manyDigits = qobject_cast<QLineEdit*>(form->editorOf(QStringLiteral("Params")));
        QTRY_COMPARE(manyDigits->text(), QStringLiteral("8.03123"));
        emit manyDigits->editingFinished();
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        QCOMPARE(std::get<InferenceSpec>(m_doc->project().workloads[4].spec).params,
                 8.03123456789e9);
        m_doc->undoStack()->undo();
        m_doc->undoStack()->clear(); // the next cases count their own steps
    }

    void aBareNumberIsInBillions()
    {
        select(QStringLiteral("Inference"), 0);
        const int steps = m_doc->undoStack()->count();
        // Total params of a mixture of experts are at least its 70B active ones.
        type(inspector(), QStringLiteral("Total params"), QStringLiteral("130"));
        QVERIFY2(std::get<InferenceSpec>(workload("chat-70b").spec).totalParams == 130e9,
                 qPrintable(inspector()->refusal()));
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        QCOMPARE(
            qobject_cast<QLineEdit*>(inspector()->editorOf(QStringLiteral("Total params")))->text(),
            QStringLiteral("130"));
        QVERIFY(inspector()->refusal().isEmpty());
        // "405B" is 405 × 10⁹ too; undo takes each step back.
        type(inspector(), QStringLiteral("Total params"), QStringLiteral("405B"));
        QCOMPARE(std::get<InferenceSpec>(workload("chat-70b").spec).totalParams, 405e9);
        m_doc->undoStack()->undo();
        m_doc->undoStack()->undo();
        QCOMPARE(std::get<InferenceSpec>(workload("chat-70b").spec).totalParams, 0.0);
    }

    void theListsEditorReadsTheUnitShownToo()
    {
        // The same rule in the list's cell editor (UnitDelegate).
        select(QStringLiteral("Training"), 0);
        QTableView* view = list(QStringLiteral("Training"));
        auto* model = qobject_cast<FieldTableModel*>(view->model());
        const QModelIndex cell =
            model->index(0, fleet::gui::test::columnOf(model, QStringLiteral("Params")));
        QVERIFY(!view->isColumnHidden(cell.column()));
        view->setCurrentIndex(cell);
        view->edit(cell);
        QWidget* editor = view->indexWidget(cell);
        QVERIFY(editor);
        auto* edit = editor->findChild<QLineEdit*>(QStringLiteral("value"));
        QVERIFY(edit);
        QCOMPARE(edit->text(), QStringLiteral("70"));
        edit->setText(QStringLiteral("13"));
        emit view->itemDelegate()->commitData(editor);
        emit view->itemDelegate()->closeEditor(editor);
        QCoreApplication::processEvents();
        QVERIFY2(std::get<TrainingSpec>(workload("pretrain-70b").spec).activeParams == 13e9,
                 qPrintable(model->lastRefusal()));
        QCOMPARE(model->data(cell, Qt::DisplayRole).toString(), QStringLiteral("13.0 B"));
        m_doc->undoStack()->undo();
        QCOMPARE(std::get<TrainingSpec>(workload("pretrain-70b").spec).activeParams, 70e9);
    }

    void tokensInTrillions()
    {
        select(QStringLiteral("Training"), 0);
        type(inspector(), QStringLiteral("Tokens per run"), QStringLiteral("1.2T"));
        QCOMPARE(std::get<TrainingSpec>(workload("pretrain-70b").spec).tokensPerRun, 1.2e12);
        type(inspector(), QStringLiteral("Tokens per run"), QStringLiteral("15"));
        QCOMPARE(std::get<TrainingSpec>(workload("pretrain-70b").spec).tokensPerRun, 15e12);
        m_doc->undoStack()->undo();
        m_doc->undoStack()->undo();
    }

    void aUnitOfAnotherKindIsRefusedAndNothingStored()
    {
        select(QStringLiteral("Training"), 0);
        const int steps = m_doc->undoStack()->count();
        const int gpus = std::get<TrainingSpec>(workload("pretrain-70b").spec).gpusPerJob;
        type(inspector(), QStringLiteral("GPUs per job"), QStringLiteral("13 weeks"));
        QCOMPARE(std::get<TrainingSpec>(workload("pretrain-70b").spec).gpusPerJob, gpus);
        QCOMPARE(m_doc->undoStack()->count(), steps);
        QCOMPARE(inspector()->refusal(),
                 QStringLiteral("Refused: GPUs per job: 'weeks' is a duration, this field counts "
                                "GPUs"));
        auto* message = inspector()->findChild<QLabel*>(QStringLiteral("inspectorRefusal"));
        QVERIFY(message->isVisible());
        // What was typed stays, to be corrected; the list's model said why too.
        auto* edit =
            qobject_cast<QLineEdit*>(inspector()->editorOf(QStringLiteral("GPUs per job")));
        QCOMPARE(edit->text(), QStringLiteral("13 weeks"));
        QVERIFY(inspector()->model()->lastRefusal().contains(QStringLiteral("'weeks'")));
        // A value the reader refuses (out of range) is refused the same way.
        type(inspector(), QStringLiteral("MFU"), QStringLiteral("140"));
        QVERIFY2(inspector()->refusal().contains(QStringLiteral("efficiency")),
                 qPrintable(inspector()->refusal()));
        QCOMPARE(std::get<TrainingSpec>(workload("pretrain-70b").spec).efficiency, 0.4);
        QCOMPARE(m_doc->undoStack()->count(), steps);
        // A good value clears the message.
        type(inspector(), QStringLiteral("GPUs per job"), QStringLiteral("512 GPUs"));
        QCOMPARE(std::get<TrainingSpec>(workload("pretrain-70b").spec).gpusPerJob, 512);
        QVERIFY(inspector()->refusal().isEmpty());
        QVERIFY(!message->isVisible());
        m_doc->undoStack()->undo();
    }

    void runLengthInWeeks()
    {
        // A run stated by its length: "2 weeks" in a field of days is 14.
        Project project = loadSampleProject().value();
        auto& spec = std::get<TrainingSpec>(project.workloads[0].spec);
        spec.tokensPerRun = 0;
        spec.runDays = 10.0;
        ProjectDocument doc(std::move(project));
        ProjectPage page = workloadsPage(&doc, nullptr);
        std::unique_ptr<QWidget> widget(page.widget);
        auto* view = widget->findChild<QTableView*>(QStringLiteral("Training"));
        view->setCurrentIndex(view->model()->index(0, 1));
        auto* form = widget->findChild<RecordInspector*>(QStringLiteral("inspector"));
        QCOMPARE(qobject_cast<QLineEdit*>(form->editorOf(QStringLiteral("Run length")))->text(),
                 QStringLiteral("10"));
        auto* edit = qobject_cast<QLineEdit*>(form->editorOf(QStringLiteral("Run length")));
        edit->setText(QStringLiteral("2 weeks"));
        edit->setModified(true);
        emit edit->editingFinished();
        QCOMPARE(std::get<TrainingSpec>(doc.project().workloads[0].spec).runDays.value_or(0), 14.0);
        QCOMPARE(edit->text(), QStringLiteral("14"));
    }

    void anOptionalFieldEmptiedIsUnset()
    {
        // "Checkpoint interval" is optional (unset: Young's optimum): typed,
        // it is set; emptied, it is unset again, in the file too, and one
        // undo brings the value back.
        select(QStringLiteral("Training"), 0);
        const std::string id = m_doc->project().workloads[0].id;
        QVERIFY(!std::get<TrainingSpec>(workload(id).spec).checkpointIntervalMin);
        const std::string before = projectToJsonText(m_doc->project());
        type(inspector(), QStringLiteral("Checkpoint interval"), QStringLiteral("30"));
        QCOMPARE(std::get<TrainingSpec>(workload(id).spec).checkpointIntervalMin.value_or(0), 30.0);
        auto* edit =
            qobject_cast<QLineEdit*>(inspector()->editorOf(QStringLiteral("Checkpoint interval")));
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Delete);
        QTest::keyClick(edit, Qt::Key_Return);
        QVERIFY2(inspector()->refusal().isEmpty(), qPrintable(inspector()->refusal()));
        QVERIFY(!std::get<TrainingSpec>(workload(id).spec).checkpointIntervalMin);
        QVERIFY(projectToJsonText(m_doc->project()) == before);
        m_doc->undoStack()->undo();
        QCOMPARE(std::get<TrainingSpec>(workload(id).spec).checkpointIntervalMin.value_or(0), 30.0);
        m_doc->undoStack()->undo();
        QVERIFY(!std::get<TrainingSpec>(workload(id).spec).checkpointIntervalMin);
    }

    void theFilterNarrowsTheLists()
    {
        auto* filter = child<QLineEdit>(m_widget.get(), "workloadFilter");
        auto* tabs = child<QTabWidget>(m_widget.get(), "workloadKinds");
        QTableView* inference = list(QStringLiteral("Inference"));
        const auto shownRows = [](QTableView* view) {
            int shown = 0;
            for (int r = 0; r < view->model()->rowCount(); ++r)
                shown += view->isRowHidden(r) ? 0 : 1;
            return shown;
        };
        QCOMPARE(shownRows(inference), 4);
        QCOMPARE(tabs->tabText(1), QStringLiteral("Inference · 4"));
        inference->setCurrentIndex(inference->model()->index(0, 1)); // chat-70b: no "8b"
        filter->setText(QStringLiteral("8b"));
        QCOMPARE(shownRows(inference), 2); // claims triage (8B), support chat (8B)
        QCOMPARE(tabs->tabText(1), QStringLiteral("Inference · 2 of 4"));
        // The kinds are chosen in a box beside the filter (four tabs scrolled
        // at 1366×768), its entries the tabs' titles.
        auto* kinds = child<QComboBox>(m_widget.get(), "workloadKindChoice");
        QCOMPARE(kinds->itemText(1), QStringLiteral("Inference · 2 of 4"));
        QVERIFY(tabs->tabBar()->isHidden());
        // The inspector shows a workload the list shows: the one selected
        // was filtered out, the first match is selected.
        QCOMPARE(inference->currentIndex().row(), 1);
        QCOMPARE(shownRows(list(QStringLiteral("Training"))), 0);
        filter->setText(QStringLiteral("CHAT"));
        QCOMPARE(shownRows(inference), 2); // 70B chat assistant, customer support chat
        filter->clear();
        QCOMPARE(shownRows(inference), 4);
    }

    /// At 1366×768 the Workloads page of a 1,000-workload project shows 20
    /// rows or more of a list, and the inspector beside it; no label is cut.
    /// With the KPIs in: their panel then holds this project's two long
    /// warnings (a fleet too small for 1,000 workloads), one line each.
    void aLaptopScreenShowsTwentyRows()
    {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        window.setProject(test_support::scaledSample(1000));
        window.showPage(QStringLiteral("Workloads"));
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
        QTableView* view = nullptr;
        RecordInspector* form = nullptr;
        for (const ProjectPage& page : window.pages())
            if (page.title == QStringLiteral("Workloads")) {
                view = page.widget->findChild<QTableView*>(QStringLiteral("Inference"));
                form = page.widget->findChild<RecordInspector*>(QStringLiteral("inspector"));
                auto* tabs = page.widget->findChild<QTabWidget*>(QStringLiteral("workloadKinds"));
                tabs->setCurrentIndex(1);
            }
        QVERIFY(view && form);
        view->setCurrentIndex(view->model()->index(0, 1));
        QCoreApplication::processEvents();
        // The KPIs in (the panel above takes its height then), as a user sees it.
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate() &&
                                     !window.kpiPanel()->optimizerText().isEmpty(),
                                 fleet::gui::test::kPatienceMs);
        QCoreApplication::processEvents();
        const int rowHeight = view->verticalHeader()->defaultSectionSize();
        const int rowsShown = view->viewport()->height() / rowHeight;
        qInfo("1366×768: %d rows of %d px shown; list %d px wide, inspector %d px", rowsShown,
              rowHeight, view->width(), form->width());
        QVERIFY2(rowsShown >= 20, qPrintable(QString::number(rowsShown)));
        // No name or figure cut ("70B pre-train…", "$21,14" at 1366×768), no
        // scrolling sideways: the columns that do not fit leave the list.
        QVERIFY(!view->horizontalScrollBar()->isVisible());
        for (int c = 0; c < view->model()->columnCount(); ++c) {
            if (view->isColumnHidden(c))
                continue;
            int need = view->horizontalHeader()->sectionSizeHint(c);
            for (int r = view->rowAt(0); r >= 0 && r <= view->rowAt(view->viewport()->height() - 1);
                 ++r)
                need = std::max(need, view->fontMetrics().horizontalAdvance(
                                          view->model()->index(r, c).data().toString()) +
                                          6);
            QVERIFY2(view->columnWidth(c) >= need,
                     qPrintable(QStringLiteral("column %1: %2 < %3")
                                    .arg(view->model()->headerData(c, Qt::Horizontal).toString())
                                    .arg(view->columnWidth(c))
                                    .arg(need)));
        }
        // The page fits its pane: no scrolling sideways to reach the inspector.
        QWidget* page = view->window()->findChild<QWidget*>(QStringLiteral("workloadSplitter"));
        QVERIFY(page->parentWidget()->minimumSizeHint().width() <=
                page->parentWidget()->parentWidget()->width());
        QVERIFY(form->isVisible());
        QVERIFY(form->editorOf(QStringLiteral("Params"))->isVisible());
        // Every label of the form reads whole.
        for (QLabel* label : form->findChildren<QLabel*>())
            if (label->isVisible() && !label->wordWrap())
                QVERIFY2(label->width() >= label->sizeHint().width(),
                         qPrintable(label->text() + QStringLiteral(": %1 < %2")
                                                        .arg(label->width())
                                                        .arg(label->sizeHint().width())));
        // A picker's box shows the form of its choice that fits ("Enterprise"),
        // the list it drops every whole label ("Enterprise (enterprise)").
        auto* segment = qobject_cast<QComboBox*>(form->editorOf(QStringLiteral("Segment")));
        QVERIFY(segment);
        int widest = 0;
        for (const FieldChoice& choice : segmentChoices(window.document()->project()))
            widest =
                std::max(widest, segment->view()->fontMetrics().horizontalAdvance(choice.label));
        QVERIFY(segment->fontMetrics().horizontalAdvance(segment->currentText()) < widest);
        segment->showPopup();
        QTRY_VERIFY(segment->view()->isVisible());
        QVERIFY2(
            segment->view()->viewport()->width() > widest,
            qPrintable(
                QStringLiteral("%1 <= %2").arg(segment->view()->viewport()->width()).arg(widest)));
        segment->hidePopup();
        QVERIFY(window.grab().save(QStringLiteral("/tmp/inspector_1366x768.png")));
    }

    /// At 1366×768 the Fleet and Segments pages are a compact list over the
    /// selected row's form (issue 32): the page fits its pane (nothing to
    /// scroll sideways, its list's columns whole) and the form shows every
    /// field of the row selected, edited through it.
    void fleetAndSegmentsFitALaptopsPane_data()
    {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("listName");
        QTest::addColumn<QString>("form");
        QTest::addColumn<QString>("field");
        QTest::newRow("Fleet") << QStringLiteral("Fleet") << QStringLiteral("Pools of the fleet")
                               << QStringLiteral("poolInspector")
                               << QStringLiteral("GPUs per node");
        QTest::newRow("Segments") << QStringLiteral("Segments")
                                  << QStringLiteral("Customer segments")
                                  << QStringLiteral("segmentInspector")
                                  << QStringLiteral("Allowed regimes");
    }

    void fleetAndSegmentsFitALaptopsPane()
    {
        QFETCH(QString, page);
        QFETCH(QString, listName);
        QFETCH(QString, form);
        QFETCH(QString, field);
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        window.setProject(loadSampleProject().value());
        window.showPage(page);
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
        QWidget* widget = nullptr;
        for (const ProjectPage& one : window.pages())
            if (one.title == page)
                widget = one.widget;
        QVERIFY(widget);
        auto* view = widget->findChild<QTableView*>(listName);
        auto* shownForm = widget->findChild<RecordInspector*>(form);
        QVERIFY(view && shownForm);
        // Its pane: the scroll area the page is in (main_window.cpp).
        QWidget* pane = widget->parentWidget();
        qInfo("%s at 1366×768: page needs %d px of the pane's %d; list %d px wide, %d columns",
              qPrintable(page), widget->minimumSizeHint().width(), pane->width(), view->width(),
              view->model()->columnCount());
        QVERIFY2(widget->minimumSizeHint().width() <= pane->width(),
                 qPrintable(QStringLiteral("%1 px > %2 px")
                                .arg(widget->minimumSizeHint().width())
                                .arg(pane->width())));
        QVERIFY(!view->horizontalScrollBar()->isVisible());
        // The first row is selected and its form shows the field the list does not.
        QCOMPARE(shownForm->row(), 0);
        QWidget* editor = shownForm->editorOf(field);
        QVERIFY2(editor && editor->isVisible(), qPrintable(field));
        QVERIFY(
            window.grab().save(QStringLiteral("/tmp/page_%1_1366x768.png").arg(page.toLower())));
    }

    /// A list field (a segment's allowed regimes) is a box per choice in the
    /// form: a click stores the boxes ticked, one undo step; unticking the
    /// last is refused (at least one) and the boxes show what is stored.
    void aListFieldIsTickedInTheForm()
    {
        ProjectPage page = segmentsPage(m_doc.get(), nullptr);
        std::unique_ptr<QWidget> owner(page.widget);
        auto* form = owner->findChild<RecordInspector*>(QStringLiteral("segmentInspector"));
        QVERIFY(form);
        QWidget* boxes = form->editorOf(QStringLiteral("Allowed regimes"));
        QVERIFY(boxes);
        const std::vector<RegimeKind> before = m_doc->project().segments[0].allowedRegimes;
        m_doc->undoStack()->clear(); // no earlier step to merge with: the click is one
        m_doc->undoStack()->setClean();
        const QList<QCheckBox*> all = boxes->findChildren<QCheckBox*>();
        QCOMPARE(all.size(), int(allRegimes().size()));
        qsizetype ticked = 0;
        for (QCheckBox* box : all)
            ticked += box->isChecked() ? 1 : 0;
        QCOMPARE(std::size_t(ticked), before.size());
        // The last box: ticked if it was not, unticked if it was (another stays).
        QCheckBox* last = all.back();
        const bool was = last->isChecked();
        const int steps = m_doc->undoStack()->count();
        last->click();
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        QCOMPARE(m_doc->project().segments[0].allowedRegimes.size(),
                 was ? before.size() - 1 : before.size() + 1);
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->project().segments[0].allowedRegimes, before);
        QTRY_COMPARE(last->isChecked(), was);
    }

    void cleanupTestCase()
    {
        m_widget.reset(); // the page goes before its document
        m_doc.reset();
    }
};

FLEET_TEST_MAIN(TestGuiInspector)
#include "test_gui_inspector.moc"
