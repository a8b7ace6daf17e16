#pragma once

// What a cluster runs for a sweep: a Slurm batch script of a job array, or a
// Kubernetes Indexed Job. Each array element (or completion index) runs
// `fleetplanner-cli sweep task SWEEP --chunk K --element-env VAR`: tasks
// [E·K, E·K + K) of the sweep, E read from SLURM_ARRAY_TASK_ID or
// JOB_COMPLETION_INDEX, each result written atomically into the shared
// output folder. The schedulers are used as they are; FleetPlanner starts
// none of its own.

#include "sweep/sweep_spec.h"

#include <boost/json/object.hpp>

#include <cstdint>
#include <string>

namespace fleet::sweep {

/// Array elements for a sweep cut into chunks of `chunk` tasks.
std::int64_t elementCount(const SweepSpec& spec, int chunk);

struct ClusterJob
{
    std::string cli;       ///< fleetplanner-cli as the nodes see it (absolute)
    std::string sweepFile; ///< the sweep file as the nodes see it (absolute)
    std::string outDir;    ///< the shared output folder (absolute)
    int chunk = 1;         ///< tasks per array element
    // Slurm
    std::string partition; ///< empty: the cluster's default
    int timeMinutes = 0;   ///< 0: the partition's default limit
    int cpusPerTask = 1;
    int maxRunning = 0; ///< the array's %LIMIT (0: none)
    // Kubernetes
    std::string image; ///< a container image holding fleetplanner-cli
    int parallelism = 1;
    std::string volumeClaim; ///< a PersistentVolumeClaim holding the sweep and its results
    std::string mountPath;   ///< where the claim is mounted (the paths above lie under it)
};

/// The sbatch script: #SBATCH --array=0-(E−1), the log of each element in
/// OUT/slurm/, and one `sweep task` per element.
std::string slurmBatchScript(const SweepSpec& spec, const ClusterJob& job);

/// A batch/v1 Job, completionMode Indexed, completions E, that runs the same
/// `sweep task` per completion index (JOB_COMPLETION_INDEX).
boost::json::object kubernetesIndexedJob(const SweepSpec& spec, const ClusterJob& job);

/// A name Kubernetes and Slurm accept (DNS-1123 label: a–z, 0–9, '-', at
/// most 63 characters): "fleet-sweep-" and the sweep's name.
std::string jobName(const SweepSpec& spec);

} // namespace fleet::sweep
