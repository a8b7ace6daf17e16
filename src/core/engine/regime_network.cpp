#include "engine/regime_network.h"

namespace fleet {

double networkCostUsd(const Project& project, const OptionResult& option, std::size_t monthIndex)
{
    const double usdPerGpuHour = project.regime(option.regime).networkUsdPerGpuHour;
    if (usdPerGpuHour <= 0.0 || monthIndex >= option.months.size())
        return 0.0;
    return option.months[monthIndex].gpuHoursHeld * usdPerGpuHour;
}

double networkTotalCostUsd(const Project& project, const OptionResult& option)
{
    double usd = 0.0;
    for (std::size_t m = 0; m < option.months.size(); ++m)
        usd += networkCostUsd(project, option, m);
    return usd;
}

} // namespace fleet
