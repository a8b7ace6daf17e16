#include "model/range_target.h"

#include "model/fleet_fields.h"
#include "model/price_fields.h"
#include "model/tenant_fields.h"
#include "model/workload_fields.h"

#include <cmath>
#include <span>

namespace fleet {

namespace {

/// The tokens of a JSON pointer, unescaped (~1 → '/', ~0 → '~').
std::vector<std::string> pathTokens(std::string_view path)
{
    std::vector<std::string> tokens;
    if (path.empty() || path[0] != '/')
        return tokens;
    std::string token;
    for (std::size_t i = 1; i <= path.size(); ++i) {
        if (i == path.size() || path[i] == '/') {
            tokens.push_back(token);
            token.clear();
        } else if (path[i] == '~' && i + 1 < path.size() &&
                   (path[i + 1] == '0' || path[i + 1] == '1')) {
            token += path[i + 1] == '0' ? '~' : '/';
            ++i;
        } else {
            token += path[i];
        }
    }
    return tokens;
}

bool numeric(const FieldInfo& info)
{
    return info.type == FieldType::Number || info.type == FieldType::Integer;
}

std::string quotedText(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

/// The row of `rows` with `id`, by index.
template <typename Row>
std::optional<std::size_t> rowIndex(const std::vector<Row>& rows, const std::string& id)
{
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].id == id)
            return i;
    return std::nullopt;
}

/// A numeric field of a table row: `rowOf` finds the record in a project.
template <typename Record, typename RowOf>
Result<RangeTarget> tableTarget(std::span<const Field<Record>> fields, const std::string& key,
                                std::string label, RowOf rowOf)
{
    for (const Field<Record>& field : fields) {
        if (field.info.key != key)
            continue;
        if (!numeric(field.info))
            return Error(quotedText(key) + " is not a number (it is " +
                         std::string(fieldTypeKey(field.info.type)) + ")");
        const Field<Record>* f = &field;
        RangeTarget target;
        target.label = std::move(label) + " › " + key;
        target.rule = field.info.range;
        target.rule.integer = field.info.type == FieldType::Integer || field.info.range.integer;
        target.integer = target.rule.integer;
        target.get = [f, rowOf](const Project& p) {
            const FieldValue value = f->get(rowOf(const_cast<Project&>(p)));
            const double* number = std::get_if<double>(&value);
            return number ? *number : 0.0;
        };
        target.set = [f, rowOf](Project& p, double value) { f->set(rowOf(p), FieldValue(value)); };
        return target;
    }
    std::string known;
    for (const Field<Record>& field : fields)
        if (numeric(field.info))
            known += (known.empty() ? "" : ", ") + std::string(field.info.key);
    return Error("has no numeric field " + quotedText(key) + "; numeric fields: " + known);
}

/// A member `member` reaches; `read` reads it from a shared snapshot (a
/// price: reaching it through mutableCatalog() would copy the catalog).
RangeTarget memberTarget(std::string label, NumericRange rule,
                         std::function<double&(Project&)> member,
                         std::function<double(const Project&)> read = {})
{
    RangeTarget target;
    target.label = std::move(label);
    target.rule = rule;
    target.integer = rule.integer;
    target.get = read ? std::move(read) : [member](const Project& p) {
        return member(const_cast<Project&>(p)); // plain members: reading changes nothing
    };
    target.set = [member](Project& p, double value) { member(p) = value; };
    return target;
}

Result<RangeTarget> workloadTarget(const Project& project, const std::vector<std::string>& t)
{
    const auto index = rowIndex(project.workloads, t[1]);
    if (!index)
        return Error("names /workloads row " + quotedText(t[1]) + ", and no row has that id");
    const std::size_t i = *index;
    return std::visit(
        [&](const auto& spec) -> Result<RangeTarget> {
            using Spec = std::decay_t<decltype(spec)>;
            return tableTarget(specFields<Spec>(), t[2], t[1], [i](Project& p) -> Spec& {
                return std::get<Spec>(p.workloads[i].spec);
            });
        },
        project.workloads[i].spec);
}

Result<RangeTarget> priceTarget(const Project& project, const std::vector<std::string>& t)
{
    // price_books, book, gpus, gpu, plan, field
    const auto& books = project.catalog().priceBooks;
    const auto book = rowIndex(books, t[1]);
    if (!book)
        return Error("names price book " + quotedText(t[1]) + ", and the project has no such book");
    std::optional<std::size_t> entry;
    for (std::size_t g = 0; g < books[*book].gpus.size(); ++g)
        if (books[*book].gpus[g].gpuId == t[3])
            entry = g;
    if (t[2] != "gpus" || !entry)
        return Error("names GPU " + quotedText(t[3]) + ", which price book " + quotedText(t[1]) +
                     " does not price");
    const std::size_t b = *book, g = *entry;
    const GpuPrices& prices = books[b].gpus[g];
    const std::string label = t[1] + " › " + t[3] + " › " + t[4];
    if (t[4] == "owned") {
        if (!prices.owned)
            return Error("names the owned price of " + quotedText(t[3]) + ", which the book lacks");
        for (const OwnedFigureField& figure : ownedFigureFields()) {
            if (figure.info.key != t[5])
                continue;
            if (!ownedFigureApplies(figure, *prices.owned))
                return Error("names owned figure " + quotedText(t[5]) +
                             ", which this entry does not state");
            const auto member = figure.member;
            return memberTarget(
                label + " › " + t[5], figure.info.range,
                [b, g, member](Project& p) -> double& {
                    return ((*p.mutableCatalog().priceBooks[b].gpus[g].owned).*member).value;
                },
                [b, g, member](const Project& p) {
                    return ((*p.catalog().priceBooks[b].gpus[g].owned).*member).value;
                });
        }
        return Error("names no owned cost figure " + quotedText(t[5]));
    }
    const auto plan = planFromKey(t[4]);
    if (!plan || *plan == Plan::Owned)
        return Error("names no plan " + quotedText(t[4]) +
                     "; plans: on_demand, reserved_1y, reserved_3y, spot, owned");
    if (!prices.has(*plan))
        return Error("names the " + t[4] + " price of " + quotedText(t[3]) +
                     ", which the book lacks");
    if (t[5] != "usd_per_gpu_hour")
        return Error("names " + quotedText(t[5]) + "; a rented plan's number is usd_per_gpu_hour");
    const Plan p = *plan;
    auto target = memberTarget(
        label + " › usd_per_gpu_hour", hourlyPriceFields()[0].info.range,
        [b, g, p](Project& drawn) -> double& {
            return drawn.mutableCatalog().priceBooks[b].gpus[g].hourly(p)->usdPerGpuHour;
        },
        [b, g, p](const Project& drawn) {
            return drawn.catalog().priceBooks[b].gpus[g].hourly(p)->usdPerGpuHour;
        });
    target.priceOnly = true;
    return target;
}

} // namespace

