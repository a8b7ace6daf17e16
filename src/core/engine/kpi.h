#pragma once

// The headline KPIs by key: one lookup for the KPI panel, sensitivity and the CLI.

#include "engine/evaluation.h"

#include <optional>
#include <string_view>

namespace fleet {

enum class Kpi
{
    MeanMonthlyCost,
    CostPerTrillionTrainingTokens,
    CostPerMillionOutputTokens,
    CostPerNotebookUserMonth,
    Utilization,
    Savings
};
std::string_view kpiKey(Kpi kpi); ///< "mean_monthly_cost_usd", ...
std::optional<Kpi> kpiFromKey(std::string_view key);
std::optional<double> kpiValue(const Kpis& kpis, Kpi kpi);

} // namespace fleet
