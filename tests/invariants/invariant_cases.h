#pragma once

// The invariants suite's cases and its runner (issue 27, item 4): generated
// projects (tests/core/project_generator.h), each read back as a user's file
// is read, and a relation checked on each until it has applied to
// FLEET_INVARIANT_PROJECTS of them (300 by default; 2,000 in the long mode).
// A broken relation names the project's seed and the relation's figures,
// and writes the project out (invariant-RELATION-SEED.json);
// FLEET_INVARIANT_SEED=S checks that seed alone.

#include "core/evaluation_text.h"
#include "core/project_generator.h"
#include "engine/evaluate.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"

#include <QtTest>

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace fleet::invariants {

/// What a relation says of one project: it does not apply (the project has
/// nothing it speaks of), it holds, or it is broken (with its figures).
struct Outcome
{
    enum State
    {
        NotApplicable,
        Held,
        Broken
    } state = Held;
    std::string figures;
};

inline Outcome holds()
{
    return {};
}
inline Outcome notApplicable()
{
    return {Outcome::NotApplicable, {}};
}
/// A broken relation, its figures printf-style.
[[gnu::format(printf, 1, 2)]] inline Outcome broken(const char* format, ...)
{
    char text[1024];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    return {Outcome::Broken, text};
}

/// a and b equal within `relative` of the larger, or `absolute`.
inline bool near(double a, double b, double relative = 1e-9, double absolute = 1e-6)
{
    return std::abs(a - b) <= std::max(absolute, relative * std::max(std::abs(a), std::abs(b)));
}
/// a ≤ b but for rounding.
inline bool atMost(double a, double b, double relative = 1e-9, double absolute = 1e-6)
{
    return a <= b + std::max(absolute, relative * std::max(std::abs(a), std::abs(b)));
}

inline double sum(const std::vector<double>& values)
{
    return std::accumulate(values.begin(), values.end(), 0.0);
}

/// A workload's attributed cost over the horizon.
inline double costOf(const WorkloadEvaluation& w)
{
    return sum(w.monthlyCostUsd);
}

/// What a workload's own plan pays in a sized fleet, where each workload buys
/// its plan alone: its chosen option's cost under its chosen plan, idle hours
/// of its own reservation included (the figure the engine's chooser ranks).
/// Its attributed cost (costOf) leaves those idle hours to the idle
/// commitment line (docs/MODEL.md, "Idle commitment"), so a pin to a
/// reservation can lower it while raising the project's cost.
inline double ownPlanCostOf(const WorkloadEvaluation& w)
{
    if (const OptionResult* option = w.chosenOption())
        if (const PlanCost* plan = option->cost(w.chosenPlan))
            return plan->totalUsd;
    return costOf(w);
}

inline const WorkloadEvaluation* find(const Evaluation& e, const std::string& id)
{
    for (const WorkloadEvaluation& w : e.workloads)
        if (w.id == id)
            return &w;
    return nullptr;
}

/// Every workload has an option the engine chose.
inline bool servesAll(const Evaluation& e)
{
    for (const WorkloadEvaluation& w : e.workloads)
        if (!w.chosenOption())
            return false;
    return !e.workloads.empty();
}

/// The option of `w` on the same GPU, regime and profile as `option`.
inline const OptionResult* sameOption(const WorkloadEvaluation& w, const OptionResult& option)
{
    for (const OptionResult& o : w.options)
        if (o.gpuId == option.gpuId && o.regime == option.regime && o.profile == option.profile)
            return &o;
    return nullptr;
}

inline std::string describe(const OptionResult& o)
{
    return o.gpuId + " " + std::string(regimeKey(o.regime)) + (o.profile.empty() ? "" : " ") +
           o.profile;
}

/// Every price of every book × k: hourly prices, and an owned GPU's capex,
/// hosting and power price, or its stated rate (its years, PUE and watts are
/// not money); and a regime's network price per GPU-hour.
inline Project pricesTimes(const Project& project, double k)
{
    Project scaled = project;
    for (Regime& regime : scaled.regimes)
        regime.networkUsdPerGpuHour *= k;
    for (PriceBook& book : scaled.mutableCatalog().priceBooks)
        for (GpuPrices& gpu : book.gpus) {
            for (Plan plan : {Plan::OnDemand, Plan::Reserved1y, Plan::Reserved3y, Plan::Spot})
                if (auto& price = gpu.hourly(plan))
                    price->usdPerGpuHour *= k;
            if (gpu.owned) {
                gpu.owned->capexUsdPerGpu.value *= k;
                gpu.owned->hostingUsdPerGpuMonth.value *= k;
                gpu.owned->usdPerKwh.value *= k;
                gpu.owned->usdPerGpuHour.value *= k; // an owned GPU stated by its rate
            }
        }
    return scaled;
}

/// The project as a user's file of it reads (validated, overrides applied);
/// nullopt with `why` set when the reader refuses it.
inline std::optional<Project> reread(const Project& project, std::string* why = nullptr)
{
    auto parsed = parseProject(projectToJsonText(project), "invariant.fleetplan.json");
    if (!parsed) {
        if (why)
            *why = parsed.error().toString();
        return std::nullopt;
    }
    return std::move(parsed).value();
}

inline int envInt(const char* name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok ? value : fallback;
}

/// One generated project, and its evaluation once a relation asks for it.
struct Case
{
    unsigned seed = 0;
    bool wide = false; ///< the generator's wide mode (tests/core/project_generator.h)
    Project project;

    const Evaluation& evaluation() const
    {
        if (!m_evaluation)
            m_evaluation = evaluate(project);
        return *m_evaluation;
    }

private:
    mutable std::optional<Evaluation> m_evaluation;
};

/// The generated projects, made and evaluated once and shared by the
/// relations of one test file.
class Cases
{
public:
    Cases() : m_base(loadSampleProject().value()) {}

    /// Relations apply to this many projects each.
    static int target() { return std::max(1, envInt("FLEET_INVARIANT_PROJECTS", 300)); }

    /// Seed of the index-th project: every other one wide (every plan, price
    /// book and GPU, long horizons, extreme demand), the rest the generator's
    /// usual projects.
    static unsigned seedOf(int index) { return 104729u * unsigned(index) + 11u; }

    /// The index-th project (nullptr where the reader refuses it: the
    /// property tests judge refusals). The default run's are kept for the
    /// next relation; the long mode's thousands are made again.
    const Case* at(int index)
    {
        if (const auto found = m_cases.find(index); found != m_cases.end())
            return found->second.get();
        testing::ProjectGenerator generator(m_base, seedOf(index), index % 2 == 1);
        std::unique_ptr<Case> made;
        if (auto project = reread(generator.next())) {
            made = std::make_unique<Case>();
            made->seed = seedOf(index);
            made->wide = index % 2 == 1;
            made->project = std::move(*project);
        }
        if (index >= kKept) {
            m_spare = std::move(made);
            return m_spare.get();
        }
        return (m_cases[index] = std::move(made)).get();
    }

private:
    static constexpr int kKept = 600;
    Project m_base;
    std::map<int, std::unique_ptr<Case>> m_cases;
    std::unique_ptr<Case> m_spare;
};

/// Checks `relation` on generated projects until it has applied to
/// Cases::target() of them (or FLEET_INVARIANT_SEED's alone), printing and
/// keeping the first broken ones. Returns a summary: empty when it held.
template <typename Relation> std::string check(Cases& cases, const char* name, Relation relation)
{
    const int target = Cases::target();
    const int only = envInt("FLEET_INVARIANT_SEED", -1);
    int applied = 0, brokenCount = 0, index = 0;
    std::string first;
    // A relation about a rarer kind of project draws more of them, up to
    // ten times the target.
    for (; applied < target && index < 10 * target; ++index) {
        if (only >= 0 && Cases::seedOf(index) != unsigned(only))
            continue;
        const Case* c = cases.at(index);
        if (!c)
            continue;
        const Outcome outcome = relation(*c);
        if (outcome.state == Outcome::NotApplicable)
            continue;
        ++applied;
        if (outcome.state == Outcome::Broken) {
            if (++brokenCount <= 3) {
                const std::string file =
                    "invariant-" + std::string(name) + "-" + std::to_string(c->seed) + ".json";
                std::ofstream(file) << projectToJsonText(c->project);
                const std::string line = std::string(name) + ": seed " + std::to_string(c->seed) +
                                         " (" + file + "): " + outcome.figures;
                qWarning("%s", line.c_str());
                if (first.empty())
                    first = line;
            }
        }
        if (only >= 0)
            break;
    }
    qInfo("%s: %d of %d projects applied, %d broken", name, applied, index, brokenCount);
    if (brokenCount > 0)
        return std::to_string(brokenCount) + " of " + std::to_string(applied) +
               " projects broke it; first: " + first +
               " (FLEET_INVARIANT_SEED=SEED reproduces one)";
    if (only < 0 && applied < target)
        return "applied to only " + std::to_string(applied) + " projects of " +
               std::to_string(index) + " drawn";
    return {};
}

} // namespace fleet::invariants

/// Checks the relation named `relation` (a function in fleet::invariants) in a test
/// slot; a broken relation fails the slot with the first project's figures.
#define FLEET_CHECK_RELATION(cases, relation)                                                      \
    do {                                                                                           \
        const std::string problem =                                                                \
            ::fleet::invariants::check(cases, #relation, ::fleet::invariants::relation);           \
        QVERIFY2(problem.empty(), problem.c_str());                                                \
    } while (false)
