// Tenants in the engine (docs/MODEL.md, "Tenants"): the sharing penalty per
// extra tenant on time-sliced and fractional GPUs, in contention scenarios
// whose fair shares are known by hand; the optimizer's columns carry the same
// factor; and the per-tenant totals of an evaluation sum to the fleet's cost.

#include "engine/evaluate.h"
#include "engine/options.h"
#include "engine/resource_unit.h"
#include "engine/tenant_totals.h"
#include "optimize/regime_mix_model.h"
#include "sample_fixture.h"
#include "store/evaluation_export.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;
using fleet::test::tenant;

namespace {

Regime regimeOf(const Project& project, RegimeKind kind)
{
    return project.regime(kind);
}

/// The fractional options of workload `id` (from `options`), by profile.
std::map<std::string, double> fractionalGpuHours(const std::vector<OptionResult>& options)
{
    std::map<std::string, double> hours;
    for (const OptionResult& option : options)
        if (option.regime == RegimeKind::Fractional)
            hours[option.gpuId + " " + option.profile] = option.totalGpuHoursHeld();
    return hours;
}

const Workload& workloadOf(const Project& project, const std::string& id)
{
    for (const Workload& w : project.workloads)
        if (w.id == id)
            return w;
    qFatal("no workload %s", id.c_str());
}

bool nearTenants(double a, double b, double relative = 1e-12)
{
    return std::abs(a - b) <= relative * std::max({1.0, std::abs(a), std::abs(b)});
}

} // namespace

class TestTenants : public QObject
{
    Q_OBJECT

private slots:
    /// One rule: another tenant's unit costs p, one of the same tenant's busy
    /// units costs the regime's contention. By hand, with the defaults
    /// (p = 0.15; time-slicing's contention 0.05, fractional's 0).
    void contentionScenariosGiveTheirFairShares()
    {
        const Project project = test::sample();
        const double p = project.assumptions.sharingPenaltyPerExtraTenant;
        QCOMPARE(p, 0.15);
        const Regime sliced = regimeOf(project, RegimeKind::TimeSliced);
        const Regime fractional = regimeOf(project, RegimeKind::Fractional);
        QCOMPARE(sliced.contentionPerExtraTenant, 0.05);
        QCOMPARE(fractional.contentionPerExtraTenant, 0.0);
        struct Case
        {
            const Regime* regime;
            int unitsPerGpu;
            double tenants;
            double busy;
            double kept;
        };
        const Case cases[] = {
            // 4 replicas of one tenant (or of a segment without tenants): 3 busy co-runners.
            {&sliced, 4, 0, 1.0, 1 - 0.05 * 3},
            {&sliced, 4, 1, 1.0, 1 - 0.05 * 3},
            // 2 tenants: one other tenant (p) and 2 of its own replicas (0.05 each).
            {&sliced, 4, 2, 1.0, 1 - 0.15 - 0.05 * 2},
            // 4 or 40 tenants: every co-runner is another tenant's.
            {&sliced, 4, 4, 1.0, 1 - 0.15 * 3},
            {&sliced, 4, 40, 1.0, 1 - 0.15 * 3},
            // Notebooks busy a tenth of the time: the own replicas' contention scales, p does not.
            {&sliced, 4, 2, 0.1, 1 - 0.15 - 0.05 * 2 * 0.1},
            // Fractional 1/2, 1/4: only other tenants cost anything.
            {&fractional, 2, 40, 1.0, 1 - 0.15},
            {&fractional, 4, 3, 1.0, 1 - 0.15 * 2},
            {&fractional, 4, 1, 1.0, 1.0},
            // 1/8 with 8 tenants: 1 − 1.05 → nothing left (never below 0).
            {&fractional, 8, 8, 1.0, 0.0},
        };
        for (const Case& c : cases) {
            const double kept =
                sharedThroughputKept(*c.regime, c.unitsPerGpu, {c.busy, c.tenants, p});
            QVERIFY2(nearTenants(kept, c.kept),
                     qPrintable(QStringLiteral("%1 units, %2 tenants: %3 vs %4")
                                    .arg(c.unitsPerGpu)
                                    .arg(c.tenants)
                                    .arg(kept)
                                    .arg(c.kept)));
        }
        // MPS is not one of the penalised regimes: tenants change nothing there.
        const Regime mps = regimeOf(project, RegimeKind::Mps);
        QCOMPARE(sharedThroughputKept(mps, 4, {1.0, 4, p}),
                 sharedThroughputKept(mps, 4, {1.0, 0, p}));
    }

