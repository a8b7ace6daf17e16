#include "joblog/log_measures.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace fleet::joblog {

namespace {

/// The most GPU-equivalents held at once by `jobs` (ends before starts at one instant).
double peakOf(const std::vector<const LoggedJob*>& jobs)
{
    std::vector<std::pair<double, double>> events; // time, change
    events.reserve(jobs.size() * 2);
    for (const LoggedJob* job : jobs) {
        events.emplace_back(job->startS, job->gpuEquivalents());
        events.emplace_back(job->endS, -job->gpuEquivalents());
    }
    std::sort(events.begin(), events.end());
    double held = 0;
    double peak = 0;
    for (const auto& [time, change] : events) {
        held += change;
        peak = std::max(peak, held);
    }
    return peak;
}

} // namespace

LogMeasures measureLog(const JobLog& log, int fleetGpus)
{
    LogMeasures m;
    if (log.jobs.empty())
        return m;
    double first = log.jobs.front().submitS;
    double last = log.jobs.front().endS;
    std::vector<double> waits;
    std::vector<const LoggedJob*> all;
    std::map<std::string, std::vector<const LoggedJob*>> byTenant;
    double runHours = 0;
    for (const LoggedJob& job : log.jobs) {
        first = std::min(first, job.submitS);
        last = std::max(last, job.endS);
        const double hours = (job.endS - job.startS) / 3600.0;
        runHours += hours;
        m.gpuHours += hours * job.gpuEquivalents();
        waits.push_back((job.startS - job.submitS) / 3600.0);
        all.push_back(&job);
        byTenant[job.tenant].push_back(&job);
    }
    m.spanHours = (last - first) / 3600.0;
    m.meanBusyGpus = m.spanHours > 0 ? m.gpuHours / m.spanHours : 0;
    m.peakBusyGpus = peakOf(all);
    m.utilization = fleetGpus > 0 ? m.meanBusyGpus / fleetGpus : 0;
    double waitSum = 0;
    for (double w : waits)
        waitSum += w;
    m.meanWaitHours = waitSum / double(waits.size());
    m.p95WaitHours = nearestRankQuantile(waits, 0.95);
    m.meanRunHours = runHours / double(log.jobs.size());
    for (const auto& [tenant, jobs] : byTenant) {
        TenantUse use;
        use.tenant = tenant;
        use.jobs = std::int64_t(jobs.size());
        double wait = 0;
        for (const LoggedJob* job : jobs) {
            use.gpuHours += (job->endS - job->startS) / 3600.0 * job->gpuEquivalents();
            wait += (job->startS - job->submitS) / 3600.0;
        }
        use.share = m.gpuHours > 0 ? use.gpuHours / m.gpuHours : 0;
        use.meanWaitHours = wait / double(jobs.size());
        use.peakGpus = peakOf(jobs);
        m.tenants.push_back(std::move(use));
    }
    std::stable_sort(
        m.tenants.begin(), m.tenants.end(),
        [](const TenantUse& a, const TenantUse& b) { return a.gpuHours > b.gpuHours; });
    return m;
}

double nearestRankQuantile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto rank = std::size_t(std::ceil(p * double(values.size())));
    return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

} // namespace fleet::joblog
