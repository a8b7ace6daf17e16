#include "engine/option_month_total.h"

namespace fleet {

double horizonTotalUsd(const Project& project, const OptionResult& option,
                       MonthCostUsd monthCostUsd)
{
    double total = 0;
    for (std::size_t m = 0; m < option.months.size(); ++m)
        total += monthCostUsd(project, option, m);
    return total;
}

} // namespace fleet
