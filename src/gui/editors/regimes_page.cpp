#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/field_table_model.h"
#include "editors/page_helpers.h"
#include "editors/project_pages.h"
#include "store/project_json_writer.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace fleet::gui {

namespace {

std::vector<int> allRegimes(const Project&)
{
    std::vector<int> rows;
    for (int i = 0; i < 6; ++i)
        rows.push_back(i);
    return rows;
}

std::string regimePointer(int i, const char* field)
{
    return "/regimes/" + std::string(regimeKey(RegimeKind(i))) + "/" + field;
}

} // namespace

ProjectPage regimesPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    const auto regimeColumn = [](const QString& header, const QString& unit, const QString& tip,
                                 const char* field, double (*get)(const Regime&), double scale,
                                 int decimals, bool integer) {
        FieldColumn c;
        c.header = header;
        c.unit = unit;
        c.tooltip = tip;
        c.scale = scale;
        c.decimals = decimals;
        c.integer = integer;
        c.get = [get](const Project& p, int i) { return QVariant(get(p.regime(RegimeKind(i)))); };
        c.pointer = [field](const Project&, int i) { return regimePointer(i, field); };
        return c;
    };
    auto* model = new FieldTableModel(
        doc, allRegimes,
        [](const Project&, int i) { return QString::fromUtf8(regimeLabel(RegimeKind(i)).data()); },
        {regimeColumn(
             QObject::tr("Throughput overhead"), QObject::tr("%"),
             QObject::tr("Share of throughput the regime loses"), "throughput_overhead",
             [](const Regime& r) { return r.throughputOverhead; }, 100, 1, false),
         regimeColumn(
             QObject::tr("Contention per extra tenant"), QObject::tr("%"),
             QObject::tr("Time-slicing: further loss per additional busy tenant"),
             "contention_per_extra_tenant",
             [](const Regime& r) { return r.contentionPerExtraTenant; }, 100, 1, false),
         regimeColumn(
             QObject::tr("Tenants per GPU"), QObject::tr("max"),
             QObject::tr("Time-slicing replicas or MPS clients on one GPU"), "max_tenants_per_gpu",
             [](const Regime& r) { return double(r.maxTenantsPerGpu); }, 1, 0, true)},
        page);
    addTable(layout, QObject::tr("Virtualization regimes"), model);
    struct AssumptionRow
    {
        const char* key;
        const char* label;
        const char* unit;
        double Assumptions::*member;
    };
    static const AssumptionRow rows[] = {
        {"gpu_mtbf_hours", "GPU MTBF", "h", &Assumptions::gpuMtbfHours},
        {"checkpoint_bytes_per_param", "Checkpoint size", "bytes/param",
         &Assumptions::checkpointBytesPerParam},
        {"checkpoint_write_gb_per_s", "Checkpoint write bandwidth", "GB/s",
         &Assumptions::checkpointWriteGbPerS},
        {"restart_min", "Restart after a failure", "min", &Assumptions::restartMin},
        {"checkpoint_stall_fraction", "Checkpoint stall (below 1: asynchronous)", "share of write",
         &Assumptions::checkpointStallFraction},
        {"memory_bandwidth_efficiency", "Achievable memory bandwidth", "share",
         &Assumptions::memoryBandwidthEfficiency},
        {"decode_compute_efficiency", "Decode compute efficiency", "share",
         &Assumptions::decodeComputeEfficiency},
        {"prefill_mfu", "Prefill MFU", "share", &Assumptions::prefillMfu},
        {"usable_memory_fraction", "Usable GPU memory", "share",
         &Assumptions::usableMemoryFraction},
        {"tensor_parallel_efficiency", "Tensor-parallel efficiency per doubling", "share",
         &Assumptions::tensorParallelEfficiency},
        {"spot_interruptions_per_instance_hour", "Spot interruptions", "per instance-h",
         &Assumptions::spotInterruptionsPerInstanceHour},
        {"spot_gpus_per_instance", "GPUs per spot instance", "GPUs",
         &Assumptions::spotGpusPerInstance},
        {"preemptions_per_gpu_hour", "Preemptions of preemptible work", "per GPU-h",
         &Assumptions::preemptionsPerGpuHour},
        {"notebook_restore_min", "Notebook restore", "min", &Assumptions::notebookRestoreMin},
        {"shared_packing_efficiency", "Shared-GPU packing efficiency", "share",
         &Assumptions::sharedPackingEfficiency},
        {"ttft_target_quantile", "TTFT quantile sized for (0: prefill only)", "quantile",
         &Assumptions::ttftTargetQuantile},
        {"peak_to_mean_traffic_ratio", "Peak-to-mean request rate", "ratio",
         &Assumptions::peakToMeanTrafficRatio},
        {"preemptible_overflow_threshold", "Service replicas kept dedicated", "share",
         &Assumptions::overflowUtilizationThreshold},
        {"preemptible_overflow_price_factor", "Overflow price (of on demand)", "share",
         &Assumptions::overflowPriceFactor},
        {"preemptible_overflow_accepted_rate", "Overflow preemption rate accepted", "share",
         &Assumptions::overflowAcceptedPreemptionRate},
        {"hot_spare_fraction", "Hot spares beside a training gang", "share",
         &Assumptions::hotSpareFraction},
        {"inference_peak_to_mean_ratio", "Services: peak GPUs ÷ mean", "ratio",
         &Assumptions::inferencePeakToMeanRatio},
        {"notebook_peak_to_mean_ratio", "Notebooks: peak sessions ÷ mean", "ratio",
         &Assumptions::notebookPeakToMeanRatio},
    };
    FieldColumn value;
    value.header = QObject::tr("Value");
    value.tooltip = QObject::tr("Engine defaults with their sources: docs/MODEL.md and "
                                "data/defaults/engine.json; a project stores the ones it changes");
    value.decimals = 4;
    value.get = [](const Project& p, int i) { return QVariant(p.assumptions.*rows[i].member); };
    value.pointer = [](const Project&, int i) {
        return std::string("/assumptions/") + rows[i].key;
    };
    FieldColumn unit = text(
        QObject::tr("Unit"), {}, "", "",
        [](const Project&, int i) { return std::string(rows[i].unit); }, false);
    auto* assumptions = new FieldTableModel(
        doc,
        [](const Project&) {
            std::vector<int> all(std::size(rows));
            for (std::size_t i = 0; i < all.size(); ++i)
                all[i] = int(i);
            return all;
        },
        [](const Project&, int i) { return QObject::tr(rows[i].label); }, {value, unit}, page);
    addTable(layout, QObject::tr("Engine assumptions"), assumptions);
    return {QObject::tr("Regimes"), page, {model, assumptions}};
}

