#include "editors/record_inspector.h"

#include "editors/choice_box.h"
#include "editors/field_table_model.h"
#include "editors/range_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QRegularExpression>
#include <QVBoxLayout>

#include <cmath>
#include <map>
#include <memory>

namespace fleet::gui {

namespace {

/// A stored number as its field shows it: six significant digits, no
/// exponent ("0.0211678" T, not "0.0211678410556827", cut in a 140 px field;
/// 4.09814 days). Only what is typed is taken, so an untouched field keeps
/// its stored value whole.
QString inspectedNumberText(double value)
{
    if (std::abs(value) >= 1e6)
        return QLocale::c().toString(value, 'f', 0);
    QString text = QLocale::c().toString(value, 'g', 6);
    if (text.contains(QLatin1Char('e'))) // below 1e-4: written out
        text =
            QLocale::c().toString(value, 'f', 8).remove(QRegularExpression(QStringLiteral("0+$")));
    return text;
}

/// The tooltip of a field: its meaning (and formula), and how it is typed.
QString fieldTooltip(const FieldColumn& c, bool typedNumber)
{
    QString tip = c.tooltip;
    if (typedNumber && !c.unit.isEmpty())
        tip += QObject::tr("\n\nTyped in %1: a bare number is in %1; a unit of the same kind is "
                           "converted (13B, 1.2T, 2 weeks, $3.79/h, 80 GB where it fits).")
                   .arg(c.unit);
    return tip;
}

/// What kind of editor a column gets.
enum class EditorKind
{
    Number,
    Text,
    Choice,
    CheckList,
    Check,
    ReadOnly
};

EditorKind editorKind(const FieldColumn& c, const QVariant& value)
{
    if (!c.pointer && !c.edits)
        return EditorKind::ReadOnly;
    if (c.choices)
        return c.checkList ? EditorKind::CheckList : EditorKind::Choice;
    if (value.typeId() == QMetaType::Bool)
        return EditorKind::Check;
    if (value.typeId() == QMetaType::QString)
        return EditorKind::Text;
    return EditorKind::Number; // also an unset optional number (no value)
}

} // namespace

RecordInspector::RecordInspector(QWidget* parent)
    : RecordInspector([](const Project& p, int item) { return p.workloads[std::size_t(item)].id; },
                      tr("workload"), parent)
{}

RecordInspector::RecordInspector(Identity identity, const QString& noun, QWidget* parent)
    : QWidget(parent), m_identity(std::move(identity)), m_noun(noun)
{
    setObjectName(QStringLiteral("inspector"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("inspectorTitle"));
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    m_refusal = new QLabel(this);
    m_refusal->setObjectName(QStringLiteral("inspectorRefusal"));
    m_refusal->setWordWrap(true);
    m_refusal->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_refusal->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refusal->hide();
    layout->addWidget(m_refusal);
    m_form = new QWidget(this);
    m_formLayout = new QVBoxLayout(m_form);
    m_formLayout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_form);
    layout->addStretch(1);
    inspect(nullptr, -1);
}

void RecordInspector::inspect(FieldTableModel* model, int row)
{
    const bool sameModel = model == m_model;
    if (!sameModel) {
        for (const QMetaObject::Connection& c : m_connections)
            disconnect(c);
        m_connections.clear();
        m_model = model;
        if (model) {
            const auto refreshNow = [this] { refresh(); };
            m_connections = {connect(model, &QAbstractItemModel::dataChanged, this, refreshNow),
                             connect(model, &QAbstractItemModel::modelReset, this, refreshNow),
                             connect(model, &QAbstractItemModel::rowsRemoved, this, refreshNow),
                             connect(model, &FieldTableModel::refused, this,
                                     [this](const QModelIndex& index, const QString& message) {
                                         if (!index.isValid() || index.row() == this->row())
                                             showRefusal(message);
                                     })};
        }
    }
    const std::string id = model && row >= 0 && row < model->rowCount()
                               ? m_identity(model->document()->shownProject(), model->itemAt(row))
                               : std::string();
    if (sameModel && id == m_itemId && !m_rows.empty())
        return refresh();
    m_itemId = id;
    showRefusal({});
    rebuild();
}

void RecordInspector::setLabelsBeside(bool beside)
{
    m_labelsBeside = beside;
    rebuild();
}

int RecordInspector::row() const
{
    if (!m_model || m_itemId.empty())
        return -1;
    const Project& project = m_model->document()->shownProject();
    for (int r = 0; r < m_model->rowCount(); ++r)
        if (m_identity(project, m_model->itemAt(r)) == m_itemId)
            return r;
    return -1;
}

QWidget* RecordInspector::editorOf(const QString& header) const
{
    if (!m_model)
        return nullptr;
    for (const Row& r : m_rows)
        if (m_model->column(r.column).header == header)
            return r.editor;
    return nullptr;
}

QString RecordInspector::refusal() const
{
    return m_refusal->isHidden() ? QString() : m_refusal->text();
}

void RecordInspector::showRefusal(const QString& message)
{
    m_refusal->setText(message.isEmpty() ? QString() : tr("Refused: %1").arg(message));
    m_refusal->setVisible(!message.isEmpty());
}

void RecordInspector::rebuild()
{
    // A new form: the one before had another item's (or kind's) fields.
    delete m_form;
    m_rows.clear();
    m_form = new QWidget(this);
    m_formLayout = new QVBoxLayout(m_form);
    m_formLayout->setContentsMargins(0, 0, 0, 0);
    static_cast<QVBoxLayout*>(layout())->insertWidget(2, m_form);
    const int r = row();
    if (r < 0)
        return refresh();
    // Groups in the order their first field comes in the table.
    std::vector<QString> order;
    std::map<QString, QFormLayout*> forms;
    const Project& shown = m_model->document()->shownProject();
    for (int column = 0; column < m_model->columnCount(); ++column) {
        const FieldColumn& c = m_model->column(column);
        // A field of no group: in the item's own ("Workload", "Pool").
        const QString group =
            c.group.isEmpty() ? m_noun.left(1).toUpper() + m_noun.mid(1) : c.group;
        if (!forms.count(group)) {
            auto* box = new QGroupBox(group, m_form);
            box->setObjectName(QStringLiteral("group:") + group);
            auto* form = new QFormLayout(box);
            // Labels above their fields: a side panel is narrow, and no label
            // is cut; beside them (wrapped where a row does not fit) on a page.
            form->setRowWrapPolicy(m_labelsBeside ? QFormLayout::WrapLongRows
                                                  : QFormLayout::WrapAllRows);
            form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
            forms[group] = form;
            order.push_back(group);
            m_formLayout->addWidget(box);
        }
        const QVariant value = c.get(shown, m_model->itemAt(r));
        const EditorKind kind = editorKind(c, value);
        const QString tip = fieldTooltip(c, kind == EditorKind::Number);
        QWidget* editor = nullptr;
        QWidget* field = nullptr;
        const auto at = [this, column] { return m_model->index(row(), column); };
        switch (kind) {
        case EditorKind::Number:
        case EditorKind::Text: {
            auto* edit = new QLineEdit;
            if (kind == EditorKind::Number) {
                edit->setAlignment(Qt::AlignRight);
                edit->setPlaceholderText(tr("unset"));
            }
            connect(edit, &QLineEdit::editingFinished, this, [this, edit, at, kind] {
                if (!edit->isModified() || row() < 0)
                    return;
                edit->setModified(false);
                const bool taken = kind == EditorKind::Number
                                       ? m_model->setTyped(at(), edit->text())
                                       : m_model->setData(at(), edit->text(), Qt::EditRole);
                if (taken)
                    showRefusal({});
                else
                    edit->setModified(true); // keep what was typed, to be corrected
            });
            editor = edit;
            if (kind == EditorKind::Number && c.pointer) {
                // "Set range…": the field's low / likely / high (issue 31, item 6).
                edit->setContextMenuPolicy(Qt::CustomContextMenu);
                connect(edit, &QLineEdit::customContextMenuRequested, this,
                        [this, edit, column](const QPoint& clicked) {
                            std::unique_ptr<QMenu> menu(edit->createStandardContextMenu());
                            menu->addSeparator();
                            QAction* range = menu->addAction(tr("Set range…"));
                            if (menu->exec(edit->mapToGlobal(clicked)) != range || row() < 0)
                                return;
                            const FieldColumn& ranged = m_model->column(column);
                            editFieldRange(this, m_model->document(), ranged,
                                           ranged.pointer(m_model->document()->project(),
                                                          m_model->itemAt(row())));
                        });
            }
            if (kind == EditorKind::Number && !c.unit.isEmpty()) {
                field = new QWidget;
                auto* line = new QHBoxLayout(field);
                line->setContentsMargins(0, 0, 0, 0);
                line->addWidget(edit, 1);
                auto* unit = new QLabel(c.unit);
                unit->setToolTip(tip);
                line->addWidget(unit);
            }
            break;
        }
        case EditorKind::Choice: {
            // The box shows the longest form of the choice that fits it
            // whole ("Enterprise" for "Enterprise (enterprise)" in a side
            // panel); the list it drops the whole labels (choice_box.h).
            auto* combo = new ChoiceBox;
            connect(combo, &QComboBox::activated, this, [this, combo, at](int i) {
                if (row() < 0 || combo->itemData(i) == m_model->data(at(), Qt::EditRole))
                    return;
                if (m_model->setData(at(), combo->itemData(i), Qt::EditRole))
                    showRefusal({});
            });
            editor = combo;
            break;
        }
        case EditorKind::CheckList: {
            // A box per choice (a segment's allowed regimes): the list is
            // stored as the boxes ticked, one undo step per click.
            auto* boxes = new QWidget;
            boxes->setProperty("checkList", true);
            auto* stack = new QVBoxLayout(boxes);
            stack->setContentsMargins(0, 0, 0, 0);
            stack->setSpacing(2);
            for (const FieldChoice& choice : c.choices(shown, m_model->itemAt(r))) {
                auto* box = new QCheckBox(choice.label);
                box->setProperty("choice", choice.value);
                box->setToolTip(choice.tooltip);
                stack->addWidget(box);
                connect(box, &QCheckBox::clicked, this, [this, boxes, at] {
                    if (row() < 0)
                        return;
                    QStringList ticked;
                    for (auto* one : boxes->findChildren<QCheckBox*>())
                        if (one->isChecked())
                            ticked << one->property("choice").toString();
                    if (m_model->setData(at(), ticked, Qt::EditRole))
                        showRefusal({});
                    else
                        refresh(); // the boxes as stored
                });
            }
            editor = boxes;
            break;
        }
        case EditorKind::Check: {
            auto* check = new QCheckBox;
            connect(check, &QCheckBox::clicked, this, [this, at](bool on) {
                if (row() >= 0 &&
                    m_model->setData(at(), on ? Qt::Checked : Qt::Unchecked, Qt::CheckStateRole))
                    showRefusal({});
            });
            editor = check;
            break;
        }
        case EditorKind::ReadOnly: {
            auto* label = new QLabel;
            label->setWordWrap(true);
            label->setTextInteractionFlags(Qt::TextSelectableByMouse);
            editor = label;
            break;
        }
        }
        editor->setObjectName(QStringLiteral("field:") + (c.key.isEmpty() ? c.header : c.key));
        editor->setToolTip(tip);
        auto* label = new QLabel(c.header);
        label->setToolTip(tip);
        label->setBuddy(editor);
        forms[group]->addRow(label, field ? field : editor);
        m_rows.push_back({column, editor});
    }
    refresh();
}

void RecordInspector::refresh()
{
    const int r = row();
    m_form->setVisible(r >= 0);
    if (r < 0) {
        m_title->setText(
            m_model && !m_itemId.empty()
                ? tr("The %1 shown was removed; select another in the list.").arg(m_noun)
                : tr("Select a %1 in the list to see all of its fields.").arg(m_noun));
        return;
    }
    const Project& shown = m_model->document()->shownProject();
    const int item = m_model->itemAt(r);
    m_title->setText(
        QStringLiteral("<b>%1</b> — %2")
            .arg(m_model->headerData(r, Qt::Vertical, Qt::DisplayRole).toString().toHtmlEscaped(),
                 m_model->objectName().toHtmlEscaped()));
    for (const Row& entry : m_rows) {
        const FieldColumn& c = m_model->column(entry.column);
        const QModelIndex index = m_model->index(r, entry.column);
        const QVariant value = c.get(shown, item);
        if (auto* edit = qobject_cast<QLineEdit*>(entry.editor)) {
            if (edit->isModified()) // typed, not yet taken: keep it
                continue;
            edit->setText(value.typeId() == QMetaType::QString ? value.toString()
                          : value.isValid()
                              ? inspectedNumberText(m_model->data(index, Qt::EditRole).toDouble())
                              : QString());
            edit->setModified(false);
            edit->setCursorPosition(0); // a long note reads from its start
            // An unset optional field is typed into; a value the item has
            // not (a price the book lacks: Add price) is not.
            const bool editable =
                (m_model->flags(index) & Qt::ItemIsEditable) || (!value.isValid() && c.clearable);
            edit->setReadOnly(!editable);
            edit->setPlaceholderText(editable ? tr("unset") : QStringLiteral("—"));
            edit->setToolTip(value.isValid() || c.missingTooltip.isEmpty()
                                 ? fieldTooltip(c, value.typeId() != QMetaType::QString)
                                 : c.missingTooltip);
        } else if (auto* combo = qobject_cast<ChoiceBox*>(entry.editor)) {
            const QSignalBlocker quiet(combo);
            combo->setChoices(c.choices(shown, item));
            int at = combo->findData(value.toString());
            if (at < 0) { // a value no choice offers: shown as it is
                combo->addValue(value.toString());
                at = combo->count() - 1;
            }
            combo->setCurrentIndex(at);
        } else if (entry.editor->property("checkList").toBool()) {
            const QStringList ticked = value.toStringList();
            for (auto* box : entry.editor->findChildren<QCheckBox*>()) {
                const QSignalBlocker quiet(box);
                box->setChecked(ticked.contains(box->property("choice").toString()));
            }
        } else if (auto* check = qobject_cast<QCheckBox*>(entry.editor)) {
            const QSignalBlocker quiet(check);
            check->setChecked(value.toBool());
        } else if (auto* label = qobject_cast<QLabel*>(entry.editor)) {
            label->setText(m_model->data(index, Qt::DisplayRole).toString());
        }
    }
}

} // namespace fleet::gui
