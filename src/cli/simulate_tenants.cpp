#include "simulate_tenants.h"

#include "joblog/metering_export.h"
#include "joblog/simulated_log.h"
#include "metering_text.h"
#include "simulate/tenant_run.h"

#include <boost/json.hpp>

#include <map>
#include <optional>

namespace fleet::cli {

namespace {

namespace bj = boost::json;

/// Seconds (since 1970, UTC) of simulated hour 0: the first day of the
/// project's start month, or 1970-01-01 when it states none.
double epochOf(const Project& project)
{
    return joblog::parseLogTime(project.startMonth + "-01T00:00:00Z").value_or(0.0);
}

/// The cap a tenant may hold while others wait: cap share × quota (none
/// without a quota).
std::optional<double> capOf(const SimTenant& tenant)
{
    if (tenant.quotaGpus <= 0)
        return std::nullopt;
    return tenant.capShare * tenant.quotaGpus;
}

bj::value optional(const std::optional<double>& v)
{
    return v ? bj::value(*v) : bj::value(nullptr);
}

/// What the per-tenant run simulated, in words: the whole of the scope, or
/// (overloaded) the arrivals' days and the backlog left when it stopped.
QString tenantSampling(const TenantRun& run)
{
    const SimulationResult& r = run.result;
    const int gpus = run.shape.nodes * run.shape.gpusPerNode;
    if (!run.overloaded)
        return QStringLiteral("%1 days of arrivals on %2 GPUs, run until every job ended")
            .arg(run.scope.days, 0, 'f', 1)
            .arg(gpus);
    return QStringLiteral(
               "overloaded: the project's own load %1 is more work than the %2 GPUs simulated "
               "serve, so the queue grows without bound; simulated the %3 days of arrivals and "
               "stopped there instead of draining the backlog (about %4 days more). Left then: "
               "%L5 jobs waiting, %L6 GPU-hours of work, the backlog growing %L7 GPU-hours a "
               "day; the waits count only the jobs that started, the metering these %3 days")
        .arg(run.load, 0, 'f', 2)
        .arg(gpus)
        .arg(run.scope.days, 0, 'f', 1)
        .arg(run.scope.days * (run.load - 1.0), 0, 'f', 0)
        .arg(r.backlogJobs)
        .arg(r.backlogGpuHours, 0, 'f', 0)
        .arg(run.backlogGrowthGpuHoursPerDay, 0, 'f', 0);
}

} // namespace

TenantReport tenantReport(const Project& project, const Evaluation& evaluation,
                          const ProjectCluster& cluster, PlacementPolicy policy, double days,
                          std::uint64_t seed, bool planRuns, const ClusterMix* batchMix,
                          const joblog::MeteringOptions& options)
{
    const TenantRun run =
        tenantRun(project, evaluation, cluster, policy, days, seed, planRuns, batchMix);
    std::vector<std::string> names;
    for (const ProjectTenant& tenant : run.tenants.tenants)
        names.push_back(tenant.id);
    const joblog::JobLog log =
        joblog::simulatedLog(run.jobs, run.result, names, run.shape.slicesPerGpu, epochOf(project));
    joblog::MeteringOptions metering = options;
    metering.fleetGpus = double(run.shape.nodes) * run.shape.gpusPerNode;
    if (metering.rule == joblog::Chargeback::Quota) {
        std::map<std::string, bool> ran; // quotas only of tenants that ran jobs
        for (const joblog::LoggedJob& job : log.jobs)
            ran[job.tenant] = true;
        for (const ProjectTenant& tenant : run.tenants.tenants)
            if (tenant.sim.quotaGpus > 0 && ran.count(tenant.id))
                metering.quotaGpus[tenant.id] = tenant.sim.quotaGpus;
    }
    const bool noQuota = metering.rule == joblog::Chargeback::Quota && metering.quotaGpus.empty();
    TenantReport report{{},
                        {},
                        noQuota ? Result<joblog::Metering>(Error(
                                      "--chargeback quota: no tenant that ran jobs states "
                                      "quota_gpus, so there is nothing to share the idle cost by"))
                                : joblog::meterTenants(log, project, metering)};

    bj::array tenants;
    const SimulationResult& r = run.result;
    QString table = QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                        .arg(QStringLiteral("tenant"), -20)
                        .arg(QStringLiteral("weight"), 7)
                        .arg(QStringLiteral("quota"), 7)
                        .arg(QStringLiteral("GPU-hours"), 11)
                        .arg(QStringLiteral("share"), 8)
                        .arg(QStringLiteral("mean wait"), 10)
                        .arg(QStringLiteral("p95 wait"), 9)
                        .arg(QStringLiteral("preempted"), 10)
                        .arg(QStringLiteral("held while others below cap waited / cap"), 0);
    for (std::size_t i = 0; i < run.tenants.tenants.size() && i < r.tenants.size(); ++i) {
        const ProjectTenant& tenant = run.tenants.tenants[i];
        const TenantResult& t = r.tenants[i];
        const std::optional<double> cap = capOf(tenant.sim);
        const bool capHeld = !cap || t.peakGpusStartedWhileOthersBelowCap <= *cap + 1e-9;
        tenants.push_back(bj::object{
            {"tenant", tenant.id},
            {"segment", tenant.segmentId},
            {"count", tenant.count},
            {"whole_segment", tenant.wholeSegment},
            {"spread_rule", tenant.rule},
            {"job_share", tenant.jobShare},
            {"weight", tenant.sim.weight},
            {"quota_gpus",
             tenant.sim.quotaGpus > 0 ? bj::value(tenant.sim.quotaGpus) : bj::value(nullptr)},
            {"priority_tier", tenant.priorityTier},
            {"jobs", t.jobs},
            {"gpu_hours", t.gpuHours},
            {"run_gpu_hours", t.runGpuHours},
            {"share", t.share},
            {"mean_wait_hours", t.meanWaitHours},
            {"p95_wait_hours", t.p95WaitHours},
            {"preemptions", t.preemptions},
            {"peak_gpus_started_while_others_wait", t.peakGpusStartedWhileOthersWait},
            {"peak_gpus_started_while_others_below_cap", t.peakGpusStartedWhileOthersBelowCap},
            {"cap_gpus", optional(cap)},
            {"cap_held", capHeld}});
        table += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                     .arg(QString::fromStdString(tenant.id).left(20), -20)
                     .arg(QString::number(tenant.sim.weight, 'g', 3), 7)
                     .arg(tenant.sim.quotaGpus > 0 ? QString::number(tenant.sim.quotaGpus, 'g', 4)
                                                   : QStringLiteral("-"),
                          7)
                     .arg(QStringLiteral("%L1").arg(t.gpuHours, 0, 'f', 0), 11)
                     .arg(percentText(t.share), 8)
                     // No measured job started (an overloaded run's backlog):
                     // no wait to show, rather than 0.
                     .arg(t.jobs > 0 ? hoursText(t.meanWaitHours) : QStringLiteral("-"), 10)
                     .arg(t.jobs > 0 ? hoursText(t.p95WaitHours) : QStringLiteral("-"), 9)
                     .arg(QStringLiteral("%L1").arg(t.preemptions), 10)
                     .arg(cap ? QStringLiteral("%1 / %2%3")
                                    .arg(t.peakGpusStartedWhileOthersBelowCap, 0, 'f', 1)
                                    .arg(*cap, 0, 'f', 1)
                                    .arg(capHeld ? QString() : QStringLiteral(" (over)"))
                              : QStringLiteral("%1 / no quota")
                                    .arg(t.peakGpusStartedWhileOthersBelowCap, 0, 'f', 1));
    }
    const int gpus = run.shape.nodes * run.shape.gpusPerNode;
    const QString sampling = tenantSampling(run);
    report.json = bj::object{
        {"load", run.load},
        {"seed", seed},
        {"simulated_gpus", gpus},
        {"simulated_share", run.scope.share},
        {"simulated_days", run.scope.days},
        {"utilization", r.utilization},
        {"overloaded", run.overloaded},
        {"stopped_at_hours", run.overloaded ? bj::value(r.stoppedAtHours) : bj::value(nullptr)},
        {"backlog_jobs", r.backlogJobs},
        {"backlog_gpu_hours", r.backlogGpuHours},
        {"backlog_growth_gpu_hours_per_day", run.backlogGrowthGpuHoursPerDay},
        {"sampling", sampling.toStdString()},
        {"shares_by_weight", policy == PlacementPolicy::WeightedFair},
        {"tenants", std::move(tenants)},
        {"metering", report.metering ? joblog::meteringJson(report.metering.value())
                                     : bj::object{{"error", report.metering.error().toString()}}}};
    report.text =
        QStringLiteral("  per tenant at the project's own load %1 (seed %2, %3 GPUs, %4 days; "
                       "%5), measured window:\n")
            .arg(run.load, 0, 'f', 3)
            .arg(seed)
            .arg(gpus)
            .arg(run.scope.days, 0, 'f', 0)
            .arg(policy == PlacementPolicy::WeightedFair
                     ? QStringLiteral("shared by weight, capped at %1 × quota while others wait")
                           .arg(SimTenant{}.capShare)
                     : QStringLiteral("tenants counted, not shared by weight")) +
        (run.overloaded ? QStringLiteral("  %1\n").arg(sampling) : QString()) + table +
        meteringText(report.metering, QStringLiteral("the simulated job GPUs, whole run"));
    return report;
}

} // namespace fleet::cli
