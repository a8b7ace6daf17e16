#include "model/tenant_fields.h"

#include "model/field_builders.h"

namespace fleet {

namespace {

using namespace field_rows;
using P = Presence;

const std::vector<Field<Tenant>>& tenantTable()
{
    using R = Tenant;
    static const std::vector<Field<R>> table = {
        identifier<&R::id>("id", "The tenant's id, unique among tenants; scenarios name it",
                           {"Id", "", 1, 0}),
        text<&R::name>("name", P::Required, "The tenant's name (or the name of its class)",
                       {"Name", "", 1, 0}),
        reference<&R::segmentId>("segment", P::Required, "segment",
                                 "The segment the tenant belongs to", {"Segment", "", 1, 0}),
        integer<&R::count>("count", P::OmitWhenDefault, {1, false, 100000, "(tenants)"},
                           "Alike tenants this row stands for (a count without naming each)",
                           {"Count", "tenants", 1, 0}),
        number<&R::quotaGpus>("quota_gpus", P::Unset, {0, true, 10000000, "(GPUs)"},
                              "GPUs the tenant may hold at once (unset: no quota)",
                              {"Quota", "GPUs", 1, 2}),
        number<&R::quotaGpuHoursPerMonth>(
            "quota_gpu_hours_per_month", P::Unset, {0, true, 1e10, "(GPU-hours per month)"},
            "GPU-hours the tenant may use per month (unset: no quota)",
            {"Quota", "GPU-h/month", 1, 0}),
        number<&R::costWeight>("cost_weight", P::OmitWhenDefault, {0, true, 1000, ""},
                               "Its weight in chargeback: premium tiers weigh more than 1",
                               {"Cost weight", "", 1, 2}),
        integer<&R::priorityTier>("priority_tier", P::OmitWhenDefault, {0, false, 9, ""},
                                  "Its priority tier: 0 is the highest; larger tiers yield",
                                  {"Priority tier", "", 1, 0}),
        text<&R::note>("note", P::OmitWhenDefault, "Anything worth knowing about the tenant",
                       {"Note", "", 1, 0}),
    };
    return table;
}

} // namespace

std::span<const Field<Tenant>> tenantFields()
{
    return tenantTable();
}

const RecordFields& tenantRecord()
{
    static const RecordFields record = describeRecord("tenant", "tenant", tenantFields());
    return record;
}

} // namespace fleet
