#include "editors/scenario_overrides_model.h"

#include "document/override_words.h"
#include "document/scenario_edit.h"

#include <boost/json.hpp>

#include <cmath>
#include <utility>

namespace fleet::gui {

std::optional<QString> editScenarios(ProjectDocument* document, const QString& text,
                                     const std::vector<FieldEdit>& edits)
{
    return document->edit(text, edits); // edits of /scenarios pass a scenario as they are
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
    m_words.clear();
    if (const Scenario* s = scenario()) {
        m_rows = s->overrides;
        const Project& applied = m_document->scenarioProject();
        for (const ScenarioOverride& o : m_rows) {
            m_base.push_back(baseValueText(m_document->project(), o.path));
            m_words.push_back(
                overrideInWords(m_document->project(), applied, o).join(QLatin1Char('\n')));
        }
    }
    endResetModel();
}

namespace {

/// A scalar JSON value as people type it (a string without its quotes);
/// nullopt for a list or an object, which are told in words alone.
std::optional<QString> plainValue(const std::string& json)
{
    boost::system::error_code ec;
    const boost::json::value value = boost::json::parse(json, ec);
    if (ec)
        return QString::fromStdString(json);
    if (value.is_array() || value.is_object())
        return std::nullopt;
    if (const auto* text = value.if_string())
        return QString::fromUtf8(text->data(), qsizetype(text->size()));
    if (value.is_number()) { // 7e10 as 70000000000, 3.49E0 as 3.49
        const double number = value.to_number<double>();
        if (number == std::floor(number) && std::abs(number) < 1e15)
            return QString::number(qlonglong(number));
        return QString::number(number, 'g', 12);
    }
    return QString::fromStdString(json);
}

} // namespace

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
    case Change:
        if (role == Qt::ToolTipRole)
            return tr("Override of %1").arg(QString::fromStdString(m_rows[row].path));
        return m_words[row];
    case BaseValue: {
        if (m_base[row].empty())
            return role == Qt::ToolTipRole
                       ? tr("The project as stated has no such field (the row is gone?)")
                       : QStringLiteral("—");
        const auto plain = plainValue(m_base[row]);
        return plain ? *plain : tr("see the change");
    }
    case ScenarioValue: {
        const auto plain = plainValue(m_rows[row].valueJson);
        if (role == Qt::ToolTipRole)
            return plain ? tr("Edit in place: a number, true / false, or text")
                         : tr("A list or an object: change it in its editor while the scenario "
                              "is shown");
        return plain ? *plain : tr("see the change");
    }
    default: return {};
    }
}

QVariant ScenarioOverridesModel::headerData(int section, Qt::Orientation orientation,
                                            int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    switch (section) {
    case Change: return tr("Change");
    case BaseValue: return tr("Base value");
    case ScenarioValue: return tr("Scenario value");
    default: return {};
    }
}

Qt::ItemFlags ScenarioOverridesModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == ScenarioValue && plainValue(m_rows[std::size_t(index.row())].valueJson))
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
        refusal = editScenarios(
            m_document,
            tr("Set %1 in the scenario")
                .arg(m_words[std::size_t(index.row())].section(QLatin1Char('\n'), 0, 0)),
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
        refusal =
            editScenarios(m_document,
                          tr("Remove “%1” from the scenario")
                              .arg(m_words[std::size_t(row)].section(QLatin1Char('\n'), 0, 0)),
                          {edit.value()});
    if (refusal) {
        m_lastRefusal = *refusal;
        emit refused(m_lastRefusal);
    }
    return refusal;
}

} // namespace fleet::gui
