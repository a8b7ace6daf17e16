#include "views/drivers.h"

#include "document/price_book_edit.h"
#include "store/catalog_loader.h"

#include <QLocale>
#include <QObject>

#include <boost/json.hpp>

#include <cmath>
#include <cstdio>
#include <string>

namespace fleet::gui {

namespace {

namespace bj = boost::json;

std::string workloadPointer(std::size_t index, const char* field)
{
    return "/workloads/" + std::to_string(index) + "/" + field;
}

/// Every workload of a kind gets `value` in `field`.
template <typename Spec>
std::vector<FieldEdit> setAll(const Project& project, const char* field, double value)
{
    std::vector<FieldEdit> edits;
    for (std::size_t i = 0; i < project.workloads.size(); ++i)
        if (std::holds_alternative<Spec>(project.workloads[i].spec))
            edits.emplace_back(workloadPointer(i, field), bj::value(value));
    return edits;
}

template <typename Spec, typename Get> std::optional<double> first(const Project& project, Get get)
{
    for (const Workload& w : project.workloads)
        if (const auto* spec = std::get_if<Spec>(&w.spec))
            return get(*spec);
    return std::nullopt;
}

const Catalog& shippedCatalog()
{
    static const Catalog catalog = [] {
        auto loaded = loadBuiltinCatalog();
        return loaded ? std::move(loaded).value() : Catalog{};
    }();
    return catalog;
}

/// The factor the slider last scaled the active book by, as its description
/// records it (built-in copy or custom book). A project saved before the
/// description said so: the ratio to the built-in book of a price the slider
/// scaled (its what-if note), never of one edited by hand (one price
/// typed as $3.79 read "1.27 ×"). 1 when never scaled; absent only when no
/// book is in force.
std::optional<double> priceMultiplier(const Project& project)
{
    const PriceBook* book = project.activePriceBook();
    if (!book)
        return std::nullopt;
    if (const auto factor = whatIfPriceFactor(*book))
        return factor;
    if (const PriceBook* original = shippedCatalog().priceBook(project.activePriceBookId)) {
        for (const GpuPrices& prices : original->gpus)
            for (Plan plan : kAllPlans)
                if (prices.has(plan) && plan != Plan::Owned) {
                    const GpuPrices* now = book->prices(prices.gpuId);
                    if (!now || !now->has(plan) || prices.hourly(plan)->usdPerGpuHour <= 0)
                        continue;
                    const std::string& note = now->hourly(plan)->note;
                    if (note.rfind(kWhatIfNote, 0) == 0)
                        return now->hourly(plan)->usdPerGpuHour /
                               prices.hourly(plan)->usdPerGpuHour;
                }
    }
    return 1.0;
}

/// The active book with every price moved so that the multiplier (read as
/// priceMultiplier does) becomes `factor`: prices edited by hand keep their
/// relation to the others. Stored among the project's own books under the
/// book's id; a copy of a built-in book is dropped again when it equals it.
std::vector<FieldEdit> scalePrices(const Project& project, double factor)
{
    const PriceBook* original = shippedCatalog().priceBook(project.activePriceBookId);
    const PriceBook* current = project.activePriceBook();
    if (!current)
        return {};
    const double ratio = factor / priceMultiplier(project).value_or(1.0);
    PriceBook scaled = *current;
    const std::string note = whatIfNote(factor);
    bool builtIn = original != nullptr;
    for (GpuPrices& prices : scaled.gpus) {
        const GpuPrices* source = original ? original->prices(prices.gpuId) : nullptr;
        for (Plan plan : kAllPlans) {
            if (plan == Plan::Owned || !prices.has(plan))
                continue;
            auto& hourly = prices.hourly(plan);
            hourly->usdPerGpuHour *= ratio;
            if (hourly->note.empty() || hourly->note.rfind(kWhatIfNote, 0) == 0)
                hourly->note = note;
            builtIn = builtIn && source && source->has(plan) &&
                      std::abs(source->hourly(plan)->usdPerGpuHour - hourly->usdPerGpuHour) < 1e-9;
        }
        if (prices.owned) {
            prices.owned->capexUsdPerGpu.value *= ratio;
            prices.owned->usdPerGpuHour.value *= ratio; // 0 (not stated) stays 0
        }
    }
    {
        // The book says by how much it was scaled, for the slider to read back
        // (a copy of a built-in book equal to it again is dropped below).
        std::string& text = scaled.description;
        if (const std::size_t at = text.rfind(kWhatIfNote); at != std::string::npos)
            text.erase(at);
        while (!text.empty() && text.back() == ' ')
            text.pop_back();
        if (std::abs(factor - 1.0) > 1e-9)
            text += (text.empty() ? "" : " ") + note;
    }
    return {ownPriceBookEdit(project, current->id,
                             builtIn ? std::nullopt : std::optional<PriceBook>(scaled))};
}

std::optional<double> reservedShare(const Project& project)
{
    double reserved = 0, total = 0;
    bool both = false, anyReserved = false, anyOther = false;
    for (const FleetPool& pool : project.fleet.pools) {
        total += pool.count;
        if (pool.plan == Plan::Reserved1y || pool.plan == Plan::Reserved3y) {
            reserved += pool.count;
            anyReserved = true;
        } else {
            anyOther = true;
        }
    }
    both = anyReserved && anyOther;
    if (project.fleet.mode != FleetMode::Fixed || !both || total <= 0)
        return std::nullopt;
    return reserved / total;
}

/// Moves GPUs between the reserved pools and the others, keeping the total
/// and each side's proportions.
std::vector<FieldEdit> setReservedShare(const Project& project, double share)
{
    double total = 0, reserved = 0;
    for (const FleetPool& pool : project.fleet.pools) {
        total += pool.count;
        if (pool.plan == Plan::Reserved1y || pool.plan == Plan::Reserved3y)
            reserved += pool.count;
    }
    const double targetReserved = std::round(total * share);
    const double other = total - reserved;
    std::vector<FieldEdit> edits;
    double givenReserved = 0, givenOther = 0;
    int lastReserved = -1, lastOther = -1;
    std::vector<int> counts(project.fleet.pools.size());
    for (std::size_t i = 0; i < project.fleet.pools.size(); ++i) {
        const FleetPool& pool = project.fleet.pools[i];
        const bool isReserved = pool.plan == Plan::Reserved1y || pool.plan == Plan::Reserved3y;
        const double side = isReserved ? reserved : other;
        const double target = isReserved ? targetReserved : total - targetReserved;
        counts[i] = int(std::floor(side > 0 ? pool.count / side * target : 0));
        (isReserved ? givenReserved : givenOther) += counts[i];
        (isReserved ? lastReserved : lastOther) = int(i);
    }
    // Rounding leftovers go to the last pool of each side.
    if (lastReserved >= 0)
        counts[std::size_t(lastReserved)] += int(targetReserved - givenReserved);
    if (lastOther >= 0)
        counts[std::size_t(lastOther)] += int(total - targetReserved - givenOther);
    for (std::size_t i = 0; i < counts.size(); ++i)
        edits.emplace_back("/fleet/pools/" + std::to_string(i) + "/count",
                           bj::value(std::int64_t(counts[i])));
    return edits;
}

std::vector<Driver> makeDrivers()
{
    std::vector<Driver> list;
    list.push_back(
        {QStringLiteral("gpu_prices"), QObject::tr("GPU prices"), QStringLiteral(" ×"),
         QObject::tr("Every hourly price (and owned capex) of the active price book × this "
                     "factor, a built-in book or one of the project's own; the project stores "
                     "the scaled book, each price noted as a what-if."),
         0.5, 2.0, 0.01, 2, 1, priceMultiplier, scalePrices});
    list.push_back(
        {QStringLiteral("training_mfu"), QObject::tr("Training MFU"), QStringLiteral(" %"),
         QObject::tr("Model FLOPs utilization of every training workload: GPU-hours = 6·N·D ÷ "
                     "(peak FLOPS × MFU). The Llama 3 paper reports 38–43 % on H100s."),
         0.15, 0.7, 0.01, 0, 100,
         [](const Project& p) {
             return first<TrainingSpec>(p, [](const TrainingSpec& s) { return s.efficiency; });
         },
         [](const Project& p, double v) { return setAll<TrainingSpec>(p, "efficiency", v); }});
    list.push_back(
        {QStringLiteral("utilization_ceiling"), QObject::tr("Utilization ceiling"),
         QStringLiteral(" %"),
         QObject::tr("Share of whole-GPU hours the scheduler policy keeps busy before waits "
                     "explode (its knee); `fleetplanner-cli measure-ceiling` measures the "
                     "project's own. Moving it pins the assumed ceiling (ceiling_source "
                     "assumed): the plan follows the slider, not the measured knee."),
         0.4, 1.0, 0.01, 0, 100,
         [](const Project& p) { return std::optional(p.scheduler.ceiling()); },
         [](const Project& p, double v) {
             // Pinned too: with a knee measured for these inputs, the plan would
             // otherwise stay on the knee and the slider move nothing.
             const std::string policy(policyKey(p.scheduler.policy));
             return std::vector<FieldEdit>{
                 {"/scheduler/utilization_ceiling/" + policy, bj::value(v)},
                 {"/scheduler/ceiling_source/" + policy, bj::value("assumed")}};
         }});
    list.push_back(
        {QStringLiteral("growth"), QObject::tr("Inference growth"), QStringLiteral(" %/month"),
         QObject::tr("Monthly growth of every inference service's request rate: rate in month "
                     "m = rate × (1 + g)^(m − start)."),
         0.0, 0.2, 0.005, 1, 100,
         [](const Project& p) {
             return first<InferenceSpec>(p,
                                         [](const InferenceSpec& s) { return s.growthPerMonth; });
         },
         [](const Project& p, double v) {
             return setAll<InferenceSpec>(p, "growth_per_month", v);
         }});
    list.push_back(
        {QStringLiteral("reserved_share"), QObject::tr("Reserved share"), QStringLiteral(" %"),
         QObject::tr("Share of the fixed fleet's GPUs on reserved plans; the rest stay on their "
                     "other plans. Reserved beats on-demand above reserved ÷ on-demand "
                     "utilization."),
         0.0, 1.0, 0.01, 0, 100, reservedShare, setReservedShare});
    list.push_back({QStringLiteral("time_slicing_overhead"), QObject::tr("Time-slicing overhead"),
                    QStringLiteral(" %"),
                    QObject::tr("Throughput lost to context switches under time-slicing (regime "
                                "time_sliced, throughput_overhead)."),
                    0.0, 0.5, 0.01, 0, 100,
                    [](const Project& p) {
                        return std::optional(p.regime(RegimeKind::TimeSliced).throughputOverhead);
                    },
                    [](const Project&, double v) {
                        return std::vector<FieldEdit>{
                            {"/regimes/time_sliced/throughput_overhead", bj::value(v)}};
                    }});
    list.push_back(
        {QStringLiteral("idle_timeout"), QObject::tr("Notebook idle timeout"),
         QStringLiteral(" min"),
         QObject::tr("Idle sessions release their GPU after this long (0: never); held idle "
                     "time per gap = g·(1 − e^(−t/g))."),
         0.0, 240.0, 1.0, 0, 1,
         [](const Project& p) {
             return first<NotebookSpec>(p, [](const NotebookSpec& s) { return s.idleTimeoutMin; });
         },
         [](const Project& p, double v) {
             return setAll<NotebookSpec>(p, "idle_timeout_min", v);
         }});
    return list;
}

} // namespace

const std::vector<Driver>& drivers()
{
    static const std::vector<Driver> list = makeDrivers();
    return list;
}

const Driver* driver(const QString& key)
{
    for (const Driver& d : drivers())
        if (d.key == key)
            return &d;
    return nullptr;
}

} // namespace fleet::gui
