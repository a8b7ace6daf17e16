// Metamorphic relations of the engine (issue 27, items 4 and 6), of the
// quantities of work: more tokens, runs, requests, users or batch hours never
// cost less; a better MFU or a looser target never needs more; and the
// inputs people think in (format 5) — a run by its days, notebook active
// hours, a batch window, a segment's stage, an owned GPU by its rate — move
// the figures the way their meaning says. Each relation is a function below
// with one line saying why it must hold; the runner and the projects are in
// invariant_cases.h, the shared edits in invariant_edits.h.

#include "engine/regime_network.h"
#include "engine/service_overflow.h"
#include "engine/training.h"
#include "invariant_edits.h"
#include "support/fleet_test.h"

#include <algorithm>

using namespace fleet;

namespace fleet::invariants {
namespace {

// --- more work, better inputs --------------------------------------------------

/// A run's tokens × k: its tokens, or its days where it is stated by them
/// (the tokens are proportional to the days: engine/training.h).
void scaleRun(TrainingSpec& s, double k)
{
    if (s.runDays)
        *s.runDays *= k;
    else
        s.tokensPerRun *= k;
}

// More tokens per run is more work: no option holds fewer GPU-hours, and
// nothing can become cheaper.
Outcome moreTokensNeverCheaper(const Case& c)
{
    const auto more = editEach<TrainingSpec>(c.project, [](TrainingSpec& s) { scaleRun(s, 1.5); });
    return more ? neverLower(c, *more, WorkloadKind::Training) : notApplicable();
}

// More runs per month is more work.
Outcome moreRunsNeverCheaper(const Case& c)
{
    const auto more =
        editEach<TrainingSpec>(c.project, [](TrainingSpec& s) { s.runsPerMonth *= 1.5; });
    return more ? neverLower(c, *more, WorkloadKind::Training) : notApplicable();
}

// More requests per second need at least the replicas they needed.
Outcome moreRequestsNeverCheaper(const Case& c)
{
    const auto more =
        editEach<InferenceSpec>(c.project, [](InferenceSpec& s) { s.requestsPerSecond *= 1.5; });
    return more ? neverLower(c, *more, WorkloadKind::Inference) : notApplicable();
}

// More notebook users hold at least the sessions they held.
Outcome moreUsersNeverCheaper(const Case& c)
{
    const auto more = editEach<NotebookSpec>(c.project, [](NotebookSpec& s) { s.users *= 2; });
    return more ? neverLower(c, *more, WorkloadKind::Notebooks) : notApplicable();
}

// More batch GPU-hours is more work.
Outcome moreBatchWorkNeverCheaper(const Case& c)
{
    const auto more =
        editEach<BatchSpec>(c.project, [](BatchSpec& s) { s.gpuHoursPerMonth *= 1.5; });
    return more ? neverLower(c, *more, WorkloadKind::Batch) : notApplicable();
}

// A run of a quarter of the tokens holds its gang a quarter as long: a
// training workload that costs anything must cost less (issue 27: the 70B
// run cost $17.1 M at 2 T and at 0.1 T tokens).
Outcome fewerTokensCostLess(const Case& c)
{
    const auto less = editEach<TrainingSpec>(c.project, [](TrainingSpec& s) { scaleRun(s, 0.25); });
    if (!less)
        return notApplicable();
    const Evaluation after = evaluate(*less);
    for (std::size_t i = 0; i < after.workloads.size(); ++i) {
        const WorkloadEvaluation& was = c.evaluation().workloads[i];
        const WorkloadEvaluation& now = after.workloads[i];
        if (was.kind == WorkloadKind::Training && was.chosenOption() && now.chosenOption() &&
            costOf(was) > 1 && !(costOf(now) < costOf(was) * (1 - 1e-6)))
            return broken("%s at a quarter of the tokens: $%.2f → $%.2f (%s → %s)", was.id.c_str(),
                          costOf(was), costOf(now), describe(*was.chosenOption()).c_str(),
                          describe(*now.chosenOption()).c_str());
    }
    return holds();
}

// A higher MFU does the same FLOPs in fewer GPU-hours on every option.
Outcome higherMfuNeverMoreGpuHours(const Case& c)
{
    const auto better = editEach<TrainingSpec>(
        c.project, [](TrainingSpec& s) { s.efficiency = std::min(1.0, s.efficiency * 1.25); });
    return better ? neverHigher(c, *better, WorkloadKind::Training, &MonthRequirement::gpuHoursHeld,
                                "GPU-hours held")
                  : notApplicable();
}

// A looser latency target lets each replica batch at least as much: no
// service needs more GPUs for it.
Outcome looserLatencyNeverMoreGpus(const Case& c)
{
    const auto looser = editEach<InferenceSpec>(c.project, [](InferenceSpec& s) {
        s.tpotMs *= 2;
        s.ttftMs *= 2;
    });
    return looser ? neverHigher(c, *looser, WorkloadKind::Inference,
                                &MonthRequirement::gpuEquivalents, "GPUs held")
                  : notApplicable();
}

// Sessions that wait longer before giving their GPU back hold it at least as
// long; never releasing (timeout 0) holds it longest.
Outcome longerIdleTimeoutNeverFewerHours(const Case& c)
{
    const auto longer = editEach<NotebookSpec>(c.project, [](NotebookSpec& s) {
        s.idleTimeoutMin =
            s.idleTimeoutMin > 0 && s.idleTimeoutMin < 60 ? s.idleTimeoutMin + 60 : 0.0;
    });
    return longer ? neverLower(c, *longer, WorkloadKind::Notebooks) : notApplicable();
}

// --- the inputs people think in (format 5) --------------------------------------

/// The project with every training run stated the other way — by the days
/// its tokens take where it gave tokens, by the tokens its days take where it
/// gave days — and how many converted.
std::pair<Project, int> runsStatedTheOtherWay(const Project& project)
{
    Project other = project;
    int converted = 0;
    for (Workload& w : other.workloads)
        if (auto* s = std::get_if<TrainingSpec>(&w.spec)) {
            if (s->runDays) {
                if (auto tokens = runTokens(project, w, *s)) {
                    s->tokensPerRun = tokens.value();
                    s->runDays.reset();
                    ++converted;
                }
            } else if (auto days = runDaysOf(project, w, *s);
                       days && days.value() > 0 && days.value() <= 3650) {
                s->runDays = days.value();
                s->tokensPerRun = 0;
                ++converted;
            }
        }
    return {std::move(other), converted};
}

// A run's tokens and its wall-clock days are one input in two units: stated
// the other way (tokens → run_days, run_days → tokens) no figure moves beyond
// rounding, and a run stated by its days shows the tokens it derives.
Outcome runDaysRoundTrip(const Case& c)
{
    auto [other, converted] = runsStatedTheOtherWay(c.project);
    if (converted == 0)
        return notApplicable();
    const Evaluation after = evaluate(other);
    if (Outcome o = sameFigures(c.evaluation(), after, 1e-6); o.state == Outcome::Broken)
        return o;
    // The side stated by days shows the tokens the other side states.
    for (std::size_t i = 0; i < other.workloads.size(); ++i) {
        const auto* was = std::get_if<TrainingSpec>(&c.project.workloads[i].spec);
        const auto* now = std::get_if<TrainingSpec>(&other.workloads[i].spec);
        if (!was || !now || bool(was->runDays) == bool(now->runDays))
            continue;
        const bool daysBefore = bool(was->runDays);
        const WorkloadEvaluation& byDays =
            daysBefore ? c.evaluation().workloads[i] : after.workloads[i];
        const double tokens = daysBefore ? now->tokensPerRun : was->tokensPerRun;
        for (const OptionResult& o : byDays.options)
            if (!near(o.detail("tokens_per_run"), tokens, 1e-9, 0))
                return broken("%s on %s stated by its days shows %.6g tokens, not %.6g",
                              byDays.id.c_str(), describe(o).c_str(), o.detail("tokens_per_run"),
                              tokens);
    }
    return holds();
}

// A longer run on the same gang processes more tokens: more work, never cheaper.
Outcome longerRunDaysNeverCheaper(const Case& c)
{
    Project longer = c.project;
    bool any = false;
    for (Workload& w : longer.workloads)
        if (auto* s = std::get_if<TrainingSpec>(&w.spec); s && s->runDays && *s->runDays < 2000) {
            *s->runDays *= 1.5;
            any = true;
        }
    return any ? neverLower(c, longer, WorkloadKind::Training) : notApplicable();
}

// The same busy share of the day spread over more active hours: sessions are
// held through more of the day (an idle gap held or restored within the
// hours), so GPU-hours held and the on-demand cost never fall; at the busiest
// hour fewer are open at once, so the peak never rises.
Outcome moreActiveHoursNeverFewerHours(const Case& c)
{
    Project more = c.project;
    bool any = false;
    for (Workload& w : more.workloads)
        if (auto* s = std::get_if<NotebookSpec>(&w.spec); s && s->activeHoursPerDay) {
            s->activeHoursPerDay = std::min(24.0, *s->activeHoursPerDay * 1.5);
            any = true;
        }
    if (!any)
        return notApplicable();
    const Evaluation after = evaluate(more);
    for (std::size_t i = 0; i < after.workloads.size(); ++i) {
        const WorkloadEvaluation& was = c.evaluation().workloads[i];
        if (was.kind != WorkloadKind::Notebooks)
            continue;
        for (const OptionResult& before : was.options) {
            const OptionResult* o = sameOption(after.workloads[i], before);
            if (!o)
                continue;
            for (std::size_t m = 0; m < before.months.size(); ++m) {
                const MonthRequirement &x = before.months[m], &y = o->months[m];
                if (!atMost(x.gpuHoursHeld, y.gpuHoursHeld) || !atMost(y.peakGpus, x.peakGpus))
                    return broken("%s on %s, month %zu: held %.3f → %.3f GPU-hours, peak "
                                  "%.3f → %.3f GPUs",
                                  was.id.c_str(), describe(before).c_str(), m + 1, x.gpuHoursHeld,
                                  y.gpuHoursHeld, x.peakGpus, y.peakGpus);
            }
            const PlanCost *p = before.cost(Plan::OnDemand), *q = o->cost(Plan::OnDemand);
            if (p && q && !atMost(p->totalUsd, q->totalUsd, 1e-9, 1e-3))
                return broken("%s on %s on demand: $%.2f → $%.2f", was.id.c_str(),
                              describe(before).c_str(), p->totalUsd, q->totalUsd);
        }
    }
    return holds();
}

/// The most GPUs `option` sets up in a month: what a commitment holds.
double committedGpusOf(const OptionResult& option)
{
    double most = 0;
    for (std::size_t m = 0; m < option.months.size(); ++m)
        most = std::max(most, option.setUpGpuHours(m) / kHoursPerMonth);
    return most;
}

// A narrower window holds the day's work in fewer hours at once: the GPU-hours
// held (paid by the hour) do not move, while the peak, what a commitment
// holds and the committed plans' costs never fall.
Outcome narrowerWindowNeverFewerGpusHeld(const Case& c)
{
    const auto narrower = editEach<BatchSpec>(c.project, [](BatchSpec& s) {
        s.windowHoursPerDay = s.windowHoursPerDay ? *s.windowHoursPerDay / 2 : 12.0;
    });
    if (!narrower)
        return notApplicable();
    const Evaluation after = evaluate(*narrower);
    for (std::size_t i = 0; i < after.workloads.size(); ++i) {
        const WorkloadEvaluation& was = c.evaluation().workloads[i];
        if (was.kind != WorkloadKind::Batch)
            continue;
        for (const OptionResult& before : was.options) {
            const OptionResult* o = sameOption(after.workloads[i], before);
            if (!o)
                continue;
            for (std::size_t m = 0; m < before.months.size(); ++m) {
                const MonthRequirement &x = before.months[m], &y = o->months[m];
                if (!near(x.gpuHoursHeld, y.gpuHoursHeld) || !atMost(x.peakGpus, y.peakGpus))
                    return broken("%s on %s, month %zu: held %.3f → %.3f GPU-hours, peak "
                                  "%.3f → %.3f GPUs",
                                  was.id.c_str(), describe(before).c_str(), m + 1, x.gpuHoursHeld,
                                  y.gpuHoursHeld, x.peakGpus, y.peakGpus);
            }
            if (!atMost(committedGpusOf(before), committedGpusOf(*o)))
                return broken("%s on %s: a commitment holds %.3f → %.3f GPUs", was.id.c_str(),
                              describe(before).c_str(), committedGpusOf(before),
                              committedGpusOf(*o));
            for (const PlanCost& p : before.planCosts)
                if (const PlanCost* q = o->cost(p.plan);
                    q && isCommitted(p.plan) && !atMost(p.totalUsd, q->totalUsd, 1e-9, 1e-3))
                    return broken("%s on %s, %s: $%.2f → $%.2f", was.id.c_str(),
                                  describe(before).c_str(), std::string(planKey(p.plan)).c_str(),
                                  p.totalUsd, q->totalUsd);
        }
    }
    return holds();
}

constexpr SegmentStage kStagesInTurn[] = {SegmentStage::Early, SegmentStage::Mid,
                                          SegmentStage::Enterprise};

/// The project as a user's file reads it, evaluated; nullopt when refused.
std::optional<Evaluation> evaluatedAsRead(const Project& project, std::string* why)
{
    auto read = reread(project, why);
    return read ? std::optional<Evaluation>(evaluate(*read)) : std::nullopt;
}

// A stage is its defaults: segments stated by their stage alone (the file
// leaves the floor and regimes out) evaluate as the same rules stated in full.
Outcome stageIsItsDefaults(const Case& c)
{
    if (c.project.segments.empty() || c.project.workloads.empty())
        return notApplicable();
    Project byStage = c.project;
    for (std::size_t i = 0; i < byStage.segments.size(); ++i) {
        Segment& s = byStage.segments[i];
        const SegmentStage stage = kStagesInTurn[(c.seed + i) % 3];
        s.stage = stage;
        s.isolationFloor = stageDefaults(stage).isolationFloor;
        s.allowedRegimes = stageDefaults(stage).allowedRegimes;
    }
    Project stated = byStage;
    for (Segment& s : stated.segments)
        s.stage.reset();
    std::string why;
    const auto a = evaluatedAsRead(byStage, &why);
    const auto b = evaluatedAsRead(stated, &why);
    if (!a || !b)
        return broken("the file of %s is refused: %s", a ? "the stated rules" : "the stages",
                      why.c_str());
    return sameFigures(*a, *b, 0);
}

// A stated floor and regime list win over a stage: giving segments that
// state them a stage changes no figure.
Outcome statedRulesWinOverStage(const Case& c)
{
    Project staged = c.project;
    bool any = false;
    for (std::size_t i = 0; i < staged.segments.size(); ++i) {
        Segment& s = staged.segments[i];
        const SegmentStage stage = kStagesInTurn[(c.seed / 3 + i) % 3];
        if (s.stage || (s.isolationFloor == stageDefaults(stage).isolationFloor &&
                        s.allowedRegimes == stageDefaults(stage).allowedRegimes))
            continue;
        s.stage = stage; // the stated floor and regimes stay
        any = true;
    }
    if (!any || c.project.workloads.empty())
        return notApplicable();
    std::string why;
    const auto after = evaluatedAsRead(staged, &why);
    if (!after)
        return broken("the file with stages is refused: %s", why.c_str());
    return sameFigures(c.evaluation(), *after, 0);
}

/// The project with every owned GPU of its active book stated by its rate,
/// `k` × the price it has (its rate, or its five figures'), cited as its
/// figures were; nullopt when the book owns none. A project's own book is
/// changed in its file too.
std::optional<Project> ownedRatesTimes(const Project& project, double k)
{
    Project rated = project;
    bool any = false;
    const auto restate = [&](PriceBook& book) {
        for (GpuPrices& prices : book.gpus)
            if (const GpuModel* gpu = project.catalog().gpu(prices.gpuId); gpu && prices.owned) {
                const SourcedValue& cited = prices.owned->statesUsdPerGpuHour()
                                                ? prices.owned->usdPerGpuHour
                                                : prices.owned->capexUsdPerGpu;
                OwnedCost owned;
                owned.usdPerGpuHour = {k * ownedUsdPerGpuHour(*prices.owned, gpu->tdpW.value),
                                       cited.source, cited.asOf, ""};
                prices.owned = owned;
                any = true;
            }
    };
    for (PriceBook& book : rated.mutableCatalog().priceBooks)
        if (book.id == project.activePriceBookId)
            restate(book);
    for (PriceBook& book : rated.ownPriceBooks)
        if (book.id == project.activePriceBookId)
            restate(book);
    if (!any)
        return std::nullopt;
    return rated;
}

/// Each option's owned plan cost in `after` is k × its cost in `before`
/// (less the overflow replicas, priced on demand whatever the plan), and
/// every other plan's is unchanged.
Outcome ownedCostsTimes(const Case& c, const Evaluation& after, double k)
{
    for (std::size_t i = 0; i < after.workloads.size(); ++i)
        for (const OptionResult& before : c.evaluation().workloads[i].options) {
            const OptionResult* o = sameOption(after.workloads[i], before);
            if (!o)
                continue;
            // Paid beside the GPUs' price: a service's overflow, a pooled regime's network.
            const double overflow =
                overflowTotalCostUsd(c.project, before) + networkTotalCostUsd(c.project, before);
            for (const PlanCost& p : before.planCosts) {
                const PlanCost* q = o->cost(p.plan);
                if (!q)
                    return broken("%s on %s lost its %s plan",
                                  c.evaluation().workloads[i].id.c_str(), describe(before).c_str(),
                                  std::string(planKey(p.plan)).c_str());
                const double expected =
                    p.plan == Plan::Owned ? k * (p.totalUsd - overflow) + overflow : p.totalUsd;
                if (!near(q->totalUsd, expected, 1e-9, 1e-3))
                    return broken("%s on %s, %s: $%.2f, expected $%.2f (× %g)",
                                  c.evaluation().workloads[i].id.c_str(), describe(before).c_str(),
                                  std::string(planKey(p.plan)).c_str(), q->totalUsd, expected, k);
            }
        }
    return holds();
}

// The owned rate is the owned price: stated at k × the price an owned GPU has,
// every option's owned plan costs k × what it did and no other plan moves.
Outcome ownedRateScalesOwnedCost(const Case& c)
{
    const double k = 4;
    const auto rated = ownedRatesTimes(c.project, k);
    return rated ? ownedCostsTimes(c, evaluate(*rated), k) : notApplicable();
}

// A rate stated at the price the five figures give is the same price: the
// file with it reads to the same figures.
Outcome ownedRateAtTheFiguresPriceChangesNothing(const Case& c)
{
    // A file holds its own books only: the catalog's are read from the catalog.
    const bool ownBook =
        std::any_of(c.project.ownPriceBooks.begin(), c.project.ownPriceBooks.end(),
                    [&](const PriceBook& b) { return b.id == c.project.activePriceBookId; });
    const auto rated = ownBook ? ownedRatesTimes(c.project, 1) : std::nullopt;
    if (!rated || c.project.workloads.empty())
        return notApplicable();
    std::string why;
    const auto after = evaluatedAsRead(*rated, &why);
    if (!after)
        return broken("the file with owned rates is refused: %s", why.c_str());
    return sameFigures(c.evaluation(), *after, 1e-9);
}

} // namespace
} // namespace fleet::invariants

