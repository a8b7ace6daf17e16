// The Regimes page's per-kind throughput overheads (docs/MODEL.md,
// "Network-pooled GPUs"): the network-pooled regime shows its four sourced
// figures, edited as the page's other numbers are (typed in percent, one undo
// step, an out-of-range value refused naming the field and the rule, nothing
// changed); a regime that states none shows an empty cell that cannot be
// edited, not 0. In a 1440×900 window and on a whole 1366×768 laptop screen
// every column of the regimes is in view, none scrolled off sideways, every
// value and header whole.

#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "editors/project_pages.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QGuiApplication>
#include <QHeaderView>
#include <QScreen>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <QUndoStack>
#include <QWidget>
#include <QWindow>
#include <QtTest>

#include <algorithm>
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

    // The long names are drawn on two lines (a narrow header), and the
    // headers broken where a compound's parts join; the tooltips and the undo
    // stack name them whole.
    void brokenNamesAreWholeInTooltipsAndMessages()
    {
        const QString pooledName = QStringLiteral("Network-pooled GPUs");
        QCOMPARE(m_regimes->headerData(pooled(), Qt::Vertical, Qt::ToolTipRole).toString(),
                 pooledName);
        QCOMPARE(m_regimes->headerData(pooled(), Qt::Vertical, Qt::DisplayRole).toString(),
                 QStringLiteral("Network-\npooled GPUs"));
        const int bare = int(*regimeFromKey("bare_metal"));
        QCOMPARE(m_regimes->headerData(bare, Qt::Vertical, Qt::DisplayRole).toString(),
                 QStringLiteral("Bare metal"));
        const int notebooks = columnOf(m_regimes, QStringLiteral("Notebooks"));
        QVERIFY(notebooks >= 0);
        QCOMPARE(m_regimes->headerData(notebooks, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QStringLiteral("Note-\nbooks\n(%)"));
        QVERIFY2(m_regimes->headerData(notebooks, Qt::Horizontal, Qt::ToolTipRole)
                     .toString()
                     .startsWith(QStringLiteral("Notebooks: ")),
                 qPrintable(
                     m_regimes->headerData(notebooks, Qt::Horizontal, Qt::ToolTipRole).toString()));
        QVERIFY(m_regimes->setTyped(m_regimes->index(pooled(), notebooks), QStringLiteral("6")));
        QCOMPARE(m_doc->undoStack()->text(0), QStringLiteral("Edit Notebooks of ") + pooledName);
    }

    // In a 1440×900 main window (the app's default layout) and on a whole
    // 1366×768 screen, the regimes table shows every column without scrolling
    // sideways (Contention, Tenants/GPU and Network were off-screen at 1440,
    // Network at 1366), and narrowing it cut no value or header.
    void everyRegimeColumnIsInView_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::addColumn<QSize>("window");
        QTest::newRow("1440x900 on the monitor") << QSize(1920, 1080) << QSize(1440, 900);
        QTest::newRow("the laptop's 1366x768, whole") << QSize(1366, 768) << QSize(1366, 768);
    }

    void everyRegimeColumnIsInView()
    {
        QFETCH(QSize, screen);
        QFETCH(QSize, window);
        QScreen* shownOn = nullptr;
        for (QScreen* s : QGuiApplication::screens())
            if (s->size() == screen)
                shownOn = s;
        QVERIFY2(shownOn, "the offscreen screens were not configured");
        MainWindow main;
        main.recompute()->setSlowEnabled(false);
        main.setProject(loadSampleProject().value());
        main.show();
        QVERIFY(QTest::qWaitForWindowExposed(&main));
        main.windowHandle()->setScreen(shownOn);
        const QSize size = window.boundedTo(shownOn->availableGeometry().size());
        main.setGeometry(QRect(shownOn->availableGeometry().topLeft(), size));
        QTRY_COMPARE(main.size(), size);
        main.showPage(QStringLiteral("Regimes"));
        QTest::qWait(50);
        auto* view = main.findChild<QTableView*>(QStringLiteral("Virtualization regimes"));
        QVERIFY(view && view->isVisible());
        QCoreApplication::processEvents();
        main.grab().save(QStringLiteral(FLEET_BINARY_DIR "/regimes_%1x%2.png")
                             .arg(size.width())
                             .arg(size.height())); // to look at
        const QAbstractItemModel* model = view->model();
        const QHeaderView* header = view->horizontalHeader();
        QStringList problems;
        if (view->horizontalScrollBar()->maximum() > 0)
            problems << QStringLiteral("scrolls sideways past %1 columns")
                            .arg(view->horizontalScrollBar()->maximum());
        QFont bold = header->font();
        bold.setBold(true); // the widest a style draws a header in
        const QFontMetrics headerMetrics(bold);
        const int margin =
            2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        const int textMargins =
            2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
        for (int c = 0; c < model->columnCount(); ++c) {
            const QString title = model->headerData(c, Qt::Horizontal).toString();
            const int right = view->columnViewportPosition(c) + view->columnWidth(c);
            if (view->columnViewportPosition(c) < 0 || right > view->viewport()->width())
                problems << QStringLiteral("%1 ends at %2 of %3 px")
                                .arg(title.simplified())
                                .arg(right)
                                .arg(view->viewport()->width());
            // Each value whole: the column as wide as its widest text and
            // the margins a style draws an item's text within.
            for (int row = 0; row < model->rowCount(); ++row) {
                const QString value = model->index(row, c).data().toString();
                const int need = view->fontMetrics().horizontalAdvance(value) + textMargins;
                if (view->columnWidth(c) < need)
                    problems << QStringLiteral("%1 of %2 cut: %3 of %4 px")
                                    .arg(value, title.simplified())
                                    .arg(view->columnWidth(c))
                                    .arg(need);
            }
            int titleWidth = 0;
            for (const QString& line : title.split(QLatin1Char('\n')))
                titleWidth = std::max(titleWidth, headerMetrics.horizontalAdvance(line));
            if (view->columnWidth(c) < titleWidth + margin)
                problems << QStringLiteral("%1's header cut: %2 of %3 px")
                                .arg(title.simplified())
                                .arg(view->columnWidth(c))
                                .arg(titleWidth + margin);
        }
        // Every regime in view too: the last was scrolled off below.
        const int last = model->rowCount() - 1;
        if (view->rowViewportPosition(last) + view->rowHeight(last) > view->viewport()->height())
            problems << QStringLiteral("the last regime ends at %1 of %2 px")
                            .arg(view->rowViewportPosition(last) + view->rowHeight(last))
                            .arg(view->viewport()->height());
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    }
};

FLEET_TEST_MAIN_WITH_SETUP(TestGuiRegimes, fleet::gui::test::laptopAndMonitorScreens)
#include "test_gui_regimes.moc"
