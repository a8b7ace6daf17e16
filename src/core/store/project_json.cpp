#include "store/project_json.h"

#include "data/embedded_file.h"
#include "io/json_pointer.h"
#include "io/json_reader.h"
#include "model/row_paths.h"
#include "store/catalog_loader.h"
#include "store/project_format_v1.h"
#include "store/project_json_writer.h"
#include "store/project_parser.h"
#include "store/project_sqlite.h"

#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>

namespace fleet {

namespace bj = boost::json;
using detail::ProjectParser;
using json::pointer;

namespace {

constexpr std::size_t kMaxProjectBytes = 64u * 1024u * 1024u;

/// The first reference token of a JSON pointer, unescaped ("" when none).
std::string topKeyOf(std::string_view path)
{
    if (path.empty() || path[0] != '/')
        return {};
    const auto end = path.find('/', 1);
    const std::string_view raw =
        path.substr(1, end == std::string_view::npos ? path.npos : end - 1);
    std::string key;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '~' && i + 1 < raw.size() && (raw[i + 1] == '0' || raw[i + 1] == '1')) {
            key += raw[i + 1] == '0' ? '~' : '/';
            ++i;
        } else {
            key += raw[i];
        }
    }
    return key;
}

/// A scenario's overrides as the document holds them (the values already
/// parsed: never re-read from text).
const bj::array* overridesOf(const bj::object& top, std::size_t index)
{
    const auto* scenarios = top.if_contains("scenarios");
    if (!scenarios || !scenarios->is_array() || index >= scenarios->get_array().size())
        return nullptr;
    const auto* scenario = scenarios->get_array()[index].if_object();
    const auto* overrides = scenario ? scenario->if_contains("overrides") : nullptr;
    return overrides ? overrides->if_array() : nullptr;
}

/// The id of scenario `index` as the document states it ("" when it has none).
std::string scenarioIdOf(const bj::object& top, std::size_t index)
{
    const auto* scenarios = top.if_contains("scenarios");
    const bj::array* list = scenarios ? scenarios->if_array() : nullptr;
    const bj::object* scenario =
        list && index < list->size() ? (*list)[index].if_object() : nullptr;
    const bj::value* id = scenario ? scenario->if_contains("id") : nullptr;
    return id && id->is_string() ? std::string(id->get_string()) : std::string();
}

/// The input ranges' paths of `document` after `overrides` rename rows
/// ("/workloads/dev-notebooks/id" → "lab"): the ranges are the baseline's, and
/// keep naming the same row under its scenario's id.
void renameRangePaths(bj::value& document, const bj::array& overrides)
{
    bj::value* ranges = document.is_object() ? document.as_object().if_contains("ranges") : nullptr;
    if (!ranges || !ranges->is_array())
        return;
    for (const bj::value& value : overrides) {
        const bj::object& entry = value.as_object();
        const std::string path(entry.at("path").as_string());
        const bj::value& to = entry.at("value");
        if (!to.is_string() || path.size() < 4 || path.substr(path.size() - 3) != "/id")
            continue;
        for (std::string_view list : rowLists()) {
            const auto oldId = rowIdOf(path, list);
            if (!oldId || path != std::string(list) + "/" + *oldId + "/id")
                continue;
            for (bj::value& range : ranges->as_array())
                if (bj::value* at =
                        range.is_object() ? range.as_object().if_contains("path") : nullptr;
                    at && at->is_string())
                    *at = renamedPath(std::string(at->as_string()), list, *oldId,
                                      std::string(to.as_string()));
        }
    }
}

