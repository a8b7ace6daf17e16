#include "model/gpu.h"

#include "model/workload.h"

namespace fleet {

const MigProfile* MigPartitioning::profile(const std::string& name) const
{
    for (const MigProfile& candidate : profiles)
        if (candidate.name == name)
            return &candidate;
    return nullptr;
}

const AmdComputeMode* AmdPartitioning::computeMode(const std::string& name) const
{
    for (const AmdComputeMode& mode : computeModes)
        if (mode.name == name)
            return &mode;
    return nullptr;
}

const AmdMemoryMode* AmdPartitioning::memoryMode(const std::string& name) const
{
    for (const AmdMemoryMode& mode : memoryModes)
        if (mode.name == name)
            return &mode;
    return nullptr;
}

const char* vendorName(Vendor vendor)
{
    switch (vendor) {
    case Vendor::Nvidia: return "NVIDIA";
    case Vendor::Amd: return "AMD";
    case Vendor::Google: return "Google";
    }
    return "";
}

const char* acceleratorFamilyKey(AcceleratorFamily family)
{
    return family == AcceleratorFamily::Tpu ? "tpu" : "gpu";
}

double GpuModel::denseTflops(Precision precision) const
{
    switch (precision) {
    case Precision::Bf16: return bf16DenseTflops.value;
    case Precision::Fp8: return fp8DenseTflops ? fp8DenseTflops->value : 0.0;
    case Precision::Fp4: return fp4DenseTflops ? fp4DenseTflops->value : 0.0;
    }
    return 0.0;
}

} // namespace fleet
