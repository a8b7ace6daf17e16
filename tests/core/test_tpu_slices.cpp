// Issue 30 item 3: TPU slices. Google's TPUs are catalog entries of their own
// family whose chips are allocated as slices of set topologies under the
// tpu_slice regime: a job's chips round up to the smallest slice (the
// rounding is billed), a training job beyond the largest slice runs
// multislice at the TPU's efficiency, and a TPU runs under no other regime —
// nor tpu_slice on a GPU — in the engine's options, in the optimizer's
// answer, or in a workload's choice.

#include "engine/evaluate.h"
#include "engine/inference.h"
#include "engine/options.h"
#include "engine/resource_unit.h"
#include "model/regime_descriptor.h"
#include "optimize/regime_mix.h"
#include "store/catalog_loader.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {

const RegimeKind kTpuSlice = *regimeFromKey("tpu_slice");

/// A sized project on the 2026 market book: a TPU training run of `chips`
/// chips on `tpu` (pinned when `pin`), an H100 service and an H100 batch
/// tier, in one segment that allows every regime.
std::string mixedProject(const std::string& tpu, int chips, bool pin,
                         const std::string& choiceRegime = "tpu_slice")
{
    std::string regimes;
    for (RegimeKind kind : allRegimes())
        regimes += (regimes.empty() ? "\"" : ", \"") + std::string(regimeKey(kind)) + "\"";
    return R"({
  "format": "fleetplanner-project", "format_version": 1, "name": "tpu",
  "horizon": {"months": 2}, "active_price_book": "market-2026",
  "fleet": {"mode": "size", "pools": []},
  "segments": [{"id": "s", "name": "S", "isolation_floor": "none",
                "allowed_regimes": [)" +
           regimes + R"(], "price_usd_per_gpu_hour": 6}],
  "workloads": [
    {"id": "run", "name": "Run", "kind": "training", "segment": "s",
     "active_params": 1e9, "tokens_per_run": 2e10, "gpus_per_job": )" +
           std::to_string(chips) + R"(, "efficiency": 0.4,
     "efficiency_measure": "mfu", "precision": "bf16", "runs_per_month": 1)" +
           (pin ? R"(, "choice": {"gpu": ")" + tpu + R"(", "regime": ")" + choiceRegime + R"("})"
                : std::string()) +
           R"(},
    {"id": "jobs", "name": "Jobs", "kind": "batch", "segment": "s",
     "gpu_hours_per_month": 2000, "reference_gpu": "h100-sxm-80gb",
     "gpus_per_job": 1, "memory_gb_per_gpu": 12, "preemptible": false,
     "checkpoint_interval_min": 30}]
})";
}

const GpuModel& catalogEntry(const std::string& id)
{
    static const Catalog catalog = loadBuiltinCatalog().value();
    const GpuModel* gpu = catalog.gpu(id);
    if (!gpu)
        qFatal("no %s in the built-in catalog", id.c_str());
    return *gpu;
}

} // namespace

class TestTpuSlices : public QObject
{
    Q_OBJECT

private slots:
    void topologiesNameTheirChips()
    {
        QCOMPARE(topologyChips("4x8"), 32);
        QCOMPARE(topologyChips("2x2x1"), 4);
        QCOMPARE(topologyChips("16x16x24"), 6144);
        QCOMPARE(topologyChips("1x1"), 1);
        QCOMPARE(topologyChips("2x"), 0);
        QCOMPARE(topologyChips("2x2x2x2"), 0); // at most three dimensions
        QCOMPARE(topologyChips("ax4"), 0);
        QCOMPARE(topologyChips(""), 0);
    }

    void builtinTpusAreTpusWithSlices()
    {
        for (const char* id : {"tpu-v5e", "tpu-v5p", "tpu-v6e"}) {
            const GpuModel& tpu = catalogEntry(id);
            QVERIFY2(tpu.isTpu() && tpu.vendor == Vendor::Google, id);
            QVERIFY2(tpu.tpuSlices && !tpu.mig && !tpu.amdPartitions, id);
            QVERIFY2(tpu.tpuSlices->multisliceEfficiency.value > 0.5 &&
                         tpu.tpuSlices->multisliceEfficiency.value <= 1.0,
                     id);
        }
        QCOMPARE(catalogEntry("tpu-v5e").tpuSlices->largestSliceChips(), 256);
        QCOMPARE(catalogEntry("tpu-v5p").tpuSlices->largestSliceChips(), 6144);
        QCOMPARE(catalogEntry("tpu-v5p").tpuSlices->podChips, 8960);
        QCOMPARE(catalogEntry("tpu-v6e").bf16DenseTflops.value, 918.0);
        QVERIFY(!catalogEntry("h100-sxm-80gb").isTpu());
    }

