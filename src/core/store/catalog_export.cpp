#include "store/catalog_export.h"

#include "store/catalog_writer.h"
#include "store/tpu_slices_json.h"

namespace fleet {

namespace bj = boost::json;

namespace {

bj::object figure(const SourcedValue& value)
{
    return figureToJson(value);
}

bj::value optionalFigure(const std::optional<SourcedValue>& value)
{
    return value ? bj::value(figure(*value)) : bj::value(nullptr);
}

bj::object migToJson(const MigPartitioning& mig)
{
    bj::array profiles;
    for (const MigProfile& profile : mig.profiles) {
        bj::array placements;
        for (int start : profile.placements)
            placements.push_back(start);
        bj::object item{{"name", profile.name},
                        {"compute_slices", profile.computeSlices},
                        {"memory_slices", profile.memorySlices},
                        {"memory_gb", profile.memoryGb},
                        {"max_instances", profile.maxInstances},
                        {"placements", std::move(placements)},
                        {"media_extensions", profile.mediaExtensions}};
        item["sms"] = profile.streamingMultiprocessors
                          ? bj::value(*profile.streamingMultiprocessors)
                          : bj::value(nullptr);
        item["source"] = profile.source;
        item["as_of"] = profile.asOf;
        profiles.push_back(std::move(item));
    }
    return bj::object{{"kind", "mig"},
                      {"compute_slices", mig.computeSlices},
                      {"memory_slices", mig.memorySlices},
                      {"total_sms", mig.totalSms ? bj::value(*mig.totalSms) : bj::value(nullptr)},
                      {"profiles", std::move(profiles)}};
}

bj::object amdToJson(const AmdPartitioning& amd)
{
    bj::array compute, memory, pairs;
    for (const AmdComputeMode& mode : amd.computeModes)
        compute.push_back(
            bj::object{{"name", mode.name},
                       {"partitions", mode.partitions},
                       {"compute_units_per_partition", amd.computeUnits / mode.partitions}});
    for (const AmdMemoryMode& mode : amd.memoryModes)
        memory.push_back(bj::object{{"name", mode.name}, {"numa_domains", mode.numaDomains}});
    for (const AmdModePair& pair : amd.validPairs)
        pairs.push_back(bj::object{{"compute", pair.compute},
                                   {"memory", pair.memory},
                                   {"vendor_validated", pair.vendorValidated}});
    return bj::object{{"kind", "amd"},
                      {"compute_units", amd.computeUnits},
                      {"compute_modes", std::move(compute)},
                      {"memory_modes", std::move(memory)},
                      {"valid_pairs", std::move(pairs)},
                      {"source", amd.source},
                      {"as_of", amd.asOf}};
}

const char* vendorKey(Vendor vendor)
{
    switch (vendor) {
    case Vendor::Nvidia: return "nvidia";
    case Vendor::Amd: return "amd";
    case Vendor::Google: return "google";
    }
    return "";
}

bj::object gpuToJson(const GpuModel& gpu)
{
    bj::object item{{"id", gpu.id},
                    {"name", gpu.name},
                    {"vendor", vendorKey(gpu.vendor)},
                    {"memory_gb", figure(gpu.memoryGb)},
                    {"memory_bandwidth_gb_per_s", figure(gpu.memoryBandwidthGbPerS)},
                    {"bf16_dense_tflops", figure(gpu.bf16DenseTflops)},
                    {"fp8_dense_tflops", optionalFigure(gpu.fp8DenseTflops)},
                    {"fp4_dense_tflops", optionalFigure(gpu.fp4DenseTflops)},
                    {"tdp_w", figure(gpu.tdpW)},
                    {"scale_up_link", gpu.scaleUpLink},
                    {"scale_up_link_gb_per_s", optionalFigure(gpu.scaleUpLinkGbPerS)},
                    {"nvlink_domain_gpus", gpu.nvlinkDomainGpus}};
    item["family"] = acceleratorFamilyKey(gpu.family);
    if (gpu.isTpu() && gpu.tdpW.source.empty())
        item["tdp_w"] = nullptr; // Google states none
    if (gpu.mig)
        item["partitions"] = migToJson(*gpu.mig);
    else if (gpu.amdPartitions)
        item["partitions"] = amdToJson(*gpu.amdPartitions);
    else if (gpu.tpuSlices) {
        bj::object slices = tpuSlicesToJson(*gpu.tpuSlices);
        slices["kind"] = "tpu_slices";
        item["partitions"] = std::move(slices);
    } else
        item["partitions"] = nullptr;
    item["origin"] = gpu.originFile;
    return item;
}

bj::object priceBookToJson(const PriceBook& book, const Catalog& catalog)
{
    bj::array gpus;
    for (const GpuPrices& prices : book.gpus) {
        bj::object entry{{"gpu", prices.gpuId}};
        for (Plan plan : kAllPlans) {
            if (plan == Plan::Owned || !prices.hourly(plan))
                continue;
            bj::object item = hourlyPriceToJson(*prices.hourly(plan));
            if (const GpuModel* gpu = catalog.gpu(prices.gpuId))
                if (auto breakEven = breakEvenUtilization(book, *gpu, plan))
                    item["break_even_utilization"] = *breakEven;
            entry[planKey(plan)] = std::move(item);
        }
        if (prices.owned) {
            const OwnedCost& owned = *prices.owned;
            bj::object item = ownedCostToJson(owned);
            if (const GpuModel* gpu = catalog.gpu(prices.gpuId)) {
                item["usd_per_gpu_hour"] = ownedUsdPerGpuHour(owned, gpu->tdpW.value);
                if (auto breakEven = breakEvenUtilization(book, *gpu, Plan::Owned))
                    item["break_even_utilization"] = *breakEven;
            }
            entry["owned"] = std::move(item);
        }
        gpus.push_back(std::move(entry));
    }
    return bj::object{{"id", book.id},
                      {"name", book.name},
                      {"currency", book.currency},
                      {"as_of", book.asOf},
                      {"description", book.description},
                      {"gpus", std::move(gpus)},
                      {"origin", book.originFile}};
}

} // namespace

bj::object catalogToJson(const Catalog& catalog)
{
    bj::array files, gpus, books, sources;
    for (const std::string& file : catalog.files)
        files.push_back(bj::value(file));
    for (const GpuModel& gpu : catalog.gpus)
        gpus.push_back(gpuToJson(gpu));
    for (const PriceBook& book : catalog.priceBooks)
        books.push_back(priceBookToJson(book, catalog));
    for (const SourceInfo& source : catalog.sources)
        sources.push_back(bj::object{{"id", source.id},
                                     {"title", source.title},
                                     {"publisher", source.publisher},
                                     {"url", source.url},
                                     {"kind", source.kind}});
    bj::object defaults;
    for (const auto& [key, value] : catalog.engineDefaults.figures)
        defaults[key] = figure(value);
    bj::object regimes;
    for (const auto& [kind, traits] : catalog.engineDefaults.regimeTraits)
        regimes[regimeKey(kind)] =
            bj::object{{"isolation", std::string(isolationKey(traits.isolation))},
                       {"allocation_unit", traits.allocationUnit},
                       {"multi_gpu", traits.multiGpu}};
    return bj::object{{"files", std::move(files)},
                      {"gpus", std::move(gpus)},
                      {"price_books", std::move(books)},
                      {"engine_defaults", bj::object{{"figures", std::move(defaults)},
                                                     {"regimes", std::move(regimes)}}},
                      {"sources", std::move(sources)}};
}

} // namespace fleet
