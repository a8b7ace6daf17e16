#include "editors/field_table_model.h"

#include "model/field_input.h"

#include <QLocale>

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

QString FieldColumn::labelOf(const Project& project, int index, const QString& value) const
{
    if (choices)
        for (const FieldChoice& choice : choices(project, index))
            if (choice.value == value)
                return choice.shown.isEmpty() ? choice.label : choice.shown;
    return value;
}

namespace {

/// Whether `pointer` names a field of row `item` of `list` ("/workloads/3/…").
bool namesRowOf(const std::string& pointer, const std::string& list, int item)
{
    const std::string row = list + "/" + std::to_string(item) + "/";
    return pointer.compare(0, row.size(), row) == 0;
}

/// Whether the items of a table with `columns` are rows of `list`: its
/// cells' fields are (the first column that names its field says so for the
/// first item).
bool rowsOfList(const std::vector<FieldColumn>& columns, const Project& project,
                const std::vector<int>& items, const std::string& list)
{
    if (list.empty() || items.empty())
        return false;
    for (const FieldColumn& c : columns)
        if (c.pointer)
            return namesRowOf(c.pointer(project, items.front()), list, items.front());
    return false;
}

} // namespace

FieldTableModel::FieldTableModel(ProjectDocument* document, Rows rows, RowName rowName,
                                 std::vector<FieldColumn> columns, QObject* parent)
    : QAbstractTableModel(parent), m_document(document), m_rowsOf(std::move(rows)),
      m_rowName(std::move(rowName)), m_columns(std::move(columns))
{
    m_rows = m_rowsOf(m_document->shownProject());
    connect(document, &ProjectDocument::changed, this, &FieldTableModel::reload);
}

void FieldTableModel::reload()
{
    const std::vector<int> rows = m_rowsOf(m_document->shownProject());
    if (rows.size() != m_rows.size()) {
        beginResetModel();
        m_rows = rows;
        endResetModel();
        return;
    }
    const ProjectChange& change = m_document->lastChange();
    if (rows == m_rows && change.scope == ProjectChange::Scope::Row &&
        rowsOfList(m_columns, m_document->shownProject(), m_rows, change.list)) {
        // One row of our list changed, and no other: its cells alone (a
        // thousand rows re-measured for one edit were most of its time).
        const auto at = std::find(m_rows.begin(), m_rows.end(), change.row);
        if (at != m_rows.end()) {
            const int row = int(at - m_rows.begin());
            emit dataChanged(index(row, 0), index(row, columnCount() - 1));
            emit headerDataChanged(Qt::Vertical, row, row); // renamed
        }
        return;
    }
    m_rows = rows;
    if (!m_rows.empty()) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        emit headerDataChanged(Qt::Vertical, 0, rowCount() - 1); // renamed or moved rows
    }
}

int FieldTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FieldTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant FieldTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const FieldColumn& c = m_columns[std::size_t(index.column())];
    const int item = m_rows[std::size_t(index.row())];
    if (role == Qt::ToolTipRole)
        return c.missingTooltip.isEmpty() || c.get(m_document->shownProject(), item).isValid()
                   ? c.tooltip
                   : c.missingTooltip;
    if (role == Qt::TextAlignmentRole)
        return c.unit.isEmpty() ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    // While a scenario is shown, its values (shownProject()).
    const Project& shown = m_document->shownProject();
    const QVariant value = c.get(shown, item);
    if (!value.isValid()) // the item has no such field (a plan the book does not offer)
        return role == Qt::DisplayRole && !c.blankWhenMissing ? QVariant(QStringLiteral("—"))
                                                              : QVariant();
    if (value.typeId() == QMetaType::Bool) {
        if (role == Qt::CheckStateRole)
            return value.toBool() ? Qt::Checked : Qt::Unchecked;
        return {};
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    if (value.typeId() == QMetaType::QStringList) {
        if (role == Qt::EditRole)
            return value;
        QStringList labels;
        for (const QString& v : value.toStringList())
            labels << c.labelOf(shown, item, v);
        return labels.join(QStringLiteral(", "));
    }
    if (value.typeId() == QMetaType::QString)
        return role == Qt::DisplayRole && c.choices ? c.labelOf(shown, item, value.toString())
                                                    : value;
    const double scaled = value.toDouble() * c.scale;
    if (role == Qt::EditRole)
        return scaled;
    if (c.format)
        return c.format(value.toDouble());
    return QLocale().toString(scaled, 'f', c.decimals) +
           (c.unit.isEmpty() ? QString() : QStringLiteral(" ") + c.unit);
}

QVariant FieldTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (orientation == Qt::Vertical) {
        const RowName& name =
            role == Qt::DisplayRole && m_shownRowName ? m_shownRowName : m_rowName;
        return name(m_document->shownProject(), m_rows[std::size_t(section)]);
    }
    const FieldColumn& c = m_columns[std::size_t(section)];
    if (role == Qt::ToolTipRole)
        return c.headerLines.isEmpty() ? c.tooltip
                                       : QStringLiteral("%1: %2").arg(c.header, c.tooltip);
    // The unit on a line of its own: a column is as narrow as its name or
    // its figures, and a laptop's editor pane shows a table whole.
    const QString& name = c.headerLines.isEmpty() ? c.header : c.headerLines;
    return c.unit.isEmpty() || c.unitInTitle ? name : QStringLiteral("%1\n(%2)").arg(name, c.unit);
}

