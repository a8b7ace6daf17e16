#pragma once

// Reading a TPU catalog entry's "tpu_slices" block: its slice topologies
// ("2x4", "2x2x2"), the chips of one pod and the multislice efficiency
// (model/tpu_slicing.h). Called by store/gpu_json.cpp for an entry whose
// "family" is "tpu".

#include "io/json_reader.h"
#include "model/tpu_slicing.h"

#include <boost/json/fwd.hpp>

#include <string>

namespace fleet {

class SourcedFields;

/// The block at `path` ("/gpus/14/tpu_slices"); every problem is reported
/// through `reader`, naming the field and the rule.
TpuSlicing parseTpuSlices(const boost::json::object& block, const std::string& path,
                          json::Reader& reader, SourcedFields& fields);

/// The block as the catalog writes it (store/catalog_export.cpp).
boost::json::object tpuSlicesToJson(const TpuSlicing& slicing);

} // namespace fleet
