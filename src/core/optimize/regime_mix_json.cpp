#include "optimize/regime_mix_json.h"

#include "io/json_reader.h"

#include <boost/json.hpp>

#include <limits>

namespace fleet {

namespace bj = boost::json;

std::string_view objectiveKey(Objective objective)
{
    return objective == Objective::Margin ? "margin" : "cost";
}

std::optional<Objective> objectiveFromKey(std::string_view key)
{
    if (key == "cost")
        return Objective::Cost;
    if (key == "margin")
        return Objective::Margin;
    return std::nullopt;
}

std::optional<SolveStatus> solveStatusFromKey(std::string_view key)
{
    for (SolveStatus status : {SolveStatus::Optimal, SolveStatus::Feasible, SolveStatus::Infeasible,
                               SolveStatus::Stopped, SolveStatus::NoSolution})
        if (solveStatusKey(status) == key)
            return status;
    return std::nullopt;
}

bj::object regimeMixResultToJson(const RegimeMixResult& r, Objective objective)
{
    bj::array pools, layouts, assignments, reasons, breakdown, unserved;
    for (const PoolCount& p : r.pools)
        pools.push_back(
            bj::object{{"gpu", p.gpuId},
                       {"regime", p.regime ? bj::value(std::string(regimeKey(*p.regime)))
                                           : bj::value(nullptr)},
                       {"plan", std::string(planKey(p.plan))},
                       {"month", p.month},
                       {"count", p.count},
                       {"gpus", p.gpus}});
    for (const LayoutCount& l : r.layouts) {
        bj::array profiles;
        for (const std::string& profile : l.profiles)
            profiles.push_back(bj::value(profile));
        layouts.push_back(bj::object{{"gpu", l.gpuId},
                                     {"month", l.month},
                                     {"layout", l.layout},
                                     {"profiles", std::move(profiles)},
                                     {"count", l.count}});
    }
    for (const Assignment& a : r.assignments) {
        bj::object item{{"workload", a.workloadId},
                        {"gpu", a.gpuId},
                        {"regime", std::string(regimeKey(a.regime))}};
        if (!a.profile.empty())
            item["profile"] = a.profile;
        if (a.onSpot)
            item["plan"] = "spot";
        assignments.push_back(std::move(item));
    }
    for (const PlanCostShare& c : r.costBreakdown)
        breakdown.push_back(bj::object{
            {"gpu", c.gpuId}, {"plan", std::string(planKey(c.plan))}, {"cost_usd", c.usd}});
    for (const std::string& reason : r.reasons)
        reasons.push_back(bj::value(reason));
    for (const std::string& id : r.unserved)
        unserved.push_back(bj::value(id));
    bj::object marginal;
    for (const auto& [gpu, value] : r.marginalGpuValueUsd)
        marginal[gpu] = value;
    bj::array resize;
    for (const CommittedResize& c : r.resize)
        resize.push_back(bj::object{{"gpu", c.gpuId},
                                    {"plan", std::string(planKey(c.plan))},
                                    {"current_gpus", c.currentGpus},
                                    {"proposed_gpus", c.proposedGpus}});
    const auto optional = [](const std::optional<double>& v) {
        return v ? bj::value(*v) : bj::value(nullptr);
    };
    return bj::object{
        {"status", std::string(solveStatusKey(r.status))},
        {"method", r.method},
        {"solver_note", r.solverNote.empty() ? bj::value(nullptr) : bj::value(r.solverNote)},
        {"objective", std::string(objectiveKey(objective))},
        {"objective_usd", r.objectiveUsd},
        {"best_bound_usd", r.bestBoundUsd},
        {"gap", r.gap},
        {"solve_seconds", r.solveSeconds},
        {"cost_usd", r.costUsd},
        {"network_cost_usd", r.networkUsd},
        {"revenue_usd", r.revenueUsd},
        {"cost_breakdown", std::move(breakdown)},
        {"baseline_usd", r.baselineUsd ? bj::value(*r.baselineUsd) : bj::value(nullptr)},
        {"savings_usd", r.savingsUsd ? bj::value(*r.savingsUsd) : bj::value(nullptr)},
        {"columns", r.columns},
        {"rows", r.rows},
        {"assignments", std::move(assignments)},
        {"unserved", std::move(unserved)},
        {"pools", std::move(pools)},
        {"layouts", std::move(layouts)},
        {"marginal_gpu_value_usd", std::move(marginal)},
        {"reasons", std::move(reasons)},
        {"committed_usd", r.committedUsd},
        {"resize", std::move(resize)},
        {"renewal_cost_usd", optional(r.renewalCostUsd)},
        {"renewal_saving_usd", optional(r.renewalSavingUsd)}};
}

namespace {

/// Reads the members of one result object; every lookup reports what is wrong.
class ResultReader
{
public:
    ResultReader(json::Reader& reader) : m_reader(reader) {}

