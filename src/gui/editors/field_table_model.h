#pragma once

// A table over one list of the project (workloads of a kind, fleet pools,
// segments, regimes, …): a row per item, a column per field. Cells show the
// engine's values in display units; an edit becomes field edits of the project
// document, which the project reader validates — a refused value comes back
// with the field and the rule, and nothing changes.

#include "document/project_document.h"

#include <QAbstractTableModel>

#include <functional>

namespace fleet::gui {

/// One value a picker offers: what is stored, what the user reads, and why.
struct FieldChoice
{
    QString value;      ///< the stored text ("h100-sxm-80gb"); "" for "let the optimizer choose"
    QString label;      ///< "H100 SXM 80 GB — 80 GB, $2.99/GPU-h on-demand"
    QString tooltip;    ///< more about it
    QString shown = {}; ///< what the cell shows ("H100 SXM 80GB"); the label when empty
    /// The short form a narrow box shows when the label does not fit
    /// ("Enterprise" for "Enterprise (enterprise)"; editors/choice_box.h).
    QString brief = {};
};

struct FieldColumn
{
    QString key;      ///< the field's key in files when a field table made it, else ""
    QString header;   ///< "Params"
    QString unit;     ///< "B", "GPUs", "%", "" for text
    QString tooltip;  ///< the field's meaning, formula or source
    double scale = 1; ///< shown = stored × scale (fractions as percent, params in billions)
    int decimals = 2;
    /// The stored value of item `index` (double, int, bool or text).
    std::function<QVariant(const Project&, int index)> get;
    /// The JSON field of item `index`, "" for a read-only column.
    std::function<std::string(const Project&, int index)> pointer;
    bool integer = false; ///< written as a JSON integer
    /// An optional field (unset means "none" or "derived"): an empty entry
    /// clears it (FieldTableModel::setTyped).
    bool clearable = false;
    /// Instead of `pointer`: the edits that set item `index` to a (stored)
    /// value, for fields that live in more than one place (a price).
    std::function<std::vector<FieldEdit>(const Project&, int index, const boost::json::value&)>
        edits;
    /// Why a (stored) value is refused before any edit is made (an id
    /// already taken), or nullopt; checked before `edits`.
    std::function<std::optional<QString>(const Project&, int index, const boost::json::value&)>
        refuse;
    /// A picker instead of typed text: the values item `index` may take.
    std::function<std::vector<FieldChoice>(const Project&, int index)> choices;
    /// With `choices`: the field is a JSON list of them, edited as a check
    /// list (`get` returns a QStringList).
    bool checkList = false;
    /// The tooltip of a cell whose item has no such field (shown "—"), when
    /// it should say more than `tooltip` (how to add the missing value).
    QString missingTooltip = {};
    /// A cell whose item has no such field shows nothing instead of "—" (a
    /// setting only some rows state: a regime's per-kind overheads).
    bool blankWhenMissing = false;
    /// The group a form shows the field in ("Model", "Run"; the field
    /// table's group, or the page's for its own columns).
    QString group = {};
    /// What a cell shows for a stored number, instead of the number and its
    /// unit (a cost as "$1.23 M").
    std::function<QString(double)> format = {};
    /// The table's title names the unit (one unit for every column): the
    /// header is the name alone, so five prices fit a laptop's pane.
    bool unitInTitle = false;
    /// The header as a narrow table draws it, broken into lines where the
    /// name's parts join ("Note-\nbooks"); empty: `header` on one line. The
    /// header's tooltip then names the column whole.
    QString headerLines = {};

    /// What a cell shows for stored `value`: its choice's `shown` text or
    /// label (the value itself when no choice matches).
    QString labelOf(const Project& project, int index, const QString& value) const;
};

class FieldTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    using Rows = std::function<std::vector<int>(const Project&)>;
    using RowName = std::function<QString(const Project&, int index)>;

    FieldTableModel(ProjectDocument* document, Rows rows, RowName rowName,
                    std::vector<FieldColumn> columns, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    /// Takes a value in display units (a number, a bool or text).
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

    /// The rows' names as the vertical header draws them (broken into lines
    /// to keep it narrow: namesOnTwoLines); the tooltips and messages name
    /// the rows whole. By default the names themselves.
    void setShownRowNames(RowName shown) { m_shownRowName = std::move(shown); }

    const FieldColumn& column(int section) const { return m_columns[std::size_t(section)]; }
    ProjectDocument* document() const { return m_document; }
    /// The item (index in the project's list) shown in `row`.
    int itemAt(int row) const { return m_rows.at(std::size_t(row)); }
    /// The last refusal's message (also sent with refused()).
    QString lastRefusal() const { return m_lastRefusal; }

    /// Reports an edit of this table's items refused elsewhere (add, remove).
    void reportRefusal(const QString& message);
    /// Sets a number cell from text typed in its column's unit
    /// (model/field_input.h: "13" in a field shown in B is 13 × 10⁹; "2
    /// weeks" in one of days is 14); text that cannot be read so is refused
    /// naming the field and the rule, and nothing changes. Empty text clears
    /// an optional field (FieldColumn::clearable).
    bool setTyped(const QModelIndex& index, const QString& text);
    /// Sets the cell to a stored JSON value (null clears an optional field):
    /// checked by the column's refusal, then edited through the document.
    bool commit(const QModelIndex& index, boost::json::value json);
    /// Reports a refusal of an edit of `index` made before the document saw it.
    void reportRefusal(const QModelIndex& index, const QString& message);
    /// Column `section` shows new values (derived figures: costs).
    void refreshColumn(int section);

signals:
    void refused(const QModelIndex& index, const QString& message);

private:
    void reload();

    ProjectDocument* m_document;
    Rows m_rowsOf;
    RowName m_rowName;
    RowName m_shownRowName;
    std::vector<FieldColumn> m_columns;
    std::vector<int> m_rows;
    QString m_lastRefusal;
};

} // namespace fleet::gui
