#pragma once

// The overrides of the scenario the document shows: a row per override,
// what it changes in words (document/override_words.h: the row, the field's
// label, before → after in its unit; the id path is the tooltip), the value
// the baseline has there, and the scenario's value — a number, yes/no or a
// word, editable in place, one undo step per change. A list or object value
// (the price books, a workload's choice) is told in words alone and changed
// in its editor while the scenario is shown.

#include "document/project_document.h"

#include <QAbstractTableModel>

namespace fleet::gui {

class ScenarioOverridesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Change,
        BaseValue,
        ScenarioValue,
        ColumnCount
    };

    explicit ScenarioOverridesModel(ProjectDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

    /// Removes override `row` (one undo step); the reason when refused.
    std::optional<QString> removeOverrideAt(int row);
    QString lastRefusal() const { return m_lastRefusal; }

signals:
    void refused(const QString& message);

private:
    const Scenario* scenario() const;
    void reload();

    ProjectDocument* m_document;
    std::vector<ScenarioOverride> m_rows;
    std::vector<std::string> m_base; ///< the base value of each row, JSON text
    std::vector<QString> m_words;    ///< what each row changes, in words
    QString m_lastRefusal;
};

/// Applies `edits` of the scenarios themselves (they pass as they are while a
/// scenario is shown). Returns the reason when refused.
std::optional<QString> editScenarios(ProjectDocument* document, const QString& text,
                                     const std::vector<FieldEdit>& edits);

} // namespace fleet::gui
