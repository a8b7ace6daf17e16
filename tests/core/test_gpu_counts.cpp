// Issue 27, item 2: one count of GPUs. GPUs held, busy and paid and
// utilization = busy ÷ paid (engine/gpu_counts.h) are the figures of the
// regime-mix chart, the optimizer's mix, the warnings, the KPIs and the JSON.

#include "engine/chart_data.h"
#include "engine/evaluate.h"
#include "engine/gpu_counts.h"
#include "model/pricing.h"
#include "optimize/apply_plan.h"
#include "optimize/plan_gpu_counts.h"
#include "optimize/regime_mix.h"
#include "project_generator.h"
#include "store/evaluation_export.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace fleet;

namespace {

/// The four-answers case of issue 27 (2,256 committed GPUs, little work):
/// the sample's fleet reserved at 2,256 H100s with no on-demand pool, and
/// only its four small workloads (a fine-tune and three 8B-or-smaller services).
Project bigCommitmentLittleWork()
{
    Project project = loadSampleProject().value();
    project.fleet.pools[0].count = 2256;
    project.fleet.pools[1].count = 0;
    const std::vector<std::string> small = {"enterprise-finetune", "claims-triage-8b",
                                            "moderation-1b", "support-chat-8b"};
    std::erase_if(project.workloads, [&](const Workload& w) {
        return std::find(small.begin(), small.end(), w.id) == small.end();
    });
    return project;
}

std::string thousandsText(double value)
{
    return QLocale(QLocale::English).toString(std::llround(value)).toStdString();
}

bool countsNear(double a, double b, double tolerance = 1e-6)
{
    return std::abs(a - b) <= tolerance * std::max({1.0, std::abs(a), std::abs(b)});
}

/// Held ≤ paid and busy ≤ paid every month; the models and the regimes add
/// up to the totals. "" or the first that fails.
std::string countsAddUp(const GpuCounts& counts)
{
    for (std::size_t m = 0; m < counts.months.size(); ++m) {
        const GpuCountMonth& month = counts.months[m];
        const std::string at = " in month " + std::to_string(m + 1);
        if (month.held > month.paid + 1e-6)
            return "held " + std::to_string(month.held) + " > paid " + std::to_string(month.paid) +
                   at;
        if (month.busy > month.paid + 1e-6)
            return "busy " + std::to_string(month.busy) + " > paid " + std::to_string(month.paid) +
                   at;
        double held = 0, paid = 0, byRegime = 0;
        for (const GpuModelCounts& model : counts.models) {
            held += model.months[m].held;
            paid += model.months[m].paid;
        }
        for (const auto& [regime, values] : counts.heldByRegime)
            byRegime += values[m];
        if (!countsNear(held, month.held) || !countsNear(paid, month.paid))
            return "the models do not add up" + at;
        if (!countsNear(byRegime, month.held, 1e-4))
            return "the regimes hold " + std::to_string(byRegime) + ", the month " +
                   std::to_string(month.held) + at;
    }
    return {};
}

} // namespace

