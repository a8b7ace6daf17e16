#include "engine/committed_level.h"

#include "model/regime_descriptor.h"
#include "util/vector_sum.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>

namespace fleet {

namespace {

/// A need's whole GPUs and its remainder, with gpusSetUp's tolerance: a
/// need within 1e-6 of a whole count is that count.
std::pair<double, double> wholeAndRemainder(double need)
{
    const double whole = std::floor(std::max(0.0, need) + 1e-6);
    const double remainder = need - whole;
    return {whole, remainder > 1e-6 ? remainder : 0.0};
}

} // namespace

std::vector<double> gpusNeeded(const std::vector<const OptionResult*>& options, std::size_t m)
{
    // Each regime's (and profile's) terms, summed in a canonical order: the
    // rows' order changes no bit of a need (util/vector_sum.h).
    std::map<RegimeKind, std::vector<double>> hours, shares;
    std::map<std::string, std::vector<double>> partitionGpus; // per profile
    for (const OptionResult* option : options) {
        if (m >= option->months.size())
            continue;
        // A gang its runs' hours; services and notebooks towards their peak.
        const MonthRequirement need = option->capacity(m);
        switch (regimeDescriptor(option->regime).unitRule) {
        case RegimeUnitRule::WholeGpu: hours[option->regime].push_back(need.gpuHoursHeld); break;
        case RegimeUnitRule::Partition:
            partitionGpus[option->profile].push_back(need.units / double(option->unitsPerGpu));
            break;
        case RegimeUnitRule::Shared:
        case RegimeUnitRule::Unset: // a registered regime states its rule
            shares[option->regime].push_back(need.gpuEquivalents);
            break;
        }
    }
    std::vector<double> needs;
    for (const auto& [profile, gpus] : partitionGpus)
        needs.push_back(canonicalSum(gpus));
    for (const auto& [regime, h] : hours)
        needs.push_back(canonicalSum(h) / kHoursPerMonth);
    for (const auto& [regime, share] : shares)
        needs.push_back(canonicalSum(share));
    return needs;
}

double flexibleGpusNeeded(const std::vector<double>& needs, double committedGpus)
{
    return CommittedLevels({}, {needs}).flexibleGpus(0, committedGpus);
}

CommittedLevels::CommittedLevels(const std::vector<const OptionResult*>& options,
                                 const std::vector<std::vector<double>>& needs)
{
    for (std::size_t m = 0; m < needs.size(); ++m) {
        Month month;
        for (double need : needs[m]) {
            const auto [whole, remainder] = wholeAndRemainder(need);
            month.total += std::max(0.0, need);
            month.whole += whole;
            month.wholeUp += whole + (remainder > 0 ? 1.0 : 0.0);
            if (remainder > 0)
                month.remainders.push_back(remainder);
        }
        std::sort(month.remainders.begin(), month.remainders.end(), std::greater<>());
        for (std::size_t i = 1; i < month.remainders.size(); ++i)
            month.remainders[i] += month.remainders[i - 1];
        m_months.push_back(std::move(month));
        m_fills.emplace_back(options, m);
    }
}

double CommittedLevels::flexibleGpus(std::size_t m, double level) const
{
    const Month& month = m_months[m];
    level = std::floor(std::max(0.0, level) + 1e-9);
    if (level >= month.wholeUp)
        return 0.0;
    if (level <= month.whole)
        return std::max(0.0, month.total - level);
    // Past the whole GPUs, each committed GPU takes the largest remainder left.
    const auto extra = std::size_t(level - month.whole);
    const double covered =
        month.whole +
        (extra == 0 ? 0.0 : month.remainders[std::min(extra, month.remainders.size()) - 1]);
    return std::max(0.0, month.total - covered);
}

double CommittedLevels::mostWholeGpus() const
{
    double most = 0;
    for (const Month& month : m_months)
        most = std::max(most, month.wholeUp);
    return most;
}

double CommittedLevels::flexibleUsd(double level, double usdPerGpuHour) const
{
    double usd = 0;
    for (std::size_t m = 0; m < m_months.size(); ++m)
        usd += m_fills[m].flexibleUsd(flexibleGpus(m, level), usdPerGpuHour);
    return usd;
}

double CommittedLevels::cost(double level, double base, double committedUsdPerGpuHour,
                             double flexibleUsdPerGpuHour) const
{
    return (level - base) * kHoursPerMonth * committedUsdPerGpuHour * double(m_months.size()) +
           flexibleUsd(level, flexibleUsdPerGpuHour);
}

std::optional<double> CommittedLevels::leastFitting(double limit, double lo, double hi) const
{
    const auto fits = [&](double level) {
        for (std::size_t m = 0; m < m_months.size(); ++m)
            if (flexibleGpus(m, level) > limit + 1e-9)
                return false;
        return true;
    };
    lo = std::ceil(std::max(0.0, lo) - 1e-9);
    hi = std::floor(hi + 1e-9);
    if (lo > hi || !fits(hi))
        return std::nullopt;
    // Fewer flexible GPUs with each committed one: the first level that fits.
    while (lo < hi) {
        const double mid = std::floor((lo + hi) / 2);
        if (fits(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

double CommittedLevels::cheapestLevel(double lo, double hi, double base,
                                      double committedUsdPerGpuHour,
                                      double flexibleUsdPerGpuHour) const
{
    lo = std::ceil(std::max(0.0, lo) - 1e-9);
    hi = std::max(lo, std::floor(hi + 1e-9));
    const auto costAt = [&](double level) {
        return cost(level, base, committedUsdPerGpuHour, flexibleUsdPerGpuHour);
    };
    // Convex: the first level whose next one costs no less is a least.
    while (lo < hi) {
        const double mid = std::floor((lo + hi) / 2);
        if (costAt(mid) <= costAt(mid + 1))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

} // namespace fleet
