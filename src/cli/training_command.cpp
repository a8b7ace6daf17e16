#include "training_command.h"

#include "cli_support.h"
#include "engine/resource_unit.h"
#include "engine/training.h"
#include "model/engine_defaults.h"
#include "model/spot.h"
#include "views/number_format.h"

#include <boost/json.hpp>

namespace fleet::cli {

namespace {
const QString kTrainingCommand = QStringLiteral("training");
}

int runTrainingCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "GPU-hours, wall-clock time and cost of one training run: 6·N·D FLOPs (8·N·D with "
        "--recompute) on\n"
        "dense peak × MFU, with checkpoints (Young's interval) and failures (per-GPU MTBF)."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("gpu"), QStringLiteral("GPU id (see 'fleetplanner-cli catalog')."),
         QStringLiteral("ID")},
        {QStringLiteral("params"), QStringLiteral("Active parameters N, e.g. 70B or 7e10."),
         QStringLiteral("N")},
        {QStringLiteral("total-params"),
         QStringLiteral("All parameters, for the checkpoint size (MoE); default N."),
         QStringLiteral("N")},
        {QStringLiteral("tokens"), QStringLiteral("Training tokens D, e.g. 15T (or --days)."),
         QStringLiteral("D")},
        {QStringLiteral("days"),
         QStringLiteral("The run's wall-clock days on its GPUs, instead of --tokens: the tokens "
                        "are derived (\"two weeks on 64 GPUs\": --days 14 --gpus 64)."),
         QStringLiteral("DAYS")},
        {QStringLiteral("gpus"), QStringLiteral("GPUs in the job (default 8)."),
         QStringLiteral("G")},
        {QStringLiteral("mfu"),
         QStringLiteral("Model FLOPs utilization over whole steps, as published runs measure it "
                        "(pipeline bubble, communication and stalls inside it; used as given). "
                        "Default: by model size and GPU generation, from published runs — "
                        "data/perf/training.json; with --recompute, hardware FLOPs utilization."),
         QStringLiteral("M")},
        {QStringLiteral("hot-spare-fraction"),
         QStringLiteral("GPUs held beside the gang as hot spares, as a share of it (default from "
                        "the Llama 3 record, data/perf/training.json)."),
         QStringLiteral("F")},
        {QStringLiteral("precision"), QStringLiteral("bf16 (default) or fp8."),
         QStringLiteral("P")},
        {QStringLiteral("recompute"),
         QStringLiteral(
             "Full activation recomputation: 8·N·D hardware FLOPs, and --mfu is read as HFU.")},
        {QStringLiteral("async-checkpoint"),
         QStringLiteral("Asynchronous checkpointing: training stalls only for the snapshot to "
                        "host memory (data/perf/training.json); the write overlaps training.")},
        {QStringLiteral("pipeline-stages"),
         QStringLiteral("Pipeline-parallel stages p (1F1B; bubble (p−1)/(m+p−1)), reported: the "
                        "bubble is inside the MFU, never charged on top of it. Default with a "
                        "stated --mfu: the nodes (tensor parallel within each) needed to hold the "
                        "training state; with the default MFU: none."),
         QStringLiteral("P")},
        {QStringLiteral("micro-batches"),
         QStringLiteral("Micro-batches m per step (default 4 × p, GPipe's rule)."),
         QStringLiteral("M")},
        {QStringLiteral("checkpoint-interval-min"),
         QStringLiteral("Checkpoint interval (default: Young's optimum)."), QStringLiteral("MIN")},
        {QStringLiteral("regime"),
         QStringLiteral(
             "bare_metal (default; tpu_slice on a TPU, holding whole slices) or vm_passthrough."),
         QStringLiteral("R")},
        {QStringLiteral("plan"),
         QStringLiteral("on_demand (default), reserved_1y, reserved_3y, spot, owned."),
         QStringLiteral("PLAN")},
        {QStringLiteral("price-book"),
         QStringLiteral("Price book id (default: the first, example-2024)."), QStringLiteral("ID")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
    });
    const QCommandLineOption catalogOption = addCatalogOption(parser);
    int parseExit = Ok;
    if (!parseOrExit(parser, args, 0, &parseExit))
        return parseExit;
    TrainingSpec spec;
    double gpus = 8, interval = 0, efficiency = 0, spares = -1, stages = 1, microBatches = 1;
    double runDays = 0;
    if (!numberOption(parser, kTrainingCommand, QStringLiteral("params"), 0, 1e14, false, true,
                      &spec.activeParams) ||
        !numberOption(parser, kTrainingCommand, QStringLiteral("total-params"), 0, 1e14, false,
                      false, &spec.totalParams) ||
        !numberOption(parser, kTrainingCommand, QStringLiteral("tokens"), 0, 1e16, false, false,
                      &spec.tokensPerRun) ||
        !numberOption(parser, kTrainingCommand, QStringLiteral("days"), 0, 3650, false, false,
                      &runDays) ||
        !numberOption(parser, kTrainingCommand, QStringLiteral("gpus"), 1, 1e6, true, false,
                      &gpus) ||
        !numberOption(parser, kTrainingCommand, QStringLiteral("mfu"), 0, 1, false, false,
                      &efficiency) ||
        !numberOption(parser, kTrainingCommand, QStringLiteral("hot-spare-fraction"), 0, 1, true,
                      false, &spares) ||
        !numberOption(parser, kTrainingCommand, QStringLiteral("checkpoint-interval-min"), 0, 1e5,
                      false, false, &interval) ||
        !numberOption(parser, kTrainingCommand, QStringLiteral("pipeline-stages"), 1, 1e6, true,
                      false, &stages) ||
        !numberOption(parser, kTrainingCommand, QStringLiteral("micro-batches"), 1, 1e7, true,
                      false, &microBatches))
        return UserError;
    // A run is stated by its tokens or by its length, as in project files.
    if (parser.isSet(QStringLiteral("tokens")) == parser.isSet(QStringLiteral("days"))) {
        printErr(QStringLiteral("fleetplanner-cli training: give --tokens or --days (the run's "
                                "wall-clock length), %1\n")
                     .arg(parser.isSet(QStringLiteral("tokens")) ? QStringLiteral("not both")
                                                                 : QStringLiteral("one of them")));
        return UserError;
    }
    for (const auto& [name, value] : {std::pair{QStringLiteral("pipeline-stages"), stages},
                                      std::pair{QStringLiteral("micro-batches"), microBatches}})
        if (value != std::floor(value)) {
            printErr(
                QStringLiteral("fleetplanner-cli training: --%1 must be a whole number; got '%2'\n")
                    .arg(name, parser.value(name)));
            return UserError;
        }
    if (gpus != std::floor(gpus)) {
        printErr(
            QStringLiteral("fleetplanner-cli training: --gpus must be a whole number; got '%1'\n")
                .arg(parser.value("gpus")));
        return UserError;
    }
    if (spec.totalParams > 0 && spec.totalParams < spec.activeParams) {
        printErr(QStringLiteral("fleetplanner-cli training: --total-params must be ≥ --params\n"));
        return UserError;
    }
    spec.gpusPerJob = static_cast<int>(gpus);
    const bool defaultEfficiency = !parser.isSet(QStringLiteral("mfu"));
    spec.efficiency = efficiency;
    TrainingScale scale = builtinTrainingDefaults().scale;
    if (parser.isSet(QStringLiteral("hot-spare-fraction")))
        scale.hotSpareFraction = spares;

    spec.measure = parser.isSet(QStringLiteral("recompute")) ? EfficiencyMeasure::HfuWithRecompute
                                                             : EfficiencyMeasure::Mfu;
    if (interval > 0)
        spec.checkpointIntervalMin = interval;
    const QString precision = parser.value(QStringLiteral("precision"));
    if (!precision.isEmpty()) {
        const auto value = precisionFromKey(precision.toStdString());
        if (!value) {
            printErr(
                QStringLiteral(
                    "fleetplanner-cli training: --precision must be bf16, fp8 or fp4; got '%1'\n")
                    .arg(precision));
            return UserError;
        }
        spec.precision = *value;
    }

    int exitCode = Ok;
    const auto catalog = loadCatalogOrReport(parser.values(catalogOption), &exitCode);
    if (!catalog)
        return exitCode;
    // A training run takes whole GPUs: the regimes that hand them out.
    std::vector<RegimeKind> wholeGpuRegimes;
    for (RegimeKind kind : allRegimes())
        if (isWholeGpu(kind))
            wholeGpuRegimes.push_back(kind);
    const auto context = resolvePricingContext(parser, kTrainingCommand, *catalog, wholeGpuRegimes);
    if (!context)
        return UserError;
    const Assumptions assumptions = assumptionsFrom(catalog->engineDefaults);
    const double peak = densePeakFlopsPerS(*context->gpu, spec.precision);
    // The default is the GPU generation's own published MFU for the size.
    if (defaultEfficiency)
        spec.efficiency = defaultMfuForParams(spec.activeParams, context->gpu->id);
    scale.mfuFactor = trainingMfuFactor(context->gpu->id);
    // --async-checkpoint: the measured stall (data/perf/training.json);
    // otherwise the catalog's checkpoint_stall_fraction (1: synchronous).
    if (!parser.isSet(QStringLiteral("async-checkpoint")))
        scale.asyncStallFraction = assumptions.checkpointStallFraction;
    scale.asyncCheckpoint = scale.asyncStallFraction < 1.0;
    // Pipeline stages: stated, or with a stated MFU the nodes the training
    // state needs (tensor parallelism within a node, stages across nodes).
    // Reported only: any MFU, stated or default, is whole-step and already
    // holds its bubble (estimateTrainingRun never charges it again).
    const double stateBytes = (spec.totalParams > 0 ? spec.totalParams : spec.activeParams) *
                              assumptions.checkpointBytesPerParam;
    const int minStages =
        minPipelineStages(stateBytes, context->gpu->memoryGb.value * 1e9 *
                                          assumptions.usableMemoryFraction * scale.gpusPerNode);
    const bool layoutStated = parser.isSet(QStringLiteral("pipeline-stages")) ||
                              parser.isSet(QStringLiteral("micro-batches")) || !defaultEfficiency;
    if (parser.isSet(QStringLiteral("pipeline-stages"))) {
        scale.pipelineStages = static_cast<int>(stages);
    } else if (layoutStated) {
        scale.pipelineStages = minStages;
        const int nodes = (spec.gpusPerJob + scale.gpusPerNode - 1) / scale.gpusPerNode;
        if (minStages > nodes) {
            printErr(QStringLiteral("fleetplanner-cli training: --gpus: the training state (%1 GB) "
                                    "needs %2 nodes of %3 × %4 to hold it; %5 GPUs are %6\n")
                         .arg(stateBytes / 1e9, 0, 'f', 0)
                         .arg(minStages)
                         .arg(scale.gpusPerNode)
                         .arg(QString::fromStdString(context->gpu->id))
                         .arg(spec.gpusPerJob)
                         .arg(nodes == 1 ? QStringLiteral("1 node")
                                         : QStringLiteral("%1 nodes").arg(nodes)));
            return UserError;
        }
    }
    scale.microBatches = parser.isSet(QStringLiteral("micro-batches"))
                             ? static_cast<int>(microBatches)
                             : kDefaultMicroBatchesPerStage * scale.pipelineStages;
    // A regime may charge training an overhead of its own (a network-pooled GPU's).
    const double overhead = throughputOverheadFor(context->regime, WorkloadKind::Training);
    // A TPU job holds the smallest slice that fits it (equal slices over the
    // data-center network beyond the largest, at the multislice efficiency)
    // and no hot spares: as a project holds it (engine/training_option.cpp).
    TpuSliceAllocation slices;
    double computeFlopsPerS = peak;
    if (context->gpu->tpuSlices) {
        if (scale.hotSpareFraction > 0 && parser.isSet(QStringLiteral("hot-spare-fraction"))) {
            printErr(QStringLiteral("fleetplanner-cli training: --hot-spare-fraction: a TPU slice "
                                    "holds no hot spares (a failed chip restarts the slice from "
                                    "its checkpoint); got %1 on %2\n")
                         .arg(spares)
                         .arg(QString::fromStdString(context->gpu->id)));
            return UserError;
        }
        slices = context->gpu->tpuSlices->allocate(spec.gpusPerJob);
        computeFlopsPerS *= context->gpu->tpuSlices->computeKept(slices);
        scale.hotSpareFraction = 0.0;
    }
    if (runDays > 0) {
        auto tokens =
            tokensForRunDays(spec, runDays, computeFlopsPerS, overhead, assumptions, scale);
        if (tokens)
            spec.tokensPerRun = tokens.value();
    }
    auto run = estimateTrainingRun(spec, computeFlopsPerS, overhead, assumptions, scale);
    if (!run) {
        printErr(QStringLiteral("fleetplanner-cli training: %1 on %2: %3\n")
                     .arg(formatQuantity(spec.activeParams),
                          QString::fromStdString(context->gpu->id),
                          QString::fromStdString(run.error().toString())));
        return UserError;
    }
    TrainingEstimate e = run.value();
    if (slices.slices > 0) { // the slice's chips are held (and billed) for the whole run
        e.gpusHeld = slices.chips();
        e.gpuHoursHeld = e.gpuHours * slices.chips() / spec.gpusPerJob;
    }
    double usdPerGpuHour = context->usdPerGpuHour;
    if (context->plan == Plan::Spot) {
        // A gang loses the work since its last checkpoint whenever one of the
        // instances it spans is interrupted.
        const double lost = spotLostWorkFraction(assumptions, context->book, context->gpu->id,
                                                 spec.gpusPerJob, e.lostWorkPerInterruptionHours);
        const auto effective = spotEffectiveUsdPerGpuHour(usdPerGpuHour, lost);
        if (!effective) {
            printErr(QStringLiteral("fleetplanner-cli training: on spot a %1-GPU job would lose %2 "
                                    "% of its work to interruptions (spot is refused from %3 %)\n")
                         .arg(spec.gpusPerJob)
                         .arg(lost * 100, 0, 'f', 0)
                         .arg(kSpotMaxLostWorkFraction * 100, 0, 'f', 0));
            return UserError;
        }
        usdPerGpuHour = *effective;
    }
    const double costUsd = e.gpuHoursHeld * usdPerGpuHour; // hot spares are paid for too
    boost::json::object out{
        {"gpu", context->gpu->id},
        {"regime", std::string(regimeKey(context->regime.kind))},
        {"plan", std::string(planKey(context->plan))},
        {"price_book", context->book->id},
        {"precision", std::string(precisionKey(spec.precision))},
        {"efficiency_measure",
         spec.measure == EfficiencyMeasure::Mfu ? "mfu" : "hfu_with_recompute"},
        {"efficiency", spec.efficiency},
        {"efficiency_default", defaultEfficiency},
        {"mfu_factor", scale.mfuFactor},
        {"achieved_efficiency", e.achievedEfficiency},
        {"hot_spare_fraction", scale.hotSpareFraction},
        {"gpus_held", e.gpusHeld},
        {"gpu_hours_held", e.gpuHoursHeld},
        {"checkpoint_write_gb_per_s", e.checkpointWriteGbPerS},
        {"gpus", spec.gpusPerJob},
        {"tokens_per_run", spec.tokensPerRun},
        {"tokens_derived_from_days", runDays > 0},
        {"flops", e.modelFlops},
        {"hardware_flops", e.hardwareFlops},
        {"ideal_gpu_hours", e.idealGpuHours},
        {"gpu_hours", e.gpuHours},
        {"wall_clock_days", e.wallClockDays},
        {"job_mtbf_hours", e.jobMtbfHours},
        {"checkpoint_seconds", e.checkpointSeconds},
        {"async_checkpoint", scale.asyncCheckpoint},
        {"checkpoint_stall_seconds", e.checkpointStallSeconds},
        {"pipeline_stages", scale.pipelineStages},
        {"micro_batches", scale.microBatches},
        {"pipeline_bubble_fraction", e.pipelineBubbleFraction},
        {"pipeline_bubble_charged", false},
        {"busy_efficiency", e.busyEfficiency},
        {"mfu_curve", mfuCurveForGpu(context->gpu->id)},
        {"min_pipeline_stages", minStages},
        {"checkpoint_interval_min", e.checkpointIntervalMin},
        {"overhead_fraction", e.overheadFraction},
        {"checkpoint_idle_fraction", e.checkpointIdleFraction},
        {"usd_per_gpu_hour", usdPerGpuHour},
        {"cost_usd", costUsd},
        {"cost_per_trillion_tokens_usd", costUsd / (spec.tokensPerRun / 1e12)},
    };
    if (slices.slices > 0) {
        out["slice_topology"] = slices.topology;
        out["slice_chips"] = slices.chipsPerSlice;
        out["slices_per_job"] = slices.slices;
        out["multislice_efficiency"] = context->gpu->tpuSlices->computeKept(slices);
    }
    if (parser.isSet(QStringLiteral("json"))) {
        printJson(out);
        return Ok;
    }
    const QString tokensText =
        formatQuantity(spec.tokensPerRun) + QStringLiteral(" tokens") +
        (runDays > 0 ? QStringLiteral(" (derived from %1 days)").arg(runDays) : QString());
    printOut(
        QStringLiteral("Training %1 parameters on %2: %3 × %4 (%5, %6 %7)\n")
            .arg(formatQuantity(spec.activeParams), tokensText)
            .arg(spec.gpusPerJob)
            .arg(QString::fromStdString(context->gpu->id),
                 QString::fromStdString(std::string(regimeKey(context->regime.kind))),
                 QString::fromStdString(std::string(precisionKey(spec.precision))),
                 spec.measure == EfficiencyMeasure::Mfu
                     ? QStringLiteral("MFU %1%2")
                           .arg(spec.efficiency, 0, 'g', 3)
                           .arg(defaultEfficiency ? QStringLiteral(", default for its size on %1")
                                                        .arg(QString::fromStdString(
                                                            mfuCurveForGpu(context->gpu->id)))
                                                  : QString())
                     : QStringLiteral("HFU %1 with recomputation").arg(spec.efficiency)) +
        (scale.mfuFactor != 1.0
             ? QStringLiteral("  GPU's MFU factor       × %1 of an H100's → %2 achieved\n")
                   .arg(scale.mfuFactor, 0, 'g', 3)
                   .arg(e.achievedEfficiency, 0, 'g', 3)
             : QString()) +
        QStringLiteral("  model FLOPs            %1\n").arg(e.modelFlops, 0, 'g', 3) +
        QStringLiteral("  GPU-hours              %1 (ideal %2)\n")
            .arg(e.gpuHours, 0, 'f', 0)
            .arg(e.idealGpuHours, 0, 'f', 0) +
        QStringLiteral("  wall clock             %1 days\n").arg(e.wallClockDays, 0, 'f', 2) +
        QStringLiteral("  job MTBF               %1 h\n").arg(e.jobMtbfHours, 0, 'f', 2) +
        QStringLiteral("  checkpoint             %1 s at %2 GB/s every %3 min\n")
            .arg(e.checkpointSeconds, 0, 'f', 1)
            .arg(e.checkpointWriteGbPerS, 0, 'f', 0)
            .arg(e.checkpointIntervalMin, 0, 'f', 1) +
        (scale.asyncCheckpoint
             ? QStringLiteral("  asynchronous           training stalls %1 s per checkpoint "
                              "(snapshot); the write overlaps it\n")
                   .arg(e.checkpointStallSeconds, 0, 'f', 2)
             : QString()) +
        (scale.pipelineStages > 1
             ? QStringLiteral("  pipeline               %1 stages × %2 micro-batches: bubble "
                              "%3 % of each step, inside the MFU (the stages compute at %4 "
                              "while busy)\n")
                   .arg(scale.pipelineStages)
                   .arg(scale.microBatches)
                   .arg(e.pipelineBubbleFraction * 100, 0, 'f', 1)
                   .arg(e.busyEfficiency, 0, 'g', 3)
         : minStages > 1
             ? QStringLiteral("  pipeline               the state needs %1 node stages; "
                              "the MFU includes the published runs' bubbles\n")
                   .arg(minStages)
             : QString()) +
        (slices.slices > 0
             ? QStringLiteral("  chips held             %1 (%2), %3 chip-hours\n")
                   .arg(e.gpusHeld)
                   .arg(slices.multislice()
                            ? QStringLiteral("%1 × %2 slices over the data-center network at %3")
                                  .arg(slices.slices)
                                  .arg(QString::fromStdString(slices.topology))
                                  .arg(context->gpu->tpuSlices->computeKept(slices), 0, 'g', 3)
                            : QStringLiteral("one %1 slice; no hot spares")
                                  .arg(QString::fromStdString(slices.topology)))
                   .arg(e.gpuHoursHeld, 0, 'f', 0)
             : QStringLiteral("  GPUs held              %1 (%2 % hot spares), %3 GPU-hours\n")
                   .arg(e.gpusHeld)
                   .arg(scale.hotSpareFraction * 100, 0, 'f', 1)
                   .arg(e.gpuHoursHeld, 0, 'f', 0)) +
        QStringLiteral("  checkpoint + failures  %1 % of wall time\n")
            .arg(e.overheadFraction * 100, 0, 'f', 2) +
        QStringLiteral("  cost                   %1 at %2 per GPU-hour (%3, %4)\n")
            .arg(gui::formatUsd(costUsd, gui::Sign::Negative, QLocale(QLocale::English)),
                 gui::formatUsd(usdPerGpuHour, gui::Sign::Negative, QLocale(QLocale::English)),
                 QString::fromStdString(std::string(planKey(context->plan))),
                 QString::fromStdString(context->book->id)) +
        QStringLiteral("  cost per trillion tokens %1\n")
            .arg(gui::formatUsd(costUsd / (spec.tokensPerRun / 1e12), gui::Sign::Negative,
                                QLocale(QLocale::English))));
    return Ok;
}

} // namespace fleet::cli
