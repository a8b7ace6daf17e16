// Issue 15, deliverable 2: one answer. The optimizer's plan written into the
// project (choices pinned, a sized fleet turned into the plan's pools) is
// costed by the engine within 0.1 % of the optimizer's cost — on the sample
// in both fleet modes and on generated projects.

#include "engine/evaluate.h"
#include "optimize/apply_plan.h"
#include "optimize/plan_comparison.h"
#include "optimize/regime_mix.h"
#include "project_generator.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {

/// "" when the applied plan's engine cost is within 0.1 % of the optimizer's.
QString oneAnswer(const Project& project, bool fast, bool* applied = nullptr)
{
    OptimizeOptions options;
    options.fastPath = fast;
    options.solve.timeLimitSeconds = 5;
    const auto solved = optimizeRegimeMix(project, options);
    if (!solved)
        return {}; // a refused model is test_optimizer's business
    const RegimeMixResult& plan = solved.value();
    if (plan.assignments.empty() || !plan.unserved.empty()) {
        return {}; // no plan to apply
    }
    for (const Assignment& a : plan.assignments)
        if (a.onSpot)
            return {}; // spot pools in a fixed fleet are not yet costed per workload (issue 15)
    if (applied)
        *applied = true;
    const Evaluation e = evaluate(applyPlan(project, plan));
    for (const WorkloadEvaluation& w : e.workloads)
        if (!w.chosenOption())
            return QStringLiteral("%1: the pinned choice has no option: %2")
                .arg(QString::fromStdString(w.id), QString::fromStdString(w.problem));
    const PlanComparison c = comparePlans(e, plan);
    if (!c.choices.empty())
        return QStringLiteral("%1: engine %2, optimizer %3")
            .arg(QString::fromStdString(c.choices.front().workloadId),
                 QString::fromStdString(c.choices.front().engine),
                 QString::fromStdString(c.choices.front().optimizer));
    if (std::abs(c.differenceUsd) > 1e-3 * std::max(1.0, plan.costUsd))
        return QStringLiteral("engine $%1, optimizer $%2")
            .arg(c.engineCostUsd, 0, 'f', 0)
            .arg(c.optimizerCostUsd, 0, 'f', 0);
    return {};
}

} // namespace

class TestApplyPlan : public QObject
{
    Q_OBJECT

private slots:
    void sampleFixedAndSized()
    {
        // Services and notebooks set up at their mean (share 0) or their peak (1).
        for (double share : {0.0, 1.0})
            for (FleetMode mode : {FleetMode::Fixed, FleetMode::Size})
                for (bool fast : {true, false}) {
                    Project project = loadSampleProject().value();
                    project.fleet.mode = mode;
                    project.assumptions.peakCapacityShare = share;
                    const QString problem = oneAnswer(project, fast);
                    QVERIFY2(problem.isEmpty(),
                             qPrintable(QStringLiteral("share %1: ").arg(share) + problem));
                }
    }

    void sizedFleetBecomesThePlansPools()
    {
        Project project = loadSampleProject().value();
        project.fleet.mode = FleetMode::Size;
        const RegimeMixResult plan = optimizeRegimeMix(project, {}).value();
        const Project applied = applyPlan(project, plan);
        QCOMPARE(applied.fleet.mode, FleetMode::Fixed);
        for (const Workload& w : applied.workloads) {
            QVERIFY(w.choice.gpuId && w.choice.regime);
        }
        // Pool ids the scenarios name survive.
        QVERIFY(applyScenario(applied, "reserve-60").ok());
    }

    void generatedProjects()
    {
        const Project base = loadSampleProject().value();
        testing::ProjectGenerator generator(base, 15);
        int applied = 0;
        for (int i = 0; i < 40; ++i) {
            // Through the file format, as a user's project arrives (defaults filled in).
            const auto parsed =
                parseProject(projectToJsonText(generator.next()), "generated.fleetplan.json");
            if (!parsed)
                continue;
            Project project = parsed.value();
            // Every other project holds its services and notebooks at their peak.
            project.assumptions.peakCapacityShare = i % 2 == 0 ? 0.0 : 1.0;
            bool planned = false;
            const QString problem = oneAnswer(project, true, &planned);
            QVERIFY2(problem.isEmpty(),
                     qPrintable(QStringLiteral("project %1: %2").arg(i).arg(problem)));
            applied += planned ? 1 : 0;
        }
        qInfo("%d of 40 generated projects had a plan to apply", applied);
        QVERIFY(applied >= 5);
    }
};

QTEST_GUILESS_MAIN(TestApplyPlan)
#include "test_apply_plan.moc"
