// Per-tenantTenantMetering metering of a job log: a hand-written sacct log across a month's
// end, on a fleet of 4 reserved and 4 on-demand H100s, metered and checked
// against figures worked out by hand below (not by the code under test).

#include "joblog/metering_export.h"
#include "joblog/simulated_log.h"
#include "joblog/tenant_metering.h"
#include "perf/gpu_power.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <random>

using namespace fleet;
using namespace fleet::joblog;

namespace {

// Four jobs; times UTC. Job 4 asks for 10 GPUs, 2 more than the fleet has.
const char* const kLog =
    "JobID|Account|User|Submit|Start|End|AllocTRES|State\n"
    "1|lab-a|u|2026-03-31T22:00:00|2026-03-31T22:00:00|2026-04-01T02:00:00|gres/gpu=2|COMPLETED\n"
    "2|lab-b|u|2026-03-31T23:00:00|2026-04-01T00:00:00|2026-04-01T01:00:00|gres/gpu=6|COMPLETED\n"
    "3|lab-b|u|2026-04-01T01:00:00|2026-04-01T01:30:00|2026-04-01T03:00:00|gres/gpu=1|COMPLETED\n"
    "4|lab-c|u|2026-04-01T02:00:00|2026-04-01T02:00:00|2026-04-01T04:00:00|gres/gpu=10|FAILED\n";

// Prices of the example-2024 book for the H100 SXM: reserved 1 y and on demand.
constexpr double kReserved = 1.89;
constexpr double kOnDemand = 2.99;

/// The sample project with 4 reserved and 4 on-demand H100s (example-2024 prices).
Project smallFleet()
{
    Project project = loadSampleProject().value();
    project.activePriceBookId = "example-2024";
    FleetPool reserved = project.fleet.pools.front();
    reserved.id = "reserved";
    reserved.gpuId = "h100-sxm-80gb";
    reserved.count = 4;
    reserved.plan = Plan::Reserved1y;
    FleetPool onDemand = reserved;
    onDemand.id = "on-demand";
    onDemand.plan = Plan::OnDemand;
    project.fleet.pools = {reserved, onDemand};
    return project;
}

JobLog theLog()
{
    auto log = parseSacct(kLog, "hand.txt");
    if (!log)
        qFatal("%s", log.error().toString().c_str());
    return log.value();
}

Metering meter(Chargeback rule, std::map<std::string, double> quotas = {})
{
    MeteringOptions options;
    options.rule = rule;
    options.quotaGpus = std::move(quotas);
    options.slaWaitHours = 0.75;
    options.idleFractionOfTdp = 0.15;
    auto metering = meterTenants(theLog(), smallFleet(), options);
    if (!metering)
        qFatal("%s", metering.error().toString().c_str());
    return metering.value();
}

const TenantMeter& tenantTenantMetering(const Metering& m, const std::string& name)
{
    for (const TenantMeter& t : m.tenants)
        if (t.tenant == name)
            return t;
    qFatal("no tenant %s", name.c_str());
}

bool nearTenantMetering(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

#define COMPARE_USD(actual, expected)                                                              \
    QVERIFY2(nearTenantMetering(actual, expected),                                                 \
             qPrintable(QStringLiteral("%1 USD vs %2 USD expected")                                \
                            .arg(actual, 0, 'g', 12)                                               \
                            .arg(expected, 0, 'g', 12)))

// Worked by hand, hour by hour (busy GPUs fill the 4 reserved ones first):
//   Mar 31 22–24  a 2            : used 2 × 1.89 × 2 h = 7.56 (a); idle 2 × 1.89 × 2 = 7.56
//   Apr 1 00–01   a 2, b 6 (8)   : 4 × 1.89 + 4 × 2.99 = 19.52; a 2/8, b 6/8; idle 0
//   01:00–01:30   a 2            : 2 × 1.89 × 0.5 = 1.89 (a); idle 2 × 1.89 × 0.5 = 1.89
//   01:30–02:00   a 2, b 1 (3)   : 3 × 1.89 × 0.5 = 2.835; a 2/3, b 1/3; idle 0.945
//   02–03         b 1, c 10 (11) : 4 × 1.89 + 7 × 2.99 = 28.49; b 1/11, c 10/11; 3 beyond
//   03–04         c 10           : 4 × 1.89 + 6 × 2.99 = 25.50 (c); 2 beyond
constexpr double kUsedA = 7.56 + 19.52 * 2 / 8 + 1.89 + 2.835 * 2 / 3; // 16.22
constexpr double kUsedB = 19.52 * 6 / 8 + 2.835 / 3 + 28.49 / 11;      // 18.175
constexpr double kUsedC = 28.49 * 10 / 11 + 25.50;                     // 51.40
constexpr double kIdleMarch = 7.56;
constexpr double kIdleApril = 1.89 + 0.945;
// The fleet's cost computed another way: the reserved GPUs for the whole
// 6-hour span, and the on-demand GPU-hours used (4 + 7 + 6).
constexpr double kFleetCost = 4 * 6 * kReserved + (4 + 7 + 6) * kOnDemand; // 96.19

} // namespace

class TestTenantMetering : public QObject
{
    Q_OBJECT

private slots:
    void usedCostGpuSecondsAndMonthsByHand()
    {
        const Metering m = meter(Chargeback::Central);
        QCOMPARE(m.tenants.size(), std::size_t(3));
        COMPARE_USD(m.fleetCostUsd, kFleetCost);
        COMPARE_USD(tenantTenantMetering(m, "lab-a").usedCostUsd, kUsedA);
        COMPARE_USD(tenantTenantMetering(m, "lab-b").usedCostUsd, kUsedB);
        COMPARE_USD(tenantTenantMetering(m, "lab-c").usedCostUsd, kUsedC);
        COMPARE_USD(m.idleCostUsd, kIdleMarch + kIdleApril);
        QCOMPARE(tenantTenantMetering(m, "lab-a").gpuSeconds, 8 * 3600.0);
        QCOMPARE(tenantTenantMetering(m, "lab-b").gpuSeconds, 7.5 * 3600.0);
        QCOMPARE(tenantTenantMetering(m, "lab-c").gpuSeconds, 20 * 3600.0);
        QCOMPARE(m.beyondFleetGpuSeconds, 5 * 3600.0);
        // Two months: March's 2 hours and April's 4.
        const TenantMeter& a = tenantTenantMetering(m, "lab-a");
        QCOMPARE(a.months.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(a.months[0].month), QStringLiteral("2026-03"));
        QCOMPARE(QString::fromStdString(a.months[1].month), QStringLiteral("2026-04"));
        QCOMPARE(QString::fromStdString(isoTimeOf(a.months[1].windowStartS)),
                 QStringLiteral("2026-04-01T00:00:00Z"));
        QCOMPARE(QString::fromStdString(isoTimeOf(a.months[1].windowEndS)),
                 QStringLiteral("2026-04-01T04:00:00Z"));
        QCOMPARE(a.months[0].gpuSeconds, 4 * 3600.0);
        COMPARE_USD(a.months[0].usedCostUsd, 7.56);
        COMPARE_USD(tenantTenantMetering(m, "lab-b").months[0].usedCostUsd, 0.0);
        // Central: every idle dollar on the central line, none on a tenantTenantMetering.
        COMPARE_USD(m.centralCostUsd, kIdleMarch + kIdleApril);
        COMPARE_USD(m.centralMonths[0].idleCostUsd, kIdleMarch);
        COMPARE_USD(m.centralMonths[1].idleCostUsd, kIdleApril);
        for (const TenantMeter& t : m.tenants)
            QCOMPARE(t.idleCostUsd, 0.0);
        QCOMPARE(QString::fromStdString(m.rates.priceBookId), QStringLiteral("example-2024"));
        QCOMPARE(m.rates.committedUsdPerGpuHour, kReserved);
        QCOMPARE(m.rates.flexibleUsdPerGpuHour, kOnDemand);
    }

