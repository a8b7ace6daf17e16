#pragma once

// A GPU model of the catalog: its datasheet figures and its partition scheme's
// data (read through model/partition_scheme.h).

#include "model/sourced.h"
#include "model/tpu_slicing.h"

#include <optional>
#include <string>
#include <vector>

namespace fleet {

enum class Precision; // model/workload.h

/// GPUs on one HGX or OAM board, the NVLink domain of every part before
/// rack-scale systems.
inline constexpr int kGpusPerBoard = 8;

enum class Vendor
{
    Nvidia,
    Amd,
    Google
};

/// What kind of accelerator a catalog entry is. Regimes state the families
/// they run on (RegimeDescriptor::accelerators): a TPU only under tpu_slice,
/// tpu_slice only on TPUs.
enum class AcceleratorFamily
{
    Gpu,
    Tpu
};

/// One NVIDIA MIG GPU-instance profile, e.g. "3g.40gb". An instance placed at
/// memory slice s occupies memory slices [s, s + memorySlices) and compute
/// slices [s, s + computeSlices) (the placement model of `nvidia-smi mig -lgipp`).
struct MigProfile
{
    std::string name;
    int computeSlices = 0;
    int memorySlices = 0;
    double memoryGb = 0.0;
    int maxInstances = 0;         ///< per GPU, as NVIDIA states it
    std::vector<int> placements;  ///< valid start memory slices
    bool mediaExtensions = false; ///< "+me" profiles own the GPU's media engines
    std::optional<int> streamingMultiprocessors;
    std::string source; ///< applies to every figure of this profile
    std::string asOf;

    bool operator==(const MigProfile&) const = default;
};

struct MigPartitioning
{
    int computeSlices = 7;
    int memorySlices = 8;
    std::optional<int> totalSms; ///< the GPU's SMs, when profiles list theirs
    std::vector<MigProfile> profiles;
    std::string source; ///< the block's own citation (its profiles cite theirs)
    std::string asOf;

    const MigProfile* profile(const std::string& name) const;

    bool operator==(const MigPartitioning&) const = default;
};

/// AMD Instinct compute partitioning (SPX/DPX/QPX/CPX) crossed with memory
/// partitioning (NPS1/NPS4); only the listed pairs are valid.
struct AmdComputeMode
{
    std::string name;   ///< "SPX", "DPX", "QPX", "CPX"
    int partitions = 1; ///< logical GPUs per physical GPU

    bool operator==(const AmdComputeMode&) const = default;
};

struct AmdMemoryMode
{
    std::string name;    ///< "NPS1", "NPS4"
    int numaDomains = 1; ///< memory pools per GPU

    bool operator==(const AmdMemoryMode&) const = default;
};

struct AmdModePair
{
    std::string compute;
    std::string memory;
    bool vendorValidated = false; ///< AMD states it validated this pair for the GPU

    bool operator==(const AmdModePair&) const = default;
};

struct AmdPartitioning
{
    int computeUnits = 0;
    std::vector<AmdComputeMode> computeModes;
    std::vector<AmdMemoryMode> memoryModes;
    std::vector<AmdModePair> validPairs;
    std::string source;
    std::string asOf;

    const AmdComputeMode* computeMode(const std::string& name) const;
    const AmdMemoryMode* memoryMode(const std::string& name) const;

    bool operator==(const AmdPartitioning&) const = default;
};

struct GpuModel
{
    std::string id; ///< e.g. "h100-sxm-80gb"
    std::string name;
    Vendor vendor = Vendor::Nvidia;
    SourcedValue memoryGb;
    SourcedValue memoryBandwidthGbPerS;
    SourcedValue bf16DenseTflops;
    std::optional<SourcedValue> fp8DenseTflops; ///< absent when the GPU has no FP8 tensor cores
    /// Absent when the GPU has no FP4 tensor cores (NVFP4 on Blackwell,
    /// MXFP4 on MI355X; none on Hopper, Ampere or MI300X).
    std::optional<SourcedValue> fp4DenseTflops;
    SourcedValue tdpW;
    std::string scaleUpLink;                       ///< e.g. "NVLink 4"; "none" for PCIe only
    std::optional<SourcedValue> scaleUpLinkGbPerS; ///< absent when there is no scale-up link
    /// GPUs joined by one NVLink (or Infinity Fabric) domain: 8 on an HGX or
    /// OAM board, 72 in an NVL72 rack, 1 for a PCIe card without a bridge.
    /// Tensor and expert parallelism span it; bare metal on a rack-scale part
    /// allocates it whole.
    int nvlinkDomainGpus = 8;
    std::string nvlinkDomainSource; ///< the figure's source id and date
    std::string nvlinkDomainAsOf;
    /// The vendor's partition scheme as the catalog states it: at most one
    /// block. Only the catalog's reader and writer read these; everything
    /// else reads them through model/partition_scheme.h.
    std::optional<MigPartitioning> mig;
    std::optional<AmdPartitioning> amdPartitions;
    AcceleratorFamily family = AcceleratorFamily::Gpu;
    /// A TPU's slice topologies (present exactly when family is Tpu).
    std::optional<TpuSlicing> tpuSlices;
    std::string originFile; ///< where this entry was read from

    bool isTpu() const { return family == AcceleratorFamily::Tpu; }
    /// Dense tensor TFLOPS at `precision`; 0 when the GPU has no tensor
    /// cores for it (FP8 on A100, FP4 before Blackwell and MI355X).
    double denseTflops(Precision precision) const;
    bool runs(Precision precision) const { return denseTflops(precision) > 0; }
    /// An NVLink domain beyond one board (GB200/GB300 NVL72): bare metal
    /// allocates it whole, a rack at a time.
    bool rackScale() const { return nvlinkDomainGpus > kGpusPerBoard; }

    bool operator==(const GpuModel&) const = default;
};

const char* vendorName(Vendor vendor);
/// "gpu", "tpu": the catalog's key.
const char* acceleratorFamilyKey(AcceleratorFamily family);

} // namespace fleet
