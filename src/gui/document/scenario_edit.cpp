#include "document/scenario_edit.h"

#include "model/row_paths.h"
#include "store/project_json_writer.h"

#include <boost/json.hpp>

#include <algorithm>
#include <cctype>

namespace fleet::gui {

namespace bj = boost::json;

namespace {

/// "Price cut 2027" → "price-cut-2027", unique among the project's scenarios.
std::string uniqueId(const Project& project, const std::string& name)
{
    std::string base;
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u))
            base += char(std::tolower(u));
        else if (!base.empty() && base.back() != '-')
            base += '-';
    }
    while (!base.empty() && base.back() == '-')
        base.pop_back();
    if (base.empty() || !std::isalpha(static_cast<unsigned char>(base[0])))
        base = "scenario" + (base.empty() ? std::string() : "-" + base);
    base = base.substr(0, 56);
    std::string id = base;
    for (int n = 2; project.scenario(id); ++n)
        id = base + "-" + std::to_string(n);
    return id;
}

Result<std::size_t> indexOf(const Project& project, const std::string& id)
{
    for (std::size_t i = 0; i < project.scenarios.size(); ++i)
        if (project.scenarios[i].id == id)
            return i;
    return Error("scenario: there is no scenario \"" + id + "\"");
}

} // namespace

FieldEdit scenariosEdit(const std::vector<Scenario>& scenarios)
{
    bj::array list;
    for (const Scenario& scenario : scenarios) {
        bj::object item{{"id", scenario.id}, {"name", scenario.name}};
        if (!scenario.description.empty())
            item["description"] = scenario.description;
        bj::array overrides;
        for (const ScenarioOverride& o : scenario.overrides)
            overrides.push_back(bj::object{{"path", o.path}, {"value", bj::parse(o.valueJson)}});
        item["overrides"] = std::move(overrides);
        list.push_back(std::move(item));
    }
    return {"/scenarios", bj::value(std::move(list))};
}

Result<NewScenario> addScenario(const Project& project, const std::string& name)
{
    if (name.empty())
        return Error("name: must not be empty");
    std::vector<Scenario> scenarios = project.scenarios;
    Scenario scenario;
    scenario.id = uniqueId(project, name);
    scenario.name = name;
    scenarios.push_back(scenario);
    return NewScenario{scenariosEdit(scenarios), scenario.id};
}

Result<NewScenario> duplicateScenario(const Project& project, const std::string& id)
{
    auto index = indexOf(project, id);
    if (!index)
        return index.error();
    std::vector<Scenario> scenarios = project.scenarios;
    Scenario copy = scenarios[index.value()];
    copy.name += " (copy)";
    copy.id = uniqueId(project, copy.id + "-copy");
    scenarios.insert(scenarios.begin() + std::ptrdiff_t(index.value()) + 1, copy);
    return NewScenario{scenariosEdit(scenarios), copy.id};
}

Result<FieldEdit> renameScenario(const Project& project, const std::string& id,
                                 const std::string& name)
{
    auto index = indexOf(project, id);
    if (!index)
        return index.error();
    if (name.empty())
        return Error("name: must not be empty");
    return FieldEdit{"/scenarios/" + std::to_string(index.value()) + "/name", bj::value(name)};
}

Result<FieldEdit> deleteScenario(const Project& project, const std::string& id)
{
    auto index = indexOf(project, id);
    if (!index)
        return index.error();
    std::vector<Scenario> scenarios = project.scenarios;
    scenarios.erase(scenarios.begin() + std::ptrdiff_t(index.value()));
    return scenariosEdit(scenarios);
}

Result<FieldEdit> moveScenario(const Project& project, const std::string& id, int delta)
{
    auto index = indexOf(project, id);
    if (!index)
        return index.error();
    const long to = long(index.value()) + delta;
    if (to < 0 || to >= long(project.scenarios.size()))
        return Error("/scenarios/" + id + ": already " + (delta < 0 ? "first" : "last"));
    std::vector<Scenario> scenarios = project.scenarios;
    std::swap(scenarios[index.value()], scenarios[std::size_t(to)]);
    return scenariosEdit(scenarios);
}

Result<FieldEdit> setOverrideValue(const Project& project, const std::string& id, std::size_t index,
                                   const std::string& valueText)
{
    auto at = indexOf(project, id);
    if (!at)
        return at.error();
    if (index >= project.scenarios[at.value()].overrides.size())
        return Error("override: there is no override " + std::to_string(index));
    boost::system::error_code ec;
    bj::value value = bj::parse(valueText, ec);
    if (ec)
        value = bj::string(valueText);
    return FieldEdit{"/scenarios/" + std::to_string(at.value()) + "/overrides/" +
                         std::to_string(index) + "/value",
                     std::move(value)};
}

Result<FieldEdit> removeOverride(const Project& project, const std::string& id, std::size_t index)
{
    auto at = indexOf(project, id);
    if (!at)
        return at.error();
    std::vector<Scenario> scenarios = project.scenarios;
    auto& overrides = scenarios[at.value()].overrides;
    if (index >= overrides.size())
        return Error("override: there is no override " + std::to_string(index));
    overrides.erase(overrides.begin() + std::ptrdiff_t(index));
    return scenariosEdit(scenarios);
}

std::string baseValueText(const Project& project, const std::string& path)
{
    const bj::value document(projectToJson(project));
    auto pointer = indexPathOf(document, path);
    if (!pointer)
        return {};
    boost::system::error_code ec;
    const bj::value* value = document.find_pointer(pointer.value(), ec);
    return value && !ec ? bj::serialize(*value) : std::string();
}

} // namespace fleet::gui