    /// The units the engine offers carry the factor, and a unit left nothing is not offered.
    void unitsCarryTheFactor()
    {
        const Project project = test::sample();
        const GpuModel& h100 = *project.catalog().gpu("h100-sxm-80gb");
        const Regime sliced = regimeOf(project, RegimeKind::TimeSliced);
        const auto alone = resourceUnits(h100, sliced, Precision::Bf16, Sharing{1.0, 0, 0.15});
        const auto shared = resourceUnits(h100, sliced, Precision::Bf16, Sharing{1.0, 4, 0.15});
        QCOMPARE(alone.size(), std::size_t(1));
        QCOMPARE(shared.size(), std::size_t(1));
        QVERIFY(nearTenants(shared.front().computeFlopsPerS / alone.front().computeFlopsPerS,
                            (1 - 0.15 * 3) / (1 - 0.05 * 3)));
        // The old entry point is the same as no tenants.
        QCOMPARE(resourceUnits(h100, sliced, Precision::Bf16, 1.0).front().computeFlopsPerS,
                 alone.front().computeFlopsPerS);
        Regime fractional = regimeOf(project, RegimeKind::Fractional);
        fractional.maxTenantsPerGpu = 8;
        const auto many = resourceUnits(h100, fractional, Precision::Bf16, Sharing{1.0, 8, 0.15});
        for (const ResourceUnit& unit : many)
            QVERIFY2(unit.profile != "1/8", "1/8 with 8 tenants keeps nothing");
        const auto milder = resourceUnits(h100, fractional, Precision::Bf16, Sharing{1.0, 8, 0.1});
        QCOMPARE(milder.size(), many.size() + 1);
    }

    /// A service of a segment with tenants needs more fractional GPU-hours,
    /// in the engine's options and in the optimizer's columns alike.
    void engineAndOptimizerPriceTheSameFactor()
    {
        Project project = test::sample();
        const std::string service = "support-chat-8b"; // mid-stage: fractional allowed
        const auto before =
            fractionalGpuHours(buildOptions(project, workloadOf(project, service), {}, nullptr));
        QVERIFY(!before.empty());
        project.tenants = {tenant("acme", "mid-stage"), tenant("globex", "mid-stage", 5)};
        QCOMPARE(project.tenantCount("mid-stage"), 6.0);
        const auto after =
            fractionalGpuHours(buildOptions(project, workloadOf(project, service), {}, nullptr));
        // Every profile needs at least as many GPU-hours (one sized on memory
        // alone would need as many), and some need more.
        bool more = false;
        for (const auto& [profile, hours] : after) {
            QVERIFY2(before.count(profile) && hours >= before.at(profile), profile.c_str());
            more = more || hours > before.at(profile) * (1 + 1e-9);
        }
        QVERIFY(more);
        std::map<std::string, double> columns;
        for (const WorkloadOptions& w : gatherOptions(project, nullptr))
            if (w.workload->id == service)
                columns = fractionalGpuHours(w.options);
        QVERIFY(!columns.empty());
        for (const auto& [profile, hours] : columns)
            QVERIFY2(after.count(profile) && nearTenants(hours, after.at(profile)),
                     profile.c_str());
        // Segments without tenants are untouched: the enterprise service keeps its options.
        Project plain = test::sample();
        const auto enterpriseBefore =
            buildOptions(plain, workloadOf(plain, "chat-70b"), {}, nullptr);
        const auto enterpriseAfter =
            buildOptions(project, workloadOf(project, "chat-70b"), {}, nullptr);
        QCOMPARE(enterpriseAfter.size(), enterpriseBefore.size());
        for (std::size_t i = 0; i < enterpriseAfter.size(); ++i)
            QCOMPARE(enterpriseAfter[i].totalGpuHoursHeld(),
                     enterpriseBefore[i].totalGpuHoursHeld());
    }

