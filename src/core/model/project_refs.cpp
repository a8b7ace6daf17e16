#include "model/project_refs.h"

#include "model/row_paths.h"

#include <boost/json.hpp>

#include <algorithm>
#include <set>

namespace fleet {

namespace bj = boost::json;

namespace {

/// The identifier rule of the project reader (json::Reader::identifier).
bool isIdentifier(std::string_view id)
{
    if (id.empty() || id.size() > 64)
        return false;
    const auto lowerOrDigit = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    };
    if (!lowerOrDigit(id[0]))
        return false;
    return std::all_of(id.begin(), id.end(),
                       [&](char c) { return lowerOrDigit(c) || c == '-' || c == '_' || c == '.'; });
}

std::string quoted(std::string_view text)
{
    return "\"" + std::string(text) + "\"";
}

/// The segment id a scenario override sets as a workload's or a tenant's
/// segment ("/workloads/<id>/segment" → "enterprise"), if it does.
std::optional<std::string> segmentValueOf(const ScenarioOverride& o)
{
    if (!rowIdOf(o.path, "/workloads") && !rowIdOf(o.path, "/tenants"))
        return std::nullopt;
    const std::size_t slash = o.path.rfind('/');
    if (o.path.compare(slash, std::string::npos, "/segment") != 0 ||
        std::count(o.path.begin(), o.path.end(), '/') != 3)
        return std::nullopt;
    boost::system::error_code error;
    const bj::value value = bj::parse(o.valueJson, error);
    if (error || !value.is_string())
        return std::nullopt;
    return std::string(value.get_string());
}

std::string& idOf(Project& project, RowList list, std::size_t index)
{
    switch (list) {
    case RowList::Pools: return project.fleet.pools[index].id;
    case RowList::Segments: return project.segments[index].id;
    case RowList::Tenants: return project.tenants[index].id;
    case RowList::Workloads: break;
    }
    return project.workloads[index].id;
}

void eraseRow(Project& project, RowList list, std::size_t index)
{
    switch (list) {
    case RowList::Pools:
        project.fleet.pools.erase(project.fleet.pools.begin() + std::ptrdiff_t(index));
        return;
    case RowList::Segments:
        project.segments.erase(project.segments.begin() + std::ptrdiff_t(index));
        return;
    case RowList::Workloads:
        project.workloads.erase(project.workloads.begin() + std::ptrdiff_t(index));
        return;
    case RowList::Tenants:
        project.tenants.erase(project.tenants.begin() + std::ptrdiff_t(index));
        return;
    }
}

/// Drops the scenario overrides `drop` accepts, and the input ranges whose
/// path it accepts as an override's (a range of a removed row goes with it).
template <typename Drop> void dropOverrides(Project& project, Drop drop)
{
    for (Scenario& scenario : project.scenarios)
        std::erase_if(scenario.overrides, drop);
    std::erase_if(project.ranges, [&](const InputRange& range) {
        return drop(ScenarioOverride{range.path, "0"});
    });
}

bool namesRow(const ScenarioOverride& o, RowList list, std::string_view id)
{
    const auto row = rowIdOf(o.path, rowListPointer(list));
    return row && *row == id;
}

std::optional<std::size_t> indexOf(const Project& project, RowList list, std::string_view id)
{
    const std::vector<std::string> ids = rowIds(project, list);
    const auto found = std::find(ids.begin(), ids.end(), id);
    if (found == ids.end())
        return std::nullopt;
    return std::size_t(found - ids.begin());
}

Error noSuchRow(RowList list, std::string_view id)
{
    return Error(std::string(rowListPointer(list)) + ": no " + std::string(rowNoun(list)) +
                 " has the id " + quoted(id));
}

} // namespace

std::string_view rowListPointer(RowList list)
{
    switch (list) {
    case RowList::Pools: return "/fleet/pools";
    case RowList::Segments: return "/segments";
    case RowList::Tenants: return "/tenants";
    case RowList::Workloads: break;
    }
    return "/workloads";
}

std::string_view rowNoun(RowList list)
{
    switch (list) {
    case RowList::Pools: return "pool";
    case RowList::Segments: return "segment";
    case RowList::Tenants: return "tenant";
    case RowList::Workloads: break;
    }
    return "workload";
}

