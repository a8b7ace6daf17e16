#include "model/workload.h"

namespace fleet {

std::string_view precisionKey(Precision precision)
{
    switch (precision) {
    case Precision::Bf16: return "bf16";
    case Precision::Fp8: return "fp8";
    case Precision::Fp4: return "fp4";
    }
    return "bf16";
}

std::optional<Precision> precisionFromKey(std::string_view key)
{
    for (Precision precision : {Precision::Bf16, Precision::Fp8, Precision::Fp4})
        if (key == precisionKey(precision))
            return precision;
    return std::nullopt;
}

double bytesPerValue(Precision precision)
{
    switch (precision) {
    case Precision::Bf16: return 2.0;
    case Precision::Fp8: return 1.0;
    case Precision::Fp4: return 0.5 + 1.0 / 16.0; // NVFP4: an FP8 scale per 16 values
    }
    return 2.0;
}

double kvBytesPerValue(Precision precision)
{
    return precision == Precision::Fp4 ? bytesPerValue(Precision::Fp8) : bytesPerValue(precision);
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
