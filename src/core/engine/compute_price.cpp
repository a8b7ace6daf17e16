#include "engine/compute_price.h"

namespace fleet {

ComputePriceTable computePriceTable(const Catalog& catalog, const PriceBook& book)
{
    ComputePriceTable table;
    table.priceBookId = book.id;
    table.plans = book.plansOffered();
    for (const GpuModel& gpu : catalog.gpus)
        if (book.prices(gpu.id))
            table.gpus.push_back(&gpu);
    for (Plan plan : table.plans) {
        std::vector<ComputePriceCell> row;
        for (const GpuModel* gpu : table.gpus) {
            ComputePriceCell cell;
            cell.usdPerGpuHour = book.usdPerGpuHour(*gpu, plan);
            if (cell.usdPerGpuHour)
                cell.usdPerDensePflopHour =
                    usdPerDensePflopHour(*cell.usdPerGpuHour, gpu->bf16DenseTflops.value);
            row.push_back(cell);
        }
        table.cells.push_back(std::move(row));
    }
    return table;
}

} // namespace fleet
