// The Workloads page as a new user meets it: the empty tables are a header and
// a line ("No training workloads — Add…") rather than four tall blanks; "Add
// workload…" asks the kind and the segment, offering the kind last added and
// the segment of the selected row; the link of an empty table asks with its
// kind; the segment stays editable in the table. Screenshots under /tmp.

#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/new_workload_dialog.h"
#include "editors/project_pages.h"
#include "gui_test_support.h"
#include "model/range_target.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace fleet;
using namespace fleet::gui;
using fleet::gui::test::child;
using fleet::gui::test::onNextModal;

namespace {

/// The sample's segments and fleet, with no workloads (nor the scenarios
/// and input ranges that name them).
Project withoutWorkloads()
{
    Project project = loadSampleProject().value();
    project.workloads.clear();
    project.scenarios.clear();
    dropStaleRanges(project);
    return project;
}

/// What the dialog offered and what the test then picks in it.
struct Answer
{
    QString offeredKind;
    QString offeredSegment;
};

} // namespace

class TestGuiNewWorkload : public QObject
{
    Q_OBJECT

    std::unique_ptr<ProjectDocument> m_doc;
    std::unique_ptr<QWidget> m_page;
    ProjectPage m_workloads;

    /// The list of workloads of kind `title`, its tab shown.
    QTableView* table(const QString& title) const
    {
        auto* view = m_page->findChild<QTableView*>(title);
        auto* tabs = m_page->findChild<QTabWidget*>(QStringLiteral("workloadKinds"));
        for (int t = 0; view && tabs && t < tabs->count(); ++t)
            if (tabs->widget(t)->isAncestorOf(view))
                tabs->setCurrentIndex(t);
        return view;
    }
    static QLabel* placeholder(QTableView* view)
    {
        return view->viewport()->findChild<QLabel*>(QStringLiteral("emptyPlaceholder"));
    }

    /// Opens the dialog with `open`, records what it offers, picks `kind` and
    /// `segment` (offered ones when empty) and accepts (or cancels).
    Answer answer(const std::function<void()>& open, const QString& kind, const QString& segment,
                  bool accept = true, const QString& screenshot = {})
    {
        auto seen = std::make_shared<Answer>();
        auto asked = onNextModal<NewWorkloadDialog>(
            [seen, kind, segment, accept, screenshot](NewWorkloadDialog* dialog) {
                QCOMPARE(dialog->objectName(), QStringLiteral("newWorkload"));
                auto* kinds = child<QComboBox>(dialog, "workloadKind");
                auto* segments = child<QComboBox>(dialog, "workloadSegment");
                QVERIFY(kinds && segments);
                seen->offeredKind = kinds->currentText();
                seen->offeredSegment = segments->currentData().toString();
                if (!kind.isEmpty())
                    kinds->setCurrentIndex(kinds->findText(kind));
                if (!segment.isEmpty())
                    segments->setCurrentIndex(segments->findData(segment));
                if (!screenshot.isEmpty())
                    QVERIFY(dialog->grab().toImage().save(screenshot));
                if (accept)
                    dialog->accept();
                else
                    dialog->reject();
            });
        open();
        if (!*asked)
            qWarning("the dialog was not shown");
        return *seen;
    }

    void clickAdd() { m_page->findChild<QPushButton*>(QStringLiteral("addWorkload"))->click(); }

    void screenshot(const QString& name)
    {
        QCoreApplication::processEvents();
        QVERIFY(
            m_page->grab().toImage().save(QStringLiteral("/tmp/new_workload_%1.png").arg(name)));
    }

private slots:
    void initTestCase()
    {
        m_doc = std::make_unique<ProjectDocument>(withoutWorkloads());
        m_workloads = workloadsPage(m_doc.get(), nullptr);
        m_page.reset(m_workloads.widget);
        m_page->resize(1200, 900);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    }

    void emptyTablesAreAHeaderAndALine()
    {
        const QStringList titles = {QStringLiteral("Training"), QStringLiteral("Inference"),
                                    QStringLiteral("Notebooks"), QStringLiteral("Batch")};
        const QStringList says = {
            QStringLiteral("No training workloads"), QStringLiteral("No inference workloads"),
            QStringLiteral("No notebook workloads"), QStringLiteral("No batch workloads")};
        for (qsizetype i = 0; i < titles.size(); ++i) {
            const QString& title = titles[i];
            QTableView* view = table(title);
            QVERIFY(view);
            QLabel* line = placeholder(view);
            QVERIFY(line);
            QVERIFY(line->isVisible());
            QVERIFY2(line->text().contains(says[i]), qPrintable(line->text()));
            QVERIFY(line->text().contains(QStringLiteral("Add…")));
            // No taller than its header, one row and the frame (and a little slack).
            const int oneLine = view->horizontalHeader()->sizeHint().height() +
                                view->verticalHeader()->defaultSectionSize() +
                                2 * view->frameWidth() + 4;
            QCOMPARE(view->height(), oneLine);
            QVERIFY(line->geometry().height() >= view->verticalHeader()->defaultSectionSize());
        }
        screenshot(QStringLiteral("empty"));
    }

