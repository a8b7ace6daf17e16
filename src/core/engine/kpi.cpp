#include "engine/kpi.h"

#include <array>
#include <utility>

namespace fleet {

namespace {

constexpr std::array<std::pair<Kpi, std::string_view>, 6> kKpiKeys = {{
    {Kpi::MeanMonthlyCost, "mean_monthly_cost_usd"},
    {Kpi::CostPerTrillionTrainingTokens, "cost_per_trillion_training_tokens_usd"},
    {Kpi::CostPerMillionOutputTokens, "cost_per_million_output_tokens_usd"},
    {Kpi::CostPerNotebookUserMonth, "cost_per_notebook_user_month_usd"},
    {Kpi::Utilization, "utilization"},
    {Kpi::Savings, "savings_usd"},
}};

} // namespace

std::string_view kpiKey(Kpi kpi)
{
    for (const auto& [value, key] : kKpiKeys)
        if (value == kpi)
            return key;
    return "";
}

std::optional<Kpi> kpiFromKey(std::string_view key)
{
    for (const auto& [value, name] : kKpiKeys)
        if (name == key)
            return value;
    return std::nullopt;
}

std::optional<double> kpiValue(const Kpis& kpis, Kpi kpi)
{
    switch (kpi) {
    case Kpi::MeanMonthlyCost: return kpis.meanMonthlyCostUsd;
    case Kpi::CostPerTrillionTrainingTokens: return kpis.costPerTrillionTrainingTokensUsd;
    case Kpi::CostPerMillionOutputTokens: return kpis.costPerMillionOutputTokensUsd;
    case Kpi::CostPerNotebookUserMonth: return kpis.costPerNotebookUserMonthUsd;
    case Kpi::Utilization: return kpis.utilization;
    case Kpi::Savings: return kpis.savingsUsd;
    }
    return std::nullopt;
}

} // namespace fleet