class TestInvariantsQuantities : public QObject
{
    Q_OBJECT
    invariants::Cases m_cases;

private slots:
    void moreTokensNeverCheaper() { FLEET_CHECK_RELATION(m_cases, moreTokensNeverCheaper); }
    void moreRunsNeverCheaper() { FLEET_CHECK_RELATION(m_cases, moreRunsNeverCheaper); }
    void moreRequestsNeverCheaper() { FLEET_CHECK_RELATION(m_cases, moreRequestsNeverCheaper); }
    void moreUsersNeverCheaper() { FLEET_CHECK_RELATION(m_cases, moreUsersNeverCheaper); }
    void moreBatchWorkNeverCheaper() { FLEET_CHECK_RELATION(m_cases, moreBatchWorkNeverCheaper); }
    void fewerTokensCostLess() { FLEET_CHECK_RELATION(m_cases, fewerTokensCostLess); }
    void higherMfuNeverMoreGpuHours() { FLEET_CHECK_RELATION(m_cases, higherMfuNeverMoreGpuHours); }
    void looserLatencyNeverMoreGpus() { FLEET_CHECK_RELATION(m_cases, looserLatencyNeverMoreGpus); }
    void longerIdleTimeoutNeverFewerHours()
    {
        FLEET_CHECK_RELATION(m_cases, longerIdleTimeoutNeverFewerHours);
    }
    void runDaysRoundTrip() { FLEET_CHECK_RELATION(m_cases, runDaysRoundTrip); }
    void longerRunDaysNeverCheaper() { FLEET_CHECK_RELATION(m_cases, longerRunDaysNeverCheaper); }
    void moreActiveHoursNeverFewerHours()
    {
        FLEET_CHECK_RELATION(m_cases, moreActiveHoursNeverFewerHours);
    }
    void narrowerWindowNeverFewerGpusHeld()
    {
        FLEET_CHECK_RELATION(m_cases, narrowerWindowNeverFewerGpusHeld);
    }
    void stageIsItsDefaults() { FLEET_CHECK_RELATION(m_cases, stageIsItsDefaults); }
    void statedRulesWinOverStage() { FLEET_CHECK_RELATION(m_cases, statedRulesWinOverStage); }
    void ownedRateScalesOwnedCost() { FLEET_CHECK_RELATION(m_cases, ownedRateScalesOwnedCost); }
    void ownedRateAtTheFiguresPriceChangesNothing()
    {
        FLEET_CHECK_RELATION(m_cases, ownedRateAtTheFiguresPriceChangesNothing);
    }
};

FLEET_TEST_MAIN(TestInvariantsQuantities)
#include "test_invariants_quantities.moc"
