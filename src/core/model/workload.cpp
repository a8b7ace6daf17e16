#include "model/workload.h"

namespace fleet {

std::string_view precisionKey(Precision precision)
{
    return precision == Precision::Fp8 ? "fp8" : "bf16";
}

std::optional<Precision> precisionFromKey(std::string_view key)
{
    if (key == "bf16")
        return Precision::Bf16;
    if (key == "fp8")
        return Precision::Fp8;
    return std::nullopt;
}

double bytesPerValue(Precision precision)
{
    return precision == Precision::Fp8 ? 1.0 : 2.0;
}

std::string_view workloadKindKey(WorkloadKind kind)
{
    switch (kind) {
    case WorkloadKind::Training: return "training";
    case WorkloadKind::Inference: return "inference";
    case WorkloadKind::Notebooks: return "notebooks";
    case WorkloadKind::Batch: return "batch";
    }
    return "training";
}

} // namespace fleet