    void everyRuleSumsToTheFleetsCost_data()
    {
        QTest::addColumn<int>("rule");
        QTest::newRow("proportional") << int(Chargeback::Proportional);
        QTest::newRow("quota") << int(Chargeback::Quota);
        QTest::newRow("central") << int(Chargeback::Central);
    }

    void everyRuleSumsToTheFleetsCost()
    {
        QFETCH(int, rule);
        const Metering m = meter(Chargeback(rule), {{"lab-a", 2}, {"lab-b", 2}});
        double total = m.centralCostUsd;
        for (const TenantMeter& t : m.tenants) {
            total += t.totalCostUsd();
            double months = 0;
            for (const TenantMonth& month : t.months)
                months += month.totalCostUsd();
            COMPARE_USD(months, t.totalCostUsd());
        }
        COMPARE_USD(total, kFleetCost);
    }

    void proportionalSharesEachMonthsIdleByUse()
    {
        const Metering m = meter(Chargeback::Proportional);
        // March: only lab-a ran. April's GPU-hours: a 4, b 7.5, c 20 (of 31.5).
        COMPARE_USD(tenantTenantMetering(m, "lab-a").idleCostUsd,
                    kIdleMarch + kIdleApril * 4 / 31.5);
        COMPARE_USD(tenantTenantMetering(m, "lab-b").idleCostUsd, kIdleApril * 7.5 / 31.5);
        COMPARE_USD(tenantTenantMetering(m, "lab-c").idleCostUsd, kIdleApril * 20 / 31.5);
        COMPARE_USD(m.centralCostUsd, 0.0);
        COMPARE_USD(tenantTenantMetering(m, "lab-a").totalCostUsd(), 24.14);
        COMPARE_USD(tenantTenantMetering(m, "lab-b").totalCostUsd(), 18.85);
        COMPARE_USD(tenantTenantMetering(m, "lab-c").totalCostUsd(), 53.20);
    }