class TestGpuCounts : public QObject
{
    Q_OBJECT

private slots:
    // The four answers of issue 27 are one: the regime-mix chart, the
    // optimizer's mix of the same plan, the idle-commitment warning and the
    // utilization KPI read the same held, busy and paid.
    void fourAnswersAreOne()
    {
        const Project project = bigCommitmentLittleWork();
        QCOMPARE(project.workloads.size(), std::size_t(4));
        const Evaluation e = evaluate(project);
        const GpuCounts& counts = e.gpus;
        QVERIFY2(countsAddUp(counts).empty(), countsAddUp(counts).c_str());
        const std::size_t months = std::size_t(project.horizonMonths);
        QCOMPARE(counts.months.size(), months);
        // Paid: the commitment every month (nothing beyond it).
        for (const GpuCountMonth& month : counts.months)
            QVERIFY(countsNear(month.paid, 2256));
        QCOMPARE(counts.committedGpus, 2256.0);

        // The chart: held by regime, then paid − held; the bars are the GPUs paid.
        const RegimeMixData chart = regimeMix(project, e);
        for (std::size_t m = 0; m < months; ++m) {
            double held = 0;
            for (const auto& regime : chart.gpus)
                held += regime[m];
            QVERIFY(countsNear(held, counts.months[m].held, 1e-9));
            QVERIFY(countsNear(held + chart.paidNotHeld[m], counts.months[m].paid, 1e-9));
        }
        const auto series = mixSeries(chart);
        QCOMPARE(series.back().first, std::string(kPaidNotHeldLabel));

        // The warning, in the same words and figures.
        const double neverHeld = counts.committedNeverHeldGpus();
        QVERIFY(neverHeld > 0.1 * 2256);
        QCOMPARE(e.kpis.capacityFreedGpus, neverHeld);
        double mostHeld = 0;
        for (const GpuCountMonth& month : counts.months)
            mostHeld = std::max(mostHeld, month.heldOnCommitted);
        QVERIFY(countsNear(mostHeld, counts.peakHeldGpus())); // all of it on the commitment
        const std::string warning = thousandsText(neverHeld) +
                                    " of 2,256 committed GPUs are paid but held in no month "
                                    "(the plan holds at most " +
                                    thousandsText(mostHeld) + " of them)";
        const bool warned =
            std::any_of(e.kpis.alerts.begin(), e.kpis.alerts.end(),
                        [&](const auto& a) { return a.find(warning) != std::string::npos; });
        QVERIFY2(warned, warning.c_str());

        // The utilization KPI: busy ÷ paid.
        QVERIFY(countsNear(e.kpis.gpuHoursPaid, 2256 * kHoursPerMonth * double(months)));
        QVERIFY(countsNear(e.kpis.utilization, counts.busyGpuHours() / counts.paidGpuHours()));
        QVERIFY(countsNear(counts.busyGpuHours(), e.kpis.gpuHoursBusy));

        // evaluate --json: the same counts.
        const boost::json::object json = evaluationToJson(project, e, "");
        const auto& held = json.at("gpu_counts").at("held").as_array();
        QCOMPARE(held.size(), months);
        QVERIFY(countsNear(held[0].to_number<double>(), counts.months[0].held));
        QVERIFY(countsNear(json.at("kpis").at("gpu_hours_paid").to_number<double>(),
                           counts.paidGpuHours()));

        // The optimizer's plan, counted by the same rules, and the engine's
        // evaluation of that plan applied (one plan): the same totals.
        const RegimeMixResult plan = optimizeRegimeMix(project, {}).value();
        QVERIFY(plan.status == SolveStatus::Optimal || plan.status == SolveStatus::Feasible);
        const GpuCounts ofPlan = planGpuCounts(project, e, plan);
        QVERIFY2(countsAddUp(ofPlan).empty(), countsAddUp(ofPlan).c_str());
        const Project applied = applyPlan(project, plan);
        const Evaluation afterApply = evaluate(applied);
        const RegimeMixData optimizerChart = regimeMixOf(ofPlan, chart.months);
        for (std::size_t m = 0; m < months; ++m) {
            const GpuCountMonth& a = ofPlan.months[m];
            const GpuCountMonth& b = afterApply.gpus.months[m];
            QVERIFY2(countsNear(a.held, b.held, 1e-9) && countsNear(a.paid, b.paid, 1e-9) &&
                         countsNear(a.busy, b.busy, 1e-9),
                     qPrintable(QStringLiteral("month %1: optimizer held %2 busy %3 paid %4, "
                                               "engine held %5 busy %6 paid %7")
                                    .arg(m + 1)
                                    .arg(a.held)
                                    .arg(a.busy)
                                    .arg(a.paid)
                                    .arg(b.held)
                                    .arg(b.busy)
                                    .arg(b.paid)));
            double stacked = 0; // the optimizer chart's bar of month m
            for (const auto& regime : optimizerChart.gpus)
                stacked += regime[m];
            QVERIFY(countsNear(stacked + optimizerChart.paidNotHeld[m], a.paid, 1e-9));
        }
        // The engine's own choices are the optimizer's here: one plan, one count.
        for (std::size_t m = 0; m < months; ++m)
            QVERIFY(countsNear(ofPlan.months[m].held, counts.months[m].held, 1e-9));
    }

    // The sample: utilization is busy ÷ the GPU-hours paid (the 1,600
    // reserved GPUs every hour and the on-demand GPU-hours used), not ÷ the
    // on-demand pool's limit.
    void sampleUtilizationIsBusyOverPaid()
    {
        const Project project = loadSampleProject().value();
        const Evaluation e = evaluate(project);
        const Kpis& k = e.kpis;
        QVERIFY(k.gpuHoursPaid < k.fleetGpuHours);
        QVERIFY(k.gpuHoursPaid >= 1600 * kHoursPerMonth * project.horizonMonths);
        QVERIFY(countsNear(k.utilization, k.gpuHoursBusy / k.gpuHoursPaid));
        QVERIFY(k.utilization > k.gpuHoursBusy / k.fleetGpuHours);
        QVERIFY2(countsAddUp(e.gpus).empty(), countsAddUp(e.gpus).c_str());
    }

    // Utilization ≤ 100 % of paid capacity on generated projects: no plan is
    // busy for more GPU-hours than it pays for, nor holds more than it pays.
    void utilizationAtMostPaidOnGeneratedProjects()
    {
        const Project base = loadSampleProject().value();
        int checked = 0;
        for (bool wide : {false, true}) {
            testing::ProjectGenerator generator(base, 27, wide);
            for (int i = 0; i < 60; ++i) {
                const Project project = generator.next();
                const Evaluation e = evaluate(project);
                const std::string why = countsAddUp(e.gpus);
                QVERIFY2(why.empty(),
                         qPrintable(QString::fromStdString(project.name + ": " + why)));
                QVERIFY2(e.kpis.utilization <= 1.0 + 1e-9,
                         qPrintable(QString::fromStdString(project.name) +
                                    QStringLiteral(": utilization %1").arg(e.kpis.utilization)));
                QVERIFY(countsNear(e.kpis.utilization, e.gpus.utilization(), 1e-12));
                ++checked;
            }
        }
        QCOMPARE(checked, 120);
    }
};

FLEET_TEST_MAIN(TestGpuCounts)
#include "test_gpu_counts.moc"
