#include "catalog_table_model.h"

#include "model/partition_scheme.h"

#include <QLocale>

namespace fleet::gui {

namespace {
QString numberText(double value)
{
    return QLocale().toString(value, 'f', value == static_cast<long long>(value) ? 0 : 1);
}
} // namespace

CatalogTableModel::CatalogTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void CatalogTableModel::setCatalog(Catalog catalog)
{
    beginResetModel();
    m_catalog = std::move(catalog);
    endResetModel();
}

int CatalogTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_catalog.gpus.size());
}

int CatalogTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CatalogTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const GpuModel& gpu = m_catalog.gpus[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return display(gpu, index.column());
    case Qt::ToolTipRole: return toolTip(gpu, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() >= MemoryGb && index.column() <= TdpW)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::UserRole: return QString::fromStdString(gpu.id);
    default: return {};
    }
}

QVariant CatalogTableModel::display(const GpuModel& gpu, int column) const
{
    switch (column) {
    case Name: return QString::fromStdString(gpu.name);
    case Vendor: return QString::fromUtf8(vendorName(gpu.vendor));
    case MemoryGb: return numberText(gpu.memoryGb.value);
    case BandwidthGbPerS: return numberText(gpu.memoryBandwidthGbPerS.value);
    case Bf16DenseTflops: return numberText(gpu.bf16DenseTflops.value);
    case Fp8DenseTflops:
        return gpu.fp8DenseTflops ? numberText(gpu.fp8DenseTflops->value) : tr("—");
    case TdpW: return numberText(gpu.tdpW.value);
    case ScaleUpLink:
        return gpu.scaleUpLinkGbPerS ? tr("%1, %2 GB/s")
                                           .arg(QString::fromStdString(gpu.scaleUpLink),
                                                numberText(gpu.scaleUpLinkGbPerS->value))
                                     : QString::fromStdString(gpu.scaleUpLink);
    case Partitions: return QString::fromStdString(partitionSummary(gpu));
    default: return {};
    }
}

QString CatalogTableModel::citation(const SourcedValue& value) const
{
    const SourceInfo* source = m_catalog.source(value.source);
    const QString title =
        source ? QString::fromStdString(source->title) : QString::fromStdString(value.source);
    return tr("Source: %1 (as of %2)").arg(title, QString::fromStdString(value.asOf));
}

QVariant CatalogTableModel::toolTip(const GpuModel& gpu, int column) const
{
    switch (column) {
    case Name:
        return tr("%1 — id %2, from %3")
            .arg(QString::fromStdString(gpu.name), QString::fromStdString(gpu.id),
                 QString::fromStdString(gpu.originFile));
    case MemoryGb: return citation(gpu.memoryGb);
    case BandwidthGbPerS: return citation(gpu.memoryBandwidthGbPerS);
    case Bf16DenseTflops: return citation(gpu.bf16DenseTflops);
    case Fp8DenseTflops:
        return gpu.fp8DenseTflops ? citation(*gpu.fp8DenseTflops) : tr("No FP8 tensor cores");
    case TdpW: return citation(gpu.tdpW);
    case ScaleUpLink:
        return gpu.scaleUpLinkGbPerS ? citation(*gpu.scaleUpLinkGbPerS) : tr("No scale-up link");
    case Partitions: {
        QStringList lines;
        if (const auto scheme = partitionScheme(gpu))
            for (const PartitionProfile& profile : scheme->profiles()) {
                const std::string note = scheme->note(profile);
                lines << tr("%1: up to %2 per GPU")
                                 .arg(QString::fromStdString(profile.name))
                                 .arg(profile.maxInstances) +
                             (note.empty()
                                  ? QString()
                                  : QStringLiteral(" (%1)").arg(QString::fromStdString(note)));
            }
        return lines.isEmpty() ? tr("Cannot be partitioned") : lines.join(QLatin1Char('\n'));
    }
    default: return {};
    }
}

QVariant CatalogTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name: return tr("GPU");
    case Vendor: return tr("Vendor");
    case MemoryGb: return tr("Memory\n(GB)");
    case BandwidthGbPerS: return tr("Bandwidth\n(GB/s)");
    case Bf16DenseTflops: return tr("BF16 dense\n(TFLOPS)");
    case Fp8DenseTflops: return tr("FP8 dense\n(TFLOPS)");
    case TdpW: return tr("TDP (W)");
    case ScaleUpLink: return tr("Scale-up link");
    case Partitions: return tr("Partitions");
    default: return {};
    }
}

QStringList CatalogTableModel::figuresOf(int row, int from, const QString& pattern,
                                         QVariant (CatalogTableModel::*text)(const GpuModel&, int)
                                             const) const
{
    QStringList figures;
    if (row < 0 || row >= rowCount())
        return figures;
    const GpuModel& gpu = m_catalog.gpus[static_cast<std::size_t>(row)];
    for (int column = from; column < ColumnCount; ++column)
        figures << pattern.arg(headerData(column, Qt::Horizontal, Qt::DisplayRole)
                                   .toString()
                                   .replace(QLatin1Char('\n'), QLatin1Char(' ')),
                               (this->*text)(gpu, column).toString());
    return figures;
}

QString CatalogTableModel::details(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const GpuModel& gpu = m_catalog.gpus[static_cast<std::size_t>(row)];
    return tr("%1 (%2) — %3")
        .arg(QString::fromStdString(gpu.name), QString::fromStdString(gpu.id),
             figuresOf(row, Vendor, tr("%1: %2"), &CatalogTableModel::display)
                 .join(QStringLiteral(" · ")));
}

QString CatalogTableModel::sources(int row) const
{
    return figuresOf(row, MemoryGb, tr("%1 — %2"), &CatalogTableModel::toolTip)
        .join(QLatin1Char('\n'));
}

} // namespace fleet::gui
