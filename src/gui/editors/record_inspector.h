#pragma once

// The record inspector: every field of the row selected in a compact list (a
// workload, a pool, a segment, a GPU's prices), as a form grouped as the
// field tables group them (model/workload_fields.cpp),
// each number shown and typed in its unit (FieldTableModel::setTyped: "13" in
// a field of billions is 13 × 10⁹, "2 weeks" in one of days is 14), the
// field's meaning and formula in its tooltip. Edits go through the list's
// model, so each is one undo step of the document and, while a scenario is
// shown, one of its overrides; a refusal is shown above the form, naming the
// field and the rule, and nothing changes.

#include <QPointer>
#include <QWidget>

#include <functional>
#include <string>
#include <vector>

class QLabel;
class QVBoxLayout;

namespace fleet {
struct Project;
}

namespace fleet::gui {

class FieldTableModel;

class RecordInspector : public QWidget
{
    Q_OBJECT

public:
    /// What stays of an item while rows move: its id in its list.
    using Identity = std::function<std::string(const Project&, int item)>;

    /// An inspector of workloads (identified by their ids).
    explicit RecordInspector(QWidget* parent = nullptr);
    /// An inspector of the items `identity` tells apart; `noun` ("pool")
    /// names one in its messages.
    RecordInspector(Identity identity, const QString& noun, QWidget* parent = nullptr);

    /// Shows the item in row `row` of `model` (null or -1: none).
    void inspect(FieldTableModel* model, int row);
    FieldTableModel* model() const { return m_model; }
    /// The row shown, -1 for none (the item was removed, or none selected).
    int row() const;

    /// Labels beside their fields where the form is wide enough (a page's
    /// own form); by default above them (a narrow side panel).
    void setLabelsBeside(bool beside);

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

    Identity m_identity;
    bool m_labelsBeside = false;
    QString m_noun;
    QPointer<FieldTableModel> m_model;
    std::string m_itemId; ///< the item shown: rows move, ids stay
    QLabel* m_title = nullptr;
    QLabel* m_refusal = nullptr;
    QWidget* m_form = nullptr;
    QVBoxLayout* m_formLayout = nullptr;
    std::vector<Row> m_rows;
    std::vector<QMetaObject::Connection> m_connections;
};

} // namespace fleet::gui
