#include "export/workbook_export.h"

#include "charts/optimizer_mix_chart.h"
#include "compute/optimizer_plan.h"
#include "compute/scenario_name.h"
#include "document/override_words.h"
#include "export/range_sheet.h"
#include "export/zip_check.h"
#include "io/export_target.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <string>
#include <string_view>
#include <xlsxwriter.h>

namespace fleet::gui {

namespace {

struct Formats
{
    lxw_format* header = nullptr;
    lxw_format* headerWrap = nullptr; ///< a header that wraps (scenario names)
    lxw_format* usd = nullptr;        ///< 1,234,567
    lxw_format* usdCents = nullptr;   ///< 1,234.57
    lxw_format* count = nullptr;      ///< 1,234
    lxw_format* gpus = nullptr;       ///< 1,234.5
    lxw_format* share = nullptr;      ///< 47.1%
    lxw_format* kwh = nullptr;        ///< 0.0872
    lxw_format* wrap = nullptr;
};

Formats makeFormats(lxw_workbook* book)
{
    Formats f;
    f.header = workbook_add_format(book);
    format_set_bold(f.header);
    format_set_bottom(f.header, LXW_BORDER_THIN);
    f.headerWrap = workbook_add_format(book);
    format_set_bold(f.headerWrap);
    format_set_bottom(f.headerWrap, LXW_BORDER_THIN);
    format_set_text_wrap(f.headerWrap);
    format_set_align(f.headerWrap, LXW_ALIGN_VERTICAL_TOP);
    auto numeric = [book](const char* pattern) {
        lxw_format* format = workbook_add_format(book);
        format_set_num_format(format, pattern);
        return format;
    };
    f.usd = numeric("#,##0");
    f.usdCents = numeric("#,##0.00");
    f.count = numeric("#,##0");
    f.gpus = numeric("#,##0.0");
    f.share = numeric("0.0%");
    f.kwh = numeric("0.0000");
    f.wrap = workbook_add_format(book);
    format_set_text_wrap(f.wrap);
    return f;
}

/// Every text of the workbook, names included, is a string cell: never a formula, even when
/// it starts with `=`, `+`, `-` or `@` (issue 33; worksheet_write_formula is never called).
void text(lxw_worksheet* sheet, int row, int col, const std::string& value,
          lxw_format* format = nullptr)
{
    worksheet_write_string(sheet, lxw_row_t(row), lxw_col_t(col), value.c_str(), format);
}

void writeNumber(lxw_worksheet* sheet, int row, int col, double value, lxw_format* format)
{
    worksheet_write_number(sheet, lxw_row_t(row), lxw_col_t(col), value, format);
}

void headers(lxw_worksheet* sheet, const std::vector<std::string>& names, const Formats& f)
{
    for (std::size_t c = 0; c < names.size(); ++c)
        text(sheet, 0, int(c), names[c], f.header);
    worksheet_freeze_panes(sheet, 1, 0);
}

/// Prints well (issue 32): landscape, every column within one page's width
/// (as many pages down as the rows need), the header row on every page, the
/// sheet's name and page number in the footer.
void printSetup(lxw_worksheet* sheet, int headerRow)
{
    worksheet_set_landscape(sheet);
    worksheet_fit_to_pages(sheet, 1, 0);
    worksheet_repeat_rows(sheet, lxw_row_t(headerRow), lxw_row_t(headerRow));
    worksheet_set_margins(sheet, 0.5, 0.5, 0.6, 0.6);
    worksheet_set_footer(sheet, "&L&A&R&P / &N");
}

/// Puts `chart` under the sheet's table, at `row`, on a page of its own: a
/// page break before it, and the size of a landscape page's printable area.
void insertChartOnItsOwnPage(lxw_worksheet* sheet, int row, lxw_chart* chart)
{
    lxw_row_t breaks[] = {lxw_row_t(row), 0};
    worksheet_set_h_pagebreaks(sheet, breaks);
    lxw_chart_options options{};
    options.x_scale = 940.0 / 480; // libxlsxwriter's default chart is 480 × 288 px
    options.y_scale = 560.0 / 288;
    options.object_position = LXW_OBJECT_DONT_MOVE_DONT_SIZE;
    worksheet_insert_chart_opt(sheet, lxw_row_t(row), 0, chart, &options);
}

/// One KPI row: its key (as `evaluate --json` names it), label, value, unit.
struct KpiLine
{
    const char* key;
    const char* label;
    std::optional<double> value;
    const char* unit;
    bool share = false;
};

std::vector<KpiLine> kpiLines(const Kpis& k)
{
    return {
        {"mean_monthly_cost_usd", "Mean monthly cost", k.meanMonthlyCostUsd, "USD"},
        {"total_cost_usd", "Total cost over the horizon", k.totalCostUsd, "USD"},
        {"cost_per_trillion_training_tokens_usd", "Cost per trillion training tokens",
         k.costPerTrillionTrainingTokensUsd, "USD"},
        {"cost_per_million_output_tokens_usd", "Cost per million output tokens",
         k.costPerMillionOutputTokensUsd, "USD"},
        {"cost_per_notebook_user_month_usd", "Cost per notebook user-month",
         k.costPerNotebookUserMonthUsd, "USD"},
        {"utilization", "Utilization (GPU-hours busy ÷ paid)", k.utilization, "share", true},
        {"gpu_hours_busy", "GPU-hours busy", k.gpuHoursBusy, "GPU-hours"},
        {"gpu_hours_held", "GPU-hours held", k.gpuHoursHeld, "GPU-hours"},
        {"gpu_hours_paid", "GPU-hours paid", k.gpuHoursPaid, "GPU-hours"},
        {"fleet_gpu_hours", "Fleet GPU-hours", k.fleetGpuHours, "GPU-hours"},
        {"attributed_cost_usd", "Cost attributed to workloads", k.attributedCostUsd, "USD"},
        {"unallocated_fleet_cost_usd", "Idle commitment (no workload holds)",
         k.unallocatedFleetCostUsd, "USD"},
        {"network_cost_usd", "Network of pooled GPUs (in the total)", k.networkCostUsd, "USD"},
        {"baseline_cost_usd", "All bare metal, on demand", k.baselineTotalCostUsd, "USD"},
        {"savings_usd", "Savings against the baseline", k.savingsUsd, "USD"},
        {"savings_fraction", "Savings, share of the baseline", k.savingsFraction, "share", true},
    };
}

lxw_format* kpiFormat(const KpiLine& row, const Formats& f)
{
    if (row.share)
        return f.share;
    if (std::string(row.unit) == "USD")
        return row.value && std::abs(*row.value) < 1000 ? f.usdCents : f.usd;
    return f.count;
}

void kpiSheet(lxw_workbook* book, const PlanResults& r, const Formats& f)
{
    lxw_worksheet* sheet = workbook_add_worksheet(book, "KPIs");
    headers(sheet, {"Key", "KPI", "Value", "Unit"}, f);
    int row = 1;
    for (const KpiLine& kpi : kpiLines(r.evaluation.kpis)) {
        text(sheet, row, 0, kpi.key);
        text(sheet, row, 1, kpi.label);
        if (kpi.value)
            writeNumber(sheet, row, 2, *kpi.value, kpiFormat(kpi, f));
        text(sheet, row, 3, kpi.unit);
        ++row;
    }
    ++row;
    text(sheet, row++, 0, "Project", f.header);
    text(sheet, row - 1, 1, r.project.name);
    text(sheet, row, 0, "Scenario", f.header);
    text(sheet, row++, 1,
         r.scenario.empty()
             ? std::string("Baseline")
             : scenarioName(r.baseProject, r.scenario).toStdString() + " (" + r.scenario + ")");
    // What the scenario shown changes from the baseline, in words.
    const QStringList changes = scenarioInWords(r.baseProject, r.scenario);
    for (qsizetype i = 0; i < changes.size(); ++i) {
        if (i == 0)
            text(sheet, row, 0, "Changes from the baseline", f.header);
        text(sheet, row++, 1, changes[i].toStdString());
    }
    if (const PriceBook* priceBook = r.project.activePriceBook()) {
        text(sheet, row, 0, "Price book", f.header);
        text(sheet, row++, 1, priceBook->name + " (as of " + priceBook->asOf + ")");
    }
    worksheet_set_column(sheet, 0, 0, 38, nullptr);
    worksheet_set_column(sheet, 1, 1, 34, nullptr);
    worksheet_set_column(sheet, 2, 2, 18, nullptr);
    printSetup(sheet, 0);
}

std::string monthName(const PlanResults& r, std::size_t m)
{
    if (m < r.regimeMix.months.size())
        return r.regimeMix.months[m];
    return "M" + std::to_string(m + 1);
}

void workloadSheet(lxw_workbook* book, const PlanResults& r, const Formats& f)
{
    lxw_worksheet* sheet = workbook_add_worksheet(book, "Workloads by month");
    headers(sheet,
            {"Workload id", "Workload", "Month", "GPU", "Regime", "GPUs held (mean)",
             "GPU-hours held", "GPU-hours busy", "Cost (USD)", "GPUs held at the peak"},
            f);
    int row = 1;
    for (const WorkloadEvaluation& w : r.evaluation.workloads) {
        const OptionResult* option = w.chosenOption();
        for (std::size_t m = 0; m < w.monthlyCostUsd.size(); ++m) {
            text(sheet, row, 0, w.id);
            text(sheet, row, 1, w.name);
            text(sheet, row, 2, monthName(r, m));
            if (option && m < option->months.size()) {
                text(sheet, row, 3, option->gpuId);
                text(sheet, row, 4, std::string(regimeLabel(option->regime)));
                writeNumber(sheet, row, 5, option->months[m].gpuEquivalents, f.gpus);
                writeNumber(sheet, row, 6, option->months[m].gpuHoursHeld, f.count);
                writeNumber(sheet, row, 7, option->months[m].gpuHoursBusy, f.count);
                writeNumber(sheet, row, 9, option->months[m].peakGpus, f.gpus);
            }
            writeNumber(sheet, row, 8, w.monthlyCostUsd[m], f.usd);
            ++row;
        }
    }
    // Idle commitment, a line of its own: the rows add up to the plan's cost
    // (docs/MODEL.md, "Idle commitment").
    if (r.evaluation.kpis.unallocatedFleetCostUsd >= 0.5) {
        const std::vector<double>& fleet = r.evaluation.kpis.monthlyCostUsd;
        for (std::size_t m = 0; m < fleet.size(); ++m) {
            double idle = fleet[m];
            for (const WorkloadEvaluation& w : r.evaluation.workloads)
                idle -= m < w.monthlyCostUsd.size() ? w.monthlyCostUsd[m] : 0.0;
            text(sheet, row, 0, "idle-commitment");
            text(sheet, row, 1, "Idle commitment (no workload holds)");
            text(sheet, row, 2, monthName(r, m));
            writeNumber(sheet, row, 8, std::max(0.0, idle), f.usd);
            ++row;
        }
    }
    worksheet_autofilter(sheet, 0, 0, lxw_row_t(std::max(1, row - 1)), 9);
    worksheet_set_column(sheet, 0, 0, 22, nullptr);
    worksheet_set_column(sheet, 1, 1, 34, nullptr);
    worksheet_set_column(sheet, 2, 4, 16, nullptr);
    // Room for a bold title and its filter button: printed, "GPU-hours busy"
    // ran into "Cost (USD)" at 16 characters, and the peak had no width.
    worksheet_set_column(sheet, 5, 9, 19, nullptr);
    printSetup(sheet, 0);
}

void poolSheet(lxw_workbook* book, const PlanResults& r, const Formats& f)
{
    lxw_worksheet* sheet = workbook_add_worksheet(book, "Pools");
    headers(sheet, {"Pool", "GPU", "GPUs", "Plan", "USD per GPU-hour", "GPUs per node"}, f);
    const PriceBook* priceBook = r.project.activePriceBook();
    int row = 1;
    for (const FleetPool& pool : r.project.fleet.pools) {
        text(sheet, row, 0, pool.id);
        const GpuModel* gpu = r.project.catalog().gpu(pool.gpuId);
        text(sheet, row, 1, gpu ? gpu->name : pool.gpuId);
        writeNumber(sheet, row, 2, pool.count, f.count);
        text(sheet, row, 3, std::string(planLabel(pool.plan)));
        if (gpu && priceBook)
            if (const auto price = priceBook->usdPerGpuHour(*gpu, pool.plan))
                writeNumber(sheet, row, 4, *price, f.usdCents);
        writeNumber(sheet, row, 5, pool.gpusPerNode, f.count);
        ++row;
    }
    worksheet_set_column(sheet, 0, 1, 26, nullptr);
    worksheet_set_column(sheet, 2, 5, 16, nullptr);
    printSetup(sheet, 0);
}

void scenarioSheet(lxw_workbook* book, const PlanResults& r, const Formats& f)
{
    lxw_worksheet* sheet = workbook_add_worksheet(book, "Scenarios");
    text(sheet, 0, 0, "Key", f.header);
    text(sheet, 0, 1, "KPI", f.header);
    // Scenario names wrap in their column (printed, a long one ran into the
    // next); the row is as tall as the longest needs, at 20 characters a line.
    std::size_t longest = 0;
    for (std::size_t s = 0; s < r.scenarios.size(); ++s) {
        text(sheet, 0, int(s) + 2, r.scenarios[s].name, f.headerWrap);
        longest = std::max(longest, r.scenarios[s].name.size());
    }
    worksheet_set_row(sheet, 0, 15.0 * double(std::min<std::size_t>(4, 1 + longest / 18)), nullptr);
    worksheet_freeze_panes(sheet, 1, 2);
    const std::size_t kpis = kpiLines(Kpis{}).size();
    for (std::size_t k = 0; k < kpis; ++k)
        for (std::size_t s = 0; s < r.scenarios.size(); ++s) {
            const KpiLine kpi = kpiLines(r.scenarios[s].kpis)[k];
            text(sheet, int(k) + 1, 0, kpi.key);
            text(sheet, int(k) + 1, 1, kpi.label);
            if (kpi.value)
                writeNumber(sheet, int(k) + 1, int(s) + 2, *kpi.value, kpiFormat(kpi, f));
        }
    worksheet_set_column(sheet, 0, 0, 36, nullptr);
    worksheet_set_column(sheet, 1, 1, 32, nullptr);
    worksheet_set_column(sheet, 2, lxw_col_t(r.scenarios.size() + 1), 20, f.wrap);
    printSetup(sheet, 0);
    if (r.scenarios.empty())
        return;
    // Cost over the horizon and savings per scenario: two figures of one
    // span (the mean monthly cost beside the horizon's savings was bars of
    // two scales, and the row taken was the bare-metal baseline's).
    const auto rowOf = [](const char* key) {
        const std::vector<KpiLine> lines = kpiLines(Kpis{});
        for (std::size_t k = 0; k < lines.size(); ++k)
            if (std::string_view(lines[k].key) == key)
                return lxw_row_t(k + 1);
        return lxw_row_t(0);
    };
    lxw_chart* chart = workbook_add_chart(book, LXW_CHART_COLUMN);
    const auto last = lxw_col_t(r.scenarios.size() + 1);
    for (lxw_row_t kpiRow : {rowOf("total_cost_usd"), rowOf("savings_usd")}) {
        lxw_chart_series* series = chart_add_series(chart, nullptr, nullptr);
        chart_series_set_categories(series, "Scenarios", 0, 2, 0, last);
        chart_series_set_values(series, "Scenarios", kpiRow, 2, kpiRow, last);
        chart_series_set_name_range(series, "Scenarios", kpiRow, 1);
    }
    chart_title_set_name(chart,
                         "Scenarios: cost over the horizon at the fleet's prices, and savings");
    chart_axis_set_name(chart->y_axis, "USD");
    chart_axis_set_num_format(chart->y_axis, "#,##0");
    chart_legend_set_position(chart, LXW_CHART_LEGEND_BOTTOM);
    insertChartOnItsOwnPage(sheet, int(kpis) + 3, chart);
}

/// One sourced figure as a row of the price-book sheet: GPU, what it is (unit
/// in the words), value, source title, source URL, as of, note.
int sourcedRow(lxw_worksheet* sheet, int row, const Catalog& catalog, const std::string& gpu,
               const std::string& what, const SourcedValue& figure, lxw_format* format)
{
    text(sheet, row, 0, gpu);
    text(sheet, row, 1, what);
    writeNumber(sheet, row, 2, figure.value, format);
    const SourceInfo* source = catalog.source(figure.source);
    text(sheet, row, 3, source ? source->title : figure.source);
    text(sheet, row, 4, source ? source->url : std::string());
    text(sheet, row, 5, figure.asOf);
    text(sheet, row, 6, figure.note);
    return row + 1;
}

/// The owned plan of each GPU that has one: its cost per GPU-hour as the
/// engine computes it (`ownedUsdPerGpuHour`), then the figures it is made of,
/// each with its source, so a reader can redo the sum.
int ownedRows(lxw_worksheet* sheet, int row, const PriceBook& priceBook, const Catalog& catalog,
              const Formats& f)
{
    for (const GpuPrices& prices : priceBook.gpus) {
        const GpuModel* gpu = catalog.gpu(prices.gpuId);
        if (!prices.owned || !gpu)
            continue;
        const OwnedCost& owned = *prices.owned;
        const std::string name = gpu->name;
        if (owned.statesUsdPerGpuHour()) {
            // Stated per GPU-hour: the figure is the price, with its source.
            row = sourcedRow(sheet, row, catalog, name, "Owned: stated (USD per GPU-hour held)",
                             owned.usdPerGpuHour, f.usdCents);
            continue;
        }
        text(sheet, row, 0, name);
        text(sheet, row, 1, std::string(planLabel(Plan::Owned)));
        writeNumber(sheet, row, 2, ownedUsdPerGpuHour(owned, gpu->tdpW.value), f.usdCents);
        text(sheet, row, 3,
             "Computed: capex / (amortization years x 8,760 h) + hosting / 730 h + "
             "TDP kW x PUE x USD per kWh, from the rows below");
        // The newest date among the figures it is computed from.
        std::string asOf = gpu->tdpW.asOf;
        for (const SourcedValue* figure :
             {&owned.capexUsdPerGpu, &owned.amortizationYears, &owned.hostingUsdPerGpuMonth,
              &owned.pue, &owned.usdPerKwh})
            asOf = std::max(asOf, figure->asOf);
        text(sheet, row, 5, asOf);
        text(sheet, row, 6, owned.note);
        ++row;
        row = sourcedRow(sheet, row, catalog, name, "Owned: capex (USD per GPU)",
                         owned.capexUsdPerGpu, f.usd);
        row = sourcedRow(sheet, row, catalog, name, "Owned: amortization (years)",
                         owned.amortizationYears, f.gpus);
        row = sourcedRow(sheet, row, catalog, name, "Owned: hosting (USD per GPU-month)",
                         owned.hostingUsdPerGpuMonth, f.usdCents);
        row = sourcedRow(sheet, row, catalog, name, "Owned: PUE", owned.pue, f.usdCents);
        row = sourcedRow(sheet, row, catalog, name, "Owned: energy (USD per kWh)", owned.usdPerKwh,
                         f.kwh);
        row = sourcedRow(sheet, row, catalog, name, "Owned: GPU TDP (W)", gpu->tdpW, f.count);
    }
    return row;
}

void priceBookSheet(lxw_workbook* book, const PlanResults& r, const Formats& f)
{
    lxw_worksheet* sheet = workbook_add_worksheet(book, "Price book");
    headers(sheet, {"GPU", "Plan", "USD per GPU-hour", "Source", "Source URL", "As of", "Note"}, f);
    const PriceBook* priceBook = r.project.activePriceBook();
    if (!priceBook)
        return;
    const Catalog& catalog = r.project.catalog();
    int row = 1;
    for (const GpuPrices& prices : priceBook->gpus) {
        const GpuModel* gpu = catalog.gpu(prices.gpuId);
        for (Plan plan : kAllPlans) {
            if (plan == Plan::Owned || !prices.has(plan))
                continue;
            const HourlyPrice& price = *prices.hourly(plan);
            text(sheet, row, 0, gpu ? gpu->name : prices.gpuId);
            text(sheet, row, 1, std::string(planLabel(plan)));
            writeNumber(sheet, row, 2, price.usdPerGpuHour, f.usdCents);
            const SourceInfo* source = catalog.source(price.source);
            // Long titles and notes wrap in their column rather than run
            // under the next one's header when printed.
            // (LibreOffice does not fit a row to its wrapped text when it
            // prints: the row is given the lines its longest cell needs, at
            // the columns' widths in characters, less a margin.)
            const std::string title = source ? source->title : price.source;
            const std::string url = source ? source->url : std::string();
            text(sheet, row, 3, title, f.wrap);
            text(sheet, row, 4, url, f.wrap);
            text(sheet, row, 5, price.asOf);
            text(sheet, row, 6, price.note, f.wrap);
            const std::size_t lines =
                std::max({std::size_t(1), (title.size() + 35) / 36, (url.size() + 35) / 36,
                          (price.note.size() + 13) / 14});
            worksheet_set_row(sheet, lxw_row_t(row), 15.0 * double(std::min<std::size_t>(lines, 8)),
                              nullptr);
            ++row;
        }
    }
    row = ownedRows(sheet, row, *priceBook, catalog, f);
    ++row;
    text(sheet, row++, 0, priceBook->name + " (as of " + priceBook->asOf + ")", f.header);
    // The description across the table's width, wrapped: about 170
    // characters a line at these column widths.
    worksheet_merge_range(sheet, lxw_row_t(row), 0, lxw_row_t(row), 6,
                          priceBook->description.c_str(), f.wrap);
    worksheet_set_row(sheet, lxw_row_t(row), 15.0 * double(1 + priceBook->description.size() / 150),
                      nullptr);
    worksheet_set_column(sheet, 0, 1, 24, nullptr);
    worksheet_set_column(sheet, 2, 2, 16, nullptr);
    worksheet_set_column(sheet, 3, 4, 40, nullptr);
    worksheet_set_column(sheet, 5, 6, 16, nullptr);
    printSetup(sheet, 0);
}

void costCurveSheet(lxw_workbook* book, const PlanResults& r, const Formats& f)
{
    const CostCurveData& curve = r.costCurve;
    lxw_worksheet* sheet = workbook_add_worksheet(book, "Cost curve");
    headers(sheet, {curve.axisLabel, "Mean monthly cost (USD)", "Utilization"}, f);
    for (std::size_t i = 0; i < curve.x.size(); ++i) {
        writeNumber(sheet, int(i) + 1, 0, curve.x[i],
                    curve.inputKey == "fleet_size" ? f.count : f.gpus);
        if (curve.monthlyCostUsd[i])
            writeNumber(sheet, int(i) + 1, 1, *curve.monthlyCostUsd[i], f.usd);
        if (curve.utilization[i])
            writeNumber(sheet, int(i) + 1, 2, *curve.utilization[i], f.share);
    }
    worksheet_set_column(sheet, 0, 2, 24, nullptr);
    printSetup(sheet, 0);
    if (curve.x.empty())
        return;
    const auto last = lxw_row_t(curve.x.size());
    lxw_chart* chart = workbook_add_chart(book, LXW_CHART_SCATTER_STRAIGHT_WITH_MARKERS);
    lxw_chart_series* cost = chart_add_series(chart, nullptr, nullptr);
    chart_series_set_categories(cost, "Cost curve", 1, 0, last, 0);
    chart_series_set_values(cost, "Cost curve", 1, 1, last, 1);
    chart_series_set_name_range(cost, "Cost curve", 0, 1);
    // Utilization stays in column C: Debian's libxlsxwriter has no secondary axis.
    chart_title_set_name(chart, "Mean monthly cost at the fleet's prices along the curve");
    chart_axis_set_name(chart->x_axis, curve.axisLabel.c_str());
    chart_axis_set_name(chart->y_axis, "USD per month");
    chart_axis_set_num_format(chart->y_axis, "#,##0");
    chart_legend_set_position(chart, LXW_CHART_LEGEND_BOTTOM);
    insertChartOnItsOwnPage(sheet, int(curve.x.size()) + 2, chart);
}

/// A table of GPUs held by month (a row each, after the header on
/// `headerRow`) and by series (a column each, from B), and a native stacked
/// column chart of it under the table, on a page of its own.
struct MonthTable
{
    const char* sheet;
    int headerRow;
    const std::vector<std::string>& months;
    std::vector<std::string> series;
    const std::vector<std::vector<double>>& values; ///< [series][month]
    lxw_format* format;
    const char* title;
    const char* yTitle;
};

void writeMonthTable(lxw_workbook* book, lxw_worksheet* sheet, const MonthTable& t,
                     const Formats& f)
{
    text(sheet, t.headerRow, 0, "Month", f.header);
    for (std::size_t s = 0; s < t.series.size(); ++s)
        text(sheet, t.headerRow, int(s) + 1, t.series[s], f.header);
    worksheet_freeze_panes(sheet, lxw_row_t(t.headerRow + 1), 1);
    for (std::size_t m = 0; m < t.months.size(); ++m) {
        text(sheet, t.headerRow + 1 + int(m), 0, t.months[m]);
        for (std::size_t s = 0; s < t.series.size(); ++s)
            writeNumber(sheet, t.headerRow + 1 + int(m), int(s) + 1, t.values[s][m], t.format);
    }
    worksheet_set_column(sheet, 0, lxw_col_t(t.series.size()), 18, nullptr);
    printSetup(sheet, t.headerRow);
    if (t.months.empty() || t.series.empty())
        return;
    lxw_chart* chart = workbook_add_chart(book, LXW_CHART_COLUMN_STACKED);
    const auto first = lxw_row_t(t.headerRow + 1);
    const auto last = lxw_row_t(t.headerRow + int(t.months.size()));
    for (std::size_t s = 0; s < t.series.size(); ++s) {
        const auto column = lxw_col_t(s + 1);
        lxw_chart_series* series = chart_add_series(chart, nullptr, nullptr);
        chart_series_set_categories(series, t.sheet, first, 0, last, 0);
        chart_series_set_values(series, t.sheet, first, column, last, column);
        chart_series_set_name_range(series, t.sheet, lxw_row_t(t.headerRow), column);
    }
    chart_title_set_name(chart, t.title);
    chart_axis_set_name(chart->y_axis, t.yTitle);
    chart_axis_set_num_format(chart->y_axis, "#,##0");
    chart_legend_set_position(chart, LXW_CHART_LEGEND_BOTTOM);
    insertChartOnItsOwnPage(sheet, t.headerRow + int(t.months.size()) + 2, chart);
}

void regimeMixSheet(lxw_workbook* book, const PlanResults& r, const Formats& f)
{
    const RegimeMixData& mix = r.regimeMix;
    lxw_worksheet* sheet = workbook_add_worksheet(book, "Regime mix");
    std::vector<std::string> names;
    std::vector<std::vector<double>> gpus;
    for (auto& [name, values] : mixSeries(mix)) {
        names.push_back(std::move(name));
        gpus.push_back(std::move(values));
    }
    writeMonthTable(book, sheet,
                    {"Regime mix", 0, mix.months, names, gpus, f.gpus,
                     "Regime mix: GPUs held and paid by the chosen plan, by month",
                     "GPUs (held by regime; the bar: paid)"},
                    f);
}

/// The optimizer's plan: GPUs held per month by regime, and a native stacked
/// column chart of them; its status and gap above, and the solver's reasons
/// when it has no plan (an infeasible fleet).
void optimizerSheet(lxw_workbook* book, const PlanResults& r, const Formats& f)
{
    if (!hasOptimizerAnswer(r))
        return; // not solved (an export before the optimizer answered)
    lxw_worksheet* sheet = workbook_add_worksheet(book, "Optimizer plan");
    text(sheet, 0, 0, optimizerPlanStatus(r).toStdString());
    if (r.optimizer && !r.optimizer->reasons.empty()) { // why there is no plan, say
        std::string why;
        for (const std::string& reason : r.optimizer->reasons)
            why += (why.empty() ? "" : "; ") + reason;
        text(sheet, 1, 0, why);
    }
    const OptimizerMix mix = optimizerMix(r);
    writeMonthTable(book, sheet,
                    {"Optimizer plan", 2, mix.months, mix.series, mix.gpus, f.count,
                     "Optimizer's regime mix: GPUs held and paid, by month",
                     "GPUs (held by regime; the bar: paid)"},
                    f);
}

} // namespace

bool exportWorkbook(const PlanResults& results, const QString& path, QString* error,
                    const std::vector<std::string>& inputs, const RangeRun* ranges)
{
    // libxlsxwriter writes into memory; io/export_target then writes those bytes to an
    // exclusive temporary beside the target, checks its size and re-reads it as a zip,
    // and renames it over the target: whole or not at all, never through a planted link
    // nor over an input.
    const auto write = [&](const std::string& temporary) -> Result<bool> {
        const auto failed = [&](const std::string& why) {
            return Error({Issue{QFile::encodeName(path).toStdString(), {}, {}, why}});
        };
        lxw_workbook* book = workbook_new(temporary.c_str());
        if (!book)
            return failed("libxlsxwriter could not start the workbook");
        const Formats formats = makeFormats(book);
        kpiSheet(book, results, formats);
        workloadSheet(book, results, formats);
        poolSheet(book, results, formats);
        scenarioSheet(book, results, formats);
        priceBookSheet(book, results, formats);
        costCurveSheet(book, results, formats);
        regimeMixSheet(book, results, formats);
        optimizerSheet(book, results, formats);
        if (ranges)
            rangeSheet(book, results.project, *ranges);
        const lxw_error closed = workbook_close(book);
        if (closed != LXW_NO_ERROR)
            return failed(lxw_strerror(closed));
        return true;
    };
    const auto written =
        writeExportThrough(QFile::encodeName(path).toStdString(), write, inputs, checkZipFile);
    if (!written)
        *error = QObject::tr("%1: cannot be written: %2")
                     .arg(path, QString::fromStdString(written.error().messages()));
    return bool(written);
}

} // namespace fleet::gui