ProjectPage schedulerPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* combo = new QComboBox(page);
    combo->setObjectName(QStringLiteral("schedulerPolicy"));
    for (SchedulerPolicy policy : {SchedulerPolicy::Naive, SchedulerPolicy::TopologyAware,
                                   SchedulerPolicy::PredictivePreemption})
        combo->addItem(QString::fromUtf8(policyKey(policy).data()),
                       QString::fromUtf8(policyKey(policy).data()));
    const auto sync = [doc, combo] {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(
            combo->findData(QString::fromUtf8(policyKey(doc->project().scheduler.policy).data())));
    };
    sync();
    QObject::connect(doc, &ProjectDocument::changed, combo, sync);
    QObject::connect(combo, &QComboBox::currentIndexChanged, combo, [doc, combo] {
        (void)doc->edit(QObject::tr("Choose the scheduler policy"),
                        {{"/scheduler/policy",
                          boost::json::value(combo->currentData().toString().toStdString())}});
    });
    layout->addWidget(new QLabel(QObject::tr("Scheduler policy:")));
    layout->addWidget(combo);
    const auto policyColumn = [](const QString& header, const QString& tip, const char* field,
                                 bool ceiling) {
        FieldColumn c;
        c.header = header;
        c.unit = QObject::tr("%");
        c.tooltip = tip;
        c.scale = 100;
        c.decimals = 0;
        c.get = [ceiling](const Project& p, int i) {
            return QVariant(ceiling ? p.scheduler.utilizationCeiling[std::size_t(i)]
                                    : p.scheduler.checkpointReclaimFraction[std::size_t(i)]);
        };
        c.pointer = [field](const Project&, int i) {
            return std::string("/scheduler/") + field + "/" +
                   std::string(policyKey(SchedulerPolicy(i)));
        };
        return c;
    };
    auto* model = new FieldTableModel(
        doc,
        [](const Project&) {
            return std::vector<int>{0, 1, 2};
        },
        [](const Project&, int i) {
            return QString::fromUtf8(policyKey(SchedulerPolicy(i)).data());
        },
        {policyColumn(QObject::tr("Utilization ceiling"),
                      QObject::tr("Share of whole-GPU hours kept busy before waits explode; "
                                  "`fleetplanner-cli simulate` measures the project's knees"),
                      "utilization_ceiling", true),
         policyColumn(QObject::tr("Checkpoint reclaim"),
                      QObject::tr("Share of checkpoint-idle GPU time lent to preemptible work"),
                      "checkpoint_reclaim_fraction", false)},
        page);
    addTable(layout, QObject::tr("Per policy"), model);
    return {QObject::tr("Scheduler"), page, {model}};
}

} // namespace fleet::gui
