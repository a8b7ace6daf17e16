#include "model/fleet_fields.h"

#include "model/field_builders.h"
#include "model/price_fields.h"
#include "model/project_fields.h"
#include "model/tenant_fields.h"
#include "model/workload_fields.h"

namespace fleet {

namespace {

using namespace field_rows;
using P = Presence;

// --- enums ----------------------------------------------------------------

constexpr EnumOption kPlans[] = {
    {"on_demand", "paid for the hours used"},
    {"reserved_1y", "paid every hour of a one-year term, used or not"},
    {"reserved_3y", "paid every hour of a three-year term, used or not"},
    {"spot", "paid for the hours used; may be interrupted"},
    {"owned", "bought: capex amortised, power and hosting"}};
constexpr EnumOption kIsolation[] = {
    {"none", "any regime, time slicing included"},
    {"memory", "each tenant's memory kept apart (partitions, fractional with limits)"},
    {"hardware", "whole GPUs or MIG instances: hardware isolation"}};
constexpr EnumOption kStages[] = {
    {"early", "whole GPUs in VMs, simple; floor none"},
    {"mid", "fractional GPUs or MIG with memory guarantees; floor memory"},
    {"enterprise", "dedicated GPUs or MIG, provable isolation; floor hardware"}};
/// The registered regimes (model/regime_descriptor.h), in their order.
std::span<const EnumOption> regimeOptions()
{
    static const std::vector<EnumOption> options = [] {
        std::vector<EnumOption> all;
        for (RegimeKind kind : allRegimes())
            all.push_back({regimeKey(kind), ""});
        return all;
    }();
    return options;
}

FieldValue getPlan(const FleetPool& pool)
{
    return std::string(planKey(pool.plan));
}
void setPlan(FleetPool& pool, const FieldValue& value)
{
    if (const std::string* key = std::get_if<std::string>(&value))
        pool.plan = planFromKey(*key).value_or(Plan::OnDemand);
}

FieldValue getIsolation(const Segment& segment)
{
    return std::string(isolationKey(segment.isolationFloor));
}
void setIsolation(Segment& segment, const FieldValue& value)
{
    if (const std::string* key = std::get_if<std::string>(&value))
        segment.isolationFloor = isolationFromKey(*key).value_or(IsolationLevel::None);
}

FieldValue getStage(const Segment& segment)
{
    return segment.stage ? FieldValue(std::string(stageKey(*segment.stage))) : FieldValue();
}
void setStage(Segment& segment, const FieldValue& value)
{
    const std::string* key = std::get_if<std::string>(&value);
    segment.setStage(key ? stageFromKey(*key) : std::nullopt);
}

FieldValue getRegimes(const Segment& segment)
{
    std::vector<std::string> keys;
    for (RegimeKind kind : segment.allowedRegimes)
        keys.emplace_back(regimeKey(kind));
    return keys;
}
void setRegimes(Segment& segment, const FieldValue& value)
{
    segment.allowedRegimes.clear();
    if (const auto* keys = std::get_if<std::vector<std::string>>(&value))
        for (const std::string& key : *keys)
            if (auto kind = regimeFromKey(key))
                segment.allowedRegimes.push_back(*kind);
}

// --- the tables -----------------------------------------------------------

const std::vector<Field<FleetPool>>& poolTable()
{
    using R = FleetPool;
    static const std::vector<Field<R>> table = {
        identifier<&R::id>("id", "The pool's id, unique in the fleet; scenarios name it",
                           {"Id", "", 1, 0}),
        reference<&R::gpuId>("gpu", P::Required, "GPU", "The pool's GPU model, from the catalog",
                             {"GPU", "", 1, 0}),
        integer<&R::count>("count", P::Required, {0, false, 10000000, ""}, "GPUs in the pool",
                           {"Count", "GPUs", 1, 0}),
        choice<R>("plan", P::Required, kPlans,
                  "How the pool's GPUs are paid for; the active price book must price it",
                  {"Plan", "", 1, 0}, &getPlan, &setPlan, EnumWording::OneOf),
        integer<&R::gpusPerNode>("gpus_per_node", P::Optional, {1, false, 64, ""},
                                 "GPUs in one node (one scale-up domain)",
                                 {"GPUs per node", "", 1, 0}),
        text<&R::note>("note", P::OmitWhenDefault, "Anything worth knowing about the pool",
                       {"Note", "", 1, 0}),
    };
    return table;
}

const std::vector<Field<Segment>>& segmentTable()
{
    using R = Segment;
    static const std::vector<Field<R>> table = {
        identifier<&R::id>("id", "The segment's id, unique; workloads and scenarios name it",
                           {"Id", "", 1, 0}),
        text<&R::name>("name", P::Required, "The segment's name", {"Name", "", 1, 0}),
        // Before the floor and the regimes: it sets them unless they are stated.
        choice<R>("stage", P::Unset, kStages,
                  "Its customers' maturity; sets the isolation floor and allowed regimes "
                  "it does not state",
                  {"Stage", "", 1, 0}, &getStage, &setStage),
        // Unset in SQLite terms: NULL when the stage sets it (files leave it out).
        choice<R>("isolation_floor", P::Unset, kIsolation,
                  "The least isolation its work accepts (required without a stage)",
                  {"Isolation floor", "", 1, 0}, &getIsolation, &setIsolation, EnumWording::Plain),
        registryKeyList<R>("allowed_regimes", P::Optional, regimeOptions(), "regime",
                           "segment_regime",
                           "The regimes its work may run under, at least one (required without a "
                           "stage)",
                           {"Allowed regimes", "", 1, 0}, &getRegimes, &setRegimes),
        flag<&R::preemptible>("preemptible", P::OmitWhenDefault,
                              "Its work may be interrupted (spot, eviction)",
                              {"Preemptible", "", 1, 0}),
        number<&R::priceUsdPerGpuHour>(
            "price_usd_per_gpu_hour", P::Required,
            {0, false, 200,
             "(USD per GPU-hour charged; a monthly price would be about 730× larger)"},
            "What the segment pays per GPU-hour (margin objective)", {"Price", "USD/GPU-h", 1, 2}),
        text<&R::note>("note", P::OmitWhenDefault, "Anything worth knowing about the segment",
                       {"Note", "", 1, 0}),
    };
    return table;
}

} // namespace

std::span<const Field<FleetPool>> poolFields()
{
    return poolTable();
}
std::span<const Field<Segment>> segmentFields()
{
    return segmentTable();
}

const RecordFields& poolRecord()
{
    static const RecordFields record = describeRecord("pool", "fleet_pool", poolFields());
    return record;
}

const RecordFields& segmentRecord()
{
    static const RecordFields record = describeRecord("segment", "segment", segmentFields());
    return record;
}

std::vector<const RecordFields*> allRecords()
{
    std::vector<const RecordFields*> records;
    for (const RecordFields& record : workloadRecords())
        records.push_back(&record);
    records.push_back(&projectRecord());
    records.push_back(&poolRecord());
    records.push_back(&segmentRecord());
    records.push_back(&scenarioRecord());
    records.push_back(&hourlyPriceRecord());
    records.push_back(&ownedFigureRecord());
    records.push_back(&tenantRecord());
    return records;
}

} // namespace fleet