Qt::ItemFlags FieldTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return Qt::NoItemFlags; // the root, or a cell of a row that is not there
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const FieldColumn& c = m_columns[std::size_t(index.column())];
    if (!c.pointer && !c.edits)
        return flags;
    const QVariant value = c.get(m_document->shownProject(), m_rows[std::size_t(index.row())]);
    if (!value.isValid())
        return flags;
    return flags |
           (value.typeId() == QMetaType::Bool ? Qt::ItemIsUserCheckable : Qt::ItemIsEditable);
}

bool FieldTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || (role != Qt::EditRole && role != Qt::CheckStateRole))
        return false;
    const FieldColumn& c = m_columns[std::size_t(index.column())];
    if (!c.pointer && !c.edits)
        return false;
    const int item = m_rows[std::size_t(index.row())];
    // The edit is computed against what the table shows: the baseline or,
    // while a scenario is shown, the scenario's project (the same rows), so
    // that an edit of a price in a scenario keeps its other overrides.
    const Project& shown = m_document->shownProject();
    const std::string pointer = c.pointer ? c.pointer(shown, item) : c.header.toStdString();
    boost::json::value json;
    const QVariant current = c.get(shown, item);
    if (role == Qt::CheckStateRole) {
        json = value.toInt() == Qt::Checked;
    } else if (current.typeId() == QMetaType::QStringList) {
        boost::json::array list;
        for (const QString& v : value.toStringList())
            list.emplace_back(v.toStdString());
        json = std::move(list);
    } else if (current.typeId() == QMetaType::QString) {
        json = value.toString().toStdString();
    } else {
        const double stored = storedFromShown(value.toDouble(), c.scale);
        if (c.integer) {
            if (stored != std::floor(stored) || std::abs(stored) > 9e15) {
                m_lastRefusal = tr("%1: must be a whole number; got %2")
                                    .arg(QString::fromStdString(pointer))
                                    .arg(value.toDouble());
                emit refused(index, m_lastRefusal);
                return false;
            }
            json = std::int64_t(stored);
        } else {
            json = stored;
        }
    }
    return commit(index, std::move(json));
}

bool FieldTableModel::commit(const QModelIndex& index, boost::json::value json)
{
    const FieldColumn& c = m_columns[std::size_t(index.column())];
    const int item = m_rows[std::size_t(index.row())];
    const Project& shown = m_document->shownProject();
    const std::string pointer = c.pointer ? c.pointer(shown, item) : c.header.toStdString();
    if (c.refuse)
        if (const auto refusal = c.refuse(shown, item, json)) {
            m_lastRefusal = *refusal;
            emit refused(index, m_lastRefusal);
            return false;
        }
    const QString text =
        tr("Edit %1 of %2").arg(c.header, m_rowName(m_document->shownProject(), item));
    const std::vector<FieldEdit> edits =
        c.edits ? c.edits(shown, item, json) : std::vector<FieldEdit>{{pointer, json}};
    if (edits.empty()) // nothing to change (an id set to itself)
        return true;
    if (const auto refusal = m_document->edit(text, edits)) {
        m_lastRefusal = *refusal;
        emit refused(index, m_lastRefusal);
        return false;
    }
    return true;
}

void FieldTableModel::reportRefusal(const QString& message)
{
    m_lastRefusal = message;
    emit refused({}, message);
}

bool FieldTableModel::setTyped(const QModelIndex& index, const QString& text)
{
    if (!index.isValid())
        return false;
    const FieldColumn& c = m_columns[std::size_t(index.column())];
    // An optional field left empty: cleared (its default or derived value
    // applies again), where it is set.
    if (c.clearable && text.trimmed().isEmpty()) {
        if (!c.get(m_document->shownProject(), m_rows[std::size_t(index.row())]).isValid())
            return true; // unset already
        return commit(index, boost::json::value(nullptr));
    }
    const std::string header = c.header.toStdString();
    const std::string unit = c.unit.toStdString();
    const auto parsed = parseFieldInput({header, unit, c.scale}, text.toStdString());
    if (!parsed) {
        reportRefusal(index, QString::fromStdString(parsed.error().messages()));
        return false;
    }
    return setData(index, parsed.value().shown, Qt::EditRole);
}

void FieldTableModel::reportRefusal(const QModelIndex& index, const QString& message)
{
    m_lastRefusal = message;
    emit refused(index, message);
}

void FieldTableModel::refreshColumn(int section)
{
    if (rowCount() > 0)
        emit dataChanged(index(0, section), index(rowCount() - 1, section));
}

} // namespace fleet::gui
