#include "sweep/sweep_spec.h"

#include "engine/evaluation.h"
#include "io/json_pointer.h"
#include "io/json_reader.h"
#include "io/regular_file.h"
#include "optimize/regime_mix_json.h"
#include "simulate/cluster_simulator.h"
#include "store/catalog_loader.h"
#include "store/evaluation_export.h"
#include "util/split_mix.h"

#include <boost/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <numbers>

namespace fleet::sweep {

namespace bj = boost::json;
using json::NumberRule;
using json::pointer;

namespace {

constexpr std::size_t kMaxSweepBytes = 4u * 1024u * 1024u;
constexpr std::int64_t kMaxValuesPerInput = 1'000'000;

/// The simulate command's outputs (the frontier of the first seed given).
constexpr std::string_view kSimulateOutputs[] = {
    "knee_load",      "knee_utilization", "nominal_load",   "job_gpus",
    "simulated_gpus", "simulated_share",  "simulated_days",
};

/// Outputs a solve gives that are not the same from one run to the next
/// (the wall clock): a sweep's collected results must be byte-identical
/// whatever ran them.
constexpr std::string_view kNonDeterministicOutputs[] = {"solve_seconds"};

/// A number written with 12 significant digits and read back: a range's
/// 0.1 + 2 × 0.1 is 0.3, not 0.30000000000000004.
double tidy(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.12g", value);
    return std::strtod(text, nullptr);
}

/// A project larger than this is not read for the fingerprint (the project
/// readers refuse far smaller files: 128 MiB for SQLite).
constexpr std::size_t kMaxFingerprintedProjectBytes = std::size_t(1) << 30;

/// 64-bit FNV-1a, as hex: the sweep's fingerprint in every result file.
std::string fnv1a(std::string_view text)
{
    std::uint64_t hash = 1469598103934665603ull;
    for (unsigned char c : text) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return hex;
}

std::vector<double> rangeValues(json::Reader& reader, const bj::object& range,
                                const std::string& path, std::int64_t maxCount)
{
    reader.checkKeys(range, path, {"start", "stop", "step"}, {});
    const NumberRule any{-1e15, false, 1e15, false, {}};
    const auto start = reader.number(range, "start", path, any);
    const auto stop = reader.number(range, "stop", path, any);
    const auto step = reader.number(range, "step", path, NumberRule{0, true, 1e15, false, {}});
    if (!start || !stop || !step)
        return {};
    if (*stop < *start) {
        reader.report(pointer(path, "stop"), "must be ≥ start");
        return {};
    }
    const double steps = std::floor((*stop - *start) / *step + 1e-9);
    if (steps + 1 > double(maxCount)) {
        reader.report(pointer(path, "step"), "makes " + std::to_string(std::int64_t(steps + 1)) +
                                                 " values; at most " + std::to_string(maxCount) +
                                                 " are allowed");
        return {};
    }
    std::vector<double> values;
    for (std::int64_t i = 0; i <= std::int64_t(steps); ++i)
        values.push_back(tidy(*start + double(i) * *step));
    return values;
}

std::vector<bj::value> distributionValues(json::Reader& reader, const bj::object& d,
                                          const std::string& path)
{
    const auto kind = reader.string(d, "kind", path);
    if (!kind)
        return {};
    std::array<std::string_view, 2> parameters;
    if (*kind == "uniform")
        parameters = {"low", "high"};
    else if (*kind == "normal")
        parameters = {"mean", "sd"};
    else if (*kind == "lognormal")
        parameters = {"mu", "sigma"};
    else {
        reader.report(pointer(path, "kind"),
                      "must be uniform, normal or lognormal; got \"" + *kind + "\"");
        return {};
    }
    std::vector<std::string_view> required{"kind", "samples", "seed"};
    required.insert(required.end(), parameters.begin(), parameters.end());
    const std::string_view optional[] = {"round"};
    reader.checkKeys(d, path, required, optional);
    const auto samples = reader.integer(d, "samples", path, 1, int(kMaxValuesPerInput));
    const auto seed = reader.number(d, "seed", path, NumberRule{0, false, 9e15, true, {}});
    const NumberRule any{-1e15, false, 1e15, false, {}};
    const NumberRule positive{0, true, 1e15, false, {}};
    const auto a = reader.number(d, parameters[0], path, any);
    const auto b = reader.number(d, parameters[1], path, *kind == "uniform" ? any : positive);
    const auto round = reader.number(d, "round", path, positive, false);
    if (!samples || !seed || !a || !b)
        return {};
    if (*kind == "uniform" && *b <= *a) {
        reader.report(pointer(path, "high"), "must be > low");
        return {};
    }
    SplitMix stream{std::uint64_t(*seed)};
    std::vector<bj::value> values;
    for (int i = 0; i < *samples; ++i) {
        double x = 0;
        if (*kind == "uniform")
            x = *a + (*b - *a) * stream.open01();
        else if (*kind == "normal")
            x = *a + *b * stream.normal();
        else
            x = std::exp(*a + *b * stream.normal());
        if (round)
            x = std::round(x / *round) * *round;
        values.emplace_back(tidy(x));
    }
    return values;
}

std::optional<SweepInput> readInput(json::Reader& reader, const bj::value& value,
                                    const std::string& path)
{
    const bj::object* input = reader.asObject(value, path);
    if (!input)
        return std::nullopt;
    reader.checkKeys(*input, path, {"path"}, {"name", "values", "range", "distribution"});
    SweepInput result;
    const auto at = reader.string(*input, "path", path);
    if (!at)
        return std::nullopt;
    if (at->empty() || (*at)[0] != '/' || !json::splitPointer(*at)) {
        reader.report(pointer(path, "path"),
                      "must be a JSON pointer into the project naming rows by id, as scenario "
                      "overrides do (\"/workloads/chat-70b/requests_per_second\"); got \"" +
                          *at + "\"");
        return std::nullopt;
    }
    result.path = *at;
    result.name = reader.string(*input, "name", path, false).value_or(*at);
    if (result.name.empty() || result.name.size() > 200)
        reader.report(pointer(path, "name"), "must be 1 to 200 characters");
    const int given = int(input->contains("values")) + int(input->contains("range")) +
                      int(input->contains("distribution"));
    if (given != 1) {
        reader.report(path, "must give exactly one of values (a list), range ({start, stop, "
                            "step}) or distribution ({kind, samples, seed, …}); it gives " +
                                std::to_string(given));
        return std::nullopt;
    }
    if (const bj::array* list = reader.array(*input, "values", path, false)) {
        const std::string valuesAt = pointer(path, "values");
        if (list->empty())
            reader.report(valuesAt, "must hold at least one value");
        if (std::int64_t(list->size()) > kMaxValuesPerInput)
            reader.report(valuesAt,
                          "must hold at most " + std::to_string(kMaxValuesPerInput) + " values");
        for (std::size_t i = 0; i < list->size(); ++i) {
            if ((*list)[i].is_null() || json::holdsNonFinite((*list)[i]))
                reader.report(pointer(valuesAt, i),
                              "must be a finite number, a string, a boolean, an "
                              "object or a list (not null)");
            result.values.push_back((*list)[i]);
        }
    } else if (const bj::object* range = reader.object(*input, "range", path, false)) {
        for (double v : rangeValues(reader, *range, pointer(path, "range"), kMaxValuesPerInput))
            result.values.emplace_back(v);
    } else if (const bj::object* d = reader.object(*input, "distribution", path, false)) {
        result.values = distributionValues(reader, *d, pointer(path, "distribution"));
    }
    return result;
}

std::vector<std::uint64_t> readSeeds(json::Reader& reader, const bj::object& command,
                                     const std::string& path)
{
    const std::string at = pointer(path, "seeds");
    const bj::value* seeds = command.if_contains("seeds");
    if (!seeds)
        return {42};
    std::vector<std::uint64_t> result;
    if (const bj::object* first = seeds->if_object()) {
        reader.checkKeys(*first, at, {"first", "count"}, {});
        const auto from = reader.number(*first, "first", at, NumberRule{0, false, 9e15, true, {}});
        const auto count = reader.integer(*first, "count", at, 1, 100000);
        if (from && count)
            for (int i = 0; i < *count; ++i)
                result.push_back(std::uint64_t(*from) + std::uint64_t(i));
        return result;
    }
    const bj::array* list = seeds->if_array();
    if (!list || list->empty()) {
        reader.report(at, "must be a non-empty list of seeds (whole numbers ≥ 0) or {first, "
                          "count}");
        return {};
    }
    for (std::size_t i = 0; i < list->size(); ++i) {
        const bj::value& seed = (*list)[i];
        const double number = seed.is_number() ? seed.to_number<double>() : -1;
        if (!seed.is_number() || !(number >= 0) || number > 9e15 || number != std::floor(number)) {
            reader.report(pointer(at, i), "must be a whole number ≥ 0 and ≤ 9e15");
            continue;
        }
        if (std::find(result.begin(), result.end(), std::uint64_t(number)) != result.end())
            reader.report(pointer(at, i), "repeats seed " + std::to_string(std::uint64_t(number)) +
                                              "; every seed must be given once");
        result.push_back(std::uint64_t(number));
    }
    return result;
}

std::optional<SweepCommand> readCommand(json::Reader& reader, const bj::value& value,
                                        const std::string& path)
{
    const bj::object* command = reader.asObject(value, path);
    if (!command)
        return std::nullopt;
    const auto key = reader.string(*command, "command", path);
    if (!key)
        return std::nullopt;
    SweepCommand result;
    if (*key == "evaluate") {
        result.kind = CommandKind::Evaluate;
        reader.checkKeys(*command, path, {"command", "outputs"}, {"id"});
    } else if (*key == "solve") {
        result.kind = CommandKind::Solve;
        reader.checkKeys(*command, path, {"command", "outputs"},
                         {"id", "time_limit_seconds", "gap", "objective"});
        result.timeLimitSeconds = reader
                                      .number(*command, "time_limit_seconds", path,
                                              NumberRule{0, true, 86400, false, "(seconds)"}, false)
                                      .value_or(result.timeLimitSeconds);
        result.relativeGap =
            reader.number(*command, "gap", path, NumberRule{0, false, 1, false, {}}, false)
                .value_or(result.relativeGap);
        if (const auto objective = reader.string(*command, "objective", path, false)) {
            const auto parsed = objectiveFromKey(*objective);
            if (!parsed)
                reader.report(pointer(path, "objective"),
                              "must be cost or margin; got \"" + *objective + "\"");
            result.marginObjective = parsed == Objective::Margin;
        }
    } else if (*key == "simulate") {
        result.kind = CommandKind::Simulate;
        reader.checkKeys(*command, path, {"command", "outputs"},
                         {"id", "seeds", "loads", "days", "policy"});
        result.seeds = readSeeds(reader, *command, path);
        result.days =
            reader.number(*command, "days", path, NumberRule{0, true, 3650, false, "(days)"}, false)
                .value_or(result.days);
        if (const auto policy = reader.string(*command, "policy", path, false)) {
            if (!placementPolicyFromKey(*policy))
                reader.report(pointer(path, "policy"),
                              "must be fifo, naive, topology_aware, predictive_preemption or "
                              "weighted_fair; got \"" +
                                  *policy + "\"");
            result.policy = *policy;
        }
        if (const bj::object* loads = reader.object(*command, "loads", path, false)) {
            result.loads = rangeValues(reader, *loads, pointer(path, "loads"), 100);
            for (double load : result.loads)
                if (!(load > 0 && load <= 10)) {
                    reader.report(pointer(path, "loads"),
                                  "every load must be > 0 and ≤ 10 (a share of the job GPUs)");
                    break;
                }
        } else {
            result.loads = {0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0}; // kDefaultProjectLoads
        }
    } else {
        reader.report(pointer(path, "command"),
                      "must be evaluate, solve or simulate; got \"" + *key + "\"");
        return std::nullopt;
    }
    result.id = std::string(commandKey(result.kind));
    if (command->contains("id"))
        if (const auto id = reader.identifier(*command, "id", path))
            result.id = *id;
    const bj::array* outputs = reader.array(*command, "outputs", path);
    if (!outputs)
        return std::nullopt;
    const std::string at = pointer(path, "outputs");
    if (outputs->empty())
        reader.report(at, "must name at least one output");
    const std::vector<std::string> known = knownOutputs(result.kind);
    std::string knownList;
    for (const std::string& name : known)
        knownList += (knownList.empty() ? "" : ", ") + name;
    for (std::size_t i = 0; i < outputs->size(); ++i) {
        const bj::string* name = (*outputs)[i].if_string();
        const std::string text = name ? std::string(*name) : std::string();
        if (std::find(std::begin(kNonDeterministicOutputs), std::end(kNonDeterministicOutputs),
                      text) != std::end(kNonDeterministicOutputs)) {
            reader.report(pointer(at, i), "\"" + text +
                                              "\" differs from run to run (the wall "
                                              "clock); a sweep keeps only outputs that a rerun "
                                              "reproduces");
            continue;
        }
        if (!name || std::find(known.begin(), known.end(), text) == known.end()) {
            reader.report(pointer(at, i), "must be an output of " + *key + ": one of " + knownList +
                                              (name ? "; got \"" + text + "\"" : ""));
            continue;
        }
        if (std::find(result.outputs.begin(), result.outputs.end(), text) != result.outputs.end())
            reader.report(pointer(at, i), "repeats \"" + text + "\"; name each output once");
        result.outputs.push_back(text);
    }
    return result;
}

/// The scalar members (numbers, or null where a figure may be absent) of an
/// object a command's JSON gives: what a sweep can keep of it.
std::vector<std::string> scalarKeys(const bj::object& object)
{
    std::vector<std::string> keys;
    for (const auto& member : object)
        if (member.value().is_number() || member.value().is_null())
            keys.emplace_back(member.key());
    return keys;
}

} // namespace

std::string_view commandKey(CommandKind kind)
{
    switch (kind) {
    case CommandKind::Evaluate: return "evaluate";
    case CommandKind::Solve: return "solve";
    case CommandKind::Simulate: return "simulate";
    }
    return "";
}

std::vector<std::string> monthlyOutputs(CommandKind kind)
{
    if (kind == CommandKind::Evaluate)
        return {"cost_usd", "gpus_held", "gpus_paid", "utilization"};
    return {};
}

std::string monthsTable(const std::string& commandId)
{
    return commandId + "_months";
}

std::string sqlIdentifier(const std::string& identifier)
{
    std::string text = "\"";
    for (char c : identifier)
        text += c == '"' ? std::string("\"\"") : std::string(1, c);
    return text + "\"";
}

std::vector<std::string> knownOutputs(CommandKind kind)
{
    // The names the commands' --json prints, read from the same writers, so
    // that a KPI added there can be swept without a change here.
    switch (kind) {
    case CommandKind::Evaluate: {
        static const std::vector<std::string> keys = [] {
            const bj::object json = evaluationToJson(Project{}, Evaluation{}, {});
            const bj::value* kpis = json.if_contains("kpis");
            return kpis && kpis->is_object() ? scalarKeys(kpis->get_object())
                                             : std::vector<std::string>{};
        }();
        return keys;
    }
    case CommandKind::Solve: {
        static const std::vector<std::string> keys = [] {
            std::vector<std::string> all =
                scalarKeys(regimeMixResultToJson(RegimeMixResult{}, Objective::Cost));
            std::erase_if(all, [](const std::string& key) {
                return std::find(std::begin(kNonDeterministicOutputs),
                                 std::end(kNonDeterministicOutputs),
                                 key) != std::end(kNonDeterministicOutputs);
            });
            return all;
        }();
        return keys;
    }
    case CommandKind::Simulate: return {std::begin(kSimulateOutputs), std::end(kSimulateOutputs)};
    }
    return {};
}

Result<SweepSpec> parseSweep(std::string_view text, const std::string& file,
                             const std::string& baseFolder)
{
    auto parsed = json::parse(text, file, {kMaxSweepBytes, 32});
    if (!parsed)
        return parsed.error();
    try {
        const bj::value& root = parsed.value();
        json::Reader reader(file);
        const bj::object* top = reader.asObject(root, "");
        if (!top)
            return Error(reader.issues());
        reader.checkKeys(*top, "", {"format", "format_version", "name", "project", "commands"},
                         {"inputs", "scenario", "combine", "chunk", "note", "description"});
        SweepSpec spec;
        spec.file = file;
        if (const auto format = reader.string(*top, "format", "");
            format && *format != kSweepFormat)
            reader.report("/format",
                          "must be \"" + std::string(kSweepFormat) + "\"; got \"" + *format + "\"");
        if (const auto version =
                reader.number(*top, "format_version", "", NumberRule{0, true, 1e9, true, {}});
            version && *version != kSweepFormatVersion)
            reader.report("/format_version",
                          *version > kSweepFormatVersion
                              ? "was written by a newer FleetPlanner (sweep format version " +
                                    std::to_string(std::int64_t(*version)) +
                                    "); this one reads version 1"
                              : "must be 1");
        spec.name = reader.identifier(*top, "name", "").value_or("");
        if (const auto project = reader.string(*top, "project", "")) {
            if (project->empty())
                reader.report("/project", "must name a project file (relative to the sweep "
                                          "file's folder) or :sample");
            else if (*project == ":sample" || std::filesystem::path(*project).is_absolute())
                spec.projectPath = *project;
            else
                spec.projectPath =
                    (std::filesystem::path(baseFolder) / *project).lexically_normal().string();
        }
        spec.scenario = reader.string(*top, "scenario", "", false).value_or("");
        if (const auto combine = reader.string(*top, "combine", "", false)) {
            if (*combine == "zip")
                spec.combine = Combine::Zip;
            else if (*combine != "grid")
                reader.report("/combine", "must be grid (every combination of the inputs' "
                                          "values) or zip (the i-th value of each); got \"" +
                                              *combine + "\"");
        }
        spec.chunk = reader.integer(*top, "chunk", "", 1, 1'000'000, false).value_or(0);
        if (const bj::array* inputs = reader.array(*top, "inputs", "", false)) {
            for (std::size_t i = 0; i < inputs->size(); ++i) {
                const std::string at = pointer("/inputs", i);
                if (auto input = readInput(reader, (*inputs)[i], at)) {
                    for (const SweepInput& earlier : spec.inputs) {
                        if (earlier.path == input->path)
                            reader.report(pointer(at, "path"), "repeats the path of an earlier "
                                                               "input; vary each field once");
                        if (earlier.name == input->name)
                            reader.report(pointer(at, "name"),
                                          "repeats the name \"" + input->name +
                                              "\" of an earlier input; names are columns and "
                                              "must differ");
                    }
                    spec.inputs.push_back(std::move(*input));
                }
            }
        }
        if (const bj::array* commands = reader.array(*top, "commands", "")) {
            if (commands->empty())
                reader.report("/commands", "must hold at least one command");
            for (std::size_t i = 0; i < commands->size(); ++i) {
                const std::string at = pointer("/commands", i);
                if (auto command = readCommand(reader, (*commands)[i], at)) {
                    for (const SweepCommand& earlier : spec.commands) {
                        if (earlier.id == command->id)
                            reader.report(at, "has the id \"" + command->id +
                                                  "\" of an earlier command (a command's id is its "
                                                  "table): give it another with \"id\"");
                        // An evaluate command's months are the table "<id>_months".
                        const bool monthsClash = (!monthlyOutputs(earlier.kind).empty() &&
                                                  monthsTable(earlier.id) == command->id) ||
                                                 (!monthlyOutputs(command->kind).empty() &&
                                                  monthsTable(command->id) == earlier.id);
                        if (monthsClash)
                            reader.report(at, "has the id \"" + command->id +
                                                  "\", which names the months table of another "
                                                  "command (\"<id>_months\"): give it another "
                                                  "with \"id\"");
                    }
                    if (command->id == "sweep" || command->id == "inputs" ||
                        command->id == "commands" || command->id.starts_with("sqlite_"))
                        reader.report(pointer(at, "id"),
                                      "\"" + command->id +
                                          "\" names a table the results keep for the sweep "
                                          "itself (sweep, inputs, commands, sqlite_…): give the "
                                          "command another id");
                    spec.commands.push_back(std::move(*command));
                }
            }
        }
        // Inputs are columns of every command's table beside these.
        for (std::size_t i = 0; i < spec.inputs.size(); ++i) {
            const std::string& name = spec.inputs[i].name;
            bool clash = name == "task" || name == "point" || name == "seed" || name == "status" ||
                         name == "error";
            for (const SweepCommand& command : spec.commands)
                clash = clash || std::find(command.outputs.begin(), command.outputs.end(), name) !=
                                     command.outputs.end();
            if (clash)
                reader.report(pointer(pointer("/inputs", i), "name"),
                              "\"" + name +
                                  "\" is a column of the results already (task, "
                                  "point, seed, status, error or an output): name the input "
                                  "otherwise");
        }
        if (reader.failed())
            return Error(reader.issues());
        // Points and tasks, refused before they overflow.
        double points = 1;
        if (spec.combine == Combine::Zip) {
            points = spec.inputs.empty() ? 1 : double(spec.inputs.front().values.size());
            for (std::size_t i = 0; i < spec.inputs.size(); ++i)
                if (double(spec.inputs[i].values.size()) != points)
                    reader.report(pointer("/inputs", i),
                                  "has " + std::to_string(spec.inputs[i].values.size()) +
                                      " values and input 0 has " +
                                      std::to_string(std::int64_t(points)) +
                                      "; zip takes the i-th value of every input, so every "
                                      "input must have as many");
        } else {
            for (const SweepInput& input : spec.inputs)
                points *= double(input.values.size());
        }
        double perPoint = 0;
        for (const SweepCommand& command : spec.commands)
            perPoint += command.kind == CommandKind::Simulate ? double(command.seeds.size()) : 1.0;
        if (points * perPoint > double(kMaxSweepTasks))
            reader.report("/inputs", "make " +
                                         (points * perPoint < 9e18
                                              ? std::to_string(std::llround(points * perPoint))
                                              : std::string("more than 9e18")) +
                                         " tasks; at most " + std::to_string(kMaxSweepTasks) +
                                         " are allowed in one sweep");
        if (reader.failed())
            return Error(reader.issues());
        spec.points = std::int64_t(points);
        spec.tasksPerPoint = std::int64_t(perPoint);
        spec.digest = fnv1a(bj::serialize(root));
        return spec;
    } catch (const std::exception& e) {
        return Error({Issue{file, {}, {}, std::string("cannot be read: ") + e.what()}});
    }
}

Result<SweepSpec> loadSweepFile(const std::string& path)
{
    auto text = readTextFile(path, kMaxSweepBytes);
    if (!text)
        return text.error();
    const std::filesystem::path absolute = std::filesystem::absolute(path);
    auto spec = parseSweep(text.value(), path, absolute.parent_path().string());
    if (!spec || spec.value().projectPath == ":sample")
        return spec;
    // The project's bytes are part of the fingerprint: results computed on a
    // project since edited are another sweep's, rerun on resume and refused
    // by collect, never mixed with new ones. A project that cannot be read
    // is left to the task, which names why.
    auto project = readRegularFile(spec.value().projectPath, kMaxFingerprintedProjectBytes);
    if (project)
        spec.value().digest = fnv1a(spec.value().digest + fnv1a(project.value()));
    return spec;
}

TaskRef taskAt(const SweepSpec& spec, std::int64_t index)
{
    TaskRef task;
    task.index = index;
    task.point = index / spec.tasksPerPoint;
    std::int64_t within = index % spec.tasksPerPoint;
    for (std::size_t c = 0; c < spec.commands.size(); ++c) {
        const SweepCommand& command = spec.commands[c];
        const std::int64_t slots =
            command.kind == CommandKind::Simulate ? std::int64_t(command.seeds.size()) : 1;
        if (within < slots) {
            task.command = c;
            if (command.kind == CommandKind::Simulate)
                task.seed = command.seeds[std::size_t(within)];
            return task;
        }
        within -= slots;
    }
    return task;
}

std::vector<bj::value> pointValues(const SweepSpec& spec, std::int64_t point)
{
    std::vector<bj::value> values(spec.inputs.size());
    if (spec.combine == Combine::Zip) {
        for (std::size_t i = 0; i < spec.inputs.size(); ++i)
            values[i] = spec.inputs[i].values[std::size_t(point)];
        return values;
    }
    // Grid: the last input varies fastest.
    std::int64_t rest = point;
    for (std::size_t i = spec.inputs.size(); i-- > 0;) {
        const auto size = std::int64_t(spec.inputs[i].values.size());
        values[i] = spec.inputs[i].values[std::size_t(rest % size)];
        rest /= size;
    }
    return values;
}

int chunkFor(std::int64_t tasks, double taskSeconds, std::int64_t maxElements,
             double minElementSeconds)
{
    if (tasks <= 0)
        return 1;
    const std::int64_t bySize = (tasks + maxElements - 1) / maxElements;
    const std::int64_t byTime =
        taskSeconds > 0 ? std::int64_t(std::ceil(minElementSeconds / taskSeconds)) : 1;
    return int(std::clamp<std::int64_t>(std::max(bySize, byTime), 1,
                                        std::min<std::int64_t>(tasks, 1'000'000)));
}

std::string indexRanges(const std::vector<std::int64_t>& indices, std::size_t maxRanges)
{
    std::string text;
    std::size_t ranges = 0;
    for (std::size_t i = 0; i < indices.size();) {
        std::size_t j = i;
        while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1)
            ++j;
        if (ranges == maxRanges) {
            text += ", … (" + std::to_string(indices.size()) + " in all)";
            break;
        }
        text += (text.empty() ? "" : ", ") + std::to_string(indices[i]) +
                (j > i ? "-" + std::to_string(indices[j]) : "");
        ++ranges;
        i = j + 1;
    }
    return text;
}

} // namespace fleet::sweep