    void addAsksTheKindAndTheSegment()
    {
        const Answer offered =
            answer([this] { clickAdd(); }, QStringLiteral("Inference"), QStringLiteral("mid-stage"),
                   true, QStringLiteral("/tmp/new_workload_dialog.png"));
        // Nothing added or selected yet: the first kind and the first segment.
        QCOMPARE(offered.offeredKind, QStringLiteral("Training"));
        QCOMPARE(offered.offeredSegment, QStringLiteral("early-stage"));
        const Project& p = m_doc->project();
        QCOMPARE(p.workloads.size(), std::size_t(1));
        QCOMPARE(int(p.workloads[0].kind()), int(WorkloadKind::Inference));
        QCOMPARE(p.workloads[0].segmentId, std::string("mid-stage"));
        QCOMPARE(m_doc->undoStack()->count(), 1);
        // Its table grows back; the others stay a line.
        QTableView* inference = table(QStringLiteral("Inference"));
        QCoreApplication::processEvents();
        QVERIFY(!placeholder(inference)->isVisible());
        QCOMPARE(inference->maximumHeight(), QWIDGETSIZE_MAX);
        const int inferenceHeight = inference->height();
        QVERIFY(inferenceHeight > table(QStringLiteral("Training"))->height());
        screenshot(QStringLiteral("one"));
    }

    void theKindLastAddedAndTheSelectedRowsSegmentComeFirst()
    {
        // The new inference row is selected: its kind and segment are offered.
        const Answer offered = answer([this] { clickAdd(); }, {}, {});
        QCOMPARE(offered.offeredKind, QStringLiteral("Inference"));
        QCOMPARE(offered.offeredSegment, QStringLiteral("mid-stage"));
        QCOMPARE(m_doc->project().workloads.size(), std::size_t(2));
        QCOMPARE(m_doc->project().workloads[1].segmentId, std::string("mid-stage"));
        QCOMPARE(int(m_doc->project().workloads[1].kind()), int(WorkloadKind::Inference));
    }

    void anEmptyTablesLinkAsksWithItsKind()
    {
        QLabel* line = placeholder(table(QStringLiteral("Batch")));
        const Answer offered = answer([line] { emit line->linkActivated(QStringLiteral("add")); },
                                      {}, QStringLiteral("enterprise"));
        QCOMPARE(offered.offeredKind, QStringLiteral("Batch"));
        const Workload& batch = m_doc->project().workloads.back();
        QCOMPARE(int(batch.kind()), int(WorkloadKind::Batch));
        QCOMPARE(batch.segmentId, std::string("enterprise"));
        QCoreApplication::processEvents();
        QVERIFY(!line->isVisible());
        // Selecting another row offers that row's segment; cancelling adds nothing.
        QTableView* inference = table(QStringLiteral("Inference"));
        inference->setCurrentIndex(inference->model()->index(0, 0));
        const int steps = m_doc->undoStack()->count();
        const Answer again = answer([this] { clickAdd(); }, {}, {}, false);
        QCOMPARE(again.offeredKind, QStringLiteral("Batch"));
        QCOMPARE(again.offeredSegment, QStringLiteral("mid-stage"));
        QCOMPARE(m_doc->undoStack()->count(), steps);
        QCOMPARE(m_doc->project().workloads.size(), std::size_t(3));
    }

    void theSegmentIsEditedInTheTable()
    {
        QTableView* inference = table(QStringLiteral("Inference"));
        auto* model = qobject_cast<FieldTableModel*>(inference->model());
        int segment = -1;
        for (int c = 0; c < model->columnCount(); ++c)
            if (model->column(c).header == QStringLiteral("Segment"))
                segment = c;
        QVERIFY(segment >= 0);
        const QModelIndex cell = model->index(0, segment);
        QVERIFY(model->flags(cell) & Qt::ItemIsEditable);
        inference->setCurrentIndex(cell);
        inference->edit(cell);
        auto* combo = qobject_cast<QComboBox*>(inference->indexWidget(cell));
        QVERIFY(combo);
        QCOMPARE(combo->count(), 3);
        combo->setCurrentIndex(combo->findData(QStringLiteral("early-stage")));
        emit combo->activated(combo->currentIndex());
        QCoreApplication::processEvents();
        QCOMPARE(m_doc->project().workloads[0].segmentId, std::string("early-stage"));
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->project().workloads[0].segmentId, std::string("mid-stage"));
    }

    void undoEmptiesTheTablesAgain()
    {
        while (m_doc->undoStack()->canUndo())
            m_doc->undoStack()->undo();
        QVERIFY(m_doc->project().workloads.empty());
        QCoreApplication::processEvents();
        for (const QString& title : {QStringLiteral("Inference"), QStringLiteral("Batch")})
            QVERIFY(placeholder(table(title))->isVisible());
    }

    void cleanupTestCase()
    {
        m_page.reset(); // the page goes before its document
        m_doc.reset();
    }
};

FLEET_TEST_MAIN(TestGuiNewWorkload)
#include "test_gui_new_workload.moc"
