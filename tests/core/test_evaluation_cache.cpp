// The evaluation cache (engine/evaluation_cache.h) gives exactly what a full
// evaluate() gives, after edits of every kind — a workload's field, a pool's
// count, an assumption, a scenario switch, rows added and removed, a price
// — on the sample and on generated projects; and it recomputes only the
// workloads an edit reached (and, for a change of prices alone, prices every
// workload again without building its options again).

#include "engine/evaluate.h"
#include "engine/evaluation_cache.h"
#include "evaluation_text.h"
#include "project_generator.h"
#include "sample_fixture.h"
#include "store/project_edit.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <boost/json.hpp>

using namespace fleet;
using fleet::test::sample;
using fleet::test::sampleWith;
using fleet::test::text;

namespace {

/// The project after `edits` through the app's edit path; fatal if refused.
Project edited(const Project& project, const std::vector<FieldEdit>& edits)
{
    auto result = applyFieldEdits(project, edits, "test");
    if (!result)
        qFatal("edit refused: %s", result.error().toString().c_str());
    return std::move(result).value().project;
}

int firstOf(const Project& project, WorkloadKind kind)
{
    for (std::size_t i = 0; i < project.workloads.size(); ++i)
        if (project.workloads[i].kind() == kind)
            return int(i);
    return -1;
}

/// One numeric field of workload `row` that every kind has a use for.
std::string numericField(const Workload& workload)
{
    switch (workload.kind()) {
    case WorkloadKind::Training: // a run stated by its days has no tokens of its own
        return std::get<TrainingSpec>(workload.spec).runDays ? "run_days" : "tokens_per_run";
    case WorkloadKind::Inference: return "requests_per_second";
    case WorkloadKind::Notebooks: return "users";
    case WorkloadKind::Batch: return "gpu_hours_per_month";
    }
    return {};
}

double numericValue(const Workload& workload)
{
    if (const auto* t = std::get_if<TrainingSpec>(&workload.spec))
        return t->runDays ? *t->runDays : t->tokensPerRun;
    if (const auto* i = std::get_if<InferenceSpec>(&workload.spec))
        return i->requestsPerSecond;
    if (const auto* n = std::get_if<NotebookSpec>(&workload.spec))
        return n->users;
    return std::get<BatchSpec>(workload.spec).gpuHoursPerMonth;
}

/// A workload's field scaled by `factor` (rounded for whole-number fields).
Project scaledWorkload(const Project& project, int row, double factor)
{
    const Workload& w = project.workloads[std::size_t(row)];
    const double value = numericValue(w) * factor;
    const boost::json::value json = w.kind() == WorkloadKind::Notebooks
                                        ? boost::json::value(std::int64_t(std::ceil(value)))
                                        : boost::json::value(value);
    return edited(project, {{"/workloads/" + std::to_string(row) + "/" + numericField(w), json}});
}

class TestEvaluationCache : public QObject
{
    Q_OBJECT

    /// The cache's evaluation of `project` is evaluate()'s, field for field.
    static void checkSame(EvaluationCache& cache, const Project& project, const char* step)
    {
        const Evaluation full = evaluate(project);
        const Evaluation cached = cache.evaluate(project);
        QVERIFY2(cached.workloads.size() == full.workloads.size(), step);
        for (std::size_t i = 0; i < full.workloads.size(); ++i)
            QVERIFY2(text(cached.workloads[i]) == text(full.workloads[i]),
                     qPrintable(QStringLiteral("%1: workload %2 differs")
                                    .arg(QLatin1String(step))
                                    .arg(QString::fromStdString(full.workloads[i].id))));
        QVERIFY2(text(cached.kpis) == text(full.kpis), step);
        QVERIFY2(cached.warnings == full.warnings, step);
        QVERIFY2(text(cached) == text(full), step);
    }

