// The Regimes page's per-kind throughput overheads (docs/MODEL.md,
// "Network-pooled GPUs"): the network-pooled regime shows its four sourced
// figures, edited as the page's other numbers are (typed in percent, one undo
// step, an out-of-range value refused naming the field and the rule, nothing
// changed); a regime that states none shows an empty cell that cannot be
// edited, not 0.

#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "gui_test_support.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QHeaderView>
#include <QTableView>
#include <QUndoStack>
#include <QWidget>
#include <QtTest>

#include <memory>

using namespace fleet;
using namespace fleet::gui;

using fleet::gui::test::columnOf;

class TestGuiRegimes : public QObject
{
    Q_OBJECT

    std::unique_ptr<ProjectDocument> m_doc;
    std::unique_ptr<QWidget> m_parent;
    FieldTableModel* m_regimes = nullptr;

    static int pooled() { return int(*regimeFromKey("network_pooled")); }

private slots:
    void init()
    {
        m_doc = std::make_unique<ProjectDocument>(loadSampleProject().value());
        m_parent = std::make_unique<QWidget>();
        const ProjectPage page = regimesPage(m_doc.get(), m_parent.get());
        QCOMPARE(page.title, QStringLiteral("Regimes"));
        m_regimes = page.models.at(0);
    }

    void cleanup()
    {
        m_parent.reset();
        m_doc.reset();
    }

    void theFourKindOverheadsShowTheSourcedFigures()
    {
        const struct
        {
            const char* header;
            double percent; // data/defaults/engine.json, network_pooled
        } expected[] = {
            {"Training", 15.0}, {"Inference", 20.0}, {"Notebooks", 5.0}, {"Batch", 5.0}};
        for (const auto& column : expected) {
            const int c = columnOf(m_regimes, QString::fromLatin1(column.header));
            QVERIFY2(c >= 0, column.header);
            const QModelIndex cell = m_regimes->index(pooled(), c);
            QCOMPARE(cell.data(Qt::EditRole).toDouble(), column.percent);
            QVERIFY(cell.data(Qt::DisplayRole).toString().endsWith(QStringLiteral("%")));
            QVERIFY(m_regimes->flags(cell) & Qt::ItemIsEditable);
            // Every other regime states none: empty, not 0, not editable.
            for (RegimeKind kind : allRegimes()) {
                if (int(kind) == pooled())
                    continue;
                const QModelIndex none = m_regimes->index(int(kind), c);
                QVERIFY2(!none.data(Qt::DisplayRole).isValid() ||
                             none.data(Qt::DisplayRole).toString().isEmpty(),
                         qPrintable(none.data(Qt::DisplayRole).toString()));
                QVERIFY(!none.data(Qt::EditRole).isValid());
                QVERIFY(!(m_regimes->flags(none) & Qt::ItemIsEditable));
            }
        }
    }

    void anEditIsOneUndoStepAndAnOutOfRangeValueIsRefused()
    {
        const int training = columnOf(m_regimes, QStringLiteral("Training"));
        QVERIFY(training >= 0);
        const QModelIndex cell = m_regimes->index(pooled(), training);
        const Regime before = m_doc->project().regime(RegimeKind(pooled()));
        QCOMPARE(before.trainingThroughputOverhead, 0.15);

        QVERIFY2(m_regimes->setTyped(cell, QStringLiteral("25")),
                 qPrintable(m_regimes->lastRefusal()));
        QCOMPARE(m_doc->undoStack()->count(), 1);
        const Regime edited = m_doc->project().regime(RegimeKind(pooled()));
        QCOMPARE(edited.trainingThroughputOverhead, 0.25);
        // Only that kind's figure moved.
        QCOMPARE(edited.inferenceThroughputOverhead, before.inferenceThroughputOverhead);
        QCOMPARE(edited.throughputOverhead, before.throughputOverhead);
        QCOMPARE(cell.data(Qt::EditRole).toDouble(), 25.0);

        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->project().regime(RegimeKind(pooled())).trainingThroughputOverhead, 0.15);
        QCOMPARE(cell.data(Qt::EditRole).toDouble(), 15.0);
        m_doc->undoStack()->redo();
        QCOMPARE(m_doc->project().regime(RegimeKind(pooled())).trainingThroughputOverhead, 0.25);
        m_doc->undoStack()->undo();

        // 95 % is past the rule's 90 %: refused, the message names the
        // field and the rule, and nothing changes (no clamping to 90 %).
        const int batch = columnOf(m_regimes, QStringLiteral("Batch"));
        const QModelIndex batchCell = m_regimes->index(pooled(), batch);
        QSignalSpy refused(m_regimes, &FieldTableModel::refused);
        QVERIFY(!m_regimes->setTyped(batchCell, QStringLiteral("95")));
        QCOMPARE(refused.count(), 1);
        const QString message = m_regimes->lastRefusal();
        QVERIFY2(
            message.contains(QStringLiteral("/regimes/network_pooled/batch_throughput_overhead")),
            qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("0.9")), qPrintable(message));
        QCOMPARE(m_doc->project().regime(RegimeKind(pooled())).batchThroughputOverhead, 0.05);
        QCOMPARE(m_doc->undoStack()->count(), 1); // the undone edit, nothing new
        QVERIFY(!m_regimes->setTyped(batchCell, QStringLiteral("-1")));
        QCOMPARE(m_doc->project().regime(RegimeKind(pooled())).batchThroughputOverhead, 0.05);
    }

    // The engine assumptions' names are long: cut, elided, whole in the tooltip,
    // so the Value column starts within a laptop pane's width, not past it.
    void theAssumptionValuesStayInView()
    {
        const ProjectPage page = regimesPage(m_doc.get(), nullptr);
        const std::unique_ptr<QWidget> owned(page.widget); // a window of its own
        page.widget->resize(575, 800);
        page.widget->show();
        QVERIFY(QTest::qWaitForWindowExposed(page.widget));
        auto* view = page.widget->findChild<QTableView*>(QStringLiteral("Engine assumptions"));
        QVERIFY(view);
        QVERIFY(view->verticalHeader()->width() <= 300);
        QVERIFY2(view->columnViewportPosition(0) + 40 < view->viewport()->width(),
                 qPrintable(QStringLiteral("Value column at %1 of %2")
                                .arg(view->columnViewportPosition(0))
                                .arg(view->viewport()->width())));
        const QString name =
            page.models.at(1)->headerData(0, Qt::Vertical, Qt::ToolTipRole).toString();
        QVERIFY(!name.isEmpty());
    }
};

FLEET_TEST_MAIN(TestGuiRegimes)
#include "test_gui_regimes.moc"