    /// Tenant totals: shared by quota × cost weight within a segment, the
    /// idle commitment in proportion to use, summing to the fleet's cost.
    void tenantTotalsSumToTheFleetCost()
    {
        Project project = test::sample();
        Tenant small = tenant("small", "mid-stage");
        small.quotaGpuHoursPerMonth = 1000;
        small.costWeight = 2; // a premium tier
        Tenant large = tenant("large", "mid-stage");
        large.quotaGpuHoursPerMonth = 3000;
        Tenant startups = tenant("startups", "early-stage", 40); // no quota: by count
        Tenant founders = tenant("founders", "early-stage", 10);
        project.tenants = {small, large, startups, founders};
        const Evaluation evaluation = evaluate(project);
        const std::vector<TenantTotal> lines = tenantTotals(project, evaluation);
        double sum = 0;
        std::map<std::string, TenantTotal> byTenant;
        for (const TenantTotal& line : lines) {
            sum += line.totalCostUsd();
            byTenant[line.tenantId.empty() ? "segment " + line.segmentId : line.tenantId] = line;
        }
        const double total = evaluation.kpis.totalCostUsd;
        QVERIFY(total > 0);
        QVERIFY2(std::abs(sum - total) <= 1e-6 * total,
                 qPrintable(QStringLiteral("lines %1 vs total %2").arg(sum).arg(total)));
        QCOMPARE(lines.size(), std::size_t(5)); // 4 tenants + enterprise (no tenants)
        QVERIFY(byTenant.count("segment enterprise"));
        // Quotas 1:3 share the GPU-hours 1:3; the weight 2 makes the cost 2:3.
        QCOMPARE(byTenant["small"].rule, std::string("quota_gpu_hours"));
        QVERIFY(
            nearTenants(byTenant["large"].gpuHoursHeld, 3 * byTenant["small"].gpuHoursHeld, 1e-9));
        QVERIFY(nearTenants(2 * byTenant["large"].workloadCostUsd,
                            3 * byTenant["small"].workloadCostUsd, 1e-9));
        QVERIFY(nearTenants(2 * byTenant["large"].totalCostUsd(),
                            3 * byTenant["small"].totalCostUsd(), 1e-9));
        // Counts 40:10, weights alike: 4:1.
        QCOMPARE(byTenant["startups"].rule, std::string("count"));
        QVERIFY(nearTenants(byTenant["startups"].workloadCostUsd,
                            4 * byTenant["founders"].workloadCostUsd, 1e-9));
        // Within a segment the shares add up to its workloads' cost.
        double midStage = 0;
        for (const WorkloadEvaluation& w : evaluation.workloads)
            if (workloadOf(project, w.id).segmentId == "mid-stage")
                for (double usd : w.monthlyCostUsd)
                    midStage += usd;
        QVERIFY(nearTenants(byTenant["small"].workloadCostUsd + byTenant["large"].workloadCostUsd,
                            midStage, 1e-9));
    }

