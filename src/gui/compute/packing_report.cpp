#include "compute/packing_report.h"

namespace fleet::gui {

PackingReport replayPolicies(const std::vector<pack::Node>& nodes,
                             const std::vector<pack::Pod>& pods,
                             const std::vector<pack::Policy>& policies, int seeds, double load,
                             const QString& source, const std::atomic<bool>* cancel)
{
    PackingReport report;
    report.source = source;
    report.nodes = int(nodes.size());
    report.pods = pods.size();
    report.load = load;
    report.seeds = seeds;
    if (auto check = pack::checkReplay(nodes, pods, {load, 42}); !check) {
        report.refusal = QString::fromStdString(check.error().messages());
        return report;
    }
    for (pack::Policy policy : policies) {
        PolicyPacking mean;
        mean.policy = policy;
        for (int s = 0; s < seeds; ++s) {
            if (cancel && cancel->load())
                return report;
            auto replayed = pack::replay(nodes, pods, policy, {load, std::uint64_t(42 + s)});
            if (!replayed) {
                report.refusal = QString::fromStdString(replayed.error().messages());
                return report;
            }
            const pack::ReplayResult& r = replayed.value();
            report.totalGpus = r.totalGpus;
            mean.allocatedPctByArrivedPct.resize(r.allocatedPctByArrivedPct.size(), 0.0);
            for (std::size_t k = 0; k < r.allocatedPctByArrivedPct.size(); ++k)
                mean.allocatedPctByArrivedPct[k] += r.allocatedPctByArrivedPct[k] / seeds;
            mean.unallocatedPctAt100 += (100.0 - r.allocatedPctAt100) / seeds;
            mean.unallocatedPctAtTarget += r.unallocatedGpuPct() / seeds;
            mean.failedPods += double(r.failedPods) / seeds;
        }
        report.policies.push_back(std::move(mean));
    }
    return report;
}

} // namespace fleet::gui
