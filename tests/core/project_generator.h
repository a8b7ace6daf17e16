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
    ProjectGenerator(const Project& base, unsigned seed) : m_base(base), m_random(seed) {}

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

    const Project& m_base;
    std::mt19937 m_random;
    int m_serial = 0;
};

} // namespace fleet::testing
