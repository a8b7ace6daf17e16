#pragma once

// Random valid projects for property tests: every kind of workload, optional
// fields present or not, notes in several scripts, own sources and price
// books, stated overrides and scenarios. Deterministic for a seed.

#include "model/project.h"

#include <random>

namespace fleet::testing {

class ProjectGenerator
{
public:
    /// `wide`: also every plan, price book, catalog GPU and pin, empty and
    /// ten-million-GPU fleets, 1- to 120-month horizons, demand from a
    /// thousandth to a thousand times the usual — for robustness tests. The
    /// default keeps the sequence the round-trip tests were written against.
    ProjectGenerator(const Project& base, unsigned seed, bool wide = false)
        : m_base(base), m_random(seed), m_wide(wide)
    {}

    Project next();

private:
    double uniform(double low, double high)
    {
        return std::uniform_real_distribution<double>(low, high)(m_random);
    }
    int integer(int low, int high)
    {
        return std::uniform_int_distribution<int>(low, high)(m_random);
    }
    bool coin(double p = 0.5) { return std::bernoulli_distribution(p)(m_random); }
    std::string text(const std::string& stem);
    Workload workload(int index, const Project& project);
    /// Wide mode: a demand multiplier from 10^-3 to 10^3 (1 otherwise).
    double demandScale();
    /// Wide mode: pools, pins and the active book over the whole catalog.
    void widen(Project& project);
    /// Format 5, the inputs people think in: some runs by their days, notebook
    /// active hours, batch windows, segments by their stage, the own book's
    /// owned GPU by its rate.
    void thinkIn(Project& project);
    template <typename T> const T& pick(const std::vector<T>& items)
    {
        return items[static_cast<std::size_t>(integer(0, int(items.size()) - 1))];
    }

    const Project& m_base;
    std::mt19937 m_random;
    bool m_wide = false;
    int m_serial = 0;
};

} // namespace fleet::testing
