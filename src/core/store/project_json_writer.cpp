#include "store/project_json_writer.h"

#include "io/json_writer.h"
#include "model/fleet_fields.h"
#include "model/project_fields.h"
#include "model/range_fields.h"
#include "model/tenant_fields.h"
#include "model/workload_fields.h"
#include "store/catalog_writer.h"
#include "store/field_json.h"
#include "store/project_json.h"

namespace fleet {

namespace bj = boost::json;

namespace {

std::string key(std::string_view text)
{
    return std::string(text);
}

bj::object choiceToJson(const WorkloadChoice& choice)
{
    bj::object item;
    if (choice.gpuId)
        item["gpu"] = *choice.gpuId;
    if (choice.regime)
        item["regime"] = key(regimeKey(*choice.regime));
    if (choice.profile)
        item["profile"] = *choice.profile;
    if (choice.plan)
        item["plan"] = key(planKey(*choice.plan));
    return item;
}

/// Writes a spec's fields in its table's order; see Presence for which are omitted.
template <typename Spec> void addSpec(bj::object& item, const Spec& spec)
{
    writeRecord(item, spec, specFields<Spec>());
}

/// Rebuilds the override sections ("scheduler" tables, "regimes", "assumptions")
/// from the project's recorded overrides, in the order it stated them.
void addOverrides(bj::object& scheduler, bj::object& regimes, bj::object& assumptions,
                  const std::vector<SettingOverride>& overrides)
{
    for (const SettingOverride& o : overrides) {
        bj::value value = bj::parse(o.valueJson);
        if (o.section == "assumptions") {
            assumptions[o.key] = std::move(value);
        } else if (o.section.rfind("regimes/", 0) == 0) {
            const std::string regime = o.section.substr(8);
            if (!regimes.contains(regime))
                regimes[regime] = bj::object{};
            regimes[regime].as_object()[o.key] = std::move(value);
        } else if (o.section.rfind("scheduler/", 0) == 0) {
            const std::string table = o.section.substr(10);
            if (!scheduler.contains(table))
                scheduler[table] = bj::object{};
            scheduler[table].as_object()[o.key] = std::move(value);
        }
    }
}

} // namespace

bj::object workloadToJson(const Workload& w)
{
    bj::object item{{"id", w.id},
                    {"name", w.name},
                    {"kind", key(workloadKindKey(w.kind()))},
                    {"segment", w.segmentId}};
    if (w.startMonth != 1)
        item["start_month"] = w.startMonth;
    if (w.endMonth != 0)
        item["end_month"] = w.endMonth;
    std::visit([&](const auto& spec) { addSpec(item, spec); }, w.spec);
    if (bj::object choice = choiceToJson(w.choice); !choice.empty())
        item["choice"] = std::move(choice);
    json::addNote(item, w.note);
    return item;
}

bj::object projectToJson(const Project& project)
{
    bj::object root{{"format", key(kProjectFormat)}, {"format_version", kProjectFormatVersion}};
    const auto put = [&project](bj::object& parent, std::string_view fieldKey) {
        writeNestedField(parent, projectField(fieldKey), project);
    };
    put(root, "name");
    put(root, "description");
    put(root, "note");
    bj::object horizon;
    put(horizon, "horizon/months");
    put(horizon, "horizon/start_month");
    root["horizon"] = std::move(horizon);
    put(root, "active_price_book");
    if (!project.ownSources.empty()) {
        bj::array sources;
        for (const SourceInfo& source : project.ownSources)
            sources.push_back(sourceToDocumentJson(source));
        root["sources"] = std::move(sources);
    }
    if (!project.ownPriceBooks.empty()) {
        bj::array books;
        for (const PriceBook& book : project.ownPriceBooks)
            books.push_back(priceBookToDocumentJson(book));
        root["price_books"] = std::move(books);
    }
    bj::array pools;
    for (const FleetPool& pool : project.fleet.pools) {
        bj::object item;
        writeRecord(item, pool, poolFields());
        pools.push_back(std::move(item));
    }
    bj::object fleet;
    put(fleet, "fleet/mode");
    fleet["pools"] = std::move(pools);
    root["fleet"] = std::move(fleet);
    bj::object scheduler;
    put(scheduler, "scheduler/policy");
    bj::object regimes, assumptions;
    addOverrides(scheduler, regimes, assumptions, project.settingOverrides);
    root["scheduler"] = std::move(scheduler);
    if (!regimes.empty())
        root["regimes"] = std::move(regimes);
    if (!assumptions.empty())
        root["assumptions"] = std::move(assumptions);
    bj::array segments;
    for (const Segment& segment : project.segments) {
        bj::object item;
        writeRecord(item, segment, segmentFields());
        // What its stage sets is left out, so that it follows the stage.
        if (segment.floorFromStage() || segment.regimesFromStage()) {
            bj::object kept;
            for (const auto& member : item) {
                const std::string_view name = member.key();
                if ((name == "isolation_floor" && segment.floorFromStage()) ||
                    (name == "allowed_regimes" && segment.regimesFromStage()))
                    continue;
                kept[name] = member.value();
            }
            item = std::move(kept);
        }
        segments.push_back(std::move(item));
    }
    root["segments"] = std::move(segments);
    bj::array workloads;
    for (const Workload& workload : project.workloads)
        workloads.push_back(workloadToJson(workload));
    root["workloads"] = std::move(workloads);
    if (!project.tenants.empty()) {
        bj::array tenants;
        for (const Tenant& tenant : project.tenants) {
            bj::object item;
            writeRecord(item, tenant, tenantFields());
            tenants.push_back(std::move(item));
        }
        root["tenants"] = std::move(tenants);
    }
    if (!project.scenarios.empty()) {
        bj::array scenarios;
        for (const Scenario& scenario : project.scenarios) {
            bj::object item;
            writeRecord(item, scenario, scenarioFields());
            bj::array overrides;
            for (const ScenarioOverride& o : scenario.overrides)
                overrides.push_back(
                    bj::object{{"path", o.path}, {"value", bj::parse(o.valueJson)}});
            item["overrides"] = std::move(overrides);
            scenarios.push_back(std::move(item));
        }
        root["scenarios"] = std::move(scenarios);
    }
    if (!project.ranges.empty()) { // format 7; written only when there are any
        bj::array ranges;
        for (const InputRange& range : project.ranges) {
            bj::object item;
            writeRecord(item, range, rangeFields());
            ranges.push_back(std::move(item));
        }
        root["ranges"] = std::move(ranges);
    }
    return root;
}

std::string projectToJsonText(const Project& project)
{
    return json::toPrettyString(projectToJson(project));
}

std::vector<DocumentEdit> listEdits(const Project& before, const Project& after)
{
    const bj::value was = projectToJson(before);
    const bj::value now = projectToJson(after);
    std::vector<DocumentEdit> edits;
    for (const char* pointer :
         {"/fleet/pools", "/segments", "/workloads", "/tenants", "/scenarios", "/ranges"}) {
        boost::system::error_code error;
        const bj::value* old = was.find_pointer(pointer, error);
        const bj::value* changed = now.find_pointer(pointer, error);
        const bj::value value = changed ? *changed : bj::value(bj::array());
        if (!old ? !value.as_array().empty() : *old != value)
            edits.emplace_back(pointer, value);
    }
    return edits;
}

} // namespace fleet
