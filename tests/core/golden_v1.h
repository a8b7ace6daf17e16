#pragma once

// The golden format-1 files of the sample (tests/data/golden/v1/) and what
// FleetPlanner made of them before format 2: the row each scenario changes
// and the KPIs each scenario gives (sample-v1.kpis.json, recorded with
// `fleetplanner-cli evaluate --json` before the change).

#include "engine/evaluate.h"
#include "model/project.h"
#include "store/evaluation_export.h"

#include <boost/json.hpp>

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace fleet::test {

inline const std::string kGoldenV1Json = FLEET_TEST_DATA_DIR "/golden/v1/sample-v1.fleetplan.json";
inline const std::string kGoldenV1Sqlite = FLEET_TEST_DATA_DIR "/golden/v1/sample-v1.fleetplan";
inline const std::string kGoldenV1Kpis = FLEET_TEST_DATA_DIR "/golden/v1/sample-v1.kpis.json";

/// Every scenario of the sample with its format-2 override paths: the rows
/// the format-1 positions named (pools 0 and 1, workload 7).
inline std::vector<std::pair<std::string, std::vector<std::string>>> expectedIdPaths()
{
    return {
        {"reserve-60", {"/fleet/pools/h100-reserved/count", "/fleet/pools/h100-on-demand/count"}},
        {"notebooks-time-sliced",
         {"/workloads/dev-notebooks/users", "/workloads/dev-notebooks/gpus_per_user",
          "/workloads/dev-notebooks/memory_gb_per_session", "/workloads/dev-notebooks/choice"}},
        {"no-idle-timeout", {"/workloads/dev-notebooks/idle_timeout_min"}},
        {"predictive-preemption", {"/scheduler/policy"}}};
}

/// The paths of each scenario of `project`, in the shape of expectedIdPaths().
inline std::vector<std::pair<std::string, std::vector<std::string>>>
idPathsOf(const Project& project)
{
    std::vector<std::pair<std::string, std::vector<std::string>>> paths;
    for (const Scenario& scenario : project.scenarios) {
        paths.push_back({scenario.id, {}});
        for (const ScenarioOverride& o : scenario.overrides)
            paths.back().second.push_back(o.path);
    }
    return paths;
}

/// The recorded KPIs of `scenario` ("" for the base).
inline boost::json::object recordedKpis(const std::string& scenario)
{
    std::ifstream in(kGoldenV1Kpis, std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), {}};
    return boost::json::parse(text).at("kpis").at(scenario).as_object();
}

/// "" when `project` (a scenario already applied) gives the KPIs recorded
/// for `scenario`; otherwise the first that differs.
inline std::string kpiDifference(const Project& project, const std::string& scenario)
{
    const boost::json::object recorded = recordedKpis(scenario);
    const boost::json::value now =
        evaluationToJson(project, evaluate(project), scenario).at("kpis");
    if (recorded.size() != now.as_object().size())
        return "the KPIs' names differ";
    for (const auto& [key, value] : recorded) {
        const boost::json::value* current = now.as_object().if_contains(key);
        if (!current)
            return std::string(key) + " is missing";
        const auto same = [](const boost::json::value& a, const boost::json::value& b) {
            if (a.is_number() && b.is_number()) {
                const double x = a.to_number<double>(), y = b.to_number<double>();
                return x == y || std::abs(x - y) <= 1e-12 * std::max(std::abs(x), std::abs(y));
            }
            if (a.is_array() && b.is_array() && a.as_array().size() == b.as_array().size()) {
                for (std::size_t i = 0; i < a.as_array().size(); ++i) {
                    if (!a.as_array()[i].is_number() || !b.as_array()[i].is_number()) {
                        if (a.as_array()[i] != b.as_array()[i])
                            return false; // texts (alerts) compare as they are
                        continue;
                    }
                    const double x = a.as_array()[i].to_number<double>();
                    const double y = b.as_array()[i].to_number<double>();
                    if (std::abs(x - y) > 1e-12 * std::max(std::abs(x), std::abs(y)))
                        return false;
                }
                return true;
            }
            return a == b;
        };
        if (!same(value, *current))
            return std::string(key) + ": recorded " + boost::json::serialize(value) + ", now " +
                   boost::json::serialize(*current);
    }
    return {};
}

/// The scenarios of the recorded KPIs, the base ("") first.
inline std::vector<std::string> recordedScenarios()
{
    return {"", "reserve-60", "notebooks-time-sliced", "no-idle-timeout", "predictive-preemption"};
}

} // namespace fleet::test
