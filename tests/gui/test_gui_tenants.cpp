// The Tenants table under the Segments page (project format 3): its columns
// come from the tenant field table, "Add tenant" adds one of the first
// segment as one undo step, edits are checked by the one validator (a cost
// weight of 0 is refused naming the rule), the segment is picked among the
// project's, and renaming a segment carries its tenants along. Removing a
// segment with tenants asks first, says how many workloads and tenants go,
// and moves them together to another segment (or removes them); undo
// restores all.

#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "gui_test_support.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"

#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace fleet;
using namespace fleet::gui;

using fleet::gui::test::columnOf;
using fleet::gui::test::onNextModal;

namespace {

Tenant tenantOf(std::string id, std::string segment, int count)
{
    Tenant t;
    t.id = std::move(id);
    t.name = t.id;
    t.segmentId = std::move(segment);
    t.count = count;
    return t;
}

/// What the remove dialog showed.
struct Asked
{
    QString summary;
    QString reassignText;
    QString removeText;
    bool reassignVisible = false;
    bool reassignEnabled = false;
    int references = 0;
};

/// Selects segment `id` in the segments table and clicks Remove; the dialog
/// that asks is read into `asked` and answered: moved to `moveTo`, or
/// everything removed when `moveTo` is empty.
void removeSegment(QWidget* page, FieldTableModel* segments, const std::string& id,
                   const QString& moveTo, Asked* asked)
{
    auto* view = page->findChild<QTableView*>(QStringLiteral("Customer segments"));
    QVERIFY(view);
    const int idColumn = columnOf(segments, QStringLiteral("Id"));
    for (int r = 0; r < segments->rowCount(); ++r)
        if (segments->data(segments->index(r, idColumn), Qt::DisplayRole).toString() ==
            QString::fromStdString(id))
            view->setCurrentIndex(segments->index(r, 0));
    const auto answered = onNextModal<QDialog>([&](QDialog* dialog) {
        QCOMPARE(dialog->objectName(), QStringLiteral("removeReferencedRow"));
        auto* summary = dialog->findChild<QLabel*>(QStringLiteral("removeSummary"));
        asked->summary = summary ? summary->text() : QString();
        auto* reassign = dialog->findChild<QRadioButton*>(QStringLiteral("reassign"));
        auto* remove = dialog->findChild<QRadioButton*>(QStringLiteral("removeDependents"));
        asked->reassignText = reassign->text();
        asked->removeText = remove->text();
        asked->reassignVisible = reassign->isVisible();
        asked->reassignEnabled = reassign->isEnabled();
        asked->references = dialog->findChild<QListWidget*>(QStringLiteral("references"))->count();
        if (moveTo.isEmpty()) {
            remove->setChecked(true);
        } else {
            auto* target = dialog->findChild<QComboBox*>(QStringLiteral("reassignTo"));
            target->setCurrentIndex(target->findData(moveTo));
            reassign->setChecked(true);
        }
        dialog->accept();
    });
    page->findChild<QPushButton*>(QStringLiteral("remove:Customer segments"))->click();
    QVERIFY(*answered);
}

} // namespace

class TestGuiTenants : public QObject
{
    Q_OBJECT

private slots:
    void tenantsAreEditedLikeEveryTable()
    {
        ProjectDocument doc(loadSampleProject().value());
        ProjectPage page = segmentsPage(&doc, nullptr);
        std::unique_ptr<QWidget> widget(page.widget);
        QCOMPARE(page.models.size(), std::size_t(2));
        FieldTableModel* tenants = page.models.back();
        QCOMPARE(tenants->rowCount(), 0); // the sample has none
        QVERIFY(widget->findChild<QTableView*>(QStringLiteral("Tenants")));
        for (const char* header :
             {"Id", "Name", "Segment", "Count", "Cost weight", "Priority tier"})
            QVERIFY2(columnOf(tenants, QString::fromUtf8(header)) >= 0, header);

        auto* add = widget->findChild<QPushButton*>(QStringLiteral("add:Tenants"));
        QVERIFY(add);
        add->click();
        QCOMPARE(doc.project().tenants.size(), std::size_t(1));
        QCOMPARE(doc.project().tenants[0].id, std::string("tenant-1"));
        QCOMPARE(doc.project().tenants[0].name, std::string("New tenant 1"));
        QCOMPARE(doc.project().tenants[0].segmentId, doc.project().segments[0].id);
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(tenants->rowCount(), 1);

        // The segment is picked among the project's.
        const int segment = columnOf(tenants, QStringLiteral("Segment"));
        QVERIFY(tenants->column(segment).choices);
        QCOMPARE(tenants->column(segment).choices(doc.project(), 0).size(),
                 doc.project().segments.size());
        QVERIFY(tenants->setData(tenants->index(0, segment), QStringLiteral("mid-stage"),
                                 Qt::EditRole));
        QCOMPARE(doc.project().tenants[0].segmentId, std::string("mid-stage"));

        // A cost weight of 0 is refused with the rule; 2 is taken.
        const int weight = columnOf(tenants, QStringLiteral("Cost weight"));
        QVERIFY(!tenants->setData(tenants->index(0, weight), 0.0, Qt::EditRole));
        QVERIFY2(tenants->lastRefusal().contains(QStringLiteral("cost_weight")),
                 qPrintable(tenants->lastRefusal()));
        QVERIFY(tenants->setData(tenants->index(0, weight), 2.0, Qt::EditRole));
        QCOMPARE(doc.project().tenants[0].costWeight, 2.0);

        // Renaming the segment carries the tenant along.
        FieldTableModel* segments = page.models.front();
        const int id = columnOf(segments, QStringLiteral("Id"));
        int row = -1;
        for (int r = 0; r < segments->rowCount(); ++r)
            if (segments->data(segments->index(r, id), Qt::DisplayRole).toString() ==
                QStringLiteral("mid-stage"))
                row = r;
        QVERIFY(row >= 0);
        QVERIFY(
            segments->setData(segments->index(row, id), QStringLiteral("growth"), Qt::EditRole));
        QCOMPARE(doc.project().tenants[0].segmentId, std::string("growth"));

        // Every step undoes.
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QVERIFY(doc.project().tenants.empty());
    }

