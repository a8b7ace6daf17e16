// No cut text anywhere in the app (issue 32 item 4): on a 1366×768 laptop and
// a 1920×1080 monitor, every page of the navigator, every chart and
// presentation mode of the sample are walked, and each visible label, button,
// table header, tab, the status bar's message and every chart's texts are
// checked whole: a label's text no wider than the label (unless it wraps), a
// button no narrower than the text it shows, a header section no narrower
// than its title, no chart text elided ("…") and no two of a chart's value
// labels on top of each other. Screenshots of each page under the build dir.

#include "charts/chart_fit.h"
#include "charts/chart_kinds.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/fleet_test.h"
#include "views/chart_tabs.h"
#include "views/fitted_chart_view.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionButton>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QUndoStack>
#include <QWindow>
#include <QtTest>

#include <map>

using namespace fleet;
using namespace fleet::gui;

namespace {

/// What a widget shows, without mnemonics and markup.
QString shownText(const QString& text, bool rich)
{
    if (rich) {
        QTextDocument doc;
        doc.setHtml(text);
        return doc.toPlainText();
    }
    QString plainText = text;
    plainText.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return plainText;
}

/// The widest line of `text` drawn with `metrics`.
int widestLine(const QFontMetrics& metrics, const QString& text)
{
    int most = 0;
    for (const QString& line : text.split(QLatin1Char('\n')))
        most = std::max(most, metrics.horizontalAdvance(line));
    return most;
}

QString describe(const QWidget* w, const QString& text, int need, int have)
{
    return QStringLiteral("%1 '%2' \"%3\": needs %4 px, has %5")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
             text.simplified().left(60))
        .arg(need)
        .arg(have);
}

/// A label whose one-line text is wider than the room it has.
std::optional<QString> cutLabel(const QLabel* label)
{
    if (label->text().isEmpty() || label->wordWrap())
        return std::nullopt;
    const bool rich = label->textFormat() == Qt::RichText ||
                      (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(label->text()));
    int need = 0;
    const QString text = shownText(label->text(), rich);
    if (rich) {
        QTextDocument doc;
        doc.setDefaultFont(label->font());
        doc.setDocumentMargin(0);
        doc.setHtml(label->text());
        need = int(std::ceil(doc.idealWidth()));
    } else {
        need = widestLine(label->fontMetrics(), text);
    }
    const int have = label->contentsRect().width() - 2 * std::max(0, label->margin()) -
                     std::max(0, label->indent());
    if (need <= have)
        return std::nullopt;
    return describe(label, text, need, have);
}

/// A button narrower than its text and icon need: the style's size hint,
/// but for a push button (whose hint has a minimum width of its own) the
/// text, icon and margins.
std::optional<QString> cutButton(const QAbstractButton* button)
{
    if (button->text().isEmpty())
        return std::nullopt;
    int need = button->sizeHint().width();
    int have = button->width();
    if (qobject_cast<const QPushButton*>(button)) {
        // The text against the rectangle the style draws it in.
        QStyleOptionButton option;
        option.initFrom(button);
        option.text = button->text();
        have =
            button->style()->subElementRect(QStyle::SE_PushButtonContents, &option, button).width();
        need = button->fontMetrics().horizontalAdvance(shownText(button->text(), false)) +
               (button->icon().isNull() ? 0 : button->iconSize().width() + 4);
    }
    if (need <= have)
        return std::nullopt;
    return describe(button, shownText(button->text(), false), need, have);
}

/// A combo box whose current text is wider than the field the style draws
/// it in (the inspector's "Enterprise (enterprise" at 1366×768: a combo
/// clips its text without an ellipsis).
std::optional<QString> cutCombo(const QComboBox* combo)
{
    const QString text = combo->currentText();
    if (text.isEmpty() || combo->isEditable()) // an editable one scrolls its line
        return std::nullopt;
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.currentText = text;
    option.frame = combo->hasFrame();
    const QRect field = combo->style()->subControlRect(QStyle::CC_ComboBox, &option,
                                                       QStyle::SC_ComboBoxEditField, combo);
    // The styles draw the label 1 px in from each side of the field.
    int need = combo->fontMetrics().horizontalAdvance(text) + 2;
    if (!combo->itemIcon(combo->currentIndex()).isNull())
        need += combo->iconSize().width() + 4;
    if (need <= field.width())
        return std::nullopt;
    return describe(combo, text, need, field.width());
}