std::string ruleBroken(const NumericRange& rule, double value)
{
    const bool below = rule.minExclusive ? value <= rule.min : value < rule.min;
    const bool whole = !rule.integer || value == std::floor(value);
    if (std::isfinite(value) && !below && value <= rule.max && whole)
        return {};
    std::string text = "must be " + std::string(rule.minExclusive ? "> " : "≥ ") +
                       fieldNumberText(rule.min) + " and ≤ " + fieldNumberText(rule.max);
    if (rule.integer)
        text += ", a whole number";
    if (!rule.unit.empty())
        text += " " + std::string(rule.unit);
    return text;
}

Result<RangeTarget> rangeTarget(const Project& project, std::string_view path)
{
    const std::vector<std::string> t = pathTokens(path);
    if (t.empty())
        return Error("is not a JSON pointer (it must start with '/')");
    const std::string& top = t[0];
    if (top == "workloads" && t.size() == 3)
        return workloadTarget(project, t);
    if (top == "fleet" && t.size() == 4 && t[1] == "pools") {
        const auto index = rowIndex(project.fleet.pools, t[2]);
        if (!index)
            return Error("names /fleet/pools row " + quotedText(t[2]) + ", and no row has that id");
        const std::size_t i = *index;
        return tableTarget(poolFields(), t[3], t[2],
                           [i](Project& p) -> FleetPool& { return p.fleet.pools[i]; });
    }
    if (top == "segments" && t.size() == 3) {
        const auto index = rowIndex(project.segments, t[1]);
        if (!index)
            return Error("names /segments row " + quotedText(t[1]) + ", and no row has that id");
        const std::size_t i = *index;
        return tableTarget(segmentFields(), t[2], t[1],
                           [i](Project& p) -> Segment& { return p.segments[i]; });
    }
    if (top == "tenants" && t.size() == 3) {
        const auto index = rowIndex(project.tenants, t[1]);
        if (!index)
            return Error("names /tenants row " + quotedText(t[1]) + ", and no row has that id");
        const std::size_t i = *index;
        return tableTarget(tenantFields(), t[2], t[1],
                           [i](Project& p) -> Tenant& { return p.tenants[i]; });
    }
    if (top == "assumptions" && t.size() == 2) {
        const AssumptionField* field = assumptionField(t[1]);
        if (!field)
            return Error("names no assumption " + quotedText(t[1]));
        const auto member = field->member;
        return memberTarget("assumptions › " + t[1], field->range,
                            [member](Project& p) -> double& { return p.assumptions.*member; });
    }
    if (top == "regimes" && t.size() == 3) {
        const auto kind = regimeFromKey(t[1]);
        if (!kind)
            return Error("names no regime " + quotedText(t[1]));
        const auto k = static_cast<std::size_t>(*kind);
        const std::string label = "regimes › " + t[1] + " › " + t[2];
        for (const RegimeField& field : regimeNumberFields()) {
            if (field.key != t[2])
                continue;
            const auto member = field.member;
            if (!member) {
                // max_tenants_per_gpu: a whole number, not a double member
                // (a null member pointer, dereferenced, wrote into the
                // regime's first bytes).
                RangeTarget target;
                target.label = label;
                target.rule = field.range;
                target.rule.integer = true;
                target.integer = true;
                target.get = [k](const Project& p) {
                    return double(p.regimes[k].maxTenantsPerGpu);
                };
                target.set = [k](Project& p, double value) {
                    p.regimes[k].maxTenantsPerGpu = static_cast<int>(std::lround(value));
                };
                return target;
            }
            return memberTarget(label, field.range, [member, k](Project& p) -> double& {
                return p.regimes[k].*member;
            });
        }
        return Error("names no numeric regime property " + quotedText(t[2]));
    }
    if (top == "scheduler" && t.size() == 3 &&
        (t[1] == "utilization_ceiling" || t[1] == "checkpoint_reclaim_fraction")) {
        const auto policy = policyFromKey(t[2]);
        if (!policy)
            return Error("names no scheduler policy " + quotedText(t[2]) +
                         "; policies: naive, topology_aware, predictive_preemption");
        const auto k = static_cast<std::size_t>(*policy);
        const bool ceiling = t[1] == "utilization_ceiling";
        return memberTarget("scheduler › " + t[1] + " › " + t[2],
                            NumericRange{0, ceiling, 1, "(fraction)"},
                            [ceiling, k](Project& p) -> double& {
                                return ceiling ? p.scheduler.utilizationCeiling[k]
                                               : p.scheduler.checkpointReclaimFraction[k];
                            });
    }
    if (top == "price_books" && t.size() == 6)
        return priceTarget(project, t);
    return Error("is not an input a range may cover; ranges name a numeric field of a workload, "
                 "pool, segment or tenant (/workloads/<id>/<field>), an assumption, a regime "
                 "property, a scheduler ceiling or a price (/price_books/<book>/gpus/<gpu>/<plan>/"
                 "usd_per_gpu_hour)");
}

std::vector<std::string> dropStaleRanges(Project& project)
{
    std::vector<std::string> dropped;
    std::erase_if(project.ranges, [&](const InputRange& range) {
        if (rangeTarget(project, range.path))
            return false;
        dropped.push_back(range.path);
        return true;
    });
    return dropped;
}

} // namespace fleet