    /// Month by month: each line's months sum to its totals, each month's
    /// lines to the fleet's cost that month, and the shares within a segment
    /// are the totals' in every month; the entitlement is count × quota.
    void tenantMonthsSumToTheMonthsCost()
    {
        Project project = test::sample();
        Tenant small = tenant("small", "mid-stage");
        small.quotaGpuHoursPerMonth = 1000;
        small.costWeight = 2;
        Tenant large = tenant("large", "mid-stage", 2);
        large.quotaGpuHoursPerMonth = 3000;
        Tenant startups = tenant("startups", "early-stage", 40);
        startups.quotaGpus = 0.5;
        project.tenants = {small, large, startups};
        const Evaluation evaluation = evaluate(project);
        const std::vector<TenantTotal> lines = tenantTotals(project, evaluation);
        const std::vector<double>& fleetMonths = evaluation.kpis.monthlyCostUsd;
        QCOMPARE(fleetMonths.size(), std::size_t(project.horizonMonths));
        std::vector<double> monthSums(fleetMonths.size(), 0.0);
        for (const TenantTotal& line : lines) {
            QCOMPARE(line.months.size(), fleetMonths.size());
            double hours = 0, workload = 0, shared = 0;
            for (std::size_t m = 0; m < line.months.size(); ++m) {
                hours += line.months[m].gpuHoursHeld;
                workload += line.months[m].workloadCostUsd;
                shared += line.months[m].sharedFleetCostUsd;
                monthSums[m] += line.months[m].totalCostUsd();
            }
            QVERIFY(nearTenants(hours, line.gpuHoursHeld, 1e-9));
            QVERIFY(nearTenants(workload, line.workloadCostUsd, 1e-9));
            QVERIFY2(nearTenants(shared, line.sharedFleetCostUsd, 1e-9),
                     qPrintable(QStringLiteral("%1: months %2 vs total %3")
                                    .arg(QString::fromStdString(line.tenantId))
                                    .arg(shared)
                                    .arg(line.sharedFleetCostUsd)));
        }
        double fleetTotal = 0;
        for (std::size_t m = 0; m < fleetMonths.size(); ++m) {
            QVERIFY2(nearTenants(monthSums[m], fleetMonths[m], 1e-9),
                     qPrintable(QStringLiteral("month %1: lines %2 vs fleet %3")
                                    .arg(m + 1)
                                    .arg(monthSums[m])
                                    .arg(fleetMonths[m])));
            fleetTotal += monthSums[m];
        }
        QVERIFY(nearTenants(fleetTotal, evaluation.kpis.totalCostUsd, 1e-9));
        // small : large = 1000 : 2 × 3000 GPU-hours in every month the segment uses any.
        const auto line = [&](const std::string& id) {
            for (const TenantTotal& l : lines)
                if (l.tenantId == id)
                    return l;
            qFatal("no line %s", id.c_str());
        };
        int used = 0;
        for (std::size_t m = 0; m < fleetMonths.size(); ++m)
            if (line("small").months[m].gpuHoursHeld > 0) {
                ++used;
                QVERIFY(nearTenants(line("large").months[m].gpuHoursHeld,
                                    6 * line("small").months[m].gpuHoursHeld, 1e-9));
            }
        QVERIFY(used > 0);
        // evaluate --json: each line's months, in horizon order.
        const boost::json::array json = tenantTotalsToJson(lines);
        QCOMPARE(json.size(), lines.size());
        const boost::json::array& months = json[1].at("months").as_array();
        QCOMPARE(months.size(), fleetMonths.size());
        QCOMPARE(months[2].at("total_cost_usd").as_double(), lines[1].months[2].totalCostUsd());
        QCOMPARE(months[2].at("gpu_hours_held").as_double(), lines[1].months[2].gpuHoursHeld);
        QCOMPARE(*entitledGpuHoursPerMonth(large), 6000.0);
        QCOMPARE(*entitledGpuHoursPerMonth(startups), 40 * 0.5 * 730.0);
        QVERIFY(!entitledGpuHoursPerMonth(tenant("none", "mid-stage")));
    }

