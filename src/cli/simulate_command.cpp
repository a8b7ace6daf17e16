#include "simulate_command.h"

#include "cli_support.h"
#include "engine/evaluate.h"
#include "knee_seeds_option.h"
#include "metering_text.h"
#include "project_commands.h"
#include "simulate/cluster_mix.h"
#include "simulate/cluster_simulator.h"
#include "simulate/frontier.h"
#include "simulate/knee_spread.h"
#include "simulate/measured_ceiling.h"
#include "simulate/project_jobs.h"
#include "simulate/project_knee.h"
#include "simulate_knee_text.h"
#include "simulate_tenants.h"

#include <QDateTime>

#include <boost/json.hpp>

#include <cmath>

namespace fleet::cli {

namespace {

const QString kSimulateCommand = QStringLiteral("simulate");

/// FROM:TO:STEP → the loads, or nullopt with the message printed.
std::optional<std::vector<double>> parseLoads(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    bool ok = parts.size() == 3;
    const double from = ok ? parts[0].toDouble(&ok) : 0;
    const double to = ok ? parts[1].toDouble(&ok) : 0;
    const double step = ok ? parts[2].toDouble(&ok) : 0;
    if (!ok || from <= 0 || to < from || to > 10 || step <= 0 || (to - from) / step > 1000) {
        printErr(
            QStringLiteral(
                "fleetplanner-cli simulate: --loads must be FROM:TO:STEP with 0 < FROM ≤ TO ≤ 10, "
                "STEP > 0 and at most 1,000 points; got '%1'\n")
                .arg(text));
        return std::nullopt;
    }
    std::vector<double> loads;
    for (int i = 0; from + i * step <= to + 1e-9; ++i)
        loads.push_back(from + i * step);
    return loads;
}

constexpr const char* kKneeRule =
    "first load at which the jobs that fit a node, or the multi-node gangs, wait on average "
    "longer than they run (wait_to_run > 1), interpolated";

boost::json::object pointJson(const FrontierPoint& point)
{
    const SimulationResult& r = point.result;
    const auto waitClass = [](const WaitClass& c) {
        return boost::json::object{{"jobs", c.jobs},
                                   {"mean_wait_hours", c.meanWaitHours},
                                   {"mean_run_hours", c.meanRunHours}};
    };
    return boost::json::object{
        {"load", point.load},
        {"utilization", r.utilization},
        {"delivered_load", r.utilization},
        {"useful_utilization", r.usefulUtilization},
        {"throughput_jobs_per_week", r.throughputJobsPerWeek},
        {"mean_wait_hours", r.meanWaitHours},
        {"p95_wait_hours", r.p95WaitHours},
        {"wait_to_run", r.waitToRun},
        {"node_jobs", waitClass(r.nodeJobs)},
        {"gangs", waitClass(r.gangs)},
        {"planned_runs",
         boost::json::object{{"runs", r.planned.jobs},
                             {"mean_start_delay_hours", r.planned.meanStartDelayHours},
                             {"max_start_delay_hours", r.planned.maxStartDelayHours}}},
        {"completed_jobs", r.completedJobs},
        {"split_gangs", r.splitGangs},
        {"preemptions", r.preemptions},
        {"gpu_hours_lost", r.gpuHoursLost}};
}

boost::json::value optionalJson(const std::optional<double>& v)
{
    return v ? boost::json::value(*v) : boost::json::value(nullptr);
}

/// The mix --mix names, or nullopt with the reason printed.
std::optional<ClusterMix> findMix(const QCommandLineParser& parser)
{
    const QString id = parser.value(QStringLiteral("mix"));
    if (parser.isSet(QStringLiteral("job-gpus")) || parser.isSet(QStringLiteral("job-slices")) ||
        parser.isSet(QStringLiteral("mean-hours"))) {
        printErr(QStringLiteral("fleetplanner-cli simulate: --mix sets the jobs' GPUs and run "
                                "times; it goes without --job-gpus, --job-slices and "
                                "--mean-hours\n"));
        return std::nullopt;
    }
    const auto mixes = builtinClusterMixes();
    if (!mixes) {
        printErr(QStringLiteral("fleetplanner-cli simulate: %1\n")
                     .arg(QString::fromStdString(mixes.error().messages())));
        return std::nullopt;
    }
    QStringList known;
    for (const ClusterMix& mix : mixes.value()) {
        if (QString::fromStdString(mix.id) == id)
            return mix;
        known << QString::fromStdString(mix.id);
    }
    printErr(QStringLiteral("fleetplanner-cli simulate: --mix must be one of %1; got '%2'\n")
                 .arg(known.join(QStringLiteral(", ")), id));
    return std::nullopt;
}

int runSweep(const QCommandLineParser& parser, const ClusterShape& cluster, PlacementPolicy policy,
             const JobSource& source, std::uint64_t seed)
{
    const auto loads = parseLoads(parser.value(QStringLiteral("loads")));
    if (!loads)
        return UserError;
    const Frontier frontier = sweepFrontier(cluster, policy, source, *loads, seed);
    boost::json::array points;
    for (const FrontierPoint& point : frontier.points)
        points.push_back(pointJson(point));
    boost::json::object out{{"policy", std::string(placementPolicyKey(policy))},
                            {"knee_rule", kKneeRule},
                            {"knee_load", optionalJson(frontier.kneeLoad)},
                            {"knee_utilization", optionalJson(frontier.kneeUtilization)},
                            {"knee_bound", kneeBoundJson(frontier)},
                            {"knee_load_text", kneeLoadText(frontier)},
                            {"delivered_load_tolerance", kDeliveredLoadTolerance},
                            {"points", std::move(points)}};
    if (parser.isSet(QStringLiteral("json"))) {
        printJson(out);
        return Ok;
    }
    QString text = QStringLiteral("%1: load, utilization, jobs/week, mean wait h, p95 wait h\n")
                       .arg(QString::fromUtf8(placementPolicyKey(policy).data()));
    for (const FrontierPoint& point : frontier.points)
        text += QStringLiteral("  %1  %2 %  %3  %4  %5\n")
                    .arg(point.load, 5, 'f', 2)
                    .arg(point.result.utilization * 100, 5, 'f', 1)
                    .arg(point.result.throughputJobsPerWeek, 8, 'f', 0)
                    .arg(point.result.meanWaitHours, 8, 'f', 3)
                    .arg(point.result.p95WaitHours, 8, 'f', 3);
    text += kneeSentence(frontier, frontier.kneeUtilization.value_or(0)) + QLatin1Char('\n') +
            deliveredLoadNote(frontier);
    printOut(text);
    return Ok;
}

/// What a project's frontier simulated, in words: all of it, or the slice
/// and days its job budget allowed, and why (project_jobs.h, simulationScope).
QString frontierSampling(const Frontier& frontier, const ProjectCluster& cluster, double days)
{
    const double gpus = double(cluster.shape.nodes) * cluster.shape.gpusPerNode;
    const QString budget =
        QStringLiteral("at most %L1 jobs a point").arg(kMaxSimulatedJobs, 0, 'f', 0);
    if (frontier.simulatedShare < 1.0)
        return QStringLiteral("Too large to simulate whole (%1, %L2 GPUs a point): simulated on "
                              "%3 of the %4 job GPUs (every node alike, arrivals thinned alike), "
                              "over %5 of the %6 days of arrivals asked (docs/MODEL.md)")
            .arg(budget)
            .arg(kMaxSimulatedGpus)
            .arg(frontier.simulatedGpus)
            .arg(gpus, 0, 'f', 0)
            .arg(frontier.simulatedDays, 0, 'f', 1)
            .arg(days, 0, 'f', 0);
    if (frontier.simulatedDays < days)
        return QStringLiteral("Too many jobs to simulate %1 days (%2): simulated over %3 days "
                              "of arrivals (docs/MODEL.md)")
            .arg(days, 0, 'f', 0)
            .arg(budget)
            .arg(frontier.simulatedDays, 0, 'f', 2);
    return QStringLiteral("Simulated whole: all %1 job GPUs over %2 days of arrivals")
        .arg(gpus, 0, 'f', 0)
        .arg(days, 0, 'f', 0);
}

/// `simulate PROJECT --apply -o OUT`: the knee of `frontier` written as its
/// policy's utilization ceiling (simulate/measured_ceiling.h), or the reason not.
int applyCeiling(const QCommandLineParser& parser, const Project& project,
                 const SeededFrontier& seeded, const std::vector<double>& loads, double days,
                 const QString& text)
{
    const auto measured = measuredCeiling(seeded.frontier);
    if (!measured) {
        printErr(text + QStringLiteral("fleetplanner-cli simulate: not applied: %1\n")
                            .arg(QString::fromStdString(measured.error().messages())));
        return UserError;
    }
    const CeilingProvenance provenance =
        seededProvenance("by fleetplanner-cli simulate",
                         QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate).toStdString(),
                         loads, days, seeded);
    const auto edited = applyFieldEdits(
        project, measuredCeilingEdits(project, measured.value(), provenance), project.name);
    if (!edited) {
        printErr(QStringLiteral("fleetplanner-cli simulate: the measured ceiling %1 was refused: "
                                "%2\n")
                     .arg(measured.value().ceiling)
                     .arg(QString::fromStdString(edited.error().toString())));
        return UserError;
    }
    const std::size_t index = static_cast<std::size_t>(measured.value().policy);
    printOut(text + QStringLiteral("Utilization ceiling of %1 measured: %2 (was %3%4)\n")
                        .arg(QString::fromUtf8(policyKey(measured.value().policy).data()))
                        .arg(measured.value().ceiling, 0, 'f', 3)
                        .arg(project.scheduler.utilizationCeiling[index], 0, 'f', 3)
                        .arg(project.scheduler.measuredUtilizationCeiling[index]
                                 ? QStringLiteral(", measured before")
                                 : QStringLiteral(", assumed")));
    return writeProject(kSimulateCommand, edited.value().project,
                        parser.value(QStringLiteral("output")));
}

/// `simulate PROJECT`: the project's training and batch work on the GPUs its
/// services and notebooks leave, swept over load, per policy.
int runProject(const QCommandLineParser& parser)
{
    int exitCode = Ok;
    const auto project = loadProjectArgument(parser, kSimulateCommand, &exitCode);
    if (!project)
        return exitCode;
    double days = kDefaultSimulationDays, seed = 42;
    int seedCount = kDefaultKneeSeeds;
    if (!numberOption(parser, kSimulateCommand, QStringLiteral("days"), 1, 3650, true, false,
                      &days) ||
        !numberOption(parser, kSimulateCommand, QStringLiteral("seed"), 0, 1e18, true, false,
                      &seed) ||
        !readKneeSeeds(parser, kSimulateCommand, &seedCount))
        return UserError;
    const bool planRuns = !parser.isSet(QStringLiteral("unplanned-runs"));
    std::optional<ClusterMix> mix;
    if (parser.isSet(QStringLiteral("mix"))) {
        mix = findMix(parser);
        if (!mix)
            return UserError;
    }
    const auto loads = parseLoads(parser.isSet(QStringLiteral("loads"))
                                      ? parser.value(QStringLiteral("loads"))
                                      : QString::fromLatin1(kDefaultProjectLoads));
    if (!loads)
        return UserError;
    const bool apply = parser.isSet(QStringLiteral("apply"));
    std::vector<PlacementPolicy> policies{PlacementPolicy::Naive, PlacementPolicy::TopologyAware,
                                          PlacementPolicy::PredictivePreemption};
    if (apply) // the project's own policy, unless --policy names another
        policies = {placementPolicyOf(project->scheduler.policy)};
    if (parser.isSet(QStringLiteral("policy"))) {
        const auto policy =
            placementPolicyFromKey(parser.value(QStringLiteral("policy")).toStdString());
        if (!policy) {
            printErr(QStringLiteral(
                         "fleetplanner-cli simulate: --policy must be fifo, naive, topology_aware, "
                         "predictive_preemption or weighted_fair; got '%1'\n")
                         .arg(parser.value(QStringLiteral("policy"))));
            return UserError;
        }
        policies = {*policy};
        if (apply && !schedulerPolicyOf(*policy)) {
            printErr(QStringLiteral("fleetplanner-cli simulate: --apply needs --policy naive, "
                                    "topology_aware or predictive_preemption (the engine has a "
                                    "utilization ceiling for those); got '%1'\n")
                         .arg(parser.value(QStringLiteral("policy"))));
            return UserError;
        }
    }
    // Per tenant: only a project that states tenants; metering options ask for it.
    const bool perTenant = !project->tenants.empty();
    const bool meteringAsked = parser.isSet(QStringLiteral("chargeback")) ||
                               parser.isSet(QStringLiteral("sla-wait-hours")) ||
                               parser.isSet(QStringLiteral("csv"));
    joblog::MeteringOptions metering;
    if (meteringAsked) {
        QString error = readMeteringOptions(parser, &metering);
        if (error.isEmpty() && !perTenant)
            error = QStringLiteral("--chargeback, --sla-wait-hours and --csv meter the project's "
                                   "tenants, and it states none (its tenants list is empty)");
        if (error.isEmpty() && parser.isSet(QStringLiteral("csv")) && policies.size() != 1)
            error = QStringLiteral("--csv writes one policy's metering: name it with --policy");
        if (!error.isEmpty()) {
            printErr(QStringLiteral("fleetplanner-cli simulate: %1\n").arg(error));
            return UserError;
        }
    } else if (perTenant) {
        const QString error = readMeteringOptions(parser, &metering); // the idle power
        if (!error.isEmpty()) {
            printErr(QStringLiteral("fleetplanner-cli simulate: %1\n").arg(error));
            return InternalError;
        }
    }
    const Evaluation evaluation = evaluate(*project);
    const ProjectCluster cluster = projectCluster(*project, evaluation);
    if (cluster.nominalLoad <= 0) {
        printErr(QStringLiteral(
            "fleetplanner-cli simulate: the project has no training or batch work to simulate\n"));
        return UserError;
    }
    boost::json::array results;
    QString text =
        QStringLiteral(
            "%1 GPUs for jobs (%2 held by services and notebooks); the project's own job "
            "load is %3 of them; mean run %4 h\n")
            .arg(cluster.shape.nodes * cluster.shape.gpusPerNode)
            .arg(cluster.reservedGpus)
            .arg(cluster.nominalLoad, 0, 'f', 3)
            .arg(cluster.meanRunHours, 0, 'f', 1);
    if (mix)
        text += QStringLiteral("Batch work as jobs of the %1 mix (same GPU-hours; docs/MODEL.md)\n")
                    .arg(QString::fromStdString(mix->label));
    std::optional<SeededFrontier> applied;
    for (PlacementPolicy policy : policies) {
        // The table is the first seed's; the knee reported is the median.
        const SeededFrontier seeded = seededProjectFrontier(
            *project, evaluation, cluster, policy, *loads, days, std::uint64_t(seed), seedCount,
            kMaxSimulatedJobs, planRuns, mix ? &*mix : nullptr);
        const Frontier& frontier = seeded.frontier;
        const KneeSpread& spread = seeded.spread;
        if (apply)
            applied = seeded;
        boost::json::array points;
        for (const FrontierPoint& point : frontier.points)
            points.push_back(pointJson(point));
        boost::json::array knees;
        for (const SeedKnee& knee : spread.knees)
            knees.push_back(
                boost::json::object{{"seed", knee.seed},
                                    {"knee_load", optionalJson(knee.load)},
                                    {"knee_utilization", optionalJson(knee.utilization)}});
        boost::json::object result{{"policy", std::string(placementPolicyKey(policy))},
                                   {"knee_load", optionalJson(frontier.kneeLoad)},
                                   {"knee_utilization", optionalJson(frontier.kneeUtilization)},
                                   {"knee_bound", kneeBoundJson(frontier)},
                                   {"knee_load_text", kneeLoadText(frontier)},
                                   {"simulated_gpus", frontier.simulatedGpus},
                                   {"simulated_share", frontier.simulatedShare},
                                   {"simulated_days", frontier.simulatedDays},
                                   {"knees", std::move(knees)},
                                   {"knee_utilization_low", optionalJson(spread.lowUtilization)},
                                   {"knee_utilization_high", optionalJson(spread.highUtilization)},
                                   {"points", std::move(points)}};
        std::optional<TenantReport> tenants;
        if (perTenant) {
            tenants = tenantReport(*project, evaluation, cluster, policy, days, std::uint64_t(seed),
                                   planRuns, mix ? &*mix : nullptr, metering);
            if (!tenants->metering && meteringAsked) {
                printErr(QStringLiteral("fleetplanner-cli simulate: %1\n")
                             .arg(QString::fromStdString(tenants->metering.error().toString())));
                return UserError;
            }
            if (parser.isSet(QStringLiteral("csv"))) {
                const QString error = writeMeteringCsv(tenants->metering.value(), parser);
                if (!error.isEmpty()) {
                    printErr(QStringLiteral("fleetplanner-cli simulate: %1\n").arg(error));
                    return UserError;
                }
            }
            result["tenants"] = std::move(tenants->json);
        }
        const QString sampling = frontierSampling(frontier, cluster, days);
        result["sampling"] = sampling.toStdString();
        results.push_back(std::move(result));
        if (policy == policies.front() &&
            (frontier.simulatedShare < 1.0 || frontier.simulatedDays < days))
            text += sampling + QLatin1Char('\n');
        text += QStringLiteral("\n%1 (seed %2)\n   load  busy %  useful %  jobs/week  mean wait h  "
                               "gang wait h  wait÷run  preemptions  run delay h\n")
                    .arg(QString::fromUtf8(placementPolicyKey(policy).data()))
                    .arg(std::uint64_t(seed));
        for (const FrontierPoint& point : frontier.points) {
            const SimulationResult& r = point.result;
            text += QStringLiteral("  %1  %2  %3  %4  %5  %6  %7  %8  %9\n")
                        .arg(point.load, 5, 'f', 2)
                        .arg(r.utilization * 100, 6, 'f', 1)
                        .arg(r.usefulUtilization * 100, 8, 'f', 1)
                        .arg(r.throughputJobsPerWeek, 9, 'f', 0)
                        .arg(r.meanWaitHours, 11, 'f', 1)
                        .arg(r.gangs.meanWaitHours, 11, 'f', 1)
                        .arg(r.waitToRun, 8, 'f', 2)
                        .arg(r.preemptions, 11)
                        .arg(r.planned.maxStartDelayHours, 11, 'f', 1);
        }
        text += kneeText(spread, frontier);
        if (tenants)
            text += tenants->text;
    }
    text += QStringLiteral("\nKnee: %1.\n").arg(QString::fromLatin1(kKneeRule));
    if (applied)
        return applyCeiling(parser, *project, *applied, *loads, days, text);
    if (parser.isSet(QStringLiteral("json"))) {
        printJson(boost::json::object{
            {"knee_rule", kKneeRule},
            {"gpus", cluster.shape.nodes * cluster.shape.gpusPerNode},
            {"reserved_gpus", cluster.reservedGpus},
            {"nominal_load", cluster.nominalLoad},
            {"mix", mix ? boost::json::value(mix->id) : boost::json::value(nullptr)},
            {"policies", std::move(results)}});
        return Ok;
    }
    printOut(text);
    return Ok;
}

} // namespace

int runSimulateCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Simulate a GPU cluster. Synthetic mode: Poisson arrivals of K-GPU jobs with exponential\n"
        "durations at an offered load (share of the cluster's GPU capacity). Project mode: the\n"
        "project's training and batch work swept over load, per policy, with each knee."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("synthetic"), QStringLiteral("Generate the jobs (required for now).")},
        {QStringLiteral("gpus"),
         QStringLiteral("GPUs in the cluster (a multiple of --gpus-per-node)."),
         QStringLiteral("C")},
        {QStringLiteral("gpus-per-node"), QStringLiteral("GPUs per node (default 8)."),
         QStringLiteral("G")},
        {QStringLiteral("slices-per-gpu"),
         QStringLiteral("Slices each GPU is cut into for fractional jobs (default 1; 7 for MIG)."),
         QStringLiteral("S")},
        {QStringLiteral("job-slices"),
         QStringLiteral("Fractional jobs: slices of one GPU per job (instead of --job-gpus)."),
         QStringLiteral("K")},
        {QStringLiteral("job-gpus"), QStringLiteral("GPUs per job (default 1)."),
         QStringLiteral("K")},
        {QStringLiteral("mean-hours"), QStringLiteral("Mean job duration in hours (default 1)."),
         QStringLiteral("H")},
        {QStringLiteral("load"), QStringLiteral("Offered load, a share of GPU capacity (0 < RHO)."),
         QStringLiteral("RHO")},
        {QStringLiteral("loads"),
         QStringLiteral("Sweep the load FROM:TO:STEP instead: the frontier and its knee (project "
                        "mode: default %1).")
             .arg(QString::fromLatin1(kDefaultProjectLoads)),
         QStringLiteral("FROM:TO:STEP")},
        {QStringLiteral("jobs"), QStringLiteral("Jobs to simulate (default 100000)."),
         QStringLiteral("N")},
        {QStringLiteral("policy"),
         QStringLiteral("fifo, naive, topology_aware, predictive_preemption or weighted_fair "
                        "(default fifo; weighted_fair shares by the project's tenants' weights; "
                        "without tenants it is topology_aware)."),
         QStringLiteral("P")},
        {QStringLiteral("seed"), QStringLiteral("Random seed (default 42)."), QStringLiteral("S")},
        {QStringLiteral("days"),
         QStringLiteral("Project mode: days of arrivals (default %1).").arg(kDefaultSimulationDays),
         QStringLiteral("D")},
        {QStringLiteral("seeds"),
         QStringLiteral("Project mode: measure each knee over N seeds (--seed, --seed + 1, …) "
                        "and report their median and spread (default %1).")
             .arg(kDefaultKneeSeeds),
         QStringLiteral("N")},
        {QStringLiteral("unplanned-runs"),
         QStringLiteral("Project mode: pre-training runs larger than a node arrive at random "
                        "like other jobs, instead of as planned reservations.")},
        {QStringLiteral("mix"),
         QStringLiteral(
             "Jobs of a published cluster's heavy-tailed mix (data/perf/"
             "cluster_mixes.json: helios-venus, helios-earth, helios-saturn, "
             "helios-uranus, philly): synthetic mode, instead of --job-gpus and --mean-hours; "
             "project mode, as the form of the batch work's GPU-hours."),
         QStringLiteral("ID")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
        {QStringLiteral("apply"),
         QStringLiteral("Project mode: write PROJECT with the measured knee of its policy (or "
                        "--policy) as that policy's utilization ceiling, noted as measured "
                        "(-o FILE).")},
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("With --apply: the project to write (.fleetplan or .fleetplan.json)."),
         QStringLiteral("FILE")},
        {QStringLiteral("chargeback"),
         QStringLiteral("Project mode, a project with tenants: who pays for the job GPUs no job "
                        "held — proportional (default), quota (the tenants' quota_gpus) or "
                        "central."),
         QStringLiteral("RULE")},
        {QStringLiteral("sla-wait-hours"),
         QStringLiteral("Project mode, a project with tenants: per tenant, the share of jobs "
                        "that started within this wait."),
         QStringLiteral("H")},
        {QStringLiteral("csv"),
         QStringLiteral("Project mode, a project with tenants and one --policy: write the "
                        "per-tenant metering, one row per tenant per month, as CSV with "
                        "OpenCost's allocation field names."),
         QStringLiteral("FILE")},
    });
    int exitCode = Ok;
    parser.addPositionalArgument(QStringLiteral("PROJECT"),
                                 QStringLiteral("A project (or :sample), unless --synthetic."));
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    if (parser.isSet(QStringLiteral("apply")) &&
        (parser.isSet(QStringLiteral("synthetic")) || !parser.isSet(QStringLiteral("output")) ||
         parser.isSet(QStringLiteral("json")))) {
        printErr(QStringLiteral("fleetplanner-cli simulate: --apply needs PROJECT and -o FILE, "
                                "and goes without --synthetic and --json\n"));
        return UserError;
    }
    if (!parser.isSet(QStringLiteral("synthetic")))
        return runProject(parser);
    for (const char* option : {"chargeback", "sla-wait-hours", "csv"})
        if (parser.isSet(QString::fromLatin1(option))) {
            printErr(QStringLiteral("fleetplanner-cli simulate: --%1 meters a project's tenants; "
                                    "it goes without --synthetic\n")
                         .arg(QString::fromLatin1(option)));
            return UserError;
        }
    double gpus = 0, perNode = 8, jobGpus = 1, meanHours = 1, load = 0, jobs = 100000, seed = 42;
    double slicesPerGpu = 1, jobSlices = 0;
    if (!numberOption(parser, kSimulateCommand, QStringLiteral("gpus"), 1, 1e6, true, true,
                      &gpus) ||
        !numberOption(parser, kSimulateCommand, QStringLiteral("gpus-per-node"), 1, 64, true, false,
                      &perNode) ||
        !numberOption(parser, kSimulateCommand, QStringLiteral("job-gpus"), 1, 1e6, true, false,
                      &jobGpus) ||
        !numberOption(parser, kSimulateCommand, QStringLiteral("mean-hours"), 0, 1e5, false, false,
                      &meanHours) ||
        !numberOption(parser, kSimulateCommand, QStringLiteral("load"), 0, 10, false,
                      !parser.isSet(QStringLiteral("loads")), &load) ||
        // 10 million jobs take ~2 GB per load simulated at once: the most
        // that two loads in parallel may hold on a 24 GB laptop.
        !numberOption(parser, kSimulateCommand, QStringLiteral("jobs"), 1, 1e7, true, false,
                      &jobs) ||
        !numberOption(parser, kSimulateCommand, QStringLiteral("slices-per-gpu"), 1, 64, true,
                      false, &slicesPerGpu) ||
        !numberOption(parser, kSimulateCommand, QStringLiteral("job-slices"), 1, 64, true, false,
                      &jobSlices) ||
        !numberOption(parser, kSimulateCommand, QStringLiteral("seed"), 0, 1e18, true, false,
                      &seed))
        return UserError;
    const auto whole = [](double v) { return v == std::floor(v); };
    if (!whole(gpus) || !whole(perNode) || !whole(jobGpus) || !whole(jobs) || !whole(seed) ||
        !whole(slicesPerGpu) || !whole(jobSlices) || int(gpus) % int(perNode) != 0) {
        printErr(QStringLiteral("fleetplanner-cli simulate: --gpus, --gpus-per-node, --job-gpus, "
                                "--slices-per-gpu, --job-slices, --jobs and --seed must "
                                "be whole numbers, and --gpus a multiple of --gpus-per-node\n"));
        return UserError;
    }
    if (jobSlices > 0 && (jobSlices >= slicesPerGpu || parser.isSet(QStringLiteral("job-gpus")))) {
        printErr(QStringLiteral("fleetplanner-cli simulate: --job-slices (%1) must be fewer than "
                                "--slices-per-gpu (%2), and not given with --job-gpus\n")
                     .arg(jobSlices)
                     .arg(slicesPerGpu));
        return UserError;
    }
    if (jobGpus > gpus) {
        printErr(QStringLiteral(
                     "fleetplanner-cli simulate: --job-gpus (%1) must not exceed --gpus (%2)\n")
                     .arg(jobGpus)
                     .arg(gpus));
        return UserError;
    }
    const QString policyName = parser.isSet(QStringLiteral("policy"))
                                   ? parser.value(QStringLiteral("policy"))
                                   : QStringLiteral("fifo");
    const auto policy = placementPolicyFromKey(policyName.toStdString());
    if (!policy) {
        printErr(QStringLiteral(
                     "fleetplanner-cli simulate: --policy must be fifo, naive, topology_aware, "
                     "predictive_preemption or weighted_fair; got '%1'\n")
                     .arg(policyName));
        return UserError;
    }
    const ClusterShape cluster{int(gpus) / int(perNode), int(perNode), 1.25, int(slicesPerGpu)};
    std::optional<ClusterMix> mix;
    if (parser.isSet(QStringLiteral("mix"))) {
        mix = findMix(parser);
        if (!mix)
            return UserError;
    }
    const JobSource source = [&](double atLoad, std::uint64_t pointSeed) {
        return mix ? clusterMixSteadyJobs(cluster, *mix, atLoad, int(jobs), pointSeed)
                   : syntheticJobs(cluster, int(jobGpus), meanHours, atLoad, int(jobs), pointSeed,
                                   int(jobSlices));
    };
    if (parser.isSet(QStringLiteral("loads")))
        return runSweep(parser, cluster, *policy, source, std::uint64_t(seed));
    const auto generated = source(load, std::uint64_t(seed));
    const SimulationResult r = simulateCluster(cluster, *policy, generated);
    boost::json::object out{
        {"policy", std::string(placementPolicyKey(*policy))},
        {"gpus", int(gpus)},
        {"gpus_per_node", int(perNode)},
        {"job_gpus", int(jobGpus)},
        {"slices_per_gpu", int(slicesPerGpu)},
        {"job_slices", int(jobSlices)},
        {"mix", mix ? boost::json::value(mix->id) : boost::json::value(nullptr)},
        {"mean_hours", meanHours},
        {"load", load},
        {"seed", std::uint64_t(seed)},
        {"utilization", r.utilization},
        {"delivered_load", r.utilization},
        // A mix's run starts in steady state: these jobs were running at 0.
        {"jobs_in_service_at_start", std::int64_t(generated.size()) - std::int64_t(jobs)},
        {"useful_utilization", r.usefulUtilization},
        {"throughput_jobs_per_week", r.throughputJobsPerWeek},
        {"mean_wait_hours", r.meanWaitHours},
        {"p95_wait_hours", r.p95WaitHours},
        {"wait_to_run_all_jobs", overallWaitToRun(r)},
        {"mean_queue_length", r.meanQueueLength},
        {"completed_jobs", r.completedJobs},
        {"events", r.events},
        {"events_per_second", r.eventsPerSecond},
        {"preemptions", r.preemptions},
        {"gpu_hours_lost", r.gpuHoursLost},
        {"split_gangs", r.splitGangs}};
    if (parser.isSet(QStringLiteral("json"))) {
        printJson(out);
        return Ok;
    }
    const QString jobSize = jobSlices > 0
                                ? QStringLiteral("%1/%2-GPU").arg(jobSlices).arg(slicesPerGpu)
                                : QStringLiteral("%1-GPU").arg(jobGpus);
    const QString jobsText =
        mix ? QStringLiteral("jobs of the %1 mix").arg(QString::fromStdString(mix->label))
            : QStringLiteral("%1 jobs of %2 h mean").arg(jobSize).arg(meanHours);
    printOut(QStringLiteral("%1 on %2 GPUs (%3 per node), %4 at load %5\n")
                 .arg(policyName)
                 .arg(gpus)
                 .arg(perNode)
                 .arg(jobsText)
                 .arg(load) +
             QStringLiteral("  utilization %1 % (the load delivered; %2 asked), %3 jobs per "
                            "week\n")
                 .arg(r.utilization * 100, 0, 'f', 1)
                 .arg(load * 100, 0, 'f', 1)
                 .arg(r.throughputJobsPerWeek, 0, 'f', 0) +
             QStringLiteral("  wait: mean %1 h, p95 %2 h; mean wait ÷ mean run %3\n")
                 .arg(r.meanWaitHours, 0, 'f', 3)
                 .arg(r.p95WaitHours, 0, 'f', 3)
                 .arg(overallWaitToRun(r), 0, 'f', 3) +
             QStringLiteral("  %1 jobs, %2 events (%3 million per second)\n")
                 .arg(r.completedJobs)
                 .arg(r.events)
                 .arg(r.eventsPerSecond / 1e6, 0, 'f', 2));
    return Ok;
}

} // namespace fleet::cli