    void aJobRoundsUpToTheSmallestSlice()
    {
        const TpuSlicing& v5e = *catalogEntry("tpu-v5e").tpuSlices;
        const TpuSliceAllocation twenty = v5e.allocate(20);
        QCOMPARE(twenty.topology, std::string("4x8"));
        QCOMPARE(twenty.chips(), 32);
        QVERIFY(!twenty.multislice());
        QCOMPARE(v5e.allocate(1).topology, std::string("1x1"));
        QCOMPARE(v5e.allocate(32).chips(), 32); // an exact fit wastes nothing
        // Beyond the largest slice: the fewest equal slices that hold the job.
        const TpuSliceAllocation three = v5e.allocate(300);
        QCOMPARE(three.slices, 2);
        QCOMPARE(three.topology, std::string("16x16"));
        QCOMPARE(three.chips(), 512);
        const TpuSlicing& v5p = *catalogEntry("tpu-v5p").tpuSlices;
        QCOMPARE(v5p.allocate(3).topology, std::string("2x2x1")); // no v5p slice below 4 chips
        const TpuSliceAllocation big = v5p.allocate(8192);
        QCOMPARE(big.slices, 2);
        QCOMPARE(big.topology, std::string("16x16x16"));
    }

    void regimesRunOnlyOnTheirFamily()
    {
        // Every regime × accelerator of the catalog: units only where the
        // descriptor says the regime runs on the accelerator's family.
        const Catalog catalog = loadBuiltinCatalog().value();
        std::vector<Regime> regimes = regimesFrom(catalog.engineDefaults);
        int tpuUnits = 0;
        for (const GpuModel& gpu : catalog.gpus)
            for (RegimeKind kind : allRegimes()) {
                const auto units = resourceUnits(gpu, regimes[std::size_t(kind)], Precision::Bf16,
                                                 Sharing{1.0, 2.0, 0.05});
                const bool runs = regimeDescriptor(kind).runsOn(gpu.family);
                QVERIFY2(runs || units.empty(),
                         qPrintable(QString::fromStdString(gpu.id + " under " +
                                                           std::string(regimeKey(kind)))));
                QCOMPARE(acceleratorMismatch(kind, gpu).empty(), runs);
                if (gpu.isTpu() && !units.empty())
                    ++tpuUnits;
            }
        QCOMPARE(tpuUnits, 3); // each TPU under tpu_slice, and only there
        QVERIFY(!regimeDescriptor(RegimeKind::Partition).runsOn(AcceleratorFamily::Tpu));
        QVERIFY(!regimeDescriptor(kTpuSlice).runsOn(AcceleratorFamily::Gpu));
    }

    // Refused because only off-slice sizes fit, the refusal still says why the
    // slice sizes did not: that is what the user can change.
    void anOffSliceRefusalSaysWhyTheSlicesFailed()
    {
        const Error slices("one output token takes 5.31 ms even at batch 1; the target is 5 ms");
        const std::string said = offSliceError(1, &slices).messages();
        QVERIFY2(said.find("1 tensor-parallel degree(s) fit, none is a slice topology's chips; "
                           "at the slice sizes: one output token takes 5.31 ms") !=
                     std::string::npos,
                 said.c_str());
        const Error none;
        QVERIFY(offSliceError(2, &none).messages().find("at the slice sizes") == std::string::npos);
    }

    void twentyChipsOnV5eHoldA4x8Slice()
    {
        const Project project = parseProject(mixedProject("tpu-v5e", 20, true), "t.json").value();
        const Evaluation e = evaluate(project);
        const OptionResult* option = e.workloads[0].chosenOption();
        QVERIFY2(option, e.workloads[0].problem.c_str());
        QCOMPARE(option->gpuId, std::string("tpu-v5e"));
        QCOMPARE(option->regime, kTpuSlice);
        QCOMPARE(option->detail("slice_chips"), 32.0);
        QCOMPARE(option->detail("slices_per_job"), 1.0);
        QCOMPARE(option->detail("gang_gpus_held"), 32.0);
        // The rounding is billed: held chip-hours are the busy ones behind the
        // ceiling, times 32 / 20.
        const MonthRequirement& month = option->months[0];
        const double ratio = month.gpuHoursHeld / month.gpuHoursBusy * project.scheduler.ceiling();
        QVERIFY2(std::abs(ratio - 32.0 / 20.0) < 1e-9, qPrintable(QString::number(ratio)));
        QCOMPARE(month.peakGpus, 32.0);
    }

