#include "export/range_sheet.h"

#include <string>
#include <utility>

namespace fleet::gui {

namespace {

constexpr const char* kSheet = "Ranges";

/// Every text is a string cell, never a formula (as in workbook_export.cpp).
void textCell(lxw_worksheet* sheet, int row, int col, const std::string& value,
              lxw_format* figureFormat = nullptr)
{
    worksheet_write_string(sheet, lxw_row_t(row), lxw_col_t(col), value.c_str(), figureFormat);
}

void number(lxw_worksheet* sheet, int row, int col, double value, lxw_format* figureFormat)
{
    worksheet_write_number(sheet, lxw_row_t(row), lxw_col_t(col), value, figureFormat);
}

const char* kpiLabel(Kpi kpi)
{
    switch (kpi) {
    case Kpi::MeanMonthlyCost: return "Mean monthly cost (USD)";
    case Kpi::CostPerTrillionTrainingTokens: return "Cost per trillion training tokens (USD)";
    case Kpi::CostPerMillionOutputTokens: return "Cost per million output tokens (USD)";
    case Kpi::CostPerNotebookUserMonth: return "Cost per notebook user-month (USD)";
    case Kpi::Utilization: return "Utilization (GPU-hours busy ÷ paid)";
    case Kpi::Savings: return "Cash saved vs all bare metal, on demand (USD)";
    }
    return "";
}

} // namespace

void rangeSheet(lxw_workbook* book, const Project& project, const RangeRun& run)
{
    lxw_worksheet* sheet = workbook_add_worksheet(book, kSheet);
    lxw_format* header = workbook_add_format(book);
    format_set_bold(header);
    format_set_bottom(header, LXW_BORDER_THIN);
    lxw_format* money = workbook_add_format(book);
    format_set_num_format(money, "#,##0.00");
    lxw_format* share = workbook_add_format(book);
    format_set_num_format(share, "0.0%");
    lxw_format* plain = workbook_add_format(book);
    format_set_num_format(plain, "General");

    int row = 0;
    textCell(sheet, row++, 0,
             std::to_string(run.draws) + " Monte Carlo draws (seed " + std::to_string(run.seed) +
                 ") over " + std::to_string(project.ranges.size()) +
                 " input ranges; P10 / P50 / P90 over the draws where the KPI is defined");
    const char* kpiHeaders[] = {"KPI",   "Point (as stated)",         "P10",           "P50", "P90",
                                "Draws", "Largest share of variance", "Its share (r²)"};
    for (int c = 0; c < 8; ++c)
        textCell(sheet, row, c, kpiHeaders[c], header);
    ++row;
    for (const KpiRange& kpi : run.kpis) {
        lxw_format* figureFormat = kpi.kpi == Kpi::Utilization ? share : money;
        textCell(sheet, row, 0, kpiLabel(kpi.kpi));
        if (kpi.point)
            number(sheet, row, 1, *kpi.point, figureFormat);
        if (kpi.band) {
            number(sheet, row, 2, kpi.band->p10, figureFormat);
            number(sheet, row, 3, kpi.band->p50, figureFormat);
            number(sheet, row, 4, kpi.band->p90, figureFormat);
            number(sheet, row, 5, kpi.band->defined, plain);
        }
        if (!kpi.shares.empty()) {
            textCell(sheet, row, 6, kpi.shares.front().label);
            number(sheet, row, 7, kpi.shares.front().share, share);
        }
        ++row;
    }

    row += 1;
    const char* inputHeaders[] = {"Input (path)", "Low", "Likely", "High", "Distribution", "Note"};
    for (int c = 0; c < 6; ++c)
        textCell(sheet, row, c, inputHeaders[c], header);
    ++row;
    for (const InputRange& range : project.ranges) {
        textCell(sheet, row, 0, range.path);
        number(sheet, row, 1, range.low, plain);
        number(sheet, row, 2, range.likely, plain);
        number(sheet, row, 3, range.high, plain);
        textCell(sheet, row, 4, std::string(rangeShapeKey(range.shape)));
        textCell(sheet, row, 5, range.note);
        ++row;
    }

    row += 1;
    textCell(sheet, row, 0, "Share of each KPI's variance (r² of the KPI on the input)", header);
    for (std::size_t k = 0; k < run.kpis.size(); ++k)
        textCell(sheet, row, int(k) + 1, kpiLabel(run.kpis[k].kpi), header);
    ++row;
    for (const InputRange& range : project.ranges) {
        textCell(sheet, row, 0, range.path);
        for (std::size_t k = 0; k < run.kpis.size(); ++k)
            for (const InputShare& s : run.kpis[k].shares)
                if (s.path == range.path && run.kpis[k].band)
                    number(sheet, row, int(k) + 1, s.share, share);
        ++row;
    }

    row += 1;
    const int monthHeader = row;
    const char* monthHeaders[] = {"Month", "P10 (USD)", "P50 (USD)", "P90 (USD)",
                                  "P90 − P10 (USD)"};
    for (int c = 0; c < 5; ++c)
        textCell(sheet, row, c, monthHeaders[c], header);
    ++row;
    for (std::size_t m = 0; m < run.monthlyCostUsd.size(); ++m) {
        const Percentiles& p = run.monthlyCostUsd[m];
        number(sheet, row, 0, double(m + 1), plain);
        number(sheet, row, 1, p.p10, money);
        number(sheet, row, 2, p.p50, money);
        number(sheet, row, 3, p.p90, money);
        number(sheet, row, 4, p.p90 - p.p10, money);
        ++row;
    }
    worksheet_set_column(sheet, 0, 0, 60, nullptr);
    worksheet_set_column(sheet, 1, 7, 18, nullptr);
    if (run.monthlyCostUsd.empty())
        return;
    // The fan: P10, P50 and P90 as lines, and the P10–P90 band between the
    // first and the last as Excel's up-down bars (this libxlsxwriter has no
    // combined charts for a stacked area under a line).
    const auto first = lxw_row_t(monthHeader + 1);
    const auto last = lxw_row_t(monthHeader + int(run.monthlyCostUsd.size()));
    lxw_chart* chart = workbook_add_chart(book, LXW_CHART_LINE);
    for (const auto& [column, name] : {std::pair{1, "P10"}, {2, "P50"}, {3, "P90"}}) {
        lxw_chart_series* series = chart_add_series(chart, nullptr, nullptr);
        chart_series_set_categories(series, kSheet, first, 0, last, 0);
        chart_series_set_values(series, kSheet, first, lxw_col_t(column), last, lxw_col_t(column));
        chart_series_set_name(series, name);
    }
    lxw_chart_fill band{};
    band.color = 0x9DC3E6;
    lxw_chart_line edge{};
    edge.none = LXW_TRUE;
    chart_set_up_down_bars_format(chart, &edge, &band, &edge, &band);
    chart_title_set_name(chart, "Monthly cost: P50 with its P10–P90 band");
    chart_axis_set_name(chart->x_axis, "Month of the horizon");
    chart_axis_set_name(chart->y_axis, "USD per month");
    chart_axis_set_num_format(chart->y_axis, "#,##0");
    chart_legend_set_position(chart, LXW_CHART_LEGEND_BOTTOM);
    lxw_chart_options options{};
    options.x_scale = 940.0 / 480;
    options.y_scale = 560.0 / 288;
    worksheet_insert_chart_opt(sheet, lxw_row_t(row + 2), 0, chart, &options);
}

} // namespace fleet::gui
