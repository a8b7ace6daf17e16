// Extreme but valid job logs (issue 35): a million GPUs held for ten years,
// in typed gres/gpu entries, through the reader, the log's measures, the
// replay and the metering — every GPU-second conserved, nothing wrapping.
// The log's own total is worked out here in 64-bit integers, not by the code
// under test.

#include "joblog/job_log.h"
#include "joblog/log_measures.h"
#include "joblog/log_replay.h"
#include "joblog/tenant_metering.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace fleet;
using namespace fleet::joblog;

namespace {

constexpr std::int64_t kMillionGpus = 1'000'000;
constexpr std::int64_t kTenYearsS = 3652 * 86400; // 2026-01-01 to 2036-01-01

/// Jobs of a million GPUs for ten years (as typed entries), back to back and
/// overlapping, and small ones among them; the log's clock starts in 2026.
std::string extremeLog()
{
    std::string log = "JobID|Account|User|Submit|Start|End|AllocTRES|State\n";
    const auto job = [&log](const std::string& id, const std::string& account,
                            const std::string& submit, const std::string& start,
                            const std::string& end, const std::string& tres) {
        log += id + "|" + account + "|u|" + submit + "|" + start + "|" + end + "|" + tres +
               "|COMPLETED\n";
    };
    job("1", "lab-a", "2026-01-01T00:00:00", "2026-01-01T00:00:00", "2036-01-01T00:00:00",
        "cpu=1,gres/gpu:a100=500000,gres/gpu:h100=500000");
    job("2", "lab-b", "2026-01-01T00:00:00", "2036-01-01T00:00:00", "2046-01-01T00:00:00",
        "gres/gpu:h100=1000000");
    job("3", "lab-b", "2030-06-15T12:00:00", "2030-06-15T12:00:00", "2040-06-15T12:00:00",
        "gres/gpu=1000000,gres/gpu:a=1000000,gres/gpu:b=1000000");
    job("4", "lab-c", "2031-02-28T23:00:00", "2031-03-01T01:00:00", "2031-03-01T03:00:00",
        "gres/gpu:a100=8");
    return log;
}

/// GPU-seconds per tenant by hand, in integers: GPUs × seconds.
std::map<std::string, std::int64_t> extremeGpuSeconds()
{
    const auto seconds = [](const char* from, const char* to) {
        return std::int64_t(*parseLogTime(to) - *parseLogTime(from));
    };
    return {{"lab-a", kMillionGpus * kTenYearsS},
            {"lab-b", kMillionGpus * seconds("2036-01-01T00:00:00", "2046-01-01T00:00:00") +
                          kMillionGpus * seconds("2030-06-15T12:00:00", "2040-06-15T12:00:00")},
            {"lab-c", 8 * 2 * 3600}};
}

/// The sample project with one on-demand pool of `gpus` H100s in nodes of 8.
Project extremeFleet(int gpus)
{
    Project project = loadSampleProject().value();
    project.activePriceBookId = "example-2024";
    FleetPool pool = project.fleet.pools.front();
    pool.id = "on-demand";
    pool.gpuId = "h100-sxm-80gb";
    pool.count = gpus;
    pool.gpusPerNode = 8;
    pool.plan = Plan::OnDemand;
    project.fleet.pools = {pool};
    return project;
}

} // namespace