    /// evaluate --tenants-csv: the lines as OpenCost-named CSV, a row per
    /// line per month, whose totalCost column sums to the fleet's cost.
    void tenantTotalsAsCsv()
    {
        Project project = test::sample();
        project.startMonth = "2026-11";
        Tenant small = tenant("small, premium", "mid-stage"); // a comma: quoted
        small.quotaGpuHoursPerMonth = 1000;
        Tenant large = tenant("large", "mid-stage", 2);
        large.quotaGpuHoursPerMonth = 3000;
        project.tenants = {small, large};
        const Evaluation evaluation = evaluate(project);
        const std::vector<TenantTotal> lines = tenantTotals(project, evaluation);
        const QStringList rows =
            QString::fromStdString(tenantTotalsCsv(project, lines)).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(rows.front(), QStringLiteral("name,start,end,minutes,gpuCount,gpuHours,gpuCost,"
                                              "sharedCost,totalCost,month,segment,tenants,rule,"
                                              "memoryEfficiency"));
        QCOMPARE(rows.size(), 1 + int(lines.size()) * project.horizonMonths);
        double total = 0, largeHours = 0;
        for (int r = 1; r < rows.size(); ++r) {
            QString row = rows[r];
            if (row.startsWith('"')) // the quoted name, back to one field
                row = QStringLiteral("small premium") + row.mid(row.indexOf('"', 1) + 1);
            const QStringList f = row.split(',');
            QCOMPARE(f.size(), 14);
            QCOMPARE(f[3].toDouble(), 43800.0); // the engine's month: 730 h
            QVERIFY(nearTenants(f[4].toDouble() * 730.0, f[5].toDouble(), 1e-9));
            QVERIFY(nearTenants(f[6].toDouble() + f[7].toDouble(), f[8].toDouble(), 1e-9));
            total += f[8].toDouble();
            if (f[0] == QStringLiteral("large"))
                largeHours += f[5].toDouble();
        }
        // The first tenant's rows: the quoted name, the calendar months; its
        // third month, of a horizon starting in November, is next January.
        const int first = int(rows.indexOf(QRegularExpression(QStringLiteral("^\"small.*"))));
        QVERIFY(first > 0);
        QVERIFY2(rows[first].startsWith(QStringLiteral("\"small, premium\",2026-11-01T00:00:00Z,"
                                                       "2026-12-01T00:00:00Z,43800,")),
                 qPrintable(rows[first]));
        QVERIFY2(
            rows[first + 2].contains(QStringLiteral(",2027-01-01T00:00:00Z,2027-02-01T00:00:00Z,")),
            qPrintable(rows[first + 2]));
        QVERIFY(rows[first + 2].contains(QStringLiteral(",2027-01,mid-stage,1,quota_gpu_hours,")));
        QVERIFY2(
            nearTenants(total, evaluation.kpis.totalCostUsd, 1e-8),
            qPrintable(QStringLiteral("%1 vs %2").arg(total).arg(evaluation.kpis.totalCostUsd)));
        const auto largeLine = std::find_if(
            lines.begin(), lines.end(), [](const TenantTotal& l) { return l.tenantId == "large"; });
        QVERIFY(largeLine != lines.end() && nearTenants(largeHours, largeLine->gpuHoursHeld, 1e-8));
        // Memory used ÷ allocated: the segment's services', notebooks' and
        // batch jobs' memory in use ÷ the memory of the GPU equivalents they
        // hold, computed here from the chosen options; training left out.
        double used = 0, allocated = 0;
        for (const WorkloadEvaluation& w : evaluation.workloads) {
            const Workload& workload = workloadOf(project, w.id);
            if (workload.segmentId != "mid-stage" || w.kind == WorkloadKind::Training ||
                !w.chosenOption())
                continue;
            const double gpuGb = project.catalog().gpu(w.chosenOption()->gpuId)->memoryGb.value;
            for (const MonthRequirement& month : w.chosenOption()->months) {
                used += month.memoryGb;
                allocated += month.gpuEquivalents * gpuGb;
            }
        }
        QVERIFY(allocated > 0);
        QVERIFY(largeLine->memoryEfficiency);
        QVERIFY(nearTenants(*largeLine->memoryEfficiency, used / allocated, 1e-12));
        QVERIFY(*largeLine->memoryEfficiency > 0 && *largeLine->memoryEfficiency <= 1);
        QVERIFY2(rows[first].endsWith("," + QString::number(*largeLine->memoryEfficiency, 'g', 10)),
                 qPrintable(rows[first]));
        // Segment lines have no tenant count or rule; without a start month,
        // no calendar bounds and the month's index.
        project.startMonth.clear();
        const QString bare = QString::fromStdString(tenantTotalsCsv(project, lines));
        QVERIFY(bare.contains(QStringLiteral("\nlarge,,,43800,")));
        QVERIFY(bare.contains(QRegularExpression(QStringLiteral(",enterprise,,,[0-9.]+\n"))));
    }

    /// A project without tenants has no tenant lines but its segments', and
    /// they still sum to the fleet's cost.
    void segmentsWithoutTenantsStillSum()
    {
        const Project project = test::sample();
        const Evaluation evaluation = evaluate(project);
        double sum = 0;
        for (const TenantTotal& line : tenantTotals(project, evaluation)) {
            QVERIFY(line.tenantId.empty());
            sum += line.totalCostUsd();
        }
        QVERIFY(std::abs(sum - evaluation.kpis.totalCostUsd) <=
                1e-6 * evaluation.kpis.totalCostUsd);
    }
};

FLEET_TEST_MAIN(TestTenants)
#include "test_tenants.moc"
