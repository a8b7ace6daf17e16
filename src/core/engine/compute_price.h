#pragma once

// What an hour of peak dense compute costs, per GPU and plan of a price book:
// the first comparison a PM makes between GPU generations.

#include "model/catalog.h"

#include <optional>
#include <string>
#include <vector>

namespace fleet {

struct ComputePriceCell
{
    std::optional<double> usdPerGpuHour;        ///< absent when the book does not offer the plan
    std::optional<double> usdPerDensePflopHour; ///< usdPerGpuHour ÷ (dense BF16 TFLOPS / 1000)
};

struct ComputePriceTable
{
    std::string priceBookId;
    std::vector<const GpuModel*> gpus; ///< the catalog GPUs the book prices, in catalog order
    std::vector<Plan> plans;           ///< the plans the book offers
    std::vector<std::vector<ComputePriceCell>> cells; ///< [plan][gpu]

    const ComputePriceCell& cell(std::size_t plan, std::size_t gpu) const
    {
        return cells[plan][gpu];
    }
};

/// The table behind the "USD per dense PFLOP-hour" chart. Pointers refer into `catalog`.
ComputePriceTable computePriceTable(const Catalog& catalog, const PriceBook& book);

} // namespace fleet