/// Applies `overrides` to `document`; every path that does not apply is an
/// issue naming the scenario and the path. Paths name rows by id (format 2),
/// each resolved against `document` before any override of the scenario
/// applies, so that they name the rows as the base project holds them.
bool applyOverrides(bj::value& document, const bj::array& overrides, std::size_t scenarioIndex,
                    const std::string& scenarioId, const std::string& file,
                    std::vector<Issue>& issues)
{
    const auto fail = [&](std::size_t j, const std::string& path, const std::string& problem) {
        issues.push_back(Issue{
            file, pointer(pointer(pointer("/scenarios", scenarioIndex), "overrides"), j) + "/path",
            scenarioId, "scenario \"" + scenarioId + "\": \"" + path + "\" " + problem});
    };
    std::vector<std::string> indexPaths;
    indexPaths.reserve(overrides.size());
    bool resolvedAll = true;
    for (std::size_t j = 0; j < overrides.size(); ++j) {
        const bj::object& entry = overrides[j].as_object(); // checked by the parser
        const std::string path(entry.at("path").as_string());
        auto resolved = indexPathOf(document, path);
        if (!resolved) {
            fail(j, path, resolved.error().messages());
            resolvedAll = false;
            continue;
        }
        indexPaths.push_back(std::move(resolved).value());
    }
    if (!resolvedAll)
        return false;
    bool applied = true;
    for (std::size_t j = 0; j < overrides.size(); ++j) {
        const bj::object& entry = overrides[j].as_object();
        auto set = json::setAtPointer(document, indexPaths[j], entry.at("value"));
        if (!set) {
            fail(j, std::string(entry.at("path").as_string()), set.error().toString());
            applied = false;
        }
    }
    renameRangePaths(document, overrides);
    return applied;
}

/// Every scenario must apply and give a valid project, so that switching to
/// one in front of a customer never fails. Each scenario copies and re-checks
/// only the sections its overrides reach (and those whose rules read them),
/// over the state the valid base left: the cost is linear in the number of
/// scenarios, not quadratic as when each one re-read the whole document.
std::vector<Issue> checkEveryScenario(const bj::object& top, const Project& base,
                                      const std::string& file)
{
    std::vector<Issue> issues;
    if (base.scenarios.empty())
        return issues;
    Project skeleton = base; // what the sections a scenario leaves alone set
    skeleton.workloads.clear();
    skeleton.fleet.pools.clear();
    skeleton.scenarios.clear();
    skeleton.settingOverrides.clear();
    for (std::size_t i = 0; i < base.scenarios.size(); ++i) {
        const bj::array* overrides = overridesOf(top, i);
        if (!overrides)
            continue;
        unsigned touched = 0;
        for (const bj::value& entry : *overrides)
            touched |= detail::sectionOf(topKeyOf(entry.at("path").as_string()));
        const unsigned sections = detail::withDependents(touched);
        bj::object partial;
        for (std::string_view key : detail::keysOf(sections))
            if (const bj::value* value = top.if_contains(key))
                partial[key] = *value;
        if (sections & detail::OtherSection)
            for (const auto& member : top)
                if (member.key() != "scenarios" && !partial.contains(member.key()))
                    partial[member.key()] = member.value();
        bj::value document(std::move(partial));
        if (!applyOverrides(document, *overrides, i, scenarioIdOf(top, i), file, issues))
            continue;
        std::vector<Issue> found;
        if (sections == detail::AllSections) {
            auto parsed = ProjectParser(file).parse(document);
            if (!parsed)
                found = parsed.error().issues;
        } else {
            found = ProjectParser(file).checkSections(document.as_object(), sections, skeleton);
        }
        for (const Issue& issue : found) {
            // Named as the scenario's own paths name rows: by id.
            auto byId = idPathOf(document, issue.path);
            issues.push_back(Issue{file,
                                   pointer("/scenarios", i),
                                   {},
                                   "scenario \"" + base.scenarios[i].id + "\" makes " +
                                       (byId ? byId.value() : issue.path) +
                                       " invalid: " + issue.message});
        }
    }
    return issues;
}

/// The document with scenario `index`'s overrides applied, without its scenarios.
Result<bj::value> patchedDocument(const bj::object& top, std::size_t index)
{
    bj::object copy = top;
    copy.erase("scenarios");
    bj::value document(std::move(copy));
    std::vector<Issue> issues;
    if (const bj::array* overrides = overridesOf(top, index))
        applyOverrides(document, *overrides, index, scenarioIdOf(top, index), {}, issues);
    if (!issues.empty())
        return Error(std::move(issues));
    return document;
}

