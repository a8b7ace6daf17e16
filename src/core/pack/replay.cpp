#include "pack/replay.h"

#include "pack/remaining_index.h"
#include "util/number_text.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <unordered_map>

namespace fleet::pack {

namespace {

// Scores normalise CPU and GPU by the largest node the simulator knows.
constexpr double kMaxCpuMilli = 128000;
constexpr double kMaxGpuMilli = 8000;
/// Kubernetes counts a pod that requests no CPU as 100 millicores when it scores.
constexpr long kNonZeroCpuMilli = 100;
/// The target workload is the most frequent pod shapes that make up this share of the pods.
constexpr double kTypicalShare = 0.95;

long scoringCpu(long cpu)
{
    return cpu > 0 ? cpu : kNonZeroCpuMilli;
}

/// A seeded stream with integer draws defined here, not by the standard
/// library's distributions, so that a seed gives the same replay everywhere.
class RandomStream
{
public:
    explicit RandomStream(std::uint64_t seed) : m_engine(seed) {}
    std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : m_engine() % n; }
    template <typename T> void shuffle(std::vector<T>& items)
    {
        for (std::size_t i = items.size(); i > 1; --i)
            std::swap(items[i - 1], items[std::size_t(below(i))]);
    }

private:
    std::mt19937_64 m_engine;
};

struct PodShape
{
    long cpu = 0; ///< as scored (non-zero)
    int milli = 0;
    int num = 0;
    int spec = -1; ///< interned gpu_spec, −1 for none
    double p = 0;
};

struct NodeState
{
    long cpuFree = 0;
    long memFree = 0;
    std::vector<int> gpuFree;        ///< milli per GPU
    int model = -1;                  ///< interned model
    int rank = 0;                    ///< tie-break: the lowest wins
    std::map<std::string, int> tags; ///< GPU-pod kinds on the node (GpuClustering)
    std::unordered_map<std::uint64_t, std::pair<int, int>> fgdCache; ///< shape → (score, GPU)

    long gpuFreeTotal() const { return std::accumulate(gpuFree.begin(), gpuFree.end(), 0L); }
    int fullyFree() const { return int(std::count(gpuFree.begin(), gpuFree.end(), 1000)); }
};

class Replayer
{
public:
    Replayer(const std::vector<Node>& nodes, const std::vector<Pod>& pods, Policy policy,
             const ReplayOptions& options)
        : m_policy(policy), m_options(options), m_random(options.seed)
    {
        // Nodes in name order; pods in name order (the basis of shuffling and inflation).
        std::vector<const Node*> byName;
        for (const Node& node : nodes)
            byName.push_back(&node);
        std::sort(byName.begin(), byName.end(),
                  [](const Node* a, const Node* b) { return a->name < b->name; });
        std::vector<const Pod*> original;
        for (const Pod& pod : pods)
            original.push_back(&pod);
        std::sort(original.begin(), original.end(),
                  [](const Pod* a, const Pod* b) { return a->name < b->name; });
        for (const Node* node : byName) {
            NodeState state;
            state.cpuFree = node->cpuMilli;
            state.memFree = node->memoryMib;
            state.gpuFree.assign(std::size_t(node->gpus), 1000);
            state.model = intern(node->model);
            m_nodes.push_back(std::move(state));
            m_totalMilli += long(node->gpus) * 1000;
            m_result.totalGpus += node->gpus;
        }
        buildTypical(original);

        (void)m_random.below(1u << 30); // the reference simulator draws once before shuffling
        m_order = original;
        m_random.shuffle(m_order);
        inflate(original);
        // A seeded ranking of the nodes breaks ties between equal scores.
        std::vector<int> perm(m_nodes.size());
        for (std::size_t i = 0; i < perm.size(); ++i) {
            const std::size_t j = std::size_t(m_random.below(i + 1));
            perm[i] = perm[j];
            perm[j] = int(i);
        }
        for (std::size_t i = 0; i < m_nodes.size(); ++i)
            m_nodes[i].rank = perm[i];
    }

