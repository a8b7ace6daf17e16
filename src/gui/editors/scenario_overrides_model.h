#pragma once

// The overrides of the scenario the document shows: a row per override,
// its field (id path), the value the project as stated has there, and the
// scenario's value — editable in place (JSON, or plain text for a string),
// one undo step per change.

#include "document/project_document.h"

#include <QAbstractTableModel>

namespace fleet::gui {

class ScenarioOverridesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Field,
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
    QString m_lastRefusal;
};

/// Applies `edits` of the scenarios themselves (a recording passes them as
/// they are). Returns the reason when refused.
std::optional<QString> editScenarios(ProjectDocument* document, const QString& text,
                                     const std::vector<FieldEdit>& edits);

} // namespace fleet::gui