const std::string& rowId(const Project& project, RowList list, std::size_t index)
{
    switch (list) {
    case RowList::Pools: return project.fleet.pools.at(index).id;
    case RowList::Segments: return project.segments.at(index).id;
    case RowList::Tenants: return project.tenants.at(index).id;
    case RowList::Workloads: break;
    }
    return project.workloads.at(index).id;
}

std::vector<std::string> rowIds(const Project& project, RowList list)
{
    std::vector<std::string> ids;
    switch (list) {
    case RowList::Pools:
        for (const FleetPool& pool : project.fleet.pools)
            ids.push_back(pool.id);
        break;
    case RowList::Segments:
        for (const Segment& segment : project.segments)
            ids.push_back(segment.id);
        break;
    case RowList::Workloads:
        for (const Workload& workload : project.workloads)
            ids.push_back(workload.id);
        break;
    case RowList::Tenants:
        for (const Tenant& tenant : project.tenants)
            ids.push_back(tenant.id);
        break;
    }
    return ids;
}

std::vector<RowReference> referencesTo(const Project& project, RowList list, std::string_view id)
{
    std::vector<RowReference> references;
    if (list == RowList::Segments)
        for (std::size_t w = 0; w < project.workloads.size(); ++w)
            if (project.workloads[w].segmentId == id)
                references.push_back(
                    {RowReference::Kind::WorkloadSegment, w, 0,
                     "workload " + quoted(project.workloads[w].id) + " (its segment)"});
    if (list == RowList::Segments)
        for (std::size_t t = 0; t < project.tenants.size(); ++t)
            if (project.tenants[t].segmentId == id)
                references.push_back(
                    {RowReference::Kind::TenantSegment, t, 0,
                     "tenant " + quoted(project.tenants[t].id) + " (its segment)"});
    for (std::size_t s = 0; s < project.scenarios.size(); ++s) {
        const Scenario& scenario = project.scenarios[s];
        for (std::size_t o = 0; o < scenario.overrides.size(); ++o) {
            const ScenarioOverride& entry = scenario.overrides[o];
            const bool sets = list == RowList::Segments && segmentValueOf(entry) == id;
            if (namesRow(entry, list, id) || sets)
                references.push_back({RowReference::Kind::ScenarioOverride, s, o,
                                      "scenario " + quoted(scenario.id) + " override " +
                                          entry.path + (sets ? " (sets the segment)" : "")});
        }
    }
    return references;
}

std::optional<std::string> idRefusal(const Project& project, RowList list, std::string_view id,
                                     int index)
{
    const std::string where =
        std::string(rowListPointer(list)) + (index >= 0 ? "/" + std::to_string(index) : "") + "/id";
    if (id.empty())
        return where + ": a " + std::string(rowNoun(list)) + " needs an id (it may not be empty)";
    if (!isIdentifier(id))
        return where +
               ": must be 1–64 characters of a–z, 0–9, '-', '_' or '.', starting with a letter "
               "or digit; got " +
               quoted(id);
    const std::vector<std::string> ids = rowIds(project, list);
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (int(i) != index && ids[i] == id)
            return where + ": " + std::string(rowNoun(list)) + " " + std::to_string(i + 1) +
                   " already has the id " + quoted(id) + "; ids must be unique among " +
                   std::string(rowNoun(list)) + "s";
    return std::nullopt;
}

std::string freeId(const Project& project, RowList list, std::string_view stem, bool stemFirst)
{
    const std::vector<std::string> ids = rowIds(project, list);
    const std::set<std::string> used(ids.begin(), ids.end());
    const std::string base(stem.substr(0, 56)); // room for "-NNNNNNN" within 64 characters
    if (stemFirst && !used.count(base))
        return base;
    for (std::size_t n = 1;; ++n)
        if (std::string id = base + "-" + std::to_string(n); !used.count(id))
            return id;
}