    ReplayResult run()
    {
        const auto started = std::chrono::steady_clock::now();
        const int lastBin = int(std::ceil(m_options.targetLoad * 100)) + 1;
        std::vector<double> sums(std::size_t(lastBin) + 2, 0.0);
        std::vector<long> counts(sums.size(), 0);
        long arrived = 0;
        for (const Pod* pod : m_order) {
            ++m_result.podsArrived;
            if (!schedule(*pod)) {
                ++m_result.failedPods;
                ++m_result.failedByShape[shapeLabel(*pod)];
            }
            arrived += pod->gpuMilliTotal();
            const double arrivedPct = 100.0 * double(arrived) / double(m_totalMilli);
            const std::size_t bin = std::size_t(std::lround(arrivedPct));
            if (bin < sums.size()) {
                sums[bin] += 100.0 * double(m_used) / double(m_totalMilli);
                ++counts[bin];
            }
        }
        // Entry k: the mean of the pods that brought the load to k %; a k no
        // pod landed on takes the pods within ±1.
        auto& curve = m_result.allocatedPctByArrivedPct;
        for (int k = 0; k < lastBin; ++k) {
            if (counts[std::size_t(k)] > 0) {
                curve.push_back(sums[std::size_t(k)] / double(counts[std::size_t(k)]));
                continue;
            }
            double s = 0;
            long c = 0;
            for (int d = -1; d <= 1; ++d)
                if (k + d >= 0 && std::size_t(k + d) < sums.size()) {
                    s += sums[std::size_t(k + d)];
                    c += counts[std::size_t(k + d)];
                }
            curve.push_back(c > 0 ? s / double(c) : (curve.empty() ? 0.0 : curve.back()));
        }
        const auto at = [&](double load) {
            const std::size_t k = std::size_t(std::lround(load * 100));
            return curve.empty() ? 0.0 : curve[std::min(k, curve.size() - 1)];
        };
        m_result.allocatedPctAtTarget = at(m_options.targetLoad);
        m_result.allocatedPctAt100 = at(1.0);
        for (std::size_t model = 0; model < m_models.size(); ++model)
            m_result.fragmentation.push_back({m_models[model], 0, 0, 0});
        for (const NodeState& node : m_nodes) {
            if (node.model < 0 || node.gpuFree.empty())
                continue;
            ModelFragmentation& f = m_result.fragmentation[std::size_t(node.model)];
            ++f.nodes;
            f.idleGpus += double(node.gpuFreeTotal()) / 1000.0;
            f.fragmentedGpus += fragmentation(node, node.cpuFree, node.gpuFree) / 1000.0;
        }
        std::erase_if(m_result.fragmentation,
                      [](const ModelFragmentation& f) { return f.nodes == 0; });
        m_result.policy = m_policy;
        m_result.seed = m_options.seed;
        m_result.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return m_result;
    }

private:
    Policy m_policy;
    ReplayOptions m_options;
    RandomStream m_random;
    std::vector<NodeState> m_nodes;
    std::vector<const Pod*> m_order;
    std::vector<PodShape> m_typical;
    std::vector<std::string> m_models; ///< interned models
    std::unordered_map<std::string, int> m_modelIds;
    std::map<std::vector<std::string>, int> m_specIds;
    std::vector<std::vector<std::string>> m_specs; ///< interned gpu_specs
    std::vector<std::vector<int>> m_specAllows;    ///< [spec]: the models it allows, sorted
    long m_totalMilli = 0;
    long m_used = 0;
    ReplayResult m_result;
    std::vector<int> m_feasible;

    int intern(const std::string& model)
    {
        if (model.empty())
            return -1;
        // A map, not a scan: a hostile list of a model per node stays linear.
        const auto [it, added] = m_modelIds.try_emplace(model, int(m_models.size()));
        if (added)
            m_models.push_back(model);
        return it->second;
    }

    int specOf(const Pod& pod)
    {
        if (pod.gpuSpec.empty())
            return -1;
        const auto [it, added] = m_specIds.try_emplace(pod.gpuSpec, int(m_specs.size()));
        if (!added)
            return it->second;
        m_specs.push_back(pod.gpuSpec);
        // The models of the cluster the spec names, sorted: linear in the
        // spec's length, whatever the number of models.
        std::vector<int> allows;
        for (const std::string& model : pod.gpuSpec)
            if (const auto known = m_modelIds.find(model); known != m_modelIds.end())
                allows.push_back(known->second);
        std::sort(allows.begin(), allows.end());
        m_specAllows.push_back(std::move(allows));
        return int(m_specs.size()) - 1;
    }