/// A header's sections narrower than their titles (the header elides them).
QStringList cutHeaderSections(const QHeaderView* header)
{
    QStringList cut;
    const QAbstractItemModel* model = header->model();
    if (!model || header->orientation() != Qt::Horizontal)
        return cut;
    QFont font = header->font();
    font.setBold(true); // the widest a style draws a header in
    const QFontMetrics metrics(font);
    const int margin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int logical = 0; logical < header->count(); ++logical) {
        if (header->isSectionHidden(logical))
            continue;
        const QString title =
            model->headerData(logical, Qt::Horizontal, Qt::DisplayRole).toString();
        if (title.isEmpty())
            continue;
        const int need = widestLine(metrics, title) + margin;
        const int have = header->sectionSize(logical);
        if (need > have)
            cut << QStringLiteral("header of %1: ").arg(header->parentWidget()->objectName()) +
                       describe(header, title, need, have);
    }
    return cut;
}

/// A table or scroll area whose content is wider than it (a horizontal
/// scroll bar shown): "" when it shows its content's whole width.
QString scrollsSideways(const QAbstractScrollArea* area)
{
    const QScrollBar* bar = area->horizontalScrollBar();
    if (!bar->isVisible() || bar->maximum() <= 0)
        return {};
    return QStringLiteral("%1 '%2' scrolls sideways by %3 px (%4 px wide)")
        .arg(QString::fromLatin1(area->metaObject()->className()), area->objectName())
        .arg(bar->maximum())
        .arg(area->width());
}

/// Tabs drawn narrower than their titles.
QStringList cutTabs(const QTabBar* bar)
{
    QStringList cut;
    for (int i = 0; i < bar->count(); ++i)
        if (const int need =
                bar->fontMetrics().horizontalAdvance(shownText(bar->tabText(i), false)) +
                bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
            bar->isTabVisible(i) && bar->tabRect(i).width() < need)
            cut << describe(bar, bar->tabText(i), need, bar->tabRect(i).width());
    return cut;
}

/// The chart's texts drawn elided, and texts of one item (an axis' labels, a
/// series' value labels) drawn over one another (the scenario chart's value
/// labels at narrow widths).
QStringList cutChartTexts(const QGraphicsScene* scene)
{
    QStringList cut = cutTexts(scene);
    std::map<const QGraphicsItem*, std::vector<std::pair<QRectF, QString>>> byParent;
    for (const QGraphicsItem* item : scene->items()) {
        if (!item->isVisible() || item->opacity() == 0)
            continue;
        QString text;
        if (const auto* rich = dynamic_cast<const QGraphicsTextItem*>(item))
            text = rich->toPlainText();
        else if (const auto* simple = dynamic_cast<const QGraphicsSimpleTextItem*>(item))
            text = simple->text();
        if (text.trimmed().isEmpty())
            continue;
        auto& siblings = byParent[item->parentItem()];
        const QRectF box = item->sceneBoundingRect();
        for (const auto& [other, otherText] : siblings) {
            const QRectF both = other.intersected(box);
            if (both.width() > 2 && both.height() > 2)
                cut << QStringLiteral("\"%1\" over \"%2\"")
                           .arg(text.simplified(), otherText.simplified());
        }
        siblings.emplace_back(box, text);
    }
    return cut;
}

} // namespace

