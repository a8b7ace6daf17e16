#include "model/engine_defaults.h"

#include <array>

namespace fleet {

namespace {

constexpr NumericRange kFraction{0.0, false, 1.0, "(fraction 0–1)"};
constexpr NumericRange kPositiveFraction{0.0, true, 1.0, "(fraction, > 0 and ≤ 1)"};

const std::array<AssumptionField, 27> kAssumptions = {{
    {"gpu_mtbf_hours",
     &Assumptions::gpuMtbfHours,
     {1.0, false, 1e7, "(hours)"},
     "GPU MTBF (hours)"},
    {"checkpoint_bytes_per_param",
     &Assumptions::checkpointBytesPerParam,
     {1.0, false, 64.0, "(bytes per parameter)"},
     "Checkpoint size (bytes per parameter)"},
    {"checkpoint_write_gb_per_s",
     &Assumptions::checkpointWriteGbPerS,
     {0.0, true, 1e5, "(GB/s)"},
     "Checkpoint write bandwidth (GB/s)"},
    {"restart_min",
     &Assumptions::restartMin,
     {0.0, false, 1440.0, "(minutes)"},
     "Restart after a failure (min)"},
    {"checkpoint_stall_fraction",
     &Assumptions::checkpointStallFraction,
     {0.0, true, 1.0, "(share of the write, > 0 and ≤ 1; 1: synchronous)"},
     "Checkpoint stall (share of the write; below 1: asynchronous)"},
    {"memory_bandwidth_efficiency", &Assumptions::memoryBandwidthEfficiency, kPositiveFraction,
     "Achievable memory bandwidth (fraction of peak)"},
    {"decode_compute_efficiency", &Assumptions::decodeComputeEfficiency, kPositiveFraction,
     "Decode compute efficiency (fraction of peak)"},
    {"prefill_mfu", &Assumptions::prefillMfu, kPositiveFraction, "Prefill MFU"},
    {"usable_memory_fraction", &Assumptions::usableMemoryFraction, kPositiveFraction,
     "Usable GPU memory (fraction)"},
    {"tensor_parallel_efficiency", &Assumptions::tensorParallelEfficiency, kPositiveFraction,
     "Tensor-parallel efficiency per doubling"},
    {"spot_interruptions_per_instance_hour",
     &Assumptions::spotInterruptionsPerInstanceHour,
     {0.0, false, 1.0, "(per instance-hour)"},
     "Spot interruptions per instance-hour"},
    {"spot_gpus_per_instance",
     &Assumptions::spotGpusPerInstance,
     {1.0, false, 64.0, "(GPUs)"},
     "GPUs per spot instance"},
    {"preemptions_per_gpu_hour",
     &Assumptions::preemptionsPerGpuHour,
     {0.0, false, 1.0, "(per GPU-hour)"},
     "Scheduler preemptions of preemptible work per GPU-hour"},
    {"notebook_restore_min",
     &Assumptions::notebookRestoreMin,
     {0.0, false, 120.0, "(minutes)"},
     "Notebook restore after an idle timeout (min)"},
    {"shared_packing_efficiency", &Assumptions::sharedPackingEfficiency, kPositiveFraction,
     "Packing efficiency of shared regimes"},
    {"ttft_target_quantile",
     &Assumptions::ttftTargetQuantile,
     {0.0, false, 0.9999, "(fraction 0–0.9999; 0: no queueing in sizing)"},
     "Quantile of time to first token the target bounds (0: prefill only)"},
    {"peak_to_mean_traffic_ratio",
     &Assumptions::peakToMeanTrafficRatio,
     {1.0, false, 100.0, "(ratio ≥ 1)"},
     "Services: request rate replicas are provisioned for ÷ mean (no autoscaling)"},
    {"preemptible_overflow_threshold", &Assumptions::overflowUtilizationThreshold,
     kPositiveFraction, "Share of a preemptible segment's service kept on dedicated replicas"},
    {"preemptible_overflow_price_factor", &Assumptions::overflowPriceFactor, kPositiveFraction,
     "Price of an overflow replica's GPU-hour (fraction of on demand)"},
    {"preemptible_overflow_accepted_rate", &Assumptions::overflowAcceptedPreemptionRate, kFraction,
     "Preemption rate a service's overflow replicas may have (share of their time)"},
    {"hot_spare_fraction",
     &Assumptions::hotSpareFraction,
     {0.0, false, 1.0, "(fraction of the gang)"},
     "Hot spares beside a training gang (fraction)"},
    {"inference_peak_to_mean_ratio",
     &Assumptions::inferencePeakToMeanRatio,
     {1.0, false, 100.0, "(peak ÷ mean, ≥ 1)"},
     "Services: peak request rate ÷ mean (GPUs held at the peak)"},
    {"notebook_peak_to_mean_ratio",
     &Assumptions::notebookPeakToMeanRatio,
     {1.0, false, 100.0, "(peak ÷ mean, ≥ 1)"},
     "Notebooks: peak sessions ÷ mean"},
    {"inference_disaggregated",
     &Assumptions::inferenceDisaggregated,
     {0.0, false, 1.0, "(0 colocated, 1 disaggregated prefill and decode pools)", true},
     "Services: disaggregated prefill and decode pools (0: colocated)"},
    {"kv_transfer_gb_per_s",
     &Assumptions::kvTransferGbPerS,
     {0.0, true, 1e4, "(GB/s per GPU)"},
     "Disaggregated services: KV-cache transfer per GPU (GB/s)"},
    {"peak_capacity_share", &Assumptions::peakCapacityShare, kFraction,
     "Services and notebooks: share of the peak above the mean that capacity sets aside"},
    {"sharing_penalty_per_extra_tenant",
     &Assumptions::sharingPenaltyPerExtraTenant,
     {0.0, false, 1.0, "(fraction of throughput per extra tenant)"},
     "Throughput a tenant loses per other tenant on its shared GPU"},
}};
// Every member of Assumptions is a double with its row above, so code that
// walks the table (the reader, the writer, the evaluation cache) sees them all.
static_assert(sizeof(Assumptions) == kAssumptions.size() * sizeof(double),
              "each Assumptions member needs its row in kAssumptions");

constexpr NumericRange kOverhead{0.0, false, 0.9, "(fraction of throughput lost)"};

const std::array<RegimeField, 9> kRegimeNumbers = {{
    {"throughput_overhead", &Regime::throughputOverhead, kOverhead},
    {"contention_per_extra_tenant",
     &Regime::contentionPerExtraTenant,
     {0.0, false, 0.5, "(fraction per extra busy tenant)"}},
    {"checkpoint_reclaim_fraction", &Regime::checkpointReclaimFraction, kFraction},
    // A whole number (Regime::maxTenantsPerGpu is an int): no member here,
    // read and written by name (regimesFrom, the project parser, range_target.cpp).
    {"max_tenants_per_gpu", nullptr, {1.0, false, 64.0, "(tenants)"}},
    // Optional: a workload kind's own overhead (absent: throughput_overhead)
    // and the network's price per GPU-hour held (absent: 0). Any regime may
    // state them; network_pooled does (docs/MODEL.md, "Network-pooled GPUs").
    {"training_throughput_overhead", &Regime::trainingThroughputOverhead, kOverhead, true},
    {"inference_throughput_overhead", &Regime::inferenceThroughputOverhead, kOverhead, true},
    {"notebooks_throughput_overhead", &Regime::notebooksThroughputOverhead, kOverhead, true},
    {"batch_throughput_overhead", &Regime::batchThroughputOverhead, kOverhead, true},
    {"network_usd_per_gpu_hour",
     &Regime::networkUsdPerGpuHour,
     {0.0, false, 100.0, "(USD per GPU-hour held)"},
     true},
}};

} // namespace

std::span<const AssumptionField> assumptionFields()
{
    return kAssumptions;
}

const AssumptionField* assumptionField(std::string_view key)
{
    for (const AssumptionField& field : kAssumptions)
        if (field.key == key)
            return &field;
    // Keys renamed since: files that still use them keep loading, and are
    // written back under the new key.
    struct Renamed
    {
        std::string_view oldKey, newKey;
    };
    // The spot rate was always the per-instance figure of the AWS Spot
    // Instance Advisor; "per GPU-hour" misnamed it (issue 15).
    static constexpr Renamed kRenamed[] = {
        {"spot_interruptions_per_gpu_hour", "spot_interruptions_per_instance_hour"}};
    for (const Renamed& renamed : kRenamed)
        if (renamed.oldKey == key)
            return assumptionField(renamed.newKey);
    return nullptr;
}

std::span<const RegimeField> regimeNumberFields()
{
    return kRegimeNumbers;
}

std::vector<std::string_view> regimeSettingKeys()
{
    std::vector<std::string_view> keys{"isolation", "allocation_unit", "multi_gpu"};
    for (const RegimeField& field : kRegimeNumbers)
        keys.push_back(field.key);
    return keys;
}

std::vector<std::string> requiredDefaultKeys()
{
    std::vector<std::string> keys;
    for (const AssumptionField& field : kAssumptions)
        keys.push_back("assumptions." + std::string(field.key));
    for (RegimeKind kind : allRegimes())
        for (const RegimeField& field : kRegimeNumbers)
            if (!field.optional)
                keys.push_back("regimes." + std::string(regimeKey(kind)) + "." +
                               std::string(field.key));
    for (SchedulerPolicy policy : kAllPolicies) {
        keys.push_back("scheduler.utilization_ceiling." + std::string(policyKey(policy)));
        keys.push_back("scheduler.checkpoint_reclaim_fraction." + std::string(policyKey(policy)));
    }
    return keys;
}

Assumptions assumptionsFrom(const EngineDefaults& defaults)
{
    Assumptions result;
    for (const AssumptionField& field : kAssumptions)
        if (auto it = defaults.figures.find("assumptions." + std::string(field.key));
            it != defaults.figures.end())
            result.*field.member = it->second.value;
    return result;
}

std::vector<Regime> regimesFrom(const EngineDefaults& defaults)
{
    std::vector<Regime> result(regimeCount());
    for (RegimeKind kind : allRegimes()) {
        Regime& regime = result[static_cast<std::size_t>(kind)];
        regime.kind = kind;
        const std::string prefix = "regimes." + std::string(regimeKey(kind)) + ".";
        for (const RegimeField& field : kRegimeNumbers) {
            auto it = defaults.figures.find(prefix + std::string(field.key));
            if (it == defaults.figures.end())
                continue;
            if (field.member)
                regime.*field.member = it->second.value;
            else
                regime.maxTenantsPerGpu = static_cast<int>(it->second.value);
        }
        if (auto traits = defaults.regimeTraits.find(kind); traits != defaults.regimeTraits.end()) {
            regime.isolation = traits->second.isolation;
            regime.allocationUnit = traits->second.allocationUnit;
            regime.multiGpu = traits->second.multiGpu;
        }
    }
    return result;
}

Scheduler schedulerFrom(const EngineDefaults& defaults)
{
    Scheduler result;
    for (SchedulerPolicy policy : kAllPolicies) {
        const auto index = static_cast<std::size_t>(policy);
        const std::string key(policyKey(policy));
        if (auto it = defaults.figures.find("scheduler.utilization_ceiling." + key);
            it != defaults.figures.end())
            result.utilizationCeiling[index] = it->second.value;
        if (auto it = defaults.figures.find("scheduler.checkpoint_reclaim_fraction." + key);
            it != defaults.figures.end())
            result.checkpointReclaimFraction[index] = it->second.value;
    }
    return result;
}

} // namespace fleet
