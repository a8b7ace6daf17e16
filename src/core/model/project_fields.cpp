#include "model/project_fields.h"

#include "model/field_builders.h"

#include <stdexcept>

namespace fleet {

namespace {

using namespace field_rows;
using P = Presence;

constexpr EnumOption kModes[] = {{"fixed", "the fleet is given"},
                                 {"size", "FleetPlanner sizes it"}};
constexpr EnumOption kPolicies[] = {
    {"naive", ""}, {"topology_aware", ""}, {"predictive_preemption", ""}};

FieldValue getMode(const Project& project)
{
    return std::string(project.fleet.mode == FleetMode::Fixed ? "fixed" : "size");
}
void setMode(Project& project, const FieldValue& value)
{
    const std::string* key = std::get_if<std::string>(&value);
    project.fleet.mode = key && *key == "size" ? FleetMode::Size : FleetMode::Fixed;
}

FieldValue getPolicy(const Project& project)
{
    return std::string(policyKey(project.scheduler.policy));
}
void setPolicy(Project& project, const FieldValue& value)
{
    if (const std::string* key = std::get_if<std::string>(&value))
        if (auto policy = policyFromKey(*key))
            project.scheduler.policy = *policy;
}

// Order is the order of the project table's columns in SQLite.
const std::vector<Field<Project>>& projectTable()
{
    using R = Project;
    static const std::vector<Field<R>> table = {
        stored(text<&R::name>("name", P::Required, "The project's name", {"Name", "", 1, 0}), "",
               4096),
        stored(text<&R::description>("description", P::OmitWhenDefault, "What the project models",
                                     {"Description", "", 1, 0}),
               "", 65536),
        stored(text<&R::note>("note", P::OmitWhenDefault, "Anything worth knowing about it",
                              {"Note", "", 1, 0}),
               "", 65536),
        stored(integer<&R::horizonMonths>("horizon/months", P::Required, {1, false, 120, ""},
                                          "Months the plan covers", {"Horizon", "months", 1, 0}),
               "horizon_months"),
        stored(month<&R::startMonth>("horizon/start_month", P::OmitWhenDefault,
                                     "Calendar month of month 1, YYYY-MM",
                                     {"First month", "", 1, 0}),
               "start_month"),
        reference<&R::activePriceBookId>("active_price_book", P::Required, "price book",
                                         "The price book the plan is costed with",
                                         {"Price book", "", 1, 0}),
        stored(choice<R>("fleet/mode", P::Required, kModes,
                         "fixed: the pools are the fleet; size: FleetPlanner sizes it",
                         {"Fleet mode", "", 1, 0}, &getMode, &setMode),
               "fleet_mode"),
        stored(choice<R>("scheduler/policy", P::Optional, kPolicies,
                         "How the scheduler places work on the fleet",
                         {"Scheduler policy", "", 1, 0}, &getPolicy, &setPolicy,
                         EnumWording::Plain),
               "scheduler_policy"),
    };
    return table;
}

const std::vector<Field<Scenario>>& scenarioTable()
{
    using R = Scenario;
    static const std::vector<Field<R>> table = {
        identifier<&R::id>("id", "The scenario's id, unique among the scenarios", {"Id", "", 1, 0}),
        text<&R::name>("name", P::Required, "The scenario's name", {"Name", "", 1, 0}),
        text<&R::description>("description", P::OmitWhenDefault,
                              "What the scenario changes and why", {"Description", "", 1, 0}),
    };
    return table;
}

} // namespace

std::span<const Field<Project>> projectFields()
{
    return projectTable();
}

const Field<Project>& projectField(std::string_view key)
{
    for (const Field<Project>& field : projectTable())
        if (field.info.key == key)
            return field;
    throw std::logic_error("no project field " + std::string(key));
}

const RecordFields& projectRecord()
{
    static const RecordFields record = describeRecord("project", "project", projectFields());
    return record;
}

std::span<const Field<Scenario>> scenarioFields()
{
    return scenarioTable();
}

const RecordFields& scenarioRecord()
{
    static const RecordFields record = describeRecord("scenario", "scenario", scenarioFields());
    return record;
}

} // namespace fleet