    double number(const bj::object& object, std::string_view key, const std::string& path)
    {
        return m_reader.number(object, key, path, anyFinite()).value_or(0.0);
    }

    std::optional<double> nullableNumber(const bj::object& object, std::string_view key,
                                         const std::string& path)
    {
        const bj::value* value = object.if_contains(key);
        if (value && value->is_null())
            return std::nullopt;
        return m_reader.number(object, key, path, anyFinite());
    }

    int count(const bj::object& object, std::string_view key, const std::string& path)
    {
        return m_reader
            .integer(object, key, path, std::numeric_limits<int>::min(),
                     std::numeric_limits<int>::max())
            .value_or(0);
    }

    /// Any string, empty or long (reasons are sentences); absent gives "".
    std::string text(const bj::object& object, std::string_view key, const std::string& path,
                     bool required = true)
    {
        const bj::value* value = object.if_contains(key);
        if (!value) {
            if (required)
                m_reader.report(json::pointer(path, key), "is required but missing");
            return {};
        }
        return text(*value, json::pointer(path, key));
    }

    std::string text(const bj::value& value, const std::string& path)
    {
        if (const bj::string* string = value.if_string())
            return std::string(*string);
        m_reader.report(path, "must be a string");
        return {};
    }

    template <typename Enum, typename Parse>
    Enum key(const bj::object& object, std::string_view name, const std::string& path, Parse parse,
             Enum fallback)
    {
        const std::string value = text(object, name, path);
        if (auto parsed = parse(value))
            return *parsed;
        if (!value.empty())
            m_reader.report(json::pointer(path, name), "'" + value + "' is not a known key");
        return fallback;
    }

    /// Calls `each(object, path)` for every object of the array `key`.
    template <typename Each>
    void objects(const bj::object& object, std::string_view key, const std::string& path,
                 Each&& each)
    {
        const bj::array* array = m_reader.array(object, key, path);
        if (!array)
            return;
        for (std::size_t i = 0; i < array->size(); ++i) {
            const std::string itemPath = json::pointer(json::pointer(path, key), i);
            if (const bj::object* item = m_reader.asObject((*array)[i], itemPath))
                each(*item, itemPath);
        }
    }