class TestGuiNoCutText : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    void waitForResults()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), fleet::gui::test::kPatienceMs);
        QCoreApplication::processEvents();
    }

    /// Every cut text of the widgets visible in the window now.
    QStringList cutWidgets() const
    {
        QStringList cut;
        for (QWidget* w : m_window->findChildren<QWidget*>()) {
            if (!w->isVisibleTo(m_window.get()))
                continue;
            // A combo box scrolled out of an inspector's view is cut as
            // surely when it is scrolled to.
            if (const auto* combo = qobject_cast<QComboBox*>(w)) {
                if (const auto found = cutCombo(combo))
                    cut << *found;
                continue;
            }
            if (w->visibleRegion().isEmpty())
                continue;
            if (const auto* label = qobject_cast<QLabel*>(w)) {
                if (const auto found = cutLabel(label))
                    cut << *found;
            } else if (const auto* button = qobject_cast<QAbstractButton*>(w)) {
                if (const auto found = cutButton(button))
                    cut << *found;
            } else if (const auto* header = qobject_cast<QHeaderView*>(w)) {
                cut << cutHeaderSections(header);
                // A table or page scrolled sideways hides columns as surely as
                // an elided title (the Price books table: 40 px at 1366×768).
                if (const auto* area = qobject_cast<QAbstractScrollArea*>(header->parentWidget());
                    area && header->orientation() == Qt::Horizontal)
                    if (const QString found = scrollsSideways(area); !found.isEmpty())
                        cut << found;
            } else if (const auto* bar = qobject_cast<QTabBar*>(w)) {
                cut << cutTabs(bar);
            } else if (const auto* area = qobject_cast<QScrollArea*>(w)) {
                if (const QString found = scrollsSideways(area); !found.isEmpty())
                    cut << found;
            } else if (const auto* status = qobject_cast<QStatusBar*>(w)) {
                const QString message = status->currentMessage();
                int room = status->contentsRect().width();
                for (QWidget* permanent :
                     status->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
                    if (permanent->isVisible() && permanent->x() > status->width() / 2)
                        room = std::min(room, permanent->x());
                const int need = status->fontMetrics().horizontalAdvance(message) + 8;
                if (!message.isEmpty() && need > room)
                    cut << describe(status, message, need, room);
            }
        }
        return cut;
    }

    /// Puts the window on the screen of `size`, maximized to its available area.
    void placeOn(QSize size)
    {
        QScreen* target = nullptr;
        for (QScreen* one : QGuiApplication::screens())
            if (one->size() == size && !target)
                target = one; // the monitor, not the 4k screen of the same logical size
        QVERIFY2(target, "the offscreen screens were not configured");
        m_window->windowHandle()->setScreen(target);
        m_window->setGeometry(target->availableGeometry());
        QTRY_COMPARE(m_window->size(), target->availableGeometry().size());
        waitForResults();
    }

    QString shotName(QSize size, const QString& what) const
    {
        QString name = what;
        name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9]+")), QStringLiteral("-"));
        return QStringLiteral(FLEET_BINARY_DIR "/nocut_%1x%2_%3.png")
            .arg(size.width())
            .arg(size.height())
            .arg(name.toLower());
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->setProject(loadSampleProject().value());
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        waitForResults();
    }

    void cleanup()
    {
        m_window->document()->undoStack()->setClean();
        m_window.reset();
    }

    void nothingIsCut_data()
    {
        QTest::addColumn<QSize>("screen");
        QTest::newRow("1366x768") << QSize(1366, 768);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void nothingIsCut()
    {
        QFETCH(QSize, screen);
        placeOn(screen);
        QStringList cut;
        // Every page of the navigator, with the chart shown beside it.
        auto* navigator = m_window->findChild<QListWidget*>(QStringLiteral("navigator"));
        QVERIFY(navigator && navigator->count() > 5);
        for (int row = 0; row < navigator->count(); ++row) {
            navigator->setCurrentRow(row);
            QTest::qWait(20);
            const QString page = navigator->item(row)->text();
            for (const QString& found : cutWidgets())
                cut << page + QStringLiteral(": ") + found;
            m_window->grab().save(shotName(screen, QStringLiteral("page-") + page));
            // The workload inspector of each kind: its form has the kind's
            // fields (an inference workload's model picker).
            auto* kindChoice =
                m_window->findChild<QComboBox*>(QStringLiteral("workloadKindChoice"));
            if (!kindChoice || !kindChoice->isVisibleTo(m_window.get()))
                continue;
            for (int kind = 0; kind < kindChoice->count(); ++kind) {
                kindChoice->setCurrentIndex(kind);
                emit kindChoice->activated(kind);
                QTest::qWait(20);
                const QString what = page + QStringLiteral(" ") + kindChoice->currentText();
                for (const QString& found : cutWidgets())
                    cut << what + QStringLiteral(": ") + found;
                m_window->grab().save(shotName(screen, QStringLiteral("page-") + what));
            }
            kindChoice->setCurrentIndex(0);
            emit kindChoice->activated(0);
        }
        navigator->setCurrentRow(0);
        // Every chart, fitted to its view, and the controls beside it.
        ChartTabs* charts = m_window->charts();
        for (int tab = 0; tab < charts->count(); ++tab) {
            charts->setCurrentIndex(tab);
            waitForResults();
            auto* view = qobject_cast<FittedChartView*>(charts->view(charts->currentKind()));
            QVERIFY(view);
            QTRY_VERIFY_WITH_TIMEOUT(view->isFitted(), fleet::gui::test::kPatienceMs);
            const QString key = charts->currentChartKey();
            for (const QString& found : cutChartTexts(view->scene()))
                cut << key + QStringLiteral(": ") + found;
            for (const QString& found : cutWidgets())
                cut << key + QStringLiteral(": ") + found;
            m_window->grab().save(shotName(screen, QStringLiteral("chart-") + key));
        }
        // A long status message: shown whole or not cut mid-word.
        const QString message = QStringLiteral("Saved /home/someone/projects/fleet plan.fleetplan");
        m_window->statusBar()->showMessage(message, 0);
        QTest::qWait(20);
        for (const QString& found : cutWidgets())
            cut << QStringLiteral("status: ") + found;
        m_window->statusBar()->clearMessage();
        // Presentation mode: the slide's type is larger.
        m_window->setPresenting(true);
        QTRY_VERIFY(m_window->isFullScreen() || m_window->presenting());
        waitForResults();
        QTest::qWait(50);
        for (int tab = 0; tab < charts->count(); ++tab) {
            charts->setCurrentIndex(tab);
            waitForResults();
            auto* view = qobject_cast<FittedChartView*>(charts->view(charts->currentKind()));
            QTRY_VERIFY_WITH_TIMEOUT(view->isFitted(), fleet::gui::test::kPatienceMs);
            const QString key = QStringLiteral("presenting ") + charts->currentChartKey();
            for (const QString& found : cutChartTexts(view->scene()))
                cut << key + QStringLiteral(": ") + found;
            for (const QString& found : cutWidgets())
                cut << key + QStringLiteral(": ") + found;
            m_window->grab().save(shotName(screen, key));
        }
        m_window->setPresenting(false);
        cut.removeDuplicates();
        QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("\n") + cut.join(QStringLiteral("\n"))));
    }

    void detectorsSeeACut()
    {
        // The checks themselves: a label, a button and a header made too narrow.
        QLabel label(QStringLiteral("Content moderation and review"));
        label.setFixedWidth(60);
        QVERIFY(cutLabel(&label));
        label.setWordWrap(true);
        QVERIFY(!cutLabel(&label));
        label.setWordWrap(false);
        label.setFixedWidth(label.sizeHint().width());
        QVERIFY(!cutLabel(&label));
        QCheckBox box(QStringLiteral("Record as scenario"));
        box.resize(40, box.sizeHint().height());
        QVERIFY(cutButton(&box));
        box.resize(box.sizeHint());
        QVERIFY(!cutButton(&box));
        QPushButton record(QStringLiteral("Record as scenario"));
        record.resize(60, record.sizeHint().height());
        QVERIFY(cutButton(&record));
        record.setText(QStringLiteral("↑")); // an arrow in a narrow button is whole
        record.resize(40, record.sizeHint().height());
        QVERIFY(!cutButton(&record));
        // A combo box narrower than its current text; as wide as it asks, not.
        QComboBox combo;
        combo.addItem(QStringLiteral("Mid-stage teams (mid-stage)"));
        combo.resize(80, combo.sizeHint().height());
        QVERIFY(cutCombo(&combo));
        combo.resize(combo.sizeHint());
        QVERIFY(!cutCombo(&combo));
        // A table wider than its view scrolls sideways; made wide enough, not.
        QStandardItemModel model(3, 6);
        QTableView table;
        table.setModel(&model);
        table.horizontalHeader()->setDefaultSectionSize(100);
        table.resize(300, 200);
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        QVERIFY(!scrollsSideways(&table).isEmpty());
        table.resize(table.verticalHeader()->width() + 6 * 100 + 2 * table.frameWidth() + 40, 200);
        QTRY_VERIFY(scrollsSideways(&table).isEmpty());
    }
};

FLEET_TEST_MAIN_WITH_SETUP(TestGuiNoCutText, fleet::gui::test::laptopAndMonitorScreens)
#include "test_gui_no_cut_text.moc"