    /// Edits of every kind, each compared with a full evaluation; the
    /// counts say what was recomputed.
    static void editSequence(Project project)
    {
        EvaluationCache cache;
        const std::size_t n = project.workloads.size();
        checkSame(cache, project, "first evaluation");
        QCOMPARE(cache.computed(), n);
        checkSame(cache, project, "same project again");
        QCOMPARE(cache.reused(), n);
        QCOMPARE(cache.computed(), std::size_t(0));

        // A workload's field, of each kind the project has: that workload alone.
        for (WorkloadKind kind : {WorkloadKind::Training, WorkloadKind::Inference,
                                  WorkloadKind::Notebooks, WorkloadKind::Batch}) {
            const int row = firstOf(project, kind);
            if (row < 0)
                continue;
            project = scaledWorkload(project, row, 1.5);
            checkSame(cache, project, "workload field");
            QCOMPARE(cache.computed(), std::size_t(1));
            QCOMPARE(cache.reused(), n - 1);
        }
        // Its pin: the choice is the workload's own.
        if (const int row = firstOf(project, WorkloadKind::Inference); row >= 0) {
            Workload& w = project.workloads[std::size_t(row)];
            w.choice.regime = RegimeKind::BareMetal;
            checkSame(cache, project, "workload pin");
            QCOMPARE(cache.computed(), std::size_t(1));
        }
        // A pool's count: the fleet is every workload's context.
        if (!project.fleet.pools.empty()) {
            project = edited(project, {{"/fleet/pools/0/count",
                                        boost::json::value(project.fleet.pools[0].count + 8)}});
            checkSame(cache, project, "pool count");
            QCOMPARE(cache.computed(), n);
        }
        // An assumption and the scheduler's policy.
        project = edited(project, {{"/assumptions/restart_min",
                                    boost::json::value(project.assumptions.restartMin + 7.0)}});
        checkSame(cache, project, "assumption");
        QCOMPARE(cache.computed(), n);
        project.scheduler.policy = // set in memory, to another policy
            project.scheduler.policy == SchedulerPolicy::PredictivePreemption
                ? SchedulerPolicy::Naive
                : SchedulerPolicy::PredictivePreemption;
        checkSame(cache, project, "scheduler policy");
        QCOMPARE(cache.computed(), n);
        // A project's name is no workload's input.
        project = edited(project, {{"/name", boost::json::value("renamed")}});
        checkSame(cache, project, "project name");
        QCOMPARE(cache.computed(), std::size_t(0));
        // Rows removed and added.
        project.workloads.erase(project.workloads.begin());
        checkSame(cache, project, "workload removed");
        QCOMPARE(cache.computed(), std::size_t(0));
        Workload added = project.workloads.back();
        added.id += "-added";
        project.workloads.push_back(added);
        checkSame(cache, project, "workload added");
        QCOMPARE(cache.computed(), std::size_t(1));
        // A price changed in memory: the catalog, shared with the cache, is
        // copied first. What a book charges alone: every workload priced
        // again, none built again.
        if (const PriceBook* book = project.activePriceBook()) {
            const std::string id = book->id;
            for (PriceBook& b : project.mutableCatalog().priceBooks)
                if (b.id == id)
                    for (GpuPrices& prices : b.gpus)
                        if (prices.onDemand)
                            prices.onDemand->usdPerGpuHour *= 1.25;
            checkSame(cache, project, "price");
            QCOMPARE(cache.computed(), std::size_t(0));
            QCOMPARE(cache.repriced(), project.workloads.size());
            checkSame(cache, project, "price, again");
            QCOMPARE(cache.reused(), project.workloads.size());
            // As the what-if price slider scales a book: every rented and
            // owned price, the notes and the book's description.
            for (PriceBook& b : project.mutableCatalog().priceBooks)
                if (b.id == id) {
                    b.description += " (what-if ×0.7)";
                    for (GpuPrices& prices : b.gpus) {
                        for (Plan plan : kAllPlans)
                            if (plan != Plan::Owned && prices.has(plan)) {
                                prices.hourly(plan)->usdPerGpuHour *= 0.7;
                                prices.hourly(plan)->note = "what-if";
                            }
                        if (prices.owned)
                            prices.owned->capexUsdPerGpu.value *= 0.7;
                    }
                }
            checkSame(cache, project, "prices scaled");
            QCOMPARE(cache.computed(), std::size_t(0));
            QCOMPARE(cache.repriced(), project.workloads.size());
            // What a book offers is not a charge: spot's interruption rate
            // sizes a preemptible workload's options, so everything is built again.
            for (PriceBook& b : project.mutableCatalog().priceBooks)
                if (b.id == id)
                    for (GpuPrices& prices : b.gpus)
                        if (prices.spot)
                            prices.spot->interruptionsPerHour =
                                prices.spot->interruptionsPerHour.value_or(0.01) * 2;
            checkSame(cache, project, "spot interruptions");
            const bool anySpot = std::any_of(project.activePriceBook()->gpus.begin(),
                                             project.activePriceBook()->gpus.end(),
                                             [](const GpuPrices& p) { return p.spot.has_value(); });
            QCOMPARE(cache.computed(), anySpot ? project.workloads.size() : std::size_t(0));
        }
        // A scenario switch, and back.
        for (const Scenario& scenario : project.scenarios) {
            auto applied = applyScenario(project, scenario.id);
            if (!applied)
                continue;
            checkSame(cache, applied.value(), "scenario applied");
            checkSame(cache, project, "scenario left");
        }
    }

private slots:
    void sampleEdits() { editSequence(sample()); }

    void sampleSizedEdits()
    {
        Project project = sample();
        project = edited(project, {{"/fleet/mode", boost::json::value("size")}});
        editSequence(project);
    }

    void grownSampleEdits() { editSequence(sampleWith(64)); }

    void generatedEdits()
    {
        const Project base = sample(); // the generator keeps a reference to it
        testing::ProjectGenerator generator(base, 20261202);
        for (int i = 0; i < 6; ++i) {
            // As the app holds it: read from its file (the generator builds
            // its catalog in memory; a file's is read from its sections).
            auto project = parseProjectValue(projectToJson(generator.next()), "generated");
            QVERIFY2(project, project ? "" : project.error().toString().c_str());
            if (project.value().workloads.empty())
                continue;
            editSequence(project.value());
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("generated project %1").arg(i)));
        }
    }
};

} // namespace

FLEET_TEST_MAIN(TestEvaluationCache)
#include "test_evaluation_cache.moc"
