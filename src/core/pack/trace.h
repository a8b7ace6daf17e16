#pragma once

// A cluster's node list and pod list, read from CSV: the openb format of the
// Alibaba GPU-sharing trace (cluster-trace-gpu-v2023), or any CSV whose
// columns are mapped onto the same fields (docs/MODEL.md, "Packing").

#include "util/result.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace fleet::pack {

struct Node
{
    std::string name;
    long cpuMilli = 0; ///< CPU in thousandths of a core
    long memoryMib = 0;
    int gpus = 0;
    std::string model; ///< GPU model, matched against a pod's gpu_spec
};

struct Pod
{
    std::string name;
    long cpuMilli = 0;
    long memoryMib = 0;
    int numGpu = 0;                   ///< GPUs; 1 with gpuMilli < 1000 is a share of one GPU
    int gpuMilli = 0;                 ///< per GPU, in thousandths (1000 = the whole GPU)
    std::vector<std::string> gpuSpec; ///< allowed models; empty = any
    long gpuMilliTotal() const { return long(numGpu) * gpuMilli; }
};

/// The file's column for each field; an empty name means "not in the file"
/// (allowed only where a field is optional: gpu_spec, a node's model).
using ColumnMap = std::map<std::string, std::string>;

/// openb's own column names: sn, cpu_milli, memory_mib, gpu, model for nodes;
/// name, cpu_milli, memory_mib, num_gpu, gpu_milli, gpu_spec for pods.
const ColumnMap& openbNodeColumns();
const ColumnMap& openbPodColumns();

/// Parses a node list. Each problem names the file, the line and the field.
Result<std::vector<Node>> parseNodes(std::string_view text, const std::string& file,
                                     const ColumnMap& columns = openbNodeColumns());
Result<std::vector<Pod>> parsePods(std::string_view text, const std::string& file,
                                   const ColumnMap& columns = openbPodColumns());

Result<std::vector<Node>> loadNodes(const std::string& path,
                                    const ColumnMap& columns = openbNodeColumns());
Result<std::vector<Pod>> loadPods(const std::string& path,
                                  const ColumnMap& columns = openbPodColumns());

/// "node=sn,gpus=gpu" → a mapping over `defaults`; problems name the key.
Result<ColumnMap> parseColumnMap(std::string_view text, const ColumnMap& defaults);

} // namespace fleet::pack
