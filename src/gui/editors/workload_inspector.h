#pragma once

// The workload inspector: every field of the workload selected in a list, as
// a form grouped as the field tables group them (model/workload_fields.cpp),
// each number shown and typed in its unit (FieldTableModel::setTyped: "13" in
// a field of billions is 13 × 10⁹, "2 weeks" in one of days is 14), the
// field's meaning and formula in its tooltip. Edits go through the list's
// model, so each is one undo step of the document and, while a scenario is
// shown, one of its overrides; a refusal is shown above the form, naming the
// field and the rule, and nothing changes.

#include <QPointer>
#include <QWidget>

#include <string>
#include <vector>

class QLabel;
class QVBoxLayout;

namespace fleet::gui {

class FieldTableModel;

class WorkloadInspector : public QWidget
{
    Q_OBJECT

public:
    explicit WorkloadInspector(QWidget* parent = nullptr);

    /// Shows the workload in row `row` of `model` (null or -1: none).
    void inspect(FieldTableModel* model, int row);
    FieldTableModel* model() const { return m_model; }
    /// The row shown, -1 for none (the workload was removed, or none selected).
    int row() const;

    /// The editor of the field headed `header` (a QLineEdit, QComboBox,
    /// QCheckBox or, read-only, a QLabel), or null.
    QWidget* editorOf(const QString& header) const;
    /// The refusal shown ("" when the last edit was taken).
    QString refusal() const;

private:
    struct Row
    {
        int column = 0;
        QWidget* editor = nullptr;
    };

    void rebuild();
    void refresh();
    void showRefusal(const QString& message);

    QPointer<FieldTableModel> m_model;
    std::string m_workloadId; ///< the workload shown: rows move, ids stay
    QLabel* m_title = nullptr;
    QLabel* m_refusal = nullptr;
    QWidget* m_form = nullptr;
    QVBoxLayout* m_formLayout = nullptr;
    std::vector<Row> m_rows;
    std::vector<QMetaObject::Connection> m_connections;
};

} // namespace fleet::gui
