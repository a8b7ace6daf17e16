#include "store/project_parser.h"

#include "model/engine_defaults.h"
#include "model/fleet_fields.h"
#include "model/project_fields.h"
#include "model/tenant_fields.h"
#include "store/catalog_json.h"
#include "store/catalog_loader.h"
#include "store/field_json.h"
#include "store/project_json.h"
#include "store/workload_json.h"

#include <set>

namespace fleet::detail {

namespace bj = boost::json;
using json::NumberRule;
using json::pointer;

namespace {

NumberRule ruleOf(const NumericRange& range)
{
    return NumberRule{range.min, range.minExclusive, range.max, range.integer,
                      std::string(range.unit)};
}

/// The rows of the list at `list` read with `fields`, each id unique
/// (`noun` names the rows in the message).
template <typename Record>
std::vector<Record> readRows(json::Reader& reader, const bj::array& items, const char* list,
                             std::span<const Field<Record>> fields, const Project& project,
                             std::string_view noun)
{
    std::vector<Record> rows;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string path = pointer(list, i);
        const bj::object* item = reader.asObject(items[i], path);
        if (!item)
            continue;
        Record row = readRecord(reader, *item, path, fields, project);
        if (!row.id.empty() && !ids.insert(row.id).second)
            reader.report(pointer(path, "id"),
                          "duplicate " + std::string(noun) + " id \"" + row.id + "\"");
        rows.push_back(std::move(row));
        reader.setEntry({});
    }
    return rows;
}

} // namespace

Result<Project> ProjectParser::parse(const bj::value& root)
{
    const bj::object* top = m_reader.asObject(root, "");
    if (!top)
        return Error(m_reader.issues());
    checkTopKeys(*top, true);
    checkFormat(*top);
    if (m_reader.failed())
        return Error(
            m_reader.issues()); // not a project of this version: nothing else is meaningful
    parseText(*top);
    if (!loadCatalog(*top))
        return Error(m_reader.issues());
    parseHorizon(*top);
    parseActivePriceBook(*top);
    parseScheduler(*top);
    parseRegimes(*top);
    parseAssumptions(*top);
    parseSegments(*top);
    parseFleet(*top);
    parseWorkloads(*top);
    parseTenants(*top);
    parseScenarios(*top);
    parseRanges(*top);
    if (m_reader.failed())
        return Error(m_reader.issues());
    return std::move(m_project);
}

std::vector<Issue> ProjectParser::checkSections(const bj::object& top, unsigned sections,
                                                Project skeleton)
{
    m_project = std::move(skeleton);
    checkTopKeys(top, false);
    const EngineDefaults& defaults = m_project.catalog().engineDefaults;
    if (sections & TextSection)
        parseText(top);
    if (sections & HorizonSection)
        parseHorizon(top);
    if (sections & ActiveBookSection)
        parseActivePriceBook(top);
    if (sections & SchedulerSection) {
        m_project.scheduler = schedulerFrom(defaults);
        parseScheduler(top);
    }
    if (sections & RegimesSection) {
        m_project.regimes = regimesFrom(defaults);
        parseRegimes(top);
    }
    if (sections & AssumptionsSection) {
        m_project.assumptions = assumptionsFrom(defaults);
        parseAssumptions(top);
    }
    if (sections & SegmentsSection) {
        m_project.segments.clear();
        parseSegments(top);
    }
    if (sections & FleetSection) {
        m_project.fleet = {};
        parseFleet(top);
    }
    if (sections & WorkloadsSection) {
        m_project.workloads.clear();
        parseWorkloads(top);
    }
    if (sections & TenantsSection) {
        m_project.tenants.clear();
        parseTenants(top);
    }
    return m_reader.issues();
}

void ProjectParser::checkTopKeys(const bj::object& top, bool all)
{
    // A partial document (a scenario's sections) lacks the required keys
    // of the sections it leaves alone; only unknown keys matter there.
    if (all)
        m_reader.checkKeys(top, "",
                           {"format", "format_version", "name", "horizon", "active_price_book",
                            "fleet", "segments", "workloads"},
                           {"description", "sources", "price_books", "scheduler", "regimes",
                            "assumptions", "tenants", "scenarios", "ranges", "note"});
    else
        m_reader.checkKeys(top, "", {},
                           {"format", "format_version", "name", "horizon", "active_price_book",
                            "fleet", "segments", "workloads", "description", "sources",
                            "price_books", "scheduler", "regimes", "assumptions", "tenants",
                            "scenarios", "ranges", "note"});
}

void ProjectParser::parseText(const bj::object& top)
{
    for (const char* key : {"name", "description", "note"})
        if (!readNestedField(m_reader, top, projectField(key), m_project, m_project))
            projectField(key).set(m_project, std::string());
}