    /// A segment with tenants and no workloads: the dialog says how many
    /// tenants go and lets them move; a segment with both moves both
    /// together; removing everything takes the tenants too; undo restores all.
    void removingASegmentMovesOrRemovesItsTenants()
    {
        Project project = loadSampleProject().value();
        // A segment of tenants only, beside the sample's three.
        Segment quiet = project.segments.front();
        quiet.id = "quiet";
        quiet.name = "Quiet";
        project.segments.push_back(quiet);
        const std::string busy = project.workloads.front().segmentId;
        project.tenants = {tenantOf("a", "quiet", 3), tenantOf("b", "quiet", 1),
                           tenantOf("c", busy, 5)};
        int busyWorkloads = 0;
        for (const Workload& w : project.workloads)
            busyWorkloads += w.segmentId == busy;
        QVERIFY(busyWorkloads > 1);
        ProjectDocument doc(project);
        const std::string before = projectToJsonText(doc.project());
        ProjectPage page = segmentsPage(&doc, nullptr);
        std::unique_ptr<QWidget> widget(page.widget);
        widget->show();
        FieldTableModel* segments = page.models.front();

        // Tenants only: two tenant rows go, or move.
        Asked asked;
        removeSegment(widget.get(), segments, "quiet", QString::fromStdString(busy), &asked);
        QCOMPARE(asked.references, 2);
        QVERIFY2(asked.summary.contains(QStringLiteral("2 tenants")), qPrintable(asked.summary));
        QVERIFY2(!asked.summary.contains(QStringLiteral("workload")), qPrintable(asked.summary));
        QVERIFY(asked.reassignVisible && asked.reassignEnabled);
        QCOMPARE(asked.reassignText, QStringLiteral("Move its 2 tenants to segment:"));
        QVERIFY(!doc.project().segment("quiet"));
        QCOMPARE(doc.project().tenants.size(), std::size_t(3));
        for (const Tenant& t : doc.project().tenants)
            QCOMPARE(t.segmentId, busy);
        QCOMPARE(doc.undoStack()->count(), 1);

        // Workloads and tenants: all three tenants and the workloads move together.
        std::string other;
        for (const Segment& s : doc.project().segments)
            if (s.id != busy && other.empty())
                other = s.id;
        QVERIFY(!other.empty());
        removeSegment(widget.get(), segments, busy, QString::fromStdString(other), &asked);
        QVERIFY2(
            asked.summary.contains(QStringLiteral("%1 workloads and 3 tenants").arg(busyWorkloads)),
            qPrintable(asked.summary));
        QVERIFY2(asked.removeText.contains(QStringLiteral("workloads and 3 tenants too")),
                 qPrintable(asked.removeText));
        for (const Tenant& t : doc.project().tenants)
            QCOMPARE(t.segmentId, other);
        int moved = 0;
        for (const Workload& w : doc.project().workloads)
            moved += w.segmentId == other;
        QVERIFY(moved >= busyWorkloads);

        // Removing everything takes the tenants with the segment.
        removeSegment(widget.get(), segments, other, QString(), &asked);
        QVERIFY(doc.project().tenants.empty());
        QVERIFY(!doc.project().segment(other));

        // One undo step each; undoing all restores the project as it was.
        QCOMPARE(doc.undoStack()->count(), 3);
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QCOMPARE(projectToJsonText(doc.project()), before);
    }
};

QTEST_MAIN(TestGuiTenants)
#include "test_gui_tenants.moc"
