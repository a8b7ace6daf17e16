#pragma once

// Nodes grouped by how many GPUs they have free, so that best-fit placement
// and "how many empty nodes are there?" cost O(GPUs per node), not O(nodes).

#include <cassert>
#include <vector>

namespace fleet {

class NodeBuckets
{
public:
    NodeBuckets(int gpusPerNode, int nodes)
        : m_lists(std::size_t(gpusPerNode) + 1), m_slot(std::size_t(nodes), -1)
    {}

    void insert(int node, int free)
    {
        auto& list = m_lists[std::size_t(free)];
        m_slot[std::size_t(node)] = int(list.size());
        list.push_back(node);
    }

    void erase(int node, int free)
    {
        auto& list = m_lists[std::size_t(free)];
        const int slot = m_slot[std::size_t(node)];
        assert(slot >= 0 && list[std::size_t(slot)] == node);
        const int last = list.back();
        list[std::size_t(slot)] = last;
        m_slot[std::size_t(last)] = slot;
        list.pop_back();
        m_slot[std::size_t(node)] = -1;
    }

    /// Nodes with exactly `free` GPUs free.
    const std::vector<int>& nodes(int free) const { return m_lists[std::size_t(free)]; }
    int count(int free) const { return int(m_lists[std::size_t(free)].size()); }

    /// Best fit: a node with the fewest free GPUs that still holds `gpus`, or −1.
    int bestFit(int gpus) const
    {
        for (std::size_t free = std::size_t(gpus); free < m_lists.size(); ++free)
            if (!m_lists[free].empty())
                return m_lists[free].back();
        return -1;
    }

private:
    std::vector<std::vector<int>> m_lists; ///< by free GPUs, 0 … G
    std::vector<int> m_slot;               ///< a node's place in its list, or −1
};

} // namespace fleet
