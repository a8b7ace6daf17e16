#pragma once

// The catalog: GPU models, the sources they cite and the price books.

#include "model/engine_defaults.h"
#include "model/gpu.h"
#include "model/pricing.h"
#include "model/sourced.h"

#include <string>
#include <vector>

namespace fleet {

class Catalog
{
public:
    std::vector<SourceInfo> sources;
    std::vector<GpuModel> gpus;
    std::vector<PriceBook> priceBooks;
    EngineDefaults engineDefaults;
    /// Files that were merged, in order ("built-in:catalog/gpus.json", "/home/me/my.json").
    std::vector<std::string> files;

    const GpuModel* gpu(const std::string& id) const;
    const PriceBook* priceBook(const std::string& id) const;
    const SourceInfo* source(const std::string& id) const;
};

/// Whether two catalogs hold the same sources, GPUs, price books and engine
/// defaults, member by member; where they were read from (`files`, each
/// entry's `originFile`) is left out: it differs between a file as opened
/// and the same project read anew, and nothing computed reads it.
bool sameContent(const Catalog& a, const Catalog& b);

/// Whether two catalogs differ at most in what their price books charge:
/// the rented plans' prices per GPU-hour, every figure of an owned GPU's
/// cost, and the notes and book descriptions beside them (what the what-if
/// price slider and a price range change). What a book offers — which GPUs,
/// which plans, spot's interruption rates — the GPUs and the engine defaults
/// are the same: the engine sizes a workload's options from those alone and
/// reads a charge only to price them (engine/evaluate_steps.h, reprice()).
bool sameContentButCharges(const Catalog& a, const Catalog& b);

} // namespace fleet