void ProjectParser::record(std::string section, std::string_view key, const bj::value& value)
{
    m_project.settingOverrides.push_back(
        {std::move(section), std::string(key), bj::serialize(value)});
}

void ProjectParser::checkFormat(const bj::object& top)
{
    const auto format = m_reader.string(top, "format", "");
    if (format && *format != kProjectFormat)
        m_reader.report("/format",
                        "must be \"" + std::string(kProjectFormat) + "\"; got \"" + *format + "\"");
    const auto version = m_reader.integer(top, "format_version", "", 1, 1000000);
    if (version && *version > kProjectFormatVersion)
        m_reader.report("/format_version", newerFormatMessage(*version));
}

bool ProjectParser::loadCatalog(const bj::object& top)
{
    bj::object document{{"format", kCatalogFormat}, {"format_version", kCatalogFormatVersion}};
    for (const char* key : {"sources", "price_books"})
        if (const auto* section = top.if_contains(key))
            document[key] = *section;
    auto parsed = parseCatalogValue(document, m_reader.file());
    if (!parsed) {
        for (const Issue& issue : parsed.error().issues)
            m_reader.report(issue.path, issue.entry.empty()
                                            ? issue.message
                                            : "(entry " + issue.entry + ") " + issue.message);
        return false;
    }
    m_project.ownSources = parsed.value().sources;
    m_project.ownPriceBooks = parsed.value().priceBooks;
    std::vector<CatalogDocument> extra;
    extra.push_back(std::move(parsed).value());
    auto catalog = loadCatalogWith(std::move(extra));
    if (!catalog) {
        for (const Issue& issue : catalog.error().issues)
            m_reader.report(issue.path, issue.message);
        return false;
    }
    m_project.setCatalog(std::move(catalog).value());
    m_project.regimes = regimesFrom(m_project.catalog().engineDefaults);
    m_project.assumptions = assumptionsFrom(m_project.catalog().engineDefaults);
    m_project.scheduler = schedulerFrom(m_project.catalog().engineDefaults);
    return true;
}

void ProjectParser::parseHorizon(const bj::object& top)
{
    const bj::object* horizon = m_reader.object(top, "horizon", "");
    if (!horizon)
        return;
    m_reader.checkKeys(*horizon, "/horizon", {"months"}, {"start_month"});
    if (!readNestedField(m_reader, *horizon, projectField("horizon/months"), m_project, m_project))
        m_project.horizonMonths = 12;
    readNestedField(m_reader, *horizon, projectField("horizon/start_month"), m_project, m_project);
}

void ProjectParser::parseActivePriceBook(const bj::object& top)
{
    readNestedField(m_reader, top, projectField("active_price_book"), m_project, m_project);
}

void ProjectParser::parseScheduler(const bj::object& top)
{
    const bj::object* scheduler = m_reader.object(top, "scheduler", "", false);
    if (!scheduler)
        return;
    const std::string path = "/scheduler";
    m_reader.checkKeys(*scheduler, path, {},
                       {"policy", "utilization_ceiling", "checkpoint_reclaim_fraction",
                        "measured_utilization_ceiling", "ceiling_source"});
    readNestedField(m_reader, *scheduler, projectField("scheduler/policy"), m_project, m_project);
    const auto table = [&](std::string_view key, bool zeroAllowed, const auto& store) {
        const bj::object* byPolicy = m_reader.object(*scheduler, key, path, false);
        if (!byPolicy)
            return;
        const std::string tablePath = pointer(path, key);
        m_reader.checkKeys(*byPolicy, tablePath, {},
                           {"naive", "topology_aware", "predictive_preemption"});
        for (const auto& member : *byPolicy) {
            const auto policy = policyFromKey(member.key());
            if (!policy)
                continue; // reported by checkKeys
            if (auto value = m_reader.number(*byPolicy, member.key(), tablePath,
                                             {0, !zeroAllowed, 1, false, "(fraction)"}, false)) {
                store(static_cast<std::size_t>(*policy), *value);
                record("scheduler/" + std::string(key), member.key(), member.value());
            }
        }
    };
    Scheduler& s = m_project.scheduler;
    table("utilization_ceiling", false,
          [&s](std::size_t i, double v) { s.utilizationCeiling[i] = v; });
    table("checkpoint_reclaim_fraction", true,
          [&s](std::size_t i, double v) { s.checkpointReclaimFraction[i] = v; });
    table("measured_utilization_ceiling", false,
          [&s](std::size_t i, double v) { s.measuredUtilizationCeiling[i] = v; });
    // Which ceiling each policy plans on: "measured" (the default) or "assumed" (pinned).
    if (const bj::object* sources = m_reader.object(*scheduler, "ceiling_source", path, false)) {
        const std::string tablePath = pointer(path, "ceiling_source");
        m_reader.checkKeys(*sources, tablePath, {},
                           {"naive", "topology_aware", "predictive_preemption"});
        for (const auto& member : *sources) {
            const auto policy = policyFromKey(member.key());
            if (!policy)
                continue; // reported by checkKeys
            const auto text = m_reader.string(*sources, member.key(), tablePath);
            if (!text)
                continue;
            const auto source = ceilingSourceFromKey(*text);
            if (!source) {
                m_reader.report(pointer(tablePath, member.key()),
                                "must be \"measured\" (plan on the knee measured for the "
                                "project's inputs, when there is one) or \"assumed\" (plan on "
                                "utilization_ceiling, pinned); got \"" +
                                    *text + "\"");
                continue;
            }
            s.ceilingSource[static_cast<std::size_t>(*policy)] = *source;
            record("scheduler/ceiling_source", member.key(), member.value());
        }
    }
}

