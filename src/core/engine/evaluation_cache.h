#pragma once

// Evaluations of successive snapshots of one project (an edit, then the
// next) at the cost of what changed: a workload's own results (its options,
// choice, baseline: evaluateWorkload) are kept while the workload and
// everything else they read stand; when only what the price books charge
// changed (a price typed, the what-if price slider), its options are kept
// and priced again (priceBuiltWorkload); and only the steps across
// workloads (a fixed fleet's cash, KPIs, capacity, alerts) always run
// again. Same project, same Evaluation as evaluate(): a test holds them equal.

#include "engine/evaluation.h"

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace fleet {

/// Whether two workloads are the same, field by field.
bool sameWorkload(const Workload& a, const Workload& b);

/// Whether a workload's results computed under `a` hold under `b`, but for
/// the catalog: the same horizon, price book, fleet, scheduler, regimes,
/// assumptions and segments. Names, notes, scenarios and the overrides' text
/// (applied to the settings compared) are not read by evaluateWorkload.
bool sameWorkloadSettings(const Project& a, const Project& b);

class EvaluationCache
{
public:
    /// evaluate(project), reusing the results of workloads unchanged since
    /// the previous call (found by id, compared field by field).
    Evaluation evaluate(const Project& project);

    /// Workloads of the latest call whose results were reused, priced
    /// again (their options kept), and computed.
    std::size_t reused() const { return m_reused; }
    std::size_t repriced() const { return m_repriced; }
    std::size_t computed() const { return m_computed; }

private:
    struct Entry
    {
        Workload workload;
        WorkloadEvaluation result;
        std::vector<OptionResult> baselineCandidates; ///< priced with the result
        std::vector<std::string> warnings;            ///< those its pricing raised
    };
    enum class Holds
    {
        No,           ///< the entries are of other inputs
        Yes,          ///< as they are
        OnceRepriced, ///< once priced at the project's charges
    };
    /// Whether the entries hold under `project` (a catalog of the same
    /// content counts as the same: every edit reads the project anew).
    Holds holdsUnder(const Project& project);

    std::mutex m_mutex;
    std::optional<Project> m_context; ///< what the entries hold under (no workloads)
    std::optional<Project> m_naive;   ///< baselineProject(*m_context)
    std::unordered_map<std::string, Entry> m_entries;
    std::size_t m_reused = 0;
    std::size_t m_repriced = 0;
    std::size_t m_computed = 0;
};

} // namespace fleet
