#pragma once

// Removing entries at random positions of a long list, as the packing
// replay's trimming does, without moving the rest each time.

#include <bit>
#include <cstddef>
#include <vector>

namespace fleet::pack {

/// The positions 0…n−1 of a list, some removed: which position is the k-th
/// still present, in O(log n) (a Fenwick tree of presence counts).
class RemainingIndex
{
public:
    explicit RemainingIndex(std::size_t n) : m_tree(n + 1, 0), m_size(n)
    {
        for (std::size_t i = 1; i <= n; ++i) {
            m_tree[i] += 1;
            const std::size_t parent = i + (i & (~i + 1));
            if (parent <= n)
                m_tree[parent] += m_tree[i];
        }
    }
    std::size_t size() const { return m_size; }
    void remove(std::size_t position)
    {
        for (std::size_t i = position + 1; i < m_tree.size(); i += i & (~i + 1))
            m_tree[i] -= 1;
        --m_size;
    }
    /// The position of the k-th (from 0) present entry; k < size().
    std::size_t kth(std::size_t k) const
    {
        std::size_t position = 0;
        for (std::size_t step = std::bit_floor(m_tree.size() - 1); step > 0; step >>= 1)
            if (position + step < m_tree.size() && m_tree[position + step] <= k) {
                position += step;
                k -= m_tree[position];
            }
        return position; // 1-based index position + 1 → 0-based position
    }

private:
    std::vector<std::size_t> m_tree;
    std::size_t m_size;
};

} // namespace fleet::pack