    void quotaSharesIdleByQuota()
    {
        const Metering m = meter(Chargeback::Quota, {{"lab-a", 2}, {"lab-b", 2}});
        const double idle = kIdleMarch + kIdleApril;
        COMPARE_USD(tenantTenantMetering(m, "lab-a").idleCostUsd, idle / 2);
        COMPARE_USD(tenantTenantMetering(m, "lab-b").idleCostUsd, idle / 2);
        COMPARE_USD(tenantTenantMetering(m, "lab-c").idleCostUsd, 0.0);
        QCOMPARE(tenantTenantMetering(m, "lab-a").quotaGpus, 2.0);
        QCOMPARE(tenantTenantMetering(m, "lab-c").quotaGpus, 0.0);
    }

    void powerWaitsAndSlaByHand()
    {
        const Metering m = meter(Chargeback::Central);
        // A held H100 at its 700 W TDP, averaged over the 6-hour span.
        QVERIFY(nearTenantMetering(tenantTenantMetering(m, "lab-a").meanWatts, 8 * 700.0 / 6));
        QVERIFY(nearTenantMetering(tenantTenantMetering(m, "lab-c").energyKwh, 20 * 700.0 / 1000));
        QVERIFY(nearTenantMetering(tenantTenantMetering(m, "lab-a").months[0].meanWatts,
                                   4 * 700.0 / 2));
        // Idle reserved GPU-hours 4 + 1 + 0.5 at 15 % of 700 W = 105 W.
        QVERIFY(nearTenantMetering(m.idleMeanWatts, 5.5 * 105.0 / 6));
        QVERIFY(nearTenantMetering(m.fleetMeanWatts, (35.5 * 700.0 + 5.5 * 105.0) / 6));
        QVERIFY(nearTenantMetering(m.centralMonths[0].meanWatts, 4 * 105.0 / 2));
        const TenantMeter& b = tenantTenantMetering(m, "lab-b");
        QCOMPARE(b.jobs, std::int64_t(2));
        QVERIFY(nearTenantMetering(b.meanWaitHours, 0.75)); // waits 1 h and 0.5 h
        QVERIFY(nearTenantMetering(b.p95WaitHours, 1.0));
        QVERIFY(b.slaAttainment &&
                nearTenantMetering(*b.slaAttainment, 0.5)); // only the 0.5 h wait ≤ 0.75 h
        QVERIFY(nearTenantMetering(*tenantTenantMetering(m, "lab-a").slaAttainment, 1.0));
        QCOMPARE(tenantTenantMetering(m, "lab-c").p95WaitHours, 0.0);
    }