class TestJobLogExtremes : public QObject
{
    Q_OBJECT

private slots:
    void aMillionGpusForTenYearsIsConserved()
    {
        auto read = parseSacct(extremeLog(), "extreme.txt");
        QVERIFY2(read, read ? "" : read.error().toString().c_str());
        const JobLog& log = read.value();
        QCOMPARE(log.jobs.size(), std::size_t(4));
        QCOMPARE(log.jobs[0].gpus, 1'000'000);
        const std::map<std::string, std::int64_t> byHand = extremeGpuSeconds();
        std::int64_t total = 0;
        for (const auto& [tenant, gpuSeconds] : byHand)
            total += gpuSeconds;
        QVERIFY(total > std::int64_t(1) << 31 && total < std::int64_t(1) << 53); // exact in double

        // The log by itself.
        const LogMeasures measured = measureLog(log, 1'000'000);
        QCOMPARE(measured.gpuHours, double(total) / 3600);
        QVERIFY(measured.utilization > 0 && std::isfinite(measured.utilization));
        QCOMPARE(measured.peakBusyGpus, 2e6 + 8); // jobs 1 (or 2), 3 and 4 at once
        double tenantHours = 0;
        for (const TenantUse& use : measured.tenants) {
            QVERIFY(use.gpuHours >= 0);
            tenantHours += use.gpuHours;
        }
        QVERIFY(std::abs(tenantHours - measured.gpuHours) <= 1e-12 * measured.gpuHours);

        // Metered on a million GPUs: each tenant's GPU-seconds as the log's, in total and by month.
        MeteringOptions options;
        auto metered = meterTenants(log, extremeFleet(1'000'000), options);
        QVERIFY2(metered, metered ? "" : metered.error().toString().c_str());
        const Metering& m = metered.value();
        QCOMPARE(m.tenants.size(), std::size_t(3));
        double meteredTotal = 0;
        for (const TenantMeter& tenant : m.tenants) {
            QCOMPARE(tenant.gpuSeconds, double(byHand.at(tenant.tenant)));
            double months = 0;
            for (const TenantMonth& month : tenant.months)
                months += month.gpuSeconds;
            QCOMPARE(months, tenant.gpuSeconds);
            QVERIFY(tenant.usedCostUsd > 0 && std::isfinite(tenant.totalCostUsd()));
            meteredTotal += tenant.gpuSeconds;
        }
        QCOMPARE(meteredTotal, double(total));
        QCOMPARE(m.tenants.front().months.size(), std::size_t(20 * 12)); // 2026-01 to 2045-12
        // Above a million GPUs held at once, the GPUs beyond are counted.
        QVERIFY(m.beyondFleetGpuSeconds > 0);
        QVERIFY(std::abs(m.fleetCostUsd - (m.usedCostUsd + m.idleCostUsd)) <=
                1e-9 * m.fleetCostUsd);

        // Replayed on the same million GPUs: every job fits, and runs whole.
        auto replayed = replayLog(log, extremeFleet(1'000'000), PlacementPolicy::Fifo, {1.0, 2.0});
        QVERIFY2(replayed, replayed ? "" : replayed.error().toString().c_str());
        const LogReplay& r = replayed.value();
        QCOMPARE(r.tooLarge, std::int64_t(0));
        QCOMPARE(r.jobs, std::int64_t(4));
        QCOMPARE(r.asLogged.completedJobs, std::int64_t(4));
        double replayedHours = 0;
        for (const TenantResult& tenant : r.asLogged.tenants) {
            QVERIFY(tenant.runGpuHours >= 0);
            replayedHours += tenant.runGpuHours;
        }
        QVERIFY2(std::abs(replayedHours - double(total) / 3600) <= 1e-9 * replayedHours,
                 qPrintable(QString::number(replayedHours, 'g', 17)));
        for (const ReplayPoint& point : r.frontier)
            QVERIFY(point.offeredLoad > 0 && std::isfinite(point.offeredLoad));
    }

    void aSpanOfCenturiesIsRefusedByMetering()
    {
        auto read = parseSacct("JobID|Account|Submit|Start|End|AllocTRES|State\n"
                               "1|a|0|0|3600|gres/gpu=1|COMPLETED\n"
                               "2|a|0|0|999999999999|gres/gpu=1|COMPLETED\n",
                               "centuries.txt");
        QVERIFY(read);
        auto metered = meterTenants(read.value(), extremeFleet(8), {});
        QVERIFY(!metered);
        QCOMPARE(metered.error().toString(),
                 std::string("the log spans 1970-01 to 33658-09: metering covers at most 100 "
                             "years, month by month"));
    }
};

FLEET_TEST_MAIN(TestJobLogExtremes)
#include "test_job_log_extremes.moc"
