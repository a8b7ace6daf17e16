#pragma once

// SplitMix64 (Steele, Lea and Flood 2014): a seeded stream that is the same on
// every platform and standard library (std:: distributions are not). Used by
// sweeps' sampled values and the Monte Carlo over input ranges.

#include <cmath>
#include <cstdint>
#include <numbers>

namespace fleet {

struct SplitMix
{
    std::uint64_t state;
    std::uint64_t next()
    {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    /// Uniform in (0, 1): never 0, so that log() is finite.
    double open01() { return (double(next() >> 11) + 0.5) * 0x1.0p-53; }
    /// Standard normal (Box–Muller, one draw of each pair used).
    double normal()
    {
        const double u = open01(), v = open01();
        return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * v);
    }
};

} // namespace fleet
