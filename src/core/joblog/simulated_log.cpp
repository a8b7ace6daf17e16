#include "joblog/simulated_log.h"

#include <algorithm>

namespace fleet::joblog {

JobLog simulatedLog(const std::vector<SimJob>& jobs, const SimulationResult& result,
                    const std::vector<std::string>& tenantNames, int slicesPerGpu, double epochS)
{
    std::vector<JobRun> runs = result.runs;
    std::sort(runs.begin(), runs.end(), [](const JobRun& a, const JobRun& b) {
        return a.job != b.job ? a.job < b.job : a.startHours < b.startHours;
    });
    JobLog log;
    log.format = LogFormat::Csv;
    log.jobs.reserve(runs.size());
    const auto seconds = [&](double hours) { return epochS + hours * 3600.0; };
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const JobRun& run = runs[i];
        const SimJob& job = jobs[std::size_t(run.job)];
        const bool resumed = i > 0 && runs[i - 1].job == run.job;
        LoggedJob logged;
        logged.id = std::to_string(run.job);
        const auto tenant = std::size_t(std::max(0, job.tenant));
        logged.tenant = tenant < tenantNames.size() ? tenantNames[tenant] : std::to_string(tenant);
        logged.state = run.cut ? "RUNNING" : resumed ? "RESUMED" : "COMPLETED";
        // A resumed run was queued again when it was evicted.
        logged.submitS = seconds(resumed ? runs[i - 1].endHours : job.arrivalHours);
        logged.startS = seconds(run.startHours);
        logged.endS = seconds(run.endHours);
        if (job.slices > 0) {
            logged.gpus = 1;
            logged.gpuMilli = job.slices * 1000 / std::max(1, slicesPerGpu);
        } else {
            logged.gpus = job.gpus;
        }
        logged.resumed = resumed;
        log.jobs.push_back(std::move(logged));
    }
    return log;
}

} // namespace fleet::joblog
