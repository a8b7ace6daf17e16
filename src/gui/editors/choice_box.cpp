#include "editors/choice_box.h"

#include <QAbstractItemView>
#include <QResizeEvent>
#include <QScreen>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QStyledItemDelegate>

namespace fleet::gui {

namespace {

/// The item's forms, longest first (QStringList of label, brief, shown, value).
constexpr int kFormsRole = Qt::UserRole + 1;

/// The drop-down list draws an item's whole label, not the box's form of it.
class LabelDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const QStringList forms = index.data(kFormsRole).toStringList();
        if (!forms.isEmpty())
            option->text = forms.first();
    }
};

} // namespace

ChoiceBox::ChoiceBox(QWidget* parent) : QComboBox(parent)
{
    // Its width comes from the form, not from its longest label.
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(8);
    setItemDelegate(new LabelDelegate(this));
}

void ChoiceBox::setChoices(const std::vector<FieldChoice>& choices)
{
    clear();
    for (const FieldChoice& choice : choices) {
        QStringList forms;
        for (const QString& form : {choice.label, choice.brief, choice.shown, choice.value})
            if (!form.isEmpty() && !forms.contains(form))
                forms << form;
        addItem(choice.label, choice.value);
        setItemData(count() - 1, forms, kFormsRole);
        setItemData(count() - 1, choice.tooltip, Qt::ToolTipRole);
    }
    fitTexts();
}

void ChoiceBox::addValue(const QString& value)
{
    addItem(value, value);
    setItemData(count() - 1, QStringList{value}, kFormsRole);
}

void ChoiceBox::fitTexts()
{
    QStyleOptionComboBox option;
    initStyleOption(&option);
    // The styles draw the text 1 px in from each side of the edit field.
    const int room =
        style()
            ->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this)
            .width() -
        2;
    for (int i = 0; i < count(); ++i) {
        const QStringList forms = itemData(i, kFormsRole).toStringList();
        if (forms.isEmpty())
            continue;
        QString text = forms.last(); // the shortest, when none fits
        for (const QString& form : forms)
            if (fontMetrics().horizontalAdvance(form) <= room) {
                text = form;
                break;
            }
        if (itemText(i) != text)
            setItemText(i, text);
    }
}

void ChoiceBox::resizeEvent(QResizeEvent* event)
{
    QComboBox::resizeEvent(event);
    if (event->size().width() != event->oldSize().width())
        fitTexts();
}

void ChoiceBox::showPopup()
{
    QComboBox::showPopup();
    // The list as wide as its longest label (the box sized it by the forms
    // shown), kept on the screen.
    QWidget* popup = view()->window();
    const int need =
        view()->sizeHintForColumn(0) + 2 * view()->frameWidth() +
        (view()->verticalScrollBar()->isVisible() ? view()->verticalScrollBar()->sizeHint().width()
                                                  : 0) +
        (popup->width() - view()->width());
    if (popup == this->window() || popup->width() >= need)
        return;
    QRect geometry = popup->geometry();
    const QRect screen = this->screen()->availableGeometry();
    geometry.setWidth(std::min(need, screen.width()));
    if (geometry.right() > screen.right())
        geometry.moveRight(screen.right());
    popup->setGeometry(geometry);
}

} // namespace fleet::gui
