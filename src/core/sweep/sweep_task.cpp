#include "sweep/sweep_task.h"

#include "engine/evaluate.h"
#include "io/atomic_file.h"
#include "io/json_reader.h"
#include "io/json_writer.h"
#include "optimize/regime_mix.h"
#include "optimize/regime_mix_json.h"
#include "simulate/measured_ceiling.h"
#include "simulate/planned_ceiling.h"
#include "simulate/project_jobs.h"
#include "store/catalog_loader.h"
#include "store/evaluation_export.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "util/calendar_month.h"

#include <boost/json.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <mutex>
#include <sys/resource.h>
#include <thread>

namespace fleet::sweep {

namespace bj = boost::json;

namespace {

/// The id of the scenario a point is applied as: it names the point in the
/// reader's messages ("scenario \"sweep-point\": …").
constexpr const char* kPointScenario = "sweep-point";

/// A number as the result keeps it: finite, or null.
bj::value sweepFigure(const bj::value& value)
{
    if (value.is_number()) {
        const double number = value.to_number<double>();
        return std::isfinite(number) ? bj::value(number) : bj::value(nullptr);
    }
    return nullptr;
}

bj::value optionalSweepFigure(const std::optional<double>& value)
{
    return value && std::isfinite(*value) ? bj::value(*value) : bj::value(nullptr);
}

/// The project at `point`: the base document with one scenario holding the
/// start scenario's overrides and then the point's, applied by the project
/// reader as it applies any scenario.
Result<Project> pointProject(const SweepSpec& spec, const SweepBase& base, std::int64_t point)
{
    bj::array overrides = base.baseOverrides;
    const std::vector<bj::value> values = pointValues(spec, point);
    for (std::size_t i = 0; i < spec.inputs.size(); ++i)
        overrides.push_back(bj::object{{"path", spec.inputs[i].path}, {"value", values[i]}});
    bj::value document = base.document;
    document.as_object()["scenarios"] =
        bj::array{bj::object{{"id", kPointScenario},
                             {"name", "sweep point " + std::to_string(point)},
                             {"overrides", std::move(overrides)}}};
    return parseProjectValue(document, base.projectFile, kPointScenario);
}

/// The outputs `command` keeps, from the object its JSON holds them in.
bj::object keptOutputs(const SweepCommand& command, const bj::object& figures)
{
    bj::object kept;
    for (const std::string& name : command.outputs) {
        const bj::value* value = figures.if_contains(name);
        kept[name] = value ? sweepFigure(*value) : bj::value(nullptr);
    }
    return kept;
}

/// The evaluation's months as a task keeps them (monthlyOutputs): each
/// series one array over the horizon, under the months' names.
bj::object monthSeries(const Project& project, const Evaluation& evaluation)
{
    bj::array names, cost, held, paid, utilization;
    const std::vector<GpuCountMonth>& counts = evaluation.gpus.months;
    const std::size_t months = std::max(evaluation.kpis.monthlyCostUsd.size(), counts.size());
    for (std::size_t m = 0; m < months; ++m) {
        const std::string calendar = calendarMonth(project.startMonth, int(m) + 1);
        names.push_back(bj::string(calendar.empty() ? "M" + std::to_string(m + 1) : calendar));
        cost.push_back(m < evaluation.kpis.monthlyCostUsd.size()
                           ? sweepFigure(evaluation.kpis.monthlyCostUsd[m])
                           : bj::value(nullptr));
        const GpuCountMonth* month = m < counts.size() ? &counts[m] : nullptr;
        held.push_back(month ? sweepFigure(month->held) : bj::value(nullptr));
        paid.push_back(month ? sweepFigure(month->paid) : bj::value(nullptr));
        // busy ÷ paid, as the utilization KPI over the horizon; none when nothing is paid.
        utilization.push_back(month && month->paid > 0 ? sweepFigure(month->busy / month->paid)
                                                       : bj::value(nullptr));
    }
    return bj::object{{"month", std::move(names)},
                      {"cost_usd", std::move(cost)},
                      {"gpus_held", std::move(held)},
                      {"gpus_paid", std::move(paid)},
                      {"utilization", std::move(utilization)}};
}

/// Runs `command` on `project`: the outputs kept, and into `months` (when the
/// command keeps any: monthlyOutputs) its series per month.
Result<bj::object> runCommand(const SweepCommand& command, const Project& project,
                              const Project& stated, std::optional<std::uint64_t> seed,
                              bj::object* months)
{
    // Evaluated and solved on the ceiling evaluate and solve plan a scenario
    // on; simulated as measure-ceiling simulates (the project as it states).
    const auto planned = [&] {
        return onPlannedCeiling(project, plannedCeiling(project, &stated));
    };
    switch (command.kind) {
    case CommandKind::Evaluate: {
        const Project onCeiling = planned();
        const Evaluation evaluation = evaluate(onCeiling);
        const bj::object json = evaluationToJson(onCeiling, evaluation, {});
        *months = monthSeries(onCeiling, evaluation);
        return keptOutputs(command, json.at("kpis").as_object());
    }
    case CommandKind::Solve: {
        OptimizeOptions options;
        options.objective = command.marginObjective ? Objective::Margin : Objective::Cost;
        options.solve.timeLimitSeconds = command.timeLimitSeconds;
        options.solve.relativeGap = command.relativeGap;
        const Project onCeiling = planned();
        auto solved = optimizeRegimeMix(onCeiling, options);
        if (!solved)
            return solved.error();
        // No plan is an answer, not a cost of 0: the task says why (the
        // reasons `solve` prints), and its row holds no outputs.
        if (solved.value().assignments.empty() && !project.workloads.empty()) {
            std::string why = "the solve found no plan (" +
                              std::string(solveStatusKey(solved.value().status)) + ")";
            for (const std::string& reason : solved.value().reasons)
                why += "; " + reason;
            return Error(why);
        }
        return keptOutputs(command, regimeMixResultToJson(solved.value(), options.objective));
    }
    case CommandKind::Simulate: {
        const Evaluation evaluation = evaluate(project);
        const ProjectCluster cluster = projectCluster(project, evaluation);
        if (cluster.nominalLoad <= 0)
            return Error("the project has no training or batch work to simulate");
        const PlacementPolicy policy = command.policy.empty()
                                           ? placementPolicyOf(project.scheduler.policy)
                                           : *placementPolicyFromKey(command.policy);
        const Frontier frontier = projectFrontier(project, evaluation, cluster, policy,
                                                  command.loads, command.days, seed.value_or(42));
        const bj::object figures{
            {"knee_load", optionalSweepFigure(frontier.kneeLoad)},
            {"knee_utilization", optionalSweepFigure(frontier.kneeUtilization)},
            {"nominal_load", cluster.nominalLoad},
            {"job_gpus", double(cluster.shape.nodes) * cluster.shape.gpusPerNode},
            {"simulated_gpus", frontier.simulatedGpus},
            {"simulated_share", frontier.simulatedShare},
            {"simulated_days", frontier.simulatedDays}};
        return keptOutputs(command, figures);
    }
    }
    return Error("unknown command");
}

} // namespace

Result<SweepBase> loadSweepBase(const SweepSpec& spec)
{
    auto project = loadProject(spec.projectPath);
    if (!project) {
        std::vector<Issue> issues{Issue{
            spec.file, "/project", {}, "the project \"" + spec.projectPath + "\" cannot be used:"}};
        for (const Issue& issue : project.error().issues)
            issues.push_back(issue);
        return Error(std::move(issues));
    }
    SweepBase base;
    base.projectFile = spec.projectPath;
    if (!spec.scenario.empty()) {
        const Scenario* scenario = project.value().scenario(spec.scenario);
        if (!scenario) {
            std::string known;
            for (const Scenario& s : project.value().scenarios)
                known += (known.empty() ? "" : ", ") + s.id;
            return Error({Issue{spec.file,
                                "/scenario",
                                {},
                                "must name a scenario of the project; no \"" + spec.scenario +
                                    "\"" + (known.empty() ? "" : " (known: " + known + ")")}});
        }
        for (const ScenarioOverride& o : scenario->overrides)
            base.baseOverrides.push_back(
                bj::object{{"path", o.path}, {"value", bj::parse(o.valueJson)}});
    }
    bj::object document = projectToJson(project.value());
    document.erase("scenarios");
    base.document = std::move(document);
    base.stated = project.value();
    // Every input's path must name a field the project has (by row id), as a
    // scenario's must: checked once here, not found out task by task.
    std::vector<Issue> issues;
    if (spec.points > 0) {
        for (std::size_t i = 0; i < spec.inputs.size(); ++i) {
            bj::array one = base.baseOverrides;
            one.push_back(bj::object{{"path", spec.inputs[i].path},
                                     {"value", spec.inputs[i].values.front()}});
            bj::value probeDocument = base.document;
            probeDocument.as_object()["scenarios"] = bj::array{
                bj::object{{"id", kPointScenario}, {"name", "probe"}, {"overrides", one}}};
            auto probed = parseProjectValue(probeDocument, base.projectFile, kPointScenario);
            if (!probed)
                issues.push_back(Issue{spec.file,
                                       json::pointer(json::pointer("/inputs", i), "path"),
                                       {},
                                       "does not apply to the project (its first value, as a "
                                       "scenario override): " +
                                           probed.error().messages()});
        }
    }
    if (!issues.empty())
        return Error(std::move(issues));
    return base;
}

bj::object runTask(const SweepSpec& spec, const SweepBase& base, std::int64_t index)
{
    const TaskRef task = taskAt(spec, index);
    const SweepCommand& command = spec.commands[task.command];
    bj::array inputs;
    for (bj::value& value : pointValues(spec, task.point))
        inputs.push_back(std::move(value));
    bj::object result{{"format", "fleetplanner-sweep-task"},
                      {"sweep", spec.digest},
                      {"index", index},
                      {"point", task.point},
                      {"command", command.id},
                      {"seed", task.seed ? bj::value(*task.seed) : bj::value(nullptr)},
                      {"inputs", std::move(inputs)}};
    std::string error;
    try {
        auto project = pointProject(spec, base, task.point);
        if (!project) {
            error = project.error().messages();
        } else {
            bj::object months;
            auto outputs = runCommand(command, project.value(), base.stated, task.seed, &months);
            if (outputs) {
                result["outputs"] = std::move(outputs).value();
                if (!monthlyOutputs(command.kind).empty())
                    result["months"] = std::move(months);
            } else
                error = outputs.error().messages();
        }
    } catch (const std::exception& e) {
        error = std::string("the task failed: ") + e.what();
    }
    result["status"] = error.empty() ? "ok" : "failed";
    if (!error.empty()) {
        result["outputs"] = nullptr;
        result["error"] = error;
    }
    return result;
}

std::string taskResultPath(const std::string& outDir, std::int64_t index)
{
    char name[40];
    std::snprintf(name, sizeof name, "task-%07lld.json", static_cast<long long>(index));
    return (std::filesystem::path(outDir) / "tasks" / name).string();
}

Result<bool> writeTaskResult(const std::string& outDir, const bj::object& result)
{
    const std::int64_t index = result.at("index").to_number<std::int64_t>();
    const std::string path = taskResultPath(outDir, index);
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    if (ec)
        return Error({Issue{path, {}, {}, "its folder cannot be made: " + ec.message()}});
    return writeFileAtomically(path, json::toPrettyString(result) + "\n");
}

bool taskFinished(const SweepSpec& spec, const std::string& outDir, std::int64_t index)
{
    const std::string path = taskResultPath(outDir, index);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return false;
    auto text = readTextFile(path, 1u << 20);
    if (!text)
        return false;
    auto parsed = json::parse(text.value(), path);
    if (!parsed || !parsed.value().is_object())
        return false;
    const bj::object& result = parsed.value().get_object();
    const bj::value* sweep = result.if_contains("sweep");
    const bj::value* status = result.if_contains("status");
    const bj::value* at = result.if_contains("index");
    return sweep && sweep->is_string() && sweep->get_string() == spec.digest && status &&
           status->is_string() && status->get_string() == "ok" && at && at->is_int64() &&
           at->get_int64() == index;
}

double processCpuSeconds()
{
    // This process's threads, and the children it has waited for (CBC's
    // branch and bound runs in one: optimize/milp.cpp).
    double seconds = 0;
    for (const int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
        rusage usage{};
        if (getrusage(who, &usage) == 0)
            seconds += double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                       double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
    }
    return seconds;
}

LocalRunReport runTasks(const SweepSpec& spec, const SweepBase& base, const std::string& outDir,
                        std::int64_t first, std::int64_t count, int threads,
                        const std::function<void(std::int64_t done)>& progress,
                        const std::atomic<bool>* stop)
{
    LocalRunReport report;
    const std::int64_t end = std::min(first + count, spec.taskCount());
    std::atomic<std::int64_t> next{first};
    std::atomic<std::int64_t> done{0}, ran{0}, skipped{0}, failed{0};
    std::mutex errors;
    const auto work = [&] {
        for (;;) {
            if (stop && stop->load())
                return;
            const std::int64_t index = next++;
            if (index >= end)
                return;
            if (taskFinished(spec, outDir, index)) {
                ++skipped;
            } else {
                const bj::object result = runTask(spec, base, index);
                if (result.at("status").as_string() != "ok")
                    ++failed;
                ++ran;
                auto written = writeTaskResult(outDir, result);
                if (!written) {
                    const std::lock_guard<std::mutex> lock(errors);
                    report.writeErrors.push_back(written.error().toString());
                }
            }
            if (progress)
                progress(++done);
        }
    };
    const int workers =
        int(std::clamp<std::int64_t>(threads, 1, std::max<std::int64_t>(1, end - first)));
    std::vector<std::thread> pool;
    for (int i = 1; i < workers; ++i)
        pool.emplace_back(work);
    work();
    for (std::thread& thread : pool)
        thread.join();
    report.ran = ran;
    report.skipped = skipped;
    report.failed = failed;
    return report;
}

} // namespace fleet::sweep