void ProjectParser::parseRegimes(const bj::object& top)
{
    const bj::object* regimes = m_reader.object(top, "regimes", "", false);
    if (!regimes)
        return;
    for (const auto& member : *regimes) {
        const std::string path = pointer("/regimes", member.key());
        const auto kind = regimeFromKey(member.key());
        if (!kind) {
            m_reader.report(path, "unknown regime; known: " + knownRegimeKeys());
            continue;
        }
        const bj::object* item = m_reader.asObject(member.value(), path);
        if (!item)
            continue;
        static const std::vector<std::string_view> settingKeys = regimeSettingKeys();
        m_reader.checkKeys(*item, path, std::span<const std::string_view>{}, settingKeys);
        Regime& regime = m_project.regimes[static_cast<std::size_t>(*kind)];
        const std::string section = "regimes/" + std::string(member.key());
        for (const auto& setting : *item)
            record(section, setting.key(), setting.value());
        for (const RegimeField& field : regimeNumberFields()) {
            auto value = m_reader.number(*item, field.key, path, ruleOf(field.range), false);
            if (!value)
                continue;
            if (field.member)
                regime.*field.member = *value;
            else if (*value == static_cast<int>(*value))
                regime.maxTenantsPerGpu = static_cast<int>(*value);
            else
                m_reader.report(pointer(path, field.key), "must be a whole number of tenants");
        }
        if (auto isolation = m_reader.string(*item, "isolation", path, false)) {
            if (auto level = isolationFromKey(*isolation))
                regime.isolation = *level;
            else
                m_reader.report(pointer(path, "isolation"),
                                "must be none, memory or hardware; got \"" + *isolation + "\"");
        }
        if (auto unit = m_reader.string(*item, "allocation_unit", path, false))
            regime.allocationUnit = *unit;
        if (auto multi = m_reader.boolean(*item, "multi_gpu", path, false))
            regime.multiGpu = *multi;
    }
}

void ProjectParser::parseAssumptions(const bj::object& top)
{
    const bj::object* assumptions = m_reader.object(top, "assumptions", "", false);
    if (!assumptions)
        return;
    for (const auto& member : *assumptions) {
        const AssumptionField* field = assumptionField(member.key());
        if (!field) {
            std::string known;
            for (const AssumptionField& candidate : assumptionFields())
                known += (known.empty() ? "" : ", ") + std::string(candidate.key);
            m_reader.report(pointer("/assumptions", member.key()),
                            "unknown assumption; known: " + known);
            continue;
        }
        if (field->key != member.key() && assumptions->find(field->key) != assumptions->end()) {
            m_reader.report(pointer("/assumptions", member.key()),
                            "is the former name of " + std::string(field->key) +
                                ", which is given too; keep one");
            continue;
        }
        // A renamed key is read under its old name and recorded under the new one.
        if (auto value =
                m_reader.number(*assumptions, member.key(), "/assumptions", ruleOf(field->range))) {
            m_project.assumptions.*field->member = *value;
            record("assumptions", field->key, member.value());
        }
    }
}

void ProjectParser::parseSegments(const bj::object& top)
{
    const bj::array* segments = m_reader.array(top, "segments", "");
    if (!segments)
        return;
    m_project.segments =
        readRows(m_reader, *segments, "/segments", segmentFields(), m_project, "segment");
    // Without a stage, a segment states its floor and regimes; with one, what
    // it leaves out is the stage's (Segment::setStage).
    for (std::size_t i = 0; i < segments->size() && i < m_project.segments.size(); ++i) {
        const bj::object* item = (*segments)[i].if_object();
        if (!item || m_project.segments[i].stage)
            continue;
        const std::string path = pointer("/segments", i);
        for (const char* key : {"isolation_floor", "allowed_regimes"})
            if (!item->contains(key))
                m_reader.report(pointer(path, key),
                                "is required but missing (or give stage: early, mid or "
                                "enterprise, which sets it)");
    }
}