Result<Project> parseChecked(const bj::value& root, const std::string& file,
                             const std::string& scenario)
{
    auto baseline = ProjectParser(file).parse(root);
    if (!baseline)
        return baseline;
    auto issues = checkEveryScenario(root.as_object(), baseline.value(), file);
    if (!issues.empty())
        return Error(std::move(issues));
    if (scenario.empty())
        return baseline;
    const auto& scenarios = baseline.value().scenarios;
    const Scenario* chosen = baseline.value().scenario(scenario);
    if (!chosen) {
        std::string known;
        for (const Scenario& candidate : scenarios)
            known += (known.empty() ? "" : ", ") + candidate.id;
        return Error({Issue{file,
                            "/scenarios",
                            {},
                            "no scenario \"" + scenario + "\" in the project" +
                                (known.empty() ? "" : "; known: " + known)}});
    }
    auto patched =
        patchedDocument(root.as_object(), static_cast<std::size_t>(chosen - scenarios.data()));
    if (!patched)
        return Error({Issue{file, "/scenarios", {}, patched.error().toString()}});
    auto result = ProjectParser(file).parse(patched.value());
    if (result)
        result.value().scenarios = scenarios;
    return result;
}

/// The document's format_version when it is a number.
std::optional<double> formatVersionOf(const bj::value& root)
{
    const bj::object* top = root.if_object();
    const bj::value* version = top ? top->if_contains("format_version") : nullptr;
    if (!version || !version->is_number())
        return std::nullopt;
    const double number = version->to_number<double>();
    if (!std::isfinite(number))
        return std::nullopt; // the validator names it
    return number;
}

} // namespace

std::string newerFormatMessage(double version)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.15g", version);
    return std::string("was written by a newer FleetPlanner (project format version ") + text +
           "); this FleetPlanner reads format version " + std::to_string(kProjectFormatVersion) +
           " and older. Update FleetPlanner to open it.";
}

Result<Project> parseProject(std::string_view text, const std::string& file,
                             const std::string& scenario)
{
    auto root = json::parse(text, file, {kMaxProjectBytes, 64});
    if (!root)
        return root.error();
    return parseProjectValue(root.value(), file, scenario);
}

Result<Project> parseProjectValue(const bj::value& root, const std::string& file,
                                  const std::string& scenario)
{
    // The core boundary: nothing from Boost.JSON or the standard library
    // escapes as an exception, whatever the document holds.
    try {
        const auto version = formatVersionOf(root);
        if (version && *version > kProjectFormatVersion)
            return Error({Issue{file, "/format_version", {}, newerFormatMessage(*version)}});
        if (version && *version == 1) {
            auto upgraded = upgradeFormat1(root, file);
            if (!upgraded)
                return upgraded.error();
            return parseChecked(upgraded.value(), file, scenario);
        }
        return parseChecked(root, file, scenario);
    } catch (const std::exception& e) {
        return Error({Issue{file, {}, {}, std::string("cannot be read: ") + e.what()}});
    }
}

Result<Project> loadProjectFile(const std::string& path, const std::string& scenario)
{
    auto text = readTextFile(path, kMaxProjectBytes);
    if (!text)
        return text.error();
    return parseProject(text.value(), path, scenario);
}

std::string_view sampleProjectJson()
{
    for (const EmbeddedFile& file : samples::embeddedFiles())
        if (file.name == "sample.fleetplan.json")
            return file.contents;
    return {};
}

Result<Project> loadSampleProject(const std::string& scenario)
{
    return parseProject(sampleProjectJson(), "built-in:sample.fleetplan.json", scenario);
}

Result<Project> applyScenario(const Project& project, const std::string& scenario)
{
    try {
        return parseProjectValue(projectToJson(project), project.name, scenario);
    } catch (const std::exception& e) {
        return Error({Issue{project.name, {}, {}, std::string("cannot be written: ") + e.what()}});
    }
}

Result<Project> loadProject(const std::string& path, const std::string& scenario)
{
    if (path == ":sample")
        return loadSampleProject(scenario);
    if (looksLikeSqlite(path))
        return openProjectFile(path, scenario);
    return loadProjectFile(path, scenario);
}

} // namespace fleet
