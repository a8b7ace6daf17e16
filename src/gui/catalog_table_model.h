#pragma once

// The GPU catalog as a read-only table: one row per GPU, units in the headers,
// each figure's source and date in its tooltip.

#include "model/catalog.h"

#include <QAbstractTableModel>

namespace fleet::gui {

class CatalogTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Name,
        Vendor,
        MemoryGb,
        BandwidthGbPerS,
        Bf16DenseTflops,
        Fp8DenseTflops,
        TdpW,
        ScaleUpLink,
        Partitions,
        ColumnCount
    };

    explicit CatalogTableModel(QObject* parent = nullptr);

    /// Shows `catalog`; the model keeps its own copy.
    void setCatalog(Catalog catalog);
    const Catalog& catalog() const { return m_catalog; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    /// Every figure of the GPU of `row`, one line of "name value" pairs
    /// ("" for no such row): the list shows a few columns, this the rest.
    QString details(int row) const;
    /// Each figure's source and date, a line each (the details' tooltip).
    QString sources(int row) const;

private:
    QString citation(const SourcedValue& value) const;
    QVariant display(const GpuModel& gpu, int column) const;
    QVariant toolTip(const GpuModel& gpu, int column) const;
    /// "header: figure" (`pattern`) of each column from `from` on, the
    /// figure as `text` writes it (display or toolTip).
    QStringList figuresOf(int row, int from, const QString& pattern,
                          QVariant (CatalogTableModel::*text)(const GpuModel&, int) const) const;

    Catalog m_catalog;
};

} // namespace fleet::gui
