#include "pack_command.h"

#include "cli_support.h"
#include "engine/evaluate.h"
#include "io/json_pointer.h"
#include "pack/project_trace.h"
#include "project_commands.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"

#include <QCommandLineParser>

#include <boost/json.hpp>

#include <atomic>
#include <chrono>
#include <thread>

namespace fleet::cli {

namespace {

const QString kPackCommand = QStringLiteral("pack");

/// "42" or "42-51" → the seeds; nullopt (with the message printed) otherwise.
std::optional<std::vector<std::uint64_t>> parseSeeds(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char('-'));
    bool okA = false, okB = true;
    const qulonglong from = parts.value(0).toULongLong(&okA);
    const qulonglong to = parts.size() == 2 ? parts[1].toULongLong(&okB) : from;
    if (parts.size() > 2 || !okA || !okB || to < from || to - from >= 1000) {
        printErr(QStringLiteral("fleetplanner-cli pack: --seeds must be S or FROM-TO with FROM ≤ "
                                "TO and at most 1000 seeds; got '%1'\n")
                     .arg(text));
        return std::nullopt;
    }
    std::vector<std::uint64_t> seeds;
    for (qulonglong s = from; s <= to; ++s)
        seeds.push_back(s);
    return seeds;
}

std::optional<pack::ColumnMap> columnsOption(const QCommandLineParser& parser, const QString& name,
                                             const pack::ColumnMap& defaults)
{
    if (!parser.isSet(name))
        return defaults;
    auto map = pack::parseColumnMap(parser.value(name).toStdString(), defaults);
    if (!map) {
        printErr(QStringLiteral("fleetplanner-cli pack: --%1: %2\n")
                     .arg(name, QString::fromStdString(map.error().toString())));
        return std::nullopt;
    }
    return map.value();
}

double mean(const std::vector<double>& values)
{
    double sum = 0;
    for (double v : values)
        sum += v;
    return values.empty() ? 0 : sum / double(values.size());
}

} // namespace

int runPackCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Replay a pod list on a node list under packing policies, as the ATC'23 paper on GPU\n"
        "fragmentation does: pods in a seeded random order, inflated to --load of the cluster's\n"
        "GPU capacity, each placed once or skipped. Reports the GPUs left unallocated."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("nodes"), QStringLiteral("Node list (CSV)."), QStringLiteral("FILE")},
        {QStringLiteral("pods"), QStringLiteral("Pod list (CSV)."), QStringLiteral("FILE")},
        {QStringLiteral("policy"),
         QStringLiteral("random, best_fit, gpu_packing, dot_product, gpu_clustering, fgd, or a "
                        "comma-separated list (default: all)."),
         QStringLiteral("P")},
        {QStringLiteral("load"),
         QStringLiteral("Arrived GPU requests ÷ cluster GPU capacity at the end (default 1.3)."),
         QStringLiteral("L")},
        {QStringLiteral("seeds"), QStringLiteral("S or FROM-TO (default 42)."),
         QStringLiteral("SEEDS")},
        {QStringLiteral("node-columns"),
         QStringLiteral("Generic CSV: FIELD=COLUMN,… for name, cpu_milli, memory_mib, gpus, "
                        "model."),
         QStringLiteral("MAP")},
        {QStringLiteral("pod-columns"),
         QStringLiteral("Generic CSV: FIELD=COLUMN,… for name, cpu_milli, memory_mib, num_gpu, "
                        "gpu_milli, gpu_spec."),
         QStringLiteral("MAP")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
        {QStringLiteral("scenario"), QStringLiteral("Apply this scenario of PROJECT first."),
         QStringLiteral("NAME")},
        {QStringLiteral("apply"),
         QStringLiteral("Write PROJECT with its shared-GPU packing efficiency set to what the best "
                        "policy replayed measured (-o FILE).")},
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("With --apply: the project to write (.fleetplan or .fleetplan.json)."),
         QStringLiteral("FILE")},
    });
    parser.addPositionalArgument(
        QStringLiteral("PROJECT"),
        QStringLiteral("A project: without --nodes/--pods its own fractional and time-sliced work "
                       "is replayed; with --apply it receives the measured efficiency."));
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    const bool fromTrace =
        parser.isSet(QStringLiteral("nodes")) || parser.isSet(QStringLiteral("pods"));
    const bool hasProject = !parser.positionalArguments().isEmpty();
    if (fromTrace)
        for (const char* required : {"nodes", "pods"})
            if (!parser.isSet(QLatin1String(required))) {
                printErr(QStringLiteral("fleetplanner-cli pack: --%1 FILE is required with --%2\n")
                             .arg(QLatin1String(required),
                                  QLatin1String(std::string_view(required) == "nodes" ? "pods"
                                                                                      : "nodes")));
                return UserError;
            }
    if (!fromTrace && !hasProject) {
        printErr(QStringLiteral("fleetplanner-cli pack: give --nodes FILE --pods FILE (a cluster's "
                                "lists), or a PROJECT whose shared-GPU work is replayed\n"));
        return UserError;
    }
    if (parser.isSet(QStringLiteral("apply")) &&
        (!hasProject || !parser.isSet(QStringLiteral("output")))) {
        printErr(QStringLiteral("fleetplanner-cli pack: --apply needs PROJECT and -o FILE\n"));
        return UserError;
    }
    std::optional<Project> project;
    if (hasProject) {
        project = loadProjectArgument(parser, QStringLiteral("pack"), &exitCode);
        if (!project)
            return exitCode;
    }
    double load = 1.3;
    if (!numberOption(parser, kPackCommand, QStringLiteral("load"), 0, 10, false, false, &load))
        return UserError;
    const auto seeds = parseSeeds(
        parser.isSet(QStringLiteral("seeds")) ? parser.value(QStringLiteral("seeds")) : "42");
    if (!seeds)
        return UserError;
    std::vector<pack::Policy> policies = pack::allPolicies();
    if (parser.isSet(QStringLiteral("policy"))) {
        policies.clear();
        for (const QString& key : parser.value(QStringLiteral("policy")).split(QLatin1Char(','))) {
            const auto policy = pack::policyFromKey(key.trimmed().toStdString());
            if (!policy) {
                printErr(QStringLiteral("fleetplanner-cli pack: --policy must be random, best_fit, "
                                        "gpu_packing, dot_product, gpu_clustering or fgd; got "
                                        "'%1'\n")
                             .arg(key));
                return UserError;
            }
            policies.push_back(*policy);
        }
    }
    const auto nodeColumns =
        columnsOption(parser, QStringLiteral("node-columns"), pack::openbNodeColumns());
    const auto podColumns =
        columnsOption(parser, QStringLiteral("pod-columns"), pack::openbPodColumns());
    if (!nodeColumns || !podColumns)
        return UserError;
    Result<std::vector<pack::Node>> nodes = std::vector<pack::Node>{};
    Result<std::vector<pack::Pod>> pods = std::vector<pack::Pod>{};
    QString source;
    if (fromTrace) {
        nodes = pack::loadNodes(parser.value(QStringLiteral("nodes")).toStdString(), *nodeColumns);
        pods = pack::loadPods(parser.value(QStringLiteral("pods")).toStdString(), *podColumns);
        for (const auto* problem :
             {nodes ? nullptr : &nodes.error(), pods ? nullptr : &pods.error()})
            if (problem) {
                printErr(QStringLiteral("fleetplanner-cli pack: %1\n")
                             .arg(QString::fromStdString(problem->toString())));
                return UserError;
            }
        source =
            QStringLiteral("pods %1 on nodes %2")
                .arg(parser.value(QStringLiteral("pods")), parser.value(QStringLiteral("nodes")));
    } else {
        pack::Trace trace = pack::projectTrace(*project, evaluate(*project));
        if (trace.pods.empty()) {
            printErr(QStringLiteral("fleetplanner-cli pack: %1 runs no work on fractional or "
                                    "time-sliced GPUs: there is nothing to pack\n")
                         .arg(QString::fromStdString(project->name)));
            return UserError;
        }
        nodes = std::move(trace.nodes);
        pods = std::move(trace.pods);
        source = QStringLiteral("the project's own fractional and time-sliced work");
    }

    if (auto check = pack::checkReplay(nodes.value(), pods.value(), {load, 42}); !check) {
        printErr(QStringLiteral("fleetplanner-cli pack: %1\n")
                     .arg(QString::fromStdString(check.error().messages())));
        return UserError;
    }
    // Every (policy, seed) run is independent: threads decide who runs it, not what it is.
    const auto started = std::chrono::steady_clock::now();
    const std::size_t runs = policies.size() * seeds->size();
    std::vector<pack::ReplayResult> results(runs);
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i = next++; i < runs; i = next++)
            // checkReplay() above passed: no run is refused.
            results[i] = pack::replay(nodes.value(), pods.value(), policies[i / seeds->size()],
                                      {load, (*seeds)[i % seeds->size()]})
                             .value();
    };
    std::vector<std::thread> pool;
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    for (unsigned t = 1; t < std::min<std::size_t>(threads, runs); ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& thread : pool)
        thread.join();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    boost::json::array out;
    QString text = QStringLiteral("%1 nodes, %2 GPUs; %3 pods inflated to %4 % of GPU capacity, "
                                  "seeds %5\n  policy           unallocated GPUs at %4 %   at 100 %"
                                  "   failed pods\n")
                       .arg(nodes.value().size())
                       .arg(results.front().totalGpus)
                       .arg(pods.value().size())
                       .arg(load * 100, 0, 'f', 0)
                       .arg(seeds->size() == 1
                                ? QString::number(seeds->front())
                                : QStringLiteral("%1–%2").arg(seeds->front()).arg(seeds->back()));
    for (std::size_t p = 0; p < policies.size(); ++p) {
        boost::json::array runList;
        std::vector<double> unallocated, at100, failed;
        std::vector<double> curve;
        for (std::size_t s = 0; s < seeds->size(); ++s) {
            const pack::ReplayResult& r = results[p * seeds->size() + s];
            boost::json::object byShape;
            for (const auto& [shape, count] : r.failedByShape)
                byShape[shape] = count;
            runList.push_back(
                boost::json::object{{"seed", r.seed},
                                    {"unallocated_gpu_pct", r.unallocatedGpuPct()},
                                    {"unallocated_gpus", r.unallocatedGpusAtTarget()},
                                    {"unallocated_gpu_pct_at_100", 100.0 - r.allocatedPctAt100},
                                    {"failed_pods", r.failedPods},
                                    {"failed_by_shape", std::move(byShape)},
                                    {"seconds", r.seconds}});
            unallocated.push_back(r.unallocatedGpuPct());
            at100.push_back(100.0 - r.allocatedPctAt100);
            failed.push_back(double(r.failedPods));
            curve.resize(r.allocatedPctByArrivedPct.size(), 0.0);
            for (std::size_t k = 0; k < curve.size(); ++k)
                curve[k] += r.allocatedPctByArrivedPct[k] / double(seeds->size());
        }
        const pack::ReplayResult& first = results[p * seeds->size()];
        boost::json::array fragmentation;
        for (const pack::ModelFragmentation& f : first.fragmentation)
            fragmentation.push_back(boost::json::object{{"model", f.model},
                                                        {"nodes", f.nodes},
                                                        {"idle_gpus", f.idleGpus},
                                                        {"fragmented_gpus", f.fragmentedGpus}});
        boost::json::array curveJson;
        for (double v : curve)
            curveJson.push_back(v);
        out.push_back(
            boost::json::object{{"policy", std::string(pack::policyKey(policies[p]))},
                                {"runs", std::move(runList)},
                                {"mean_unallocated_gpu_pct", mean(unallocated)},
                                {"mean_unallocated_gpu_pct_at_100", mean(at100)},
                                {"mean_failed_pods", mean(failed)},
                                {"allocated_gpu_pct_by_arrived_pct", std::move(curveJson)},
                                {"fragmentation_first_seed", std::move(fragmentation)}});
        text += QStringLiteral("  %1 %2 % (%3 GPUs)   %4 %   %5\n")
                    .arg(QString::fromUtf8(pack::policyKey(policies[p]).data()).leftJustified(15))
                    .arg(mean(unallocated), 6, 'f', 2)
                    .arg(mean(unallocated) * first.totalGpus / 100.0, 5, 'f', 0)
                    .arg(mean(at100), 6, 'f', 2)
                    .arg(mean(failed), 0, 'f', 0);
    }
    if (parser.isSet(QStringLiteral("apply"))) {
        std::vector<pack::PolicyAllocation> allocations;
        for (std::size_t p = 0; p < policies.size(); ++p) {
            double allocated = 0;
            for (std::size_t s = 0; s < seeds->size(); ++s)
                allocated +=
                    results[p * seeds->size() + s].allocatedPctAt100 / double(seeds->size());
            allocations.push_back({policies[p], allocated});
        }
        // policies is never empty: --policy refuses an unknown key, and the default is all.
        const pack::MeasuredEfficiency best = *pack::measuredEfficiency(allocations);
        const double efficiency = best.efficiency;
        boost::json::value document = projectToJson(*project);
        const std::string note = pack::noteWithMeasuredEfficiency(
            project->note, efficiency, best.policy, "by fleetplanner-cli pack",
            source.toStdString(), load, int(seeds->size()));
        auto set = json::setAtPointer(document, "/assumptions/shared_packing_efficiency",
                                      boost::json::value(efficiency), true);
        if (set)
            set = json::setAtPointer(document, "/note", boost::json::value(note));
        auto measured =
            set ? parseProjectValue(document, project->name) : Result<Project>(set.error());
        if (!measured) {
            printErr(QStringLiteral("fleetplanner-cli pack: the measured efficiency %1 was "
                                    "refused: %2\n")
                         .arg(efficiency)
                         .arg(QString::fromStdString(measured.error().toString())));
            return UserError;
        }
        printOut(text + QStringLiteral("Shared-GPU packing efficiency measured: %1 (was %2, "
                                       "assumed)\n")
                            .arg(efficiency, 0, 'f', 3)
                            .arg(project->assumptions.sharedPackingEfficiency, 0, 'f', 3));
        return writeProject(QStringLiteral("pack"), measured.value(),
                            parser.value(QStringLiteral("output")));
    }
    if (parser.isSet(QStringLiteral("json"))) {
        boost::json::object root{{"load", load},
                                 {"nodes", nodes.value().size()},
                                 {"pods", pods.value().size()},
                                 {"gpus", results.front().totalGpus},
                                 {"seconds", seconds}};
        if (out.size() == 1) {
            for (auto& [key, value] : out.front().as_object())
                root[key] = value;
        } else {
            root["policies"] = std::move(out);
        }
        printJson(root);
        return Ok;
    }
    printOut(text + QStringLiteral("%1 runs in %2 s\n").arg(runs).arg(seconds, 0, 'f', 2));
    return Ok;
}

} // namespace fleet::cli