    bool specAllows(int spec, int model) const
    {
        if (spec < 0)
            return true;
        const std::vector<int>& allows = m_specAllows[std::size_t(spec)];
        return model >= 0 && std::binary_search(allows.begin(), allows.end(), model);
    }

    /// The target workload: the most frequent shapes making up 95 % of the pods.
    void buildTypical(const std::vector<const Pod*>& pods)
    {
        std::map<std::tuple<long, int, int, int>, long> counts;
        for (const Pod* pod : pods)
            ++counts[{scoringCpu(pod->cpuMilli), pod->gpuMilli, pod->numGpu, specOf(*pod)}];
        std::vector<std::pair<std::tuple<long, int, int, int>, long>> sorted(counts.begin(),
                                                                             counts.end());
        std::stable_sort(sorted.begin(), sorted.end(), [this](const auto& a, const auto& b) {
            if (a.second != b.second)
                return a.second > b.second;
            const auto key = [this](const auto& t) {
                const int spec = std::get<3>(t);
                return std::make_tuple(std::get<0>(t), std::get<1>(t), std::get<2>(t),
                                       spec < 0 ? std::string() : specText(spec));
            };
            return key(a.first) > key(b.first);
        });
        long taken = 0;
        for (const auto& [key, count] : sorted) {
            if (double(taken) >= kTypicalShare * double(pods.size()))
                break;
            m_typical.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key),
                                 std::get<3>(key), double(count)});
            taken += count;
        }
        for (PodShape& shape : m_typical)
            shape.p /= double(taken);
    }

    std::string specText(int spec) const
    {
        std::string text;
        for (const std::string& model : m_specs[std::size_t(spec)])
            text += (text.empty() ? "" : "|") + model;
        return text;
    }

    /// Inflates (or trims) the shuffled list to the target share of GPU capacity.
    void inflate(const std::vector<const Pod*>& original)
    {
        const double target = m_options.targetLoad * double(m_totalMilli);
        long current = 0;
        for (const Pod* pod : original)
            current += pod->gpuMilliTotal();
        if (double(current) < target) {
            // replay() has checked that some pod asks for a GPU and that the
            // expected length stays under kMaxReplayedPods; the bound here
            // holds even against an unlucky draw.
            while (!original.empty() && std::int64_t(m_order.size()) < 2 * kMaxReplayedPods) {
                const Pod* pod = original[std::size_t(m_random.below(original.size()))];
                // As the reference simulator does: the stop test adds the
                // pod's per-GPU milli, the running total its whole request.
                if (double(current + pod->gpuMilli) > target)
                    break;
                m_order.push_back(pod);
                current += pod->gpuMilliTotal();
            }
        } else {
            // The reference simulator erases the pod at a random position of
            // the remaining list until the load fits. The same draws pick the
            // same pods here, but the k-th remaining pod is found in a Fenwick
            // tree (O(log n)) instead of erased from a vector (O(n)): a
            // million-pod list trims in a second, not in minutes.
            RemainingIndex remaining(m_order.size());
            std::vector<bool> removed(m_order.size(), false);
            while (double(current) > target && remaining.size() > 0) {
                const std::size_t at =
                    remaining.kth(std::size_t(m_random.below(std::uint64_t(remaining.size()))));
                remaining.remove(at);
                removed[at] = true;
                current -= m_order[at]->gpuMilliTotal();
            }
            std::size_t kept = 0;
            for (std::size_t i = 0; i < m_order.size(); ++i)
                if (!removed[i])
                    m_order[kept++] = m_order[i];
            m_order.resize(kept);
        }
    }

    static std::string shapeLabel(const Pod& pod)
    {
        if (pod.numGpu == 0)
            return "cpu only";
        if (pod.numGpu == 1 && pod.gpuMilli < 1000) {
            char text[32];
            std::snprintf(text, sizeof text, "%.2f GPU", pod.gpuMilli / 1000.0);
            return text;
        }
        return std::to_string(pod.numGpu) + (pod.numGpu == 1 ? " GPU" : " GPUs");
    }

    bool fits(const NodeState& node, const Pod& pod, int spec) const
    {
        if (pod.cpuMilli > node.cpuFree || pod.memoryMib > node.memFree)
            return false;
        if (pod.numGpu == 0)
            return true;
        if (node.gpuFree.empty() || !specAllows(spec, node.model))
            return false;
        if (pod.numGpu == 1)
            return std::any_of(node.gpuFree.begin(), node.gpuFree.end(),
                               [&](int free) { return free >= pod.gpuMilli; });
        return node.fullyFree() >= pod.numGpu;
    }

    /// FGD's measure: the GPU capacity of the node the target workload cannot use.
    double fragmentation(const NodeState& node, long cpuFree, const std::vector<int>& gpuFree) const
    {
        const long idle = std::accumulate(gpuFree.begin(), gpuFree.end(), 0L);
        if (idle == 0)
            return 0;
        double f = 0;
        for (const PodShape& t : m_typical) {
            if (t.num == 0 || !specAllows(t.spec, node.model)) {
                f += t.p * double(idle);
                continue;
            }
            int fitting = 0;
            long below = 0;
            for (int free : gpuFree) {
                if (free >= t.milli)
                    ++fitting;
                else
                    below += free;
            }
            f += t.p * double(fitting >= t.num && t.cpu <= cpuFree ? below : idle);
        }
        return f;
    }

    static int sigmoidScore(double decrease)
    {
        return int(std::int64_t(100.0 / (1.0 + std::exp(-decrease / 1000.0))));
    }

    /// FGD: the node's score and the GPU a shared pod takes there.
    std::pair<int, int> fgd(NodeState& node, const Pod& pod, int spec)
    {
        if (pod.cpuMilli == 0 && pod.numGpu == 0)
            return {100, -1};
        const std::uint64_t key = (std::uint64_t(pod.cpuMilli) << 32) ^
                                  (std::uint64_t(pod.gpuMilli) << 16) ^
                                  (std::uint64_t(pod.numGpu) << 8) ^ std::uint64_t(spec + 1);
        if (const auto cached = node.fgdCache.find(key); cached != node.fgdCache.end())
            return cached->second;
        const double before = fragmentation(node, node.cpuFree, node.gpuFree);
        std::vector<int> after = node.gpuFree;
        std::pair<int, int> best{-1, -1};
        if (pod.numGpu == 1 && pod.gpuMilli < 1000) {
            for (std::size_t i = 0; i < after.size(); ++i) {
                if (after[i] < pod.gpuMilli)
                    continue;
                after[i] -= pod.gpuMilli;
                const int score =
                    sigmoidScore(before - fragmentation(node, node.cpuFree - pod.cpuMilli, after));
                after[i] += pod.gpuMilli;
                if (score > best.first)
                    best = {score, int(i)};
            }
        } else {
            for (int taken = 0, i = 0; taken < pod.numGpu && i < int(after.size()); ++i)
                if (after[std::size_t(i)] == 1000) {
                    after[std::size_t(i)] = 0;
                    ++taken;
                }
            best = {sigmoidScore(before - fragmentation(node, node.cpuFree - pod.cpuMilli, after)),
                    -1};
        }
        node.fgdCache.emplace(key, best);
        return best;
    }

    int score(NodeState& node, const Pod& pod, int spec)
    {
        const long cpuReq = scoringCpu(pod.cpuMilli);
        const long gpuReq = pod.gpuMilliTotal();
        const long gpuFree = node.gpuFreeTotal();
        switch (m_policy) {
        case Policy::Random: return 0;
        case Policy::BestFit: {
            const double s = 0.5 * double(node.cpuFree - cpuReq) / kMaxCpuMilli +
                             0.5 * double(gpuFree - gpuReq) / kMaxGpuMilli;
            return int(std::int64_t((1.0 - s) * 100.0));
        }
        case Policy::DotProduct: {
            if (node.cpuFree < cpuReq)
                return 0;
            const double dot = double(node.cpuFree) / kMaxCpuMilli * double(cpuReq) / kMaxCpuMilli +
                               double(gpuFree) / kMaxGpuMilli * double(gpuReq) / kMaxGpuMilli;
            return int(std::int64_t(100.0 * (1.0 - dot / 2.0)));
        }
        case Policy::GpuPacking: {
            if (pod.numGpu == 0)
                return 0;
            const int fullyFree = node.fullyFree();
            if (fullyFree == int(node.gpuFree.size()))
                return std::max(33 - fullyFree, fullyFree);
            std::vector<int> order(node.gpuFree.size());
            std::iota(order.begin(), order.end(), 0);
            std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
                return node.gpuFree[std::size_t(a)] < node.gpuFree[std::size_t(b)];
            });
            int taken = 0, fullyFreeUsed = 0;
            long sumFree = 0;
            for (int g : order) {
                if (taken == pod.numGpu)
                    break;
                const int free = node.gpuFree[std::size_t(g)];
                if (free < pod.gpuMilli)
                    continue;
                ++taken;
                sumFree += free;
                fullyFreeUsed += free == 1000 ? 1 : 0;
            }
            if (fullyFreeUsed > 0)
                return std::max(50 - fullyFreeUsed, 33);
            return int(std::max(100 - (sumFree * 100 / 1000) / 10, 50L));
        }
        case Policy::GpuClustering: {
            if (pod.numGpu == 0)
                return 0;
            const int base = int(25 * (8000 - gpuFree) / 8000);
            const std::string tag = clusterTag(pod);
            if (node.tags.empty())
                return base + 25;
            const auto it = node.tags.find(tag);
            if (it == node.tags.end())
                return base;
            return base + (node.tags.size() == 1 ? 75 : 50);
        }
        case Policy::Fgd: return fgd(node, pod, spec).first;
        }
        return 0;
    }

    static std::string clusterTag(const Pod& pod)
    {
        return pod.numGpu == 1 && pod.gpuMilli < 1000 ? std::string("share-gpu")
                                                      : std::to_string(pod.numGpu) + "-gpu";
    }

    bool schedule(const Pod& pod)
    {
        const int spec = specOf(pod);
        m_feasible.clear();
        for (std::size_t n = 0; n < m_nodes.size(); ++n)
            if (fits(m_nodes[n], pod, spec))
                m_feasible.push_back(int(n));
        if (m_feasible.empty())
            return false;
        int chosen = m_feasible.front();
        if (m_feasible.size() > 1) {
            if (m_policy == Policy::Random) {
                chosen = m_feasible[std::size_t(m_random.below(m_feasible.size()))];
            } else {
                std::vector<int> scores(m_feasible.size());
                for (std::size_t i = 0; i < m_feasible.size(); ++i)
                    scores[i] = score(m_nodes[std::size_t(m_feasible[i])], pod, spec);
                if (m_policy == Policy::BestFit) {
                    // Min–max normalised to 0–100 in integers, as Kubernetes does.
                    const auto [lo, hi] = std::minmax_element(scores.begin(), scores.end());
                    const int low = *lo, high = *hi;
                    for (int& s : scores)
                        s = high == low ? 0 : (s - low) * 100 / (high - low);
                }
                std::size_t best = 0;
                for (std::size_t i = 1; i < scores.size(); ++i) {
                    const int rank = m_nodes[std::size_t(m_feasible[i])].rank;
                    const int bestRank = m_nodes[std::size_t(m_feasible[best])].rank;
                    if (scores[i] > scores[best] || (scores[i] == scores[best] && rank < bestRank))
                        best = i;
                }
                chosen = m_feasible[best];
            }
        }
        place(m_nodes[std::size_t(chosen)], pod, spec);
        return true;
    }

    void place(NodeState& node, const Pod& pod, int spec)
    {
        if (pod.numGpu == 1 && pod.gpuMilli < 1000) {
            int gpu = -1;
            if (m_policy == Policy::Fgd) {
                gpu = fgd(node, pod, spec).second;
            } else if (m_policy == Policy::Random) {
                std::vector<int> fitting;
                for (std::size_t i = 0; i < node.gpuFree.size(); ++i)
                    if (node.gpuFree[i] >= pod.gpuMilli)
                        fitting.push_back(int(i));
                gpu = fitting[std::size_t(m_random.below(fitting.size()))];
            } else {
                // Best: the GPU with the least room that still fits; the lowest index on ties.
                for (std::size_t i = 0; i < node.gpuFree.size(); ++i)
                    if (node.gpuFree[i] >= pod.gpuMilli &&
                        (gpu < 0 || node.gpuFree[i] < node.gpuFree[std::size_t(gpu)]))
                        gpu = int(i);
            }
            node.gpuFree[std::size_t(gpu)] -= pod.gpuMilli;
        } else {
            for (int taken = 0, i = 0; taken < pod.numGpu; ++i)
                if (node.gpuFree[std::size_t(i)] == 1000) {
                    node.gpuFree[std::size_t(i)] = 0;
                    ++taken;
                }
        }
        node.cpuFree -= pod.cpuMilli;
        node.memFree -= pod.memoryMib;
        m_used += pod.gpuMilliTotal();
        if (pod.numGpu > 0)
            ++node.tags[clusterTag(pod)];
        node.fgdCache.clear();
    }
};

} // namespace

