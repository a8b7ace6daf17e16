#include "editors/pickers.h"

#include "model/partition_scheme.h"
#include "utf8_text.h"

#include <QLocale>
#include <QObject>

#include <set>

namespace fleet::gui {

namespace {

/// "$2.99/GPU-h on-demand" or "no on-demand price in market-2026".
QString priceText(const Project& project, const GpuModel& gpu, Plan plan)
{
    const PriceBook* book = project.activePriceBook();
    const QString bookName = book ? qs(book->id) : QObject::tr("(no price book)");
    const auto price = book ? book->usdPerGpuHour(gpu, plan) : std::nullopt;
    if (!price)
        return QObject::tr("no %1 price in %2").arg(qs(planLabel(plan)).toLower(), bookName);
    return QObject::tr("$%1/GPU-h %2")
        .arg(QLocale().toString(*price, 'f', 2), qs(planLabel(plan)).toLower());
}

void addProfiles(const GpuModel& gpu, bool named, std::vector<FieldChoice>& out,
                 std::set<QString>& seen)
{
    const QString suffix = named ? QStringLiteral(" (%1)").arg(qs(gpu.name)) : QString();
    const auto scheme = partitionScheme(gpu);
    if (!scheme)
        return;
    const QString label =
        QString::fromUtf8(scheme->label().data(), qsizetype(scheme->label().size()));
    for (const PartitionProfile& profile : scheme->profiles()) {
        if (!profile.tenantUnit) // MIG "+me", AMD SPX: the engine offers no tenant slice of these
            continue;
        const QString value = qs(profile.name);
        if (!seen.insert(value).second)
            continue;
        out.push_back(
            {value, value + suffix,
             QObject::tr("%1 %2: %3").arg(label, value, qs(scheme->description(profile)))});
    }
}

} // namespace

QString optimizerChoosesLabel()
{
    return QObject::tr("(let the optimizer choose)");
}

std::vector<FieldChoice> optimizerChooses(std::vector<FieldChoice> choices)
{
    choices.insert(choices.begin(),
                   {QString(), optimizerChoosesLabel(),
                    QObject::tr("No pin: the optimizer picks what costs least and meets the "
                                "segment's rules"),
                    QString(), QObject::tr("(optimizer picks)")});
    return choices;
}

std::vector<FieldChoice> gpuChoices(const Project& project)
{
    std::vector<FieldChoice> choices;
    for (const GpuModel& gpu : project.catalog().gpus)
        choices.push_back({qs(gpu.id),
                           QObject::tr("%1 — %2 GB, %3")
                               .arg(qs(gpu.name))
                               .arg(gpu.memoryGb.value)
                               .arg(priceText(project, gpu, Plan::OnDemand)),
                           QObject::tr("%1 (%2): %3 GB, %4 BF16 dense TFLOPS, partitions: %5")
                               .arg(qs(gpu.name), qs(gpu.id))
                               .arg(gpu.memoryGb.value)
                               .arg(gpu.bf16DenseTflops.value)
                               .arg(qs(partitionSummary(gpu))),
                           qs(gpu.name)});
    return choices;
}

std::vector<FieldChoice> planChoices(const Project& project, const std::string& gpuId)
{
    const GpuModel* gpu = project.catalog().gpu(gpuId);
    std::vector<FieldChoice> choices;
    for (Plan plan : kAllPlans) {
        const QString label = qs(planLabel(plan));
        choices.push_back(
            {qs(planKey(plan)),
             gpu ? QStringLiteral("%1 — %2").arg(label, priceText(project, *gpu, plan)) : label,
             isCommitted(plan) ? QObject::tr("Paid every hour of the term, used or not")
                               : QObject::tr("Paid for the hours used"),
             label});
    }
    return choices;
}

std::vector<FieldChoice> isolationChoices()
{
    return {{QStringLiteral("none"), QObject::tr("None"),
             QObject::tr("Any regime, time slicing included")},
            {QStringLiteral("memory"), QObject::tr("Memory"),
             QObject::tr("Each tenant's memory kept apart (partitions, fractional with limits)")},
            {QStringLiteral("hardware"), QObject::tr("Hardware"),
             QObject::tr("Whole GPUs or MIG instances: hardware isolation")}};
}

std::vector<FieldChoice> regimeChoices()
{
    std::vector<FieldChoice> choices;
    for (RegimeKind kind : allRegimes())
        choices.push_back({qs(regimeKey(kind)), qs(regimeLabel(kind)), qs(regimeKey(kind))});
    return choices;
}

std::vector<FieldChoice> segmentChoices(const Project& project)
{
    std::vector<FieldChoice> choices;
    for (const Segment& segment : project.segments)
        choices.push_back(
            {qs(segment.id), QStringLiteral("%1 (%2)").arg(qs(segment.name), qs(segment.id)),
             QObject::tr("Isolation floor: %1").arg(qs(isolationKey(segment.isolationFloor))),
             QString(), qs(segment.name)});
    return choices;
}

std::vector<FieldChoice> profileChoices(const Project& project, const std::string& gpuId)
{
    std::vector<FieldChoice> choices;
    std::set<QString> seen;
    if (const GpuModel* gpu = project.catalog().gpu(gpuId)) {
        addProfiles(*gpu, false, choices, seen);
        return choices;
    }
    std::set<std::string> fleet;
    for (const FleetPool& pool : project.fleet.pools)
        fleet.insert(pool.gpuId);
    for (const GpuModel& gpu : project.catalog().gpus)
        if (fleet.empty() || fleet.count(gpu.id))
            addProfiles(gpu, true, choices, seen);
    return choices;
}

} // namespace fleet::gui