    void badInputsAreRefusedByName()
    {
        const auto refused = [](const Project& project, const MeteringOptions& options,
                                const std::string& message) {
            const auto m = meterTenants(theLog(), project, options);
            QVERIFY(!m);
            QVERIFY2(m.error().toString().find(message) != std::string::npos,
                     m.error().toString().c_str());
        };
        MeteringOptions options;
        options.rule = Chargeback::Quota;
        refused(smallFleet(), options, "chargeback quota: give the tenants' quotas");
        options.quotaGpus = {{"lab-z", 2}};
        refused(smallFleet(), options, "tenant quotas: the log has no tenant 'lab-z'");
        options.quotaGpus = {{"lab-a", 0}};
        refused(smallFleet(), options, "the quota of 'lab-a' must be a number of GPUs above 0");
        options = {};
        options.slaWaitHours = -1;
        refused(smallFleet(), options, "SLA wait: must be a number of hours at least 0");
        Project spot = smallFleet();
        spot.fleet.pools[1].plan = Plan::Spot; // example-2024 has no spot price for the H100
        refused(spot, {},
                "/fleet/pools/1 (entry on-demand): the price book 'example-2024' has "
                "no spot price for h100-sxm-80gb");
    }

    void csvRowsSumToTheFleetsCost()
    {
        const Metering m = meter(Chargeback::Proportional);
        const QStringList lines =
            QString::fromStdString(meteringCsv(m)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(),
                 qsizetype(1 + 3 * 2 + 2)); // header, 3 tenants × 2 months, __idle__ × 2
        double total = 0;
        for (qsizetype i = 1; i < lines.size(); ++i)
            total += lines[i].split(QLatin1Char(',')).at(8).toDouble();
        QVERIFY2(std::abs(total - kFleetCost) < 1e-6, qPrintable(QString::number(total, 'g', 12)));
        // lab-a in March: 4 GPU-hours over 2 h, all of March's idle cost.
        QCOMPARE(lines[1], QStringLiteral("lab-a,2026-03-31T22:00:00Z,2026-04-01T00:00:00Z,120,2,4,"
                                          "7.56,7.56,15.12,2026-03,14400,1400,proportional"));
        QVERIFY(lines.last().startsWith(QStringLiteral("__idle__,2026-04-01T00:00:00Z,")));
    }

    void monthsAndTimesOfTheLogsClock()
    {
        QCOMPARE(QString::fromStdString(monthOf(*parseLogTime("2024-02-29T23:59:59"))),
                 QStringLiteral("2024-02"));
        QCOMPARE(QString::fromStdString(monthOf(*parseLogTime("2024-03-01T00:00:00"))),
                 QStringLiteral("2024-03"));
        QCOMPARE(QString::fromStdString(isoTimeOf(*parseLogTime("1999-12-31T23:30:05"))),
                 QStringLiteral("1999-12-31T23:30:05Z"));
    }

    void idlePowerIsSourcedData()
    {
        const auto fraction = idleFractionOfTdp();
        QVERIFY2(fraction, fraction ? "" : fraction.error().toString().c_str());
        QCOMPARE(fraction.value(), 0.15);
        QVERIFY(!parseIdleFractionOfTdp(R"({"idle_fraction_of_tdp": {"value": 0.2}})", "x.json"));
        QVERIFY(!parseIdleFractionOfTdp(
            R"({"idle_fraction_of_tdp": {"value": 1.5, "source": "s", "as_of": "2026"}})",
            "x.json"));
        QVERIFY(parseIdleFractionOfTdp(
            R"({"idle_fraction_of_tdp": {"value": 0.2, "source": "s", "as_of": "2026"}})",
            "x.json"));
        QCOMPARE(wattsAt(0.5, 105, 700), 402.5);
    }