std::string_view policyKey(Policy policy)
{
    switch (policy) {
    case Policy::Random: return "random";
    case Policy::BestFit: return "best_fit";
    case Policy::GpuPacking: return "gpu_packing";
    case Policy::DotProduct: return "dot_product";
    case Policy::GpuClustering: return "gpu_clustering";
    case Policy::Fgd: return "fgd";
    }
    return "random";
}

std::optional<Policy> policyFromKey(std::string_view key)
{
    for (Policy policy : allPolicies())
        if (policyKey(policy) == key)
            return policy;
    return std::nullopt;
}

const std::vector<Policy>& allPolicies()
{
    static const std::vector<Policy> policies{Policy::Random,        Policy::BestFit,
                                              Policy::GpuPacking,    Policy::DotProduct,
                                              Policy::GpuClustering, Policy::Fgd};
    return policies;
}

Result<bool> checkReplay(const std::vector<Node>& nodes, const std::vector<Pod>& pods,
                         const ReplayOptions& options)
{
    const auto refuse = [](std::string rule) {
        return Error({Issue{{}, {}, {}, std::move(rule)}});
    };
    if (!std::isfinite(options.targetLoad) || options.targetLoad <= 0 || options.targetLoad > 100)
        return refuse("the target load must be a number > 0 and ≤ 100 (arrived GPU requests ÷ "
                      "GPU capacity)");
    long gpus = 0;
    for (const Node& node : nodes)
        gpus += node.gpus;
    if (gpus <= 0)
        return refuse("the node list holds no GPU: nothing to pack");
    long requested = 0;
    for (const Pod& pod : pods)
        requested += pod.gpuMilliTotal();
    if (requested <= 0)
        return refuse("no pod of the pod list asks for a GPU (num_gpu and gpu_milli are 0 in "
                      "every row): a GPU load cannot be built from it");
    // Inflation repeats pods drawn at random until the arrived load reaches
    // the target: about (target − present) ÷ mean request more of them.
    const double target = options.targetLoad * double(gpus) * 1000.0;
    const double meanMilli = double(requested) / double(pods.size());
    const double expected =
        double(pods.size()) + std::max(0.0, target - double(requested)) / meanMilli;
    if (expected > double(kMaxReplayedPods))
        return refuse("reaching a load of " + std::to_string(options.targetLoad) + " on " +
                      countText(double(gpus)) + " GPUs takes about " + countText(expected) +
                      " pods of this list's mean request; FleetPlanner replays at most " +
                      countText(double(kMaxReplayedPods)) +
                      " (use a lower target load or a smaller node list)");
    return true;
}

Result<ReplayResult> replay(const std::vector<Node>& nodes, const std::vector<Pod>& pods,
                            Policy policy, const ReplayOptions& options)
{
    if (auto check = checkReplay(nodes, pods, options); !check)
        return check.error();
    return Replayer(nodes, pods, policy, options).run();
}

} // namespace fleet::pack
