// The Tenants table under the Segments page (project format 3): its columns
// come from the tenant field table, "Add tenant" adds one of the first
// segment as one undo step, edits are checked by the one validator (a cost
// weight of 0 is refused naming the rule), the segment is picked among the
// project's, and renaming a segment carries its tenants along.

#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "gui_test_support.h"
#include "store/project_json.h"

#include <QPushButton>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace fleet;
using namespace fleet::gui;

using fleet::gui::test::columnOf;

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
};

QTEST_MAIN(TestGuiTenants)
#include "test_gui_tenants.moc"