    void simulatedRunsByHand()
    {
        // A simulated run metered by the same rule (issue 18): one node of
        // the 8 GPUs, tenantTenantMetering 0's 4-GPU jobs at 0 h (2 h) and 1 h (1 h),
        // tenantTenantMetering 1's 8-GPU job at 0.5 h (1 h), which waits until 2 h. By hand:
        //   0–1 h  4 busy (t0): 4 × 1.89 = 7.56
        //   1–2 h  8 busy (t0): 4 × 1.89 + 4 × 2.99 = 19.52
        //   2–3 h  8 busy (t1): 19.52
        std::vector<SimJob> jobs(3);
        jobs[0] = {0.0, 2.0, 4};
        jobs[1] = {0.5, 1.0, 8};
        jobs[1].tenant = 1;
        jobs[2] = {1.0, 1.0, 4};
        const SimulationResult r =
            simulateCluster({1, 8, 1.25, 1}, PlacementPolicy::TopologyAware, jobs, 0.0, {}, true);
        QCOMPARE(r.runs.size(), std::size_t(3));
        const double epoch = *parseLogTime("2026-03-01T00:00:00Z");
        const JobLog log = simulatedLog(jobs, r, {"t0", "t1"}, 1, epoch);
        QCOMPARE(log.jobs[1].startS - log.jobs[1].submitS, 1.5 * 3600);
        MeteringOptions options;
        options.fleetGpus = 8; // the fleet's own 8: the scale changes nothing
        const auto m = meterTenants(log, smallFleet(), options);
        QVERIFY2(m, m ? "" : m.error().toString().c_str());
        const TenantMeter& t0 = tenantTenantMetering(m.value(), "t0");
        const TenantMeter& t1 = tenantTenantMetering(m.value(), "t1");
        QCOMPARE(t0.jobs, std::int64_t(2));
        QCOMPARE(t0.gpuSeconds, 12.0 * 3600);
        QCOMPARE(t1.gpuSeconds, 8.0 * 3600);
        COMPARE_USD(t0.usedCostUsd, 7.56 + 19.52);
        COMPARE_USD(t1.usedCostUsd, 19.52);
        COMPARE_USD(t1.meanWaitHours, 1.5);
        COMPARE_USD(m.value().fleetCostUsd, 4 * 3 * kReserved + 8 * kOnDemand); // 46.60
        // Half the fleet's GPUs metered: 2 reserved and 2 on demand.
        options.fleetGpus = 4;
        const auto half = meterTenants(log, smallFleet(), options);
        QVERIFY(half);
        QCOMPARE(half.value().rates.committedGpus, 2.0);
        options.fleetGpus = 0;
        QVERIFY(!meterTenants(log, smallFleet(), options));
    }

    void simulatedEvictionsAreOneJobEach()
    {
        // Weighted fair reclaims the 1-GPU tenantTenantMetering's borrowed GPUs for the
        // other's 8-GPU gangs: evicted jobs run again, and each run is
        // metered while each job counts once; the GPU-seconds metered are the
        // simulator's own, and the tenants' costs sum to the fleet's.
        std::mt19937_64 rng(3);
        std::vector<SimJob> jobs;
        for (int tenantTenantMetering : {0, 1}) {
            const int gpus = tenantTenantMetering == 0 ? 8 : 1;
            std::exponential_distribution<double> gap(0.8 * 16 / gpus), duration(1.0);
            for (double at = gap(rng); at < 100; at += gap(rng)) {
                SimJob job{at, duration(rng), gpus};
                job.tenant = tenantTenantMetering;
                jobs.push_back(job);
            }
        }
        std::stable_sort(jobs.begin(), jobs.end(), [](const SimJob& a, const SimJob& b) {
            return a.arrivalHours < b.arrivalHours;
        });
        const std::vector<SimTenant> weights{{1, 0, 0.6}, {1, 0, 0.6}};
        const SimulationResult r = simulateCluster({2, 8, 1.25, 1}, PlacementPolicy::WeightedFair,
                                                   jobs, 0.1, weights, true);
        QVERIFY(r.preemptions > 0);
        QCOMPARE(std::int64_t(r.runs.size()), std::int64_t(jobs.size()) + r.preemptions);
        const JobLog log = simulatedLog(jobs, r, {"gangs", "singles"}, 1, 0);
        MeteringOptions options;
        options.fleetGpus = 16;
        for (Chargeback rule : {Chargeback::Proportional, Chargeback::Central}) {
            options.rule = rule;
            const auto m = meterTenants(log, smallFleet(), options);
            QVERIFY2(m, m ? "" : m.error().toString().c_str());
            double total = m.value().centralCostUsd;
            std::int64_t meteredJobs = 0;
            for (const TenantMeter& t : m.value().tenants) {
                total += t.totalCostUsd();
                meteredJobs += t.jobs;
            }
            COMPARE_USD(total, m.value().fleetCostUsd);
            QCOMPARE(meteredJobs, std::int64_t(jobs.size()));
            for (std::size_t i = 0; i < 2; ++i) {
                const TenantMeter& t =
                    tenantTenantMetering(m.value(), i == 0 ? "gangs" : "singles");
                QVERIFY2(std::abs(t.gpuSeconds - r.tenants[i].runGpuHours * 3600) <
                             1e-6 * t.gpuSeconds,
                         qPrintable(QString::number(t.gpuSeconds)));
            }
        }
    }
};

FLEET_TEST_MAIN(TestTenantMetering)
#include "test_tenant_metering.moc"
