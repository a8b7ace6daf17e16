#include "engine/regime_network.h"

#include "engine/option_month_total.h"

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
    return horizonTotalUsd(project, option, networkCostUsd);
}

} // namespace fleet