Result<Project> renameRow(const Project& project, RowList list, std::string_view oldId,
                          std::string_view newId)
{
    const auto index = indexOf(project, list, oldId);
    if (!index)
        return noSuchRow(list, oldId);
    if (oldId == newId)
        return project;
    if (auto refusal = idRefusal(project, list, newId, int(*index)))
        return Error(*refusal);
    Project changed = project;
    idOf(changed, list, *index) = std::string(newId);
    if (list == RowList::Segments)
        for (Workload& workload : changed.workloads)
            if (workload.segmentId == oldId)
                workload.segmentId = std::string(newId);
    if (list == RowList::Segments)
        for (Tenant& tenant : changed.tenants)
            if (tenant.segmentId == oldId)
                tenant.segmentId = std::string(newId);
    for (InputRange& range : changed.ranges)
        range.path = renamedPath(range.path, rowListPointer(list), oldId, newId);
    for (Scenario& scenario : changed.scenarios)
        for (ScenarioOverride& entry : scenario.overrides) {
            entry.path = renamedPath(entry.path, rowListPointer(list), oldId, newId);
            if (list == RowList::Segments && segmentValueOf(entry) == oldId)
                entry.valueJson = bj::serialize(bj::value(bj::string(newId)));
        }
    return changed;
}

Result<Project> removeRow(const Project& project, RowList list, std::string_view id,
                          const RemovePlan& plan)
{
    const auto index = indexOf(project, list, id);
    if (!index)
        return noSuchRow(list, id);
    using Dependents = RemovePlan::Dependents;
    const std::vector<RowReference> references = referencesTo(project, list, id);
    const std::string where =
        std::string(rowListPointer(list)) + "/" + std::to_string(*index) + " (" + quoted(id) + ")";
    if (plan.dependents == Dependents::Refuse && !references.empty()) {
        std::string text;
        for (const RowReference& reference : references)
            text += (text.empty() ? "" : "; ") + reference.text;
        return Error(where + ": cannot remove the " + std::string(rowNoun(list)) +
                     " while other rows refer to it: " + text);
    }
    if (plan.dependents == Dependents::Reassign) {
        if (list != RowList::Segments)
            return Error(where + ": only a segment's workloads can be reassigned");
        if (plan.reassignTo == id || !project.segment(plan.reassignTo))
            return Error(where + ": reassign its workloads to another segment; " +
                         quoted(plan.reassignTo) + " is not one");
    }
    Project changed = project;
    eraseRow(changed, list, *index);
    dropOverrides(changed, [&](const ScenarioOverride& o) { return namesRow(o, list, id); });
    if (list != RowList::Segments)
        return changed;
    if (plan.dependents == Dependents::Reassign) {
        for (Workload& workload : changed.workloads)
            if (workload.segmentId == id)
                workload.segmentId = plan.reassignTo;
        for (Tenant& tenant : changed.tenants)
            if (tenant.segmentId == id)
                tenant.segmentId = plan.reassignTo;
        for (Scenario& scenario : changed.scenarios)
            for (ScenarioOverride& entry : scenario.overrides)
                if (segmentValueOf(entry) == id)
                    entry.valueJson = bj::serialize(bj::value(bj::string(plan.reassignTo)));
        return changed;
    }
    // Remove the segment's workloads and tenants, the overrides that name
    // them, and the overrides that would move a workload into the removed segment.
    std::set<std::string> removed, removedTenants;
    for (const Workload& workload : changed.workloads)
        if (workload.segmentId == id)
            removed.insert(workload.id);
    for (const Tenant& tenant : changed.tenants)
        if (tenant.segmentId == id)
            removedTenants.insert(tenant.id);
    std::erase_if(changed.workloads,
                  [&](const Workload& workload) { return removed.count(workload.id) > 0; });
    std::erase_if(changed.tenants,
                  [&](const Tenant& tenant) { return removedTenants.count(tenant.id) > 0; });
    dropOverrides(changed, [&](const ScenarioOverride& o) {
        const auto row = rowIdOf(o.path, "/workloads");
        const auto tenant = rowIdOf(o.path, "/tenants");
        return (row && removed.count(*row)) || (tenant && removedTenants.count(*tenant)) ||
               segmentValueOf(o) == id;
    });
    return changed;
}

} // namespace fleet
