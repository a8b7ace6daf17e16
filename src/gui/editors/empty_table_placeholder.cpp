#include "editors/empty_table_placeholder.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>

#include <algorithm>

namespace fleet::gui {

namespace {

/// Keeps the placeholder over the viewport and the view's height to match
/// the model's rows.
class PlaceholderFit : public QObject
{
public:
    PlaceholderFit(QTableView* view, QLabel* label)
        : QObject(view), m_view(view), m_viewport(view->viewport()), m_label(label)
    {
        m_viewport->installEventFilter(this);
        QAbstractItemModel* model = m_view->model();
        connect(model, &QAbstractItemModel::modelReset, this, &PlaceholderFit::update);
        connect(model, &QAbstractItemModel::rowsInserted, this, &PlaceholderFit::update);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &PlaceholderFit::update);
        update();
    }

    void update()
    {
        const bool empty = m_view->model()->rowCount() == 0;
        m_label->setVisible(empty);
        if (!empty) {
            m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
            m_view->setMinimumHeight(0);
            m_view->setMaximumHeight(QWIDGETSIZE_MAX);
            return;
        }
        // Header and the placeholder's lines (one, or as many as it wraps to
        // in a narrow window); no scroll bar under a table with nothing to scroll to.
        m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        fitHeight();
    }

    void fitHeight()
    {
        const int lines = std::max(m_view->verticalHeader()->defaultSectionSize(),
                                   m_label->heightForWidth(std::max(1, m_viewport->width())) + 4);
        m_view->setFixedHeight(2 * m_view->frameWidth() +
                               m_view->horizontalHeader()->sizeHint().height() + lines + 4);
        m_label->setGeometry(m_viewport->rect());
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        // Not through m_view: the viewport still gets events while the view
        // is being destroyed, when it is no longer a QTableView (UBSan).
        if (watched == m_viewport && event->type() == QEvent::Resize) {
            if (m_label->isVisible() && !m_fitting) {
                m_fitting = true; // the view's new height resizes the viewport again
                fitHeight();
                m_fitting = false;
            }
            m_label->setGeometry(m_viewport->rect());
        }
        return false;
    }

private:
    QTableView* m_view;
    QWidget* m_viewport;
    QLabel* m_label;
    bool m_fitting = false;
};

} // namespace

QLabel* addEmptyPlaceholder(QTableView* view, const QString& richText)
{
    auto* label = new QLabel(richText, view->viewport());
    label->setObjectName(QStringLiteral("emptyPlaceholder"));
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true); // whole in a narrow window, over as many lines as it needs
    label->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    label->setContentsMargins(6, 0, 6, 0);
    label->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    label->setForegroundRole(QPalette::PlaceholderText);
    new PlaceholderFit(view, label);
    return label;
}

} // namespace fleet::gui
