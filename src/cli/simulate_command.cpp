#include "simulate_command.h"

#include "cli_support.h"
#include "simulate/cluster_simulator.h"

#include <boost/json.hpp>

#include <cmath>

namespace fleet::cli {

namespace {
const QString kCommand = QStringLiteral("simulate");
}

int runSimulateCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Simulate a GPU cluster. Synthetic mode: Poisson arrivals of K-GPU jobs with exponential\n"
        "durations at an offered load (share of the cluster's GPU capacity). The project mode and\n"
        "frontier sweeps are not implemented yet."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("synthetic"), QStringLiteral("Generate the jobs (required for now).")},
        {QStringLiteral("gpus"),
         QStringLiteral("GPUs in the cluster (a multiple of --gpus-per-node)."),
         QStringLiteral("C")},
        {QStringLiteral("gpus-per-node"), QStringLiteral("GPUs per node (default 8)."),
         QStringLiteral("G")},
        {QStringLiteral("job-gpus"), QStringLiteral("GPUs per job (default 1)."),
         QStringLiteral("K")},
        {QStringLiteral("mean-hours"), QStringLiteral("Mean job duration in hours (default 1)."),
         QStringLiteral("H")},
        {QStringLiteral("load"), QStringLiteral("Offered load, a share of GPU capacity (0 < RHO)."),
         QStringLiteral("RHO")},
        {QStringLiteral("jobs"), QStringLiteral("Jobs to simulate (default 100000)."),
         QStringLiteral("N")},
        {QStringLiteral("policy"),
         QStringLiteral("fifo, naive, topology_aware or predictive_preemption (default fifo)."),
         QStringLiteral("P")},
        {QStringLiteral("seed"), QStringLiteral("Random seed (default 42)."), QStringLiteral("S")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
    });
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 0, &exitCode))
        return exitCode;
    if (!parser.isSet(QStringLiteral("synthetic"))) {
        printErr(QStringLiteral(
            "fleetplanner-cli simulate: only --synthetic is implemented so far; simulating a "
            "PROJECT's workloads is not\n"));
        return UserError;
    }
    double gpus = 0, perNode = 8, jobGpus = 1, meanHours = 1, load = 0, jobs = 100000, seed = 42;
    if (!numberOption(parser, kCommand, QStringLiteral("gpus"), 1, 1e6, true, true, &gpus) ||
        !numberOption(parser, kCommand, QStringLiteral("gpus-per-node"), 1, 64, true, false,
                      &perNode) ||
        !numberOption(parser, kCommand, QStringLiteral("job-gpus"), 1, 1e6, true, false,
                      &jobGpus) ||
        !numberOption(parser, kCommand, QStringLiteral("mean-hours"), 0, 1e5, false, false,
                      &meanHours) ||
        !numberOption(parser, kCommand, QStringLiteral("load"), 0, 10, false, true, &load) ||
        !numberOption(parser, kCommand, QStringLiteral("jobs"), 1, 1e8, true, false, &jobs) ||
        !numberOption(parser, kCommand, QStringLiteral("seed"), 0, 1e18, true, false, &seed))
        return UserError;
    const auto whole = [](double v) { return v == std::floor(v); };
    if (!whole(gpus) || !whole(perNode) || !whole(jobGpus) || !whole(jobs) || !whole(seed) ||
        int(gpus) % int(perNode) != 0) {
        printErr(QStringLiteral("fleetplanner-cli simulate: --gpus, --gpus-per-node, --job-gpus, "
                                "--jobs and --seed must "
                                "be whole numbers, and --gpus a multiple of --gpus-per-node\n"));
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
                     "fleetplanner-cli simulate: --policy must be fifo, naive, topology_aware or "
                     "predictive_preemption; got '%1'\n")
                     .arg(policyName));
        return UserError;
    }
    const ClusterShape cluster{int(gpus) / int(perNode), int(perNode), 1.25};
    const auto generated =
        syntheticJobs(cluster, int(jobGpus), meanHours, load, int(jobs), std::uint64_t(seed));
    const SimulationResult r = simulateCluster(cluster, *policy, generated);
    boost::json::object out{{"policy", std::string(placementPolicyKey(*policy))},
                            {"gpus", int(gpus)},
                            {"gpus_per_node", int(perNode)},
                            {"job_gpus", int(jobGpus)},
                            {"mean_hours", meanHours},
                            {"load", load},
                            {"seed", std::uint64_t(seed)},
                            {"utilization", r.utilization},
                            {"throughput_jobs_per_week", r.throughputJobsPerWeek},
                            {"mean_wait_hours", r.meanWaitHours},
                            {"p95_wait_hours", r.p95WaitHours},
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
    printOut(QStringLiteral("%1 on %2 GPUs (%3 per node), %4-GPU jobs of %5 h mean at load %6\n")
                 .arg(policyName)
                 .arg(gpus)
                 .arg(perNode)
                 .arg(jobGpus)
                 .arg(meanHours)
                 .arg(load) +
             QStringLiteral("  utilization %1 %, %2 jobs per week\n")
                 .arg(r.utilization * 100, 0, 'f', 1)
                 .arg(r.throughputJobsPerWeek, 0, 'f', 0) +
             QStringLiteral("  wait: mean %1 h, p95 %2 h\n")
                 .arg(r.meanWaitHours, 0, 'f', 3)
                 .arg(r.p95WaitHours, 0, 'f', 3) +
             QStringLiteral("  %1 jobs, %2 events (%3 million per second)\n")
                 .arg(r.completedJobs)
                 .arg(r.events)
                 .arg(r.eventsPerSecond / 1e6, 0, 'f', 2));
    return Ok;
}

} // namespace fleet::cli