    void aTrainingJobBeyondTheLargestSliceRunsMultislice()
    {
        const Project project = parseProject(mixedProject("tpu-v5p", 8192, true), "t.json").value();
        const Evaluation e = evaluate(project);
        const OptionResult* option = e.workloads[0].chosenOption();
        QVERIFY2(option, e.workloads[0].problem.c_str());
        QCOMPARE(option->detail("slices_per_job"), 2.0);
        QCOMPARE(option->detail("slice_chips"), 4096.0);
        QCOMPARE(option->detail("multislice_efficiency"),
                 catalogEntry("tpu-v5p").tpuSlices->multisliceEfficiency.value);
    }

    void theEngineNeverBuildsATpuUnderAnotherRegime()
    {
        const Project project = parseProject(mixedProject("", 20, false), "t.json").value();
        int tpuOptions = 0;
        for (const Workload& workload : project.workloads) {
            std::vector<RejectedOption> rejected;
            for (const OptionResult& option :
                 buildOptions(project, workload, OptionFilter{}, &rejected)) {
                const bool tpu = project.catalog().gpu(option.gpuId)->isTpu();
                QVERIFY2(tpu == (option.regime == kTpuSlice),
                         qPrintable(QString::fromStdString(option.gpuId + " under " +
                                                           std::string(regimeKey(option.regime)))));
                tpuOptions += tpu ? 1 : 0;
            }
        }
        QVERIFY(tpuOptions >= 3); // the TPUs are offered, under tpu_slice
    }

    void theOptimizerNeverAssignsATpuUnderAnotherRegime()
    {
        const Project project = parseProject(mixedProject("", 20, false), "t.json").value();
        OptimizeOptions options;
        const auto result = optimizeRegimeMix(project, options);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().toString().c_str());
        QVERIFY(!result.value().assignments.empty());
        for (const Assignment& a : result.value().assignments)
            QVERIFY2(project.catalog().gpu(a.gpuId)->isTpu() == (a.regime == kTpuSlice),
                     qPrintable(QString::fromStdString(a.workloadId + ": " + a.gpuId + " under " +
                                                       std::string(regimeKey(a.regime)))));
        // Its model has no column of a TPU under another regime, nor tpu_slice
        // on a GPU: a column naming a regime and an accelerator pairs them
        // only as the families allow ("x|run|tpu-v5e|tpu_slice||1").
        const Milp milp = buildRegimeMixMilp(project, Objective::Cost);
        int tpuColumns = 0;
        for (const MilpColumn& column : milp.columns)
            for (RegimeKind kind : allRegimes())
                for (const GpuModel& gpu : project.catalog().gpus)
                    if (column.name.find("|" + gpu.id + "|" + std::string(regimeKey(kind)) + "|") !=
                        std::string::npos) {
                        QVERIFY2(acceleratorMismatch(kind, gpu).empty(), column.name.c_str());
                        tpuColumns += gpu.isTpu() ? 1 : 0;
                    }
        QVERIFY(tpuColumns > 0);
    }

    void aChoiceOfATpuUnderAnotherRegimeIsRefused_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("regime");
        QTest::addColumn<QString>("message");
        QTest::newRow("TPU under MIG") << "tpu-v5p"
                                       << "partition"
                                       << "partition runs only on GPUs; tpu-v5p is a TPU";
        QTest::newRow("TPU time-sliced") << "tpu-v5e"
                                         << "time_sliced"
                                         << "a TPU is never a MIG or AMD partition";
        QTest::newRow("H100 as a slice") << "h100-sxm-80gb"
                                         << "tpu_slice"
                                         << "tpu_slice runs only on TPUs; h100-sxm-80gb";
    }

    void aChoiceOfATpuUnderAnotherRegimeIsRefused()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, regime);
        QFETCH(QString, message);
        const auto parsed =
            parseProject(mixedProject(gpu.toStdString(), 4, true, regime.toStdString()), "t.json");
        QVERIFY(!parsed.ok());
        const QString text = QString::fromStdString(parsed.error().toString());
        QVERIFY2(text.contains("/workloads/0/choice/regime") && text.contains(message),
                 qPrintable(text));
    }
};

FLEET_TEST_MAIN(TestTpuSlices)
#include "test_tpu_slices.moc"
