#include "engine/evaluation_cache.h"

#include "engine/evaluate_steps.h"
#include "model/engine_defaults.h"

#include <tuple>

namespace fleet {

// Each comparison binds every member of its struct: a member added later
// stops the build here until it is compared too (a missed one would keep
// results of inputs that changed).
namespace {

bool same(const TrainingSpec& a, const TrainingSpec& b)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11] = a;
    const auto& [b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11] = b;
    return std::tie(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) ==
           std::tie(b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11);
}

bool same(const InferenceSpec& a, const InferenceSpec& b)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11] = a;
    const auto& [b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11] = b;
    return std::tie(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) ==
           std::tie(b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11);
}

bool same(const NotebookSpec& a, const NotebookSpec& b)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7] = a;
    const auto& [b1, b2, b3, b4, b5, b6, b7] = b;
    return std::tie(a1, a2, a3, a4, a5, a6, a7) == std::tie(b1, b2, b3, b4, b5, b6, b7);
}

bool same(const BatchSpec& a, const BatchSpec& b)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7] = a;
    const auto& [b1, b2, b3, b4, b5, b6, b7] = b;
    return std::tie(a1, a2, a3, a4, a5, a6, a7) == std::tie(b1, b2, b3, b4, b5, b6, b7);
}

bool same(const WorkloadChoice& a, const WorkloadChoice& b)
{
    const auto& [a1, a2, a3, a4] = a;
    const auto& [b1, b2, b3, b4] = b;
    return std::tie(a1, a2, a3, a4) == std::tie(b1, b2, b3, b4);
}

bool same(const Segment& a, const Segment& b)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7, a8] = a;
    const auto& [b1, b2, b3, b4, b5, b6, b7, b8] = b;
    return std::tie(a1, a2, a3, a4, a5, a6, a7, a8) == std::tie(b1, b2, b3, b4, b5, b6, b7, b8);
}

bool same(const FleetPool& a, const FleetPool& b)
{
    const auto& [a1, a2, a3, a4, a5, a6] = a;
    const auto& [b1, b2, b3, b4, b5, b6] = b;
    return std::tie(a1, a2, a3, a4, a5, a6) == std::tie(b1, b2, b3, b4, b5, b6);
}

bool same(const Regime& a, const Regime& b)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13] = a;
    const auto& [b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13] = b;
    return std::tie(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) ==
           std::tie(b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13);
}

bool same(const Scheduler& a, const Scheduler& b)
{
    const auto& [a1, a2, a3, a4, a5] = a;
    const auto& [b1, b2, b3, b4, b5] = b;
    return std::tie(a1, a2, a3, a4, a5) == std::tie(b1, b2, b3, b4, b5);
}

bool same(const Assumptions& a, const Assumptions& b)
{
    // Every member is a row of the assumption table (a static_assert in
    // engine_defaults.cpp keeps the struct and the table the same size).
    for (const AssumptionField& field : assumptionFields())
        if (a.*field.member != b.*field.member)
            return false;
    return true;
}

template <class T> bool sameList(const std::vector<T>& a, const std::vector<T>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!same(a[i], b[i]))
            return false;
    return true;
}

bool sameSpec(const Workload& a, const Workload& b)
{
    if (a.spec.index() != b.spec.index())
        return false;
    return std::visit(
        [&](const auto& spec) {
            return same(spec, std::get<std::decay_t<decltype(spec)>>(b.spec));
        },
        a.spec);
}

} // namespace

bool sameWorkload(const Workload& a, const Workload& b)
{
    const auto& [id, name, segment, start, end, spec, choice, note] = a;
    (void)spec; // compared by kind below
    return id == b.id && name == b.name && segment == b.segmentId && start == b.startMonth &&
           end == b.endMonth && sameSpec(a, b) && same(choice, b.choice) && note == b.note;
}

bool sameWorkloadSettings(const Project& a, const Project& b)
{
    return a.horizonMonths == b.horizonMonths && a.startMonth == b.startMonth &&
           a.activePriceBookId == b.activePriceBookId && a.fleet.mode == b.fleet.mode &&
           sameList(a.fleet.pools, b.fleet.pools) && same(a.scheduler, b.scheduler) &&
           std::equal(a.regimes.begin(), a.regimes.end(), b.regimes.begin(),
                      [](const Regime& x, const Regime& y) { return same(x, y); }) &&
           same(a.assumptions, b.assumptions) && sameList(a.segments, b.segments);
}

EvaluationCache::Holds EvaluationCache::holdsUnder(const Project& project)
{
    if (!m_context || !sameWorkloadSettings(*m_context, project))
        return Holds::No;
    if (&m_context->catalog() == &project.catalog())
        return Holds::Yes;
    // Another catalog object (an edit re-reads the project, and its
    // catalog): the same if its content is (model/catalog.h). The context
    // then takes the new one, whose address stays taken while the context
    // holds it.
    const bool same = sameContent(project.catalog(), m_context->catalog());
    if (!same && !sameContentButCharges(project.catalog(), m_context->catalog()))
        return Holds::No;
    Project context = project;
    context.workloads.clear();
    if (!same)
        m_naive = baselineProject(context);
    m_context = std::move(context);
    return same ? Holds::Yes : Holds::OnceRepriced;
}

Evaluation EvaluationCache::evaluate(const Project& project)
{
    const std::lock_guard lock(m_mutex);
    const Holds holds = holdsUnder(project);
    if (holds == Holds::No) {
        m_entries.clear();
        m_context.reset();
        m_naive.reset();
        Project context = project;
        context.workloads.clear();
        m_naive = baselineProject(context);
        m_context = std::move(context);
    }
    m_reused = m_repriced = m_computed = 0;
    Evaluation evaluation;
    evaluation.workloads.reserve(project.workloads.size());
    std::unordered_map<std::string, Entry> kept;
    kept.reserve(project.workloads.size());
    // Entries left unpriced by a throw would pass for priced at the new
    // charges (the context already says them): none is kept then.
    struct ForgetUnlessDone
    {
        EvaluationCache& cache;
        bool done = false;
        ~ForgetUnlessDone()
        {
            if (!done) {
                cache.m_entries.clear();
                cache.m_context.reset();
                cache.m_naive.reset();
            }
        }
    } guard{*this};
    for (const Workload& workload : project.workloads) {
        auto found = m_entries.find(workload.id);
        Entry entry;
        if (found != m_entries.end() && sameWorkload(found->second.workload, workload)) {
            entry = std::move(found->second);
            m_entries.erase(found);
            if (holds == Holds::OnceRepriced) {
                entry.warnings.clear();
                priceBuiltWorkload(project, *m_naive, workload, entry.result,
                                   entry.baselineCandidates, entry.warnings);
                ++m_repriced;
            } else
                ++m_reused;
        } else {
            entry.workload = workload;
            WorkloadRequirements built = workloadRequirements(project, *m_naive, workload);
            entry.result = unpricedWorkload(project, workload, built);
            entry.baselineCandidates = std::move(built.baselineOptions);
            priceBuiltWorkload(project, *m_naive, workload, entry.result, entry.baselineCandidates,
                               entry.warnings);
            ++m_computed;
        }
        evaluation.workloads.push_back(entry.result);
        evaluation.warnings.insert(evaluation.warnings.end(), entry.warnings.begin(),
                                   entry.warnings.end());
        kept.insert_or_assign(workload.id, std::move(entry));
    }
    m_entries = std::move(kept); // workloads removed since are forgotten
    guard.done = true;
    completeEvaluation(project, evaluation);
    return evaluation;
}

} // namespace fleet