void ProjectParser::parseFleet(const bj::object& top)
{
    const bj::object* fleet = m_reader.object(top, "fleet", "");
    if (!fleet)
        return;
    m_reader.checkKeys(*fleet, "/fleet", {"mode"}, {"pools"});
    readNestedField(m_reader, *fleet, projectField("fleet/mode"), m_project, m_project);
    const bj::array* pools =
        m_reader.array(*fleet, "pools", "/fleet", m_project.fleet.mode == FleetMode::Fixed);
    if (!pools)
        return;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < pools->size(); ++i) {
        const std::string path = pointer("/fleet/pools", i);
        const bj::object* item = m_reader.asObject((*pools)[i], path);
        if (!item)
            continue;
        FleetPool pool = readRecord(m_reader, *item, path, poolFields(), m_project);
        if (!pool.id.empty() && !ids.insert(pool.id).second)
            m_reader.report(pointer(path, "id"), "duplicate pool id \"" + pool.id + "\"");
        // A plan the active price book does not price for the pool's GPU.
        const GpuModel* gpu = m_project.catalog().gpu(pool.gpuId);
        const PriceBook* book = m_project.activePriceBook();
        const bj::value* plan = item->if_contains("plan");
        const bool planRead = plan && plan->is_string() && planFromKey(plan->get_string());
        if (planRead && gpu && book && !book->usdPerGpuHour(*gpu, pool.plan))
            m_reader.report(pointer(path, "plan"),
                            "the active price book " + book->id + " has no " +
                                std::string(planKey(pool.plan)) + " price for " + pool.gpuId);
        m_project.fleet.pools.push_back(std::move(pool));
        m_reader.setEntry({});
    }
}

void ProjectParser::parseWorkloads(const bj::object& top)
{
    const bj::array* workloads = m_reader.array(top, "workloads", "");
    if (!workloads)
        return;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < workloads->size(); ++i) {
        const std::string path = pointer("/workloads", i);
        const bj::object* item = m_reader.asObject((*workloads)[i], path);
        if (!item)
            continue;
        auto workload = parseWorkload(m_reader, *item, path, m_project);
        if (!workload)
            continue;
        if (!workload->id.empty() && !ids.insert(workload->id).second)
            m_reader.report(pointer(path, "id"), "duplicate workload id \"" + workload->id + "\"");
        m_project.workloads.push_back(std::move(*workload));
    }
}

void ProjectParser::parseTenants(const bj::object& top)
{
    if (const bj::array* tenants = m_reader.array(top, "tenants", "", false))
        m_project.tenants =
            readRows(m_reader, *tenants, "/tenants", tenantFields(), m_project, "tenant");
}

void ProjectParser::parseScenarios(const bj::object& top)
{
    const bj::array* scenarios = m_reader.array(top, "scenarios", "", false);
    if (!scenarios)
        return;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < scenarios->size(); ++i) {
        const std::string path = pointer("/scenarios", i);
        const bj::object* item = m_reader.asObject((*scenarios)[i], path);
        if (!item)
            continue;
        Scenario scenario = readRecord(m_reader, *item, path, scenarioFields(), m_project,
                                       {"overrides"}, {}, false);
        if (!scenario.id.empty() && !ids.insert(scenario.id).second)
            m_reader.report(pointer(path, "id"), "duplicate scenario id \"" + scenario.id + "\"");
        if (const bj::array* overrides = m_reader.array(*item, "overrides", path)) {
            for (std::size_t j = 0; j < overrides->size(); ++j) {
                const std::string overridePath = pointer(pointer(path, "overrides"), j);
                const bj::object* entry = m_reader.asObject((*overrides)[j], overridePath);
                if (!entry)
                    continue;
                m_reader.checkKeys(*entry, overridePath, {"path", "value"}, {});
                const auto target = m_reader.string(*entry, "path", overridePath);
                const auto* value = entry->if_contains("value");
                if (!target || !value)
                    continue;
                // Ranges are the baseline's: each draw of a scenario's Monte
                // Carlo sets the scenario's fields from them.
                if (target->rfind("/scenarios", 0) == 0 || target->rfind("/format", 0) == 0 ||
                    target->rfind("/ranges", 0) == 0)
                    m_reader.report(pointer(overridePath, "path"),
                                    "a scenario may not change the format, the scenarios or the "
                                    "ranges");
                if (json::holdsNonFinite(*value))
                    m_reader.report(pointer(overridePath, "value"),
                                    "must hold finite numbers only (a number such as 1e999 is "
                                    "beyond what FleetPlanner can represent)");
                scenario.overrides.push_back({*target, bj::serialize(*value)});
            }
        }
        m_project.scenarios.push_back(std::move(scenario));
    }
}

} // namespace fleet::detail
