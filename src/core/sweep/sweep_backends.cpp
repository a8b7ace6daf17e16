#include "sweep/sweep_backends.h"

#include <boost/json.hpp>

#include <filesystem>

namespace fleet::sweep {

namespace bj = boost::json;

namespace {

/// `text` as one word for bash: in single quotes, each ' written '\''.
std::string shellWord(const std::string& text)
{
    std::string word = "'";
    for (char c : text)
        word += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return word + "'";
}

} // namespace

std::int64_t elementCount(const SweepSpec& spec, int chunk)
{
    const std::int64_t k = std::max(1, chunk);
    return (spec.taskCount() + k - 1) / k;
}

std::string jobName(const SweepSpec& spec)
{
    std::string name = "fleet-sweep-";
    for (char c : spec.name)
        name += (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ? c
                : (c >= 'A' && c <= 'Z')                         ? char(c - 'A' + 'a')
                                                                 : '-';
    name.resize(std::min<std::size_t>(name.size(), 63));
    while (!name.empty() && name.back() == '-')
        name.pop_back();
    return name;
}

std::string slurmBatchScript(const SweepSpec& spec, const ClusterJob& job)
{
    const std::int64_t elements = elementCount(spec, job.chunk);
    const std::string logs = (std::filesystem::path(job.outDir) / "slurm").string();
    std::string script = "#!/bin/bash\n";
    script += "# FleetPlanner sweep \"" + spec.name + "\": " + std::to_string(spec.taskCount()) +
              " tasks in " + std::to_string(elements) + " array elements of " +
              std::to_string(job.chunk) + " (docs/SWEEPS.md).\n";
    script += "# Written by fleetplanner-cli sweep run --backend slurm; submit with sbatch.\n";
    script += "#SBATCH --job-name=" + jobName(spec) + "\n";
    script += "#SBATCH --array=0-" + std::to_string(elements - 1) +
              (job.maxRunning > 0 ? "%" + std::to_string(job.maxRunning) : "") + "\n";
    script += "#SBATCH --ntasks=1\n";
    script += "#SBATCH --cpus-per-task=" + std::to_string(std::max(1, job.cpusPerTask)) + "\n";
    script += "#SBATCH --output=" + logs + "/%A_%a.out\n";
    if (job.timeMinutes > 0)
        script += "#SBATCH --time=" + std::to_string(job.timeMinutes) + "\n";
    if (!job.partition.empty())
        script += "#SBATCH --partition=" + job.partition + "\n";
    script += "set -eu\n";
    // Tasks [E·K, E·K + K) of the sweep, E = this element's index.
    script += "exec " + shellWord(job.cli) + " sweep task " + shellWord(job.sweepFile) + " --out " +
              shellWord(job.outDir) + " --chunk " + std::to_string(job.chunk) +
              " --element-env SLURM_ARRAY_TASK_ID\n";
    return script;
}

bj::object kubernetesIndexedJob(const SweepSpec& spec, const ClusterJob& job)
{
    const std::int64_t elements = elementCount(spec, job.chunk);
    bj::array command{job.cli,         "sweep",
                      "task",          job.sweepFile,
                      "--out",         job.outDir,
                      "--chunk",       std::to_string(job.chunk),
                      "--element-env", "JOB_COMPLETION_INDEX"};
    bj::object container{
        {"name", "sweep-task"},
        {"image", job.image},
        {"command", std::move(command)},
        {"resources",
         bj::object{{"requests", bj::object{{"cpu", std::to_string(std::max(1, job.cpusPerTask))},
                                            {"memory", "1Gi"}}}}}};
    bj::object podSpec{{"restartPolicy", "Never"}};
    if (!job.volumeClaim.empty()) {
        container["volumeMounts"] =
            bj::array{bj::object{{"name", "sweep"}, {"mountPath", job.mountPath}}};
        podSpec["volumes"] = bj::array{
            bj::object{{"name", "sweep"},
                       {"persistentVolumeClaim", bj::object{{"claimName", job.volumeClaim}}}}};
    }
    podSpec["containers"] = bj::array{std::move(container)};
    return bj::object{
        {"apiVersion", "batch/v1"},
        {"kind", "Job"},
        {"metadata",
         bj::object{{"name", jobName(spec)},
                    {"labels", bj::object{{"app.kubernetes.io/name", "fleetplanner-sweep"},
                                          {"fleetplanner/sweep-digest", spec.digest}}}}},
        {"spec",
         bj::object{
             {"completionMode", "Indexed"},
             {"completions", elements},
             {"parallelism", std::max(1, job.parallelism)},
             // A failed element is retried by the controller; its finished
             // tasks are skipped on the retry (sweep task resumes).
             {"backoffLimit", std::min<std::int64_t>(elements * 2, 1000)},
             {"template",
              bj::object{{"metadata", bj::object{{"labels", bj::object{{"app.kubernetes.io/name",
                                                                        "fleetplanner-sweep"}}}}},
                         {"spec", std::move(podSpec)}}}}}};
}

} // namespace fleet::sweep