    std::vector<std::string> texts(const bj::object& object, std::string_view key,
                                   const std::string& path)
    {
        std::vector<std::string> list;
        if (const bj::array* array = m_reader.array(object, key, path))
            for (std::size_t i = 0; i < array->size(); ++i)
                list.push_back(text((*array)[i], json::pointer(json::pointer(path, key), i)));
        return list;
    }

private:
    static json::NumberRule anyFinite()
    {
        return {-std::numeric_limits<double>::max(),
                false,
                std::numeric_limits<double>::max(),
                false,
                {}};
    }
    json::Reader& m_reader;
};

} // namespace

Result<RegimeMixResult> regimeMixResultFromJson(const bj::value& value, const std::string& file,
                                                const std::string& path)
{
    json::Reader reader(file);
    const bj::object* root = reader.asObject(value, path);
    if (!root)
        return Error(reader.issues());
    ResultReader read(reader);
    RegimeMixResult r;
    r.status = read.key(*root, "status", path, solveStatusFromKey, SolveStatus::NoSolution);
    r.method = read.text(*root, "method", path);
    if (const bj::value* note = root->if_contains("solver_note"); note && note->is_string())
        r.solverNote = std::string(note->as_string()); // absent before 2026-12
    read.key(*root, "objective", path, objectiveFromKey, Objective::Cost);
    r.objectiveUsd = read.number(*root, "objective_usd", path);
    r.bestBoundUsd = read.number(*root, "best_bound_usd", path);
    r.gap = read.number(*root, "gap", path);
    r.solveSeconds = read.number(*root, "solve_seconds", path);
    r.costUsd = read.number(*root, "cost_usd", path);
    // The network part of cost_usd; absent from replies written before
    // 2026-12-07, read as 0 (their cost_usd is whole either way).
    if (root->if_contains("network_cost_usd"))
        r.networkUsd = read.number(*root, "network_cost_usd", path);
    r.revenueUsd = read.number(*root, "revenue_usd", path);
    read.objects(*root, "cost_breakdown", path, [&](const bj::object& item, const std::string& at) {
        r.costBreakdown.push_back({read.text(item, "gpu", at),
                                   read.key(item, "plan", at, planFromKey, Plan::OnDemand),
                                   read.number(item, "cost_usd", at)});
    });
    r.baselineUsd = read.nullableNumber(*root, "baseline_usd", path);
    r.savingsUsd = read.nullableNumber(*root, "savings_usd", path);
    r.columns = read.count(*root, "columns", path);
    r.rows = read.count(*root, "rows", path);
    read.objects(*root, "assignments", path, [&](const bj::object& item, const std::string& at) {
        Assignment a;
        a.workloadId = read.text(item, "workload", at);
        a.gpuId = read.text(item, "gpu", at);
        a.regime = read.key(item, "regime", at, regimeFromKey, RegimeKind::BareMetal);
        a.profile = read.text(item, "profile", at, false);
        a.onSpot = read.text(item, "plan", at, false) == planKey(Plan::Spot);
        r.assignments.push_back(std::move(a));
    });
    r.unserved = read.texts(*root, "unserved", path);
    read.objects(*root, "pools", path, [&](const bj::object& item, const std::string& at) {
        PoolCount p;
        p.gpuId = read.text(item, "gpu", at);
        const bj::value* regime = item.if_contains("regime");
        if (!regime || !regime->is_null())
            p.regime = read.key(item, "regime", at, regimeFromKey, RegimeKind::BareMetal);
        p.plan = read.key(item, "plan", at, planFromKey, Plan::OnDemand);
        p.month = read.count(item, "month", at);
        p.count = read.count(item, "count", at);
        // GPUs paid (on demand and spot to the fraction); a reply without
        // them pays its whole count.
        p.gpus = item.if_contains("gpus") ? read.number(item, "gpus", at) : double(p.count);
        r.pools.push_back(std::move(p));
    });
    read.objects(*root, "layouts", path, [&](const bj::object& item, const std::string& at) {
        LayoutCount l;
        l.gpuId = read.text(item, "gpu", at);
        l.month = read.count(item, "month", at);
        l.layout = read.text(item, "layout", at);
        l.profiles = read.texts(item, "profiles", at);
        l.count = read.count(item, "count", at);
        r.layouts.push_back(std::move(l));
    });
    if (const bj::object* marginal = reader.object(*root, "marginal_gpu_value_usd", path))
        for (const auto& member : *marginal)
            r.marginalGpuValueUsd.emplace_back(
                std::string(member.key()),
                read.number(*marginal, member.key(),
                            json::pointer(path, "marginal_gpu_value_usd")));
    r.reasons = read.texts(*root, "reasons", path);
    r.committedUsd = read.number(*root, "committed_usd", path);
    read.objects(*root, "resize", path, [&](const bj::object& item, const std::string& at) {
        r.resize.push_back(
            {read.text(item, "gpu", at), read.key(item, "plan", at, planFromKey, Plan::Reserved1y),
             read.count(item, "current_gpus", at), read.count(item, "proposed_gpus", at)});
    });
    r.renewalCostUsd = read.nullableNumber(*root, "renewal_cost_usd", path);
    r.renewalSavingUsd = read.nullableNumber(*root, "renewal_saving_usd", path);
    if (reader.failed())
        return Error(reader.issues());
    return r;
}

} // namespace fleet
