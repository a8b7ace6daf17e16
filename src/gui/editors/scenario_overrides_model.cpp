#include "editors/scenario_overrides_model.h"

#include "document/scenario_edit.h"

#include <utility>

namespace fleet::gui {

std::optional<QString> editScenarios(ProjectDocument* document, const QString& text,
                                     const std::vector<FieldEdit>& edits)
{
    return document->edit(text, edits); // edits of /scenarios pass a recording as they are
}

ScenarioOverridesModel::ScenarioOverridesModel(ProjectDocument* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document)
{
    reload();
    connect(document, &ProjectDocument::changed, this, &ScenarioOverridesModel::reload);
}

const Scenario* ScenarioOverridesModel::scenario() const
{
    const QString id = m_document->scenario();
    return id.isEmpty() ? nullptr : m_document->project().scenario(id.toStdString());
}

void ScenarioOverridesModel::reload()
{
    beginResetModel();
    m_rows.clear();
    m_base.clear();
    if (const Scenario* s = scenario()) {
        m_rows = s->overrides;
        for (const ScenarioOverride& o : m_rows)
            m_base.push_back(baseValueText(m_document->project(), o.path));
    }
    endResetModel();
}

int ScenarioOverridesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ScenarioOverridesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ScenarioOverridesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() ||
        (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole))
        return {};
    const std::size_t row = std::size_t(index.row());
    switch (index.column()) {
    case Field: return QString::fromStdString(m_rows[row].path);
    case BaseValue:
        if (m_base[row].empty())
            return role == Qt::ToolTipRole
                       ? tr("The project as stated has no such field (the row is gone?)")
                       : QStringLiteral("—");
        return QString::fromStdString(m_base[row]);
    case ScenarioValue:
        if (role == Qt::ToolTipRole)
            return tr("Edit in place: a number, true / false, a JSON list or object, or text");
        return QString::fromStdString(m_rows[row].valueJson);
    default: return {};
    }
}

QVariant ScenarioOverridesModel::headerData(int section, Qt::Orientation orientation,
                                            int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    switch (section) {
    case Field: return tr("Field");
    case BaseValue: return tr("Base value");
    case ScenarioValue: return tr("Scenario value");
    default: return {};
    }
}

Qt::ItemFlags ScenarioOverridesModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == ScenarioValue)
        flags |= Qt::ItemIsEditable;
    return flags;
}

bool ScenarioOverridesModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || index.column() != ScenarioValue)
        return false;
    const std::string id = m_document->scenario().toStdString();
    auto edit = setOverrideValue(m_document->project(), id, std::size_t(index.row()),
                                 value.toString().trimmed().toStdString());
    std::optional<QString> refusal;
    if (!edit)
        refusal = QString::fromStdString(edit.error().messages());
    else
        refusal =
            editScenarios(m_document,
                          tr("Set %1 in the scenario")
                              .arg(QString::fromStdString(m_rows[std::size_t(index.row())].path)),
                          {edit.value()});
    if (refusal) {
        m_lastRefusal = *refusal;
        emit refused(m_lastRefusal);
        return false;
    }
    return true;
}

std::optional<QString> ScenarioOverridesModel::removeOverrideAt(int row)
{
    auto edit = removeOverride(m_document->project(), m_document->scenario().toStdString(),
                               std::size_t(row));
    std::optional<QString> refusal;
    if (!edit)
        refusal = QString::fromStdString(edit.error().messages());
    else
        refusal = editScenarios(m_document,
                                tr("Remove %1 from the scenario")
                                    .arg(QString::fromStdString(m_rows[std::size_t(row)].path)),
                                {edit.value()});
    if (refusal) {
        m_lastRefusal = *refusal;
        emit refused(m_lastRefusal);
    }
    return refusal;
}

} // namespace fleet::gui
