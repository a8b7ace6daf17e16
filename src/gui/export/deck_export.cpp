#include "export/deck_export.h"

#include "charts/chart_export.h"
#include "charts/chart_kinds.h"
#include "charts/chart_style.h"
#include "compute/optimizer_plan.h"
#include "compute/scenario_name.h"
#include "document/override_words.h"
#include "export/deck_pptx.h"
#include "io/export_target.h"
#include "views/number_format.h"

#include <QBuffer>
#include <QChart>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocumentFragment>

#include <map>
#include <memory>
#include <set>

namespace fleet::gui {

namespace {

QString usd(double value)
{
    return formatUsd(value, Sign::Negative, chartLocale());
}

QString shownScenarioName(const PlanResults& r)
{
    return r.scenario.empty() ? QObject::tr("Baseline")
                              : gui::scenarioName(r.baseProject, r.scenario);
}

/// What each chart is drawn from, for the speaker notes.
QString dataSource(ChartKind kind)
{
    switch (kind) {
    case ChartKind::CostPerToken:
    case ChartKind::CostPerTrainingToken:
        return QObject::tr("The engine's options per workload (evaluate), priced on demand in "
                           "the active price book; the cheapest profile stands for a regime.");
    case ChartKind::CostCurve:
        return QObject::tr("The engine re-run with the fleet scaled (fixed fleet) or the "
                           "utilization ceiling scaled (sized fleet).");
    case ChartKind::Frontier:
        return QObject::tr("The cluster simulator: the project's jobs replayed at rising load "
                           "under three placement policies.");
    case ChartKind::RegimeMix:
        return QObject::tr("The GPUs the chosen plan holds, by regime, and those it pays for "
                           "but does not hold, month by month (evaluate's GPU counts).");
    case ChartKind::BreakEven:
        return QObject::tr("The active price book's plans for the fleet's main GPU.");
    case ChartKind::Tornado:
        return QObject::tr("The engine re-run with each input moved by ±10 %.");
    case ChartKind::Scenarios:
        return QObject::tr("The engine run on the baseline and on each scenario.");
    case ChartKind::ComputePrice:
        return QObject::tr("The active price book divided by each GPU's peak dense BF16 "
                           "throughput.");
    case ChartKind::Packing:
        return QObject::tr("A pod list replayed on a node list under each packing policy.");
    case ChartKind::OptimizerMix:
        return QObject::tr("The regime-mix optimizer's plan (the MILP on CBC, as "
                           "`fleetplanner-cli solve`): GPUs held by regime and paid but not "
                           "held, counted as evaluate counts, month by month; "
                           "its status and gap under the title.");
    }
    return {};
}

DeckSlide chartSlide(ChartKind kind, const PlanResults& results)
{
    std::unique_ptr<QChart> chart(createChart(kind, results));
    return slideOfChart(chart.get(), chartFooter(results, kind),
                        QObject::tr("%1. Data: %2 Snapshot: %3.")
                            .arg(chartKindLabel(kind), dataSource(kind), chartFooter(results)));
}

DeckSlide kpiSlide(const PlanResults& r)
{
    DeckSlide slide;
    slide.kind = DeckSlide::Kind::Table;
    slide.title = QObject::tr("KPIs by scenario");
    QStringList header{QObject::tr("KPI")};
    for (const ScenarioKpis& s : r.scenarios)
        header << QString::fromStdString(s.name);
    slide.table.push_back(header);
    using Getter = std::function<QString(const Kpis&)>;
    const auto optional = [](const std::optional<double>& v) {
        return v ? usd(*v) : QStringLiteral("—");
    };
    const std::vector<std::pair<QString, Getter>> rows{
        {QObject::tr("Mean monthly cost"), [](const Kpis& k) { return usd(k.meanMonthlyCostUsd); }},
        {QObject::tr("Total cost"), [](const Kpis& k) { return usd(k.totalCostUsd); }},
        {QObject::tr("Per million output tokens"),
         [optional](const Kpis& k) { return optional(k.costPerMillionOutputTokensUsd); }},
        {QObject::tr("Per trillion training tokens"),
         [optional](const Kpis& k) { return optional(k.costPerTrillionTrainingTokensUsd); }},
        {QObject::tr("Per notebook user-month"),
         [optional](const Kpis& k) { return optional(k.costPerNotebookUserMonthUsd); }},
        {QObject::tr("Utilization"),
         [](const Kpis& k) { return chartLocale().toString(k.utilization * 100, 'f', 1) + " %"; }},
        {QObject::tr("Savings against all bare metal"),
         [optional](const Kpis& k) { return optional(k.savingsUsd); }},
    };
    for (const auto& [label, get] : rows) {
        QStringList row{label};
        for (const ScenarioKpis& s : r.scenarios)
            row << get(s.kpis);
        slide.table.push_back(row);
    }
    slide.notes = QObject::tr("Each column is the engine run on the project with that scenario's "
                              "overrides applied; Baseline is the project as stated.");
    return slide;
}

DeckSlide assumptionsSlide(const PlanResults& r)
{
    DeckSlide slide;
    slide.kind = DeckSlide::Kind::Text;
    slide.title = QObject::tr("Assumptions");
    const Catalog& catalog = r.project.catalog();
    if (const PriceBook* book = r.project.activePriceBook()) {
        slide.lines << QObject::tr("Price book: %1 (as of %2)")
                           .arg(QString::fromStdString(book->name),
                                QString::fromStdString(book->asOf));
        std::map<std::string, std::set<std::string>> sources; // id → dates
        for (const GpuPrices& prices : book->gpus)
            for (Plan plan : kAllPlans)
                if (plan != Plan::Owned && prices.has(plan))
                    sources[prices.hourly(plan)->source].insert(prices.hourly(plan)->asOf);
        for (const auto& [id, dates] : sources) {
            const SourceInfo* source = catalog.source(id);
            QStringList when;
            for (const std::string& date : dates)
                when << QString::fromStdString(date);
            slide.lines << QObject::tr("Source: %1%2 (as of %3)")
                               .arg(QString::fromStdString(source ? source->title : id),
                                    source && !source->url.empty()
                                        ? QStringLiteral(" — ") +
                                              QString::fromStdString(source->url)
                                        : QString(),
                                    when.join(QStringLiteral(", ")));
        }
    }
    if (r.project.settingOverrides.empty())
        slide.lines << QObject::tr("Engine defaults: none overridden");
    for (const SettingOverride& o : r.project.settingOverrides)
        slide.lines << QObject::tr("Overridden default: %1 / %2 = %3")
                           .arg(QString::fromStdString(o.section), QString::fromStdString(o.key),
                                QString::fromStdString(o.valueJson));
    slide.lines << QObject::tr("Scenario shown: %1").arg(shownScenarioName(r));
    // What it changes, in words; a long list is cut short on the slide (the
    // workbook lists every change).
    constexpr qsizetype kChangesShown = 8;
    const QStringList changes = scenarioInWords(r.baseProject, r.scenario);
    for (qsizetype i = 0; i < std::min(changes.size(), kChangesShown); ++i)
        slide.lines << QObject::tr("Scenario change: %1").arg(changes[i]);
    if (changes.size() > kChangesShown)
        slide.lines << QObject::tr("… and %n more change(s), listed in the workbook", nullptr,
                                   int(changes.size() - kChangesShown));
    slide.notes = QObject::tr("Every price carries its source and date in the project's catalog; "
                              "the workbook export lists them per GPU and plan.");
    return slide;
}

/// One slide painted on a 960 × 540 point page.
void paintSlide(QPainter& painter, const DeckSlide& slide)
{
    const QRectF page(0, 0, 960, 540);
    painter.fillRect(page, Qt::white);
    painter.setPen(QColor(0x33, 0x33, 0x33));
    QFont title(QStringLiteral("DejaVu Sans"));
    title.setBold(true);
    QFont body(QStringLiteral("DejaVu Sans"));
    if (slide.kind == DeckSlide::Kind::Title) {
        title.setPointSizeF(34);
        painter.setFont(title);
        painter.drawText(QRectF(60, 150, 840, 150), Qt::AlignCenter | Qt::TextWordWrap,
                         slide.title);
        body.setPointSizeF(18);
        painter.setFont(body);
        painter.drawText(QRectF(60, 310, 840, 120),
                         Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, slide.subtitle);
        return;
    }
    // The title in its box, in smaller type when two lines do not hold it.
    const QRectF titleBox(30, 10, 900, 66);
    title.setPointSizeF(24);
    while (title.pointSizeF() > 12 &&
           QFontMetricsF(title)
                   .boundingRect(titleBox, Qt::AlignLeft | Qt::TextWordWrap, slide.title)
                   .height() > titleBox.height())
        title.setPointSizeF(title.pointSizeF() - 1);
    painter.setFont(title);
    painter.drawText(titleBox, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, slide.title);
    qreal top = 80;
    if (!slide.subtitle.isEmpty()) {
        // Up to three lines under the title, in smaller type when longer.
        body.setPointSizeF(11);
        QRectF used;
        for (;;) {
            used = QFontMetricsF(body).boundingRect(
                QRectF(30, 76, 900, 200), Qt::AlignLeft | Qt::TextWordWrap, slide.subtitle);
            if (used.height() <= 50 || body.pointSizeF() <= 7)
                break;
            body.setPointSizeF(body.pointSizeF() - 0.5);
        }
        painter.setFont(body);
        painter.drawText(QRectF(30, 76, 900, used.height() + 4), Qt::AlignLeft | Qt::TextWordWrap,
                         slide.subtitle);
        top = 80 + used.height() + 6;
    }
    if (slide.kind == DeckSlide::Kind::Chart) {
        const QSizeF size = slide.image.deviceIndependentSize();
        const qreal scale = std::min(900 / size.width(), (530 - top) / size.height());
        const QRectF target(480 - size.width() * scale / 2, top, size.width() * scale,
                            size.height() * scale);
        painter.drawImage(target, slide.image);
    } else if (slide.kind == DeckSlide::Kind::Table) {
        const int rows = int(slide.table.size());
        const int columns = rows > 0 ? int(slide.table.front().size()) : 0;
        const qreal first = 230;
        const qreal width = columns > 1 ? (900 - first) / (columns - 1) : 0;
        const qreal height = std::min<qreal>(48, (520 - top) / std::max(1, rows));
        body.setPointSizeF(columns > 5 ? 10 : 12);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < columns; ++c) {
                const QRectF cell(c == 0 ? 30 : 30 + first + (c - 1) * width, top + r * height,
                                  c == 0 ? first : width, height);
                if (r == 0)
                    painter.fillRect(cell, QColor(0x20, 0x9f, 0xdf));
                else if (r % 2 == 0)
                    painter.fillRect(cell, QColor(0xee, 0xf3, 0xf8));
                QFont font = body;
                font.setBold(r == 0);
                painter.setFont(font);
                painter.setPen(r == 0 ? Qt::white : QColor(0x33, 0x33, 0x33));
                painter.drawText(cell.adjusted(6, 2, -6, -2),
                                 (c == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter |
                                     Qt::TextWordWrap,
                                 slide.table[std::size_t(r)][c]);
            }
    } else {
        body.setPointSizeF(slide.lines.size() > 8 ? 12 : 15);
        painter.setFont(body);
        QRectF area(40, top + 10, 880, 520 - top);
        for (const QString& line : slide.lines) {
            QRectF used;
            painter.drawText(area, Qt::AlignLeft | Qt::TextWordWrap, QStringLiteral("• ") + line,
                             &used);
            area.setTop(area.top() + used.height() + 8);
        }
    }
}

bool writePdf(const std::vector<DeckSlide>& slides, const QString& title, const QString& path,
              QString* error, const std::vector<std::string>& inputs)
{
    // Drawn into memory, then written through io/export_target: whole or not at all,
    // never through a planted link.
    QByteArray bytes;
    QBuffer file(&bytes);
    file.open(QIODevice::WriteOnly);
    QPdfWriter writer(&file);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("FleetPlanner"));
    writer.setPageLayout(QPageLayout(QPageSize(QSizeF(960, 540), QPageSize::Point),
                                     QPageLayout::Portrait, QMarginsF()));
    writer.setResolution(72);
    QPainter painter;
    if (!painter.begin(&writer)) {
        *error = QObject::tr("%1: PDF output could not start").arg(path);
        return false;
    }
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                           QPainter::SmoothPixmapTransform);
    for (std::size_t i = 0; i < slides.size(); ++i) {
        if (i > 0)
            writer.newPage();
        paintSlide(painter, slides[i]);
    }
    painter.end();
    const auto written =
        writeExportFile(QFile::encodeName(path).toStdString(), bytes.toStdString(), inputs);
    if (!written)
        *error = QObject::tr("%1: cannot be written: %2")
                     .arg(path, QString::fromStdString(written.error().messages()));
    return bool(written);
}

} // namespace

QImage renderSlide(const DeckSlide& slide, qreal scale)
{
    QImage image(QSize(960, 540) * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                           QPainter::SmoothPixmapTransform);
    paintSlide(painter, slide);
    painter.end();
    return image;
}

DeckSlide slideOfChart(QChart* chart, const QString& footer, const QString& notes)
{
    DeckSlide slide;
    slide.kind = DeckSlide::Kind::Chart;
    slide.title = chart->property(kTitleProperty).toString();
    if (slide.title.isEmpty())
        slide.title = QTextDocumentFragment::fromHtml(chart->title()).toPlainText().simplified();
    slide.subtitle = chart->property(kSubtitleProperty).toString();
    setChartTitles(chart, QString());
    chart->setTitle(QString());
    ExportOptions options;
    options.size = QSize(1280, 620);
    options.scale = 2.0;
    options.slide = true;
    options.footer = footer;
    slide.image = renderChart(chart, options);
    slide.notes = notes;
    return slide;
}

std::vector<DeckSlide> deckSlides(const PlanResults& results)
{
    std::vector<DeckSlide> slides;
    DeckSlide cover;
    cover.kind = DeckSlide::Kind::Title;
    cover.title = QString::fromStdString(results.project.name);
    QStringList under{QObject::tr("Scenario: %1").arg(shownScenarioName(results))};
    if (const PriceBook* book = results.project.activePriceBook())
        under << QObject::tr("Price book: %1 (as of %2)")
                     .arg(QString::fromStdString(book->name), QString::fromStdString(book->asOf));
    under << QObject::tr("FleetPlanner, %1").arg(QDate::currentDate().toString(Qt::ISODate));
    cover.subtitle = under.join(QLatin1Char('\n'));
    cover.notes = QObject::tr("Generated by FleetPlanner from the project file; every figure is "
                              "recomputed from it.");
    slides.push_back(cover);
    for (ChartKind kind : allChartKinds()) {
        if (kind == ChartKind::Frontier && results.frontiers.empty())
            continue;
        if (kind == ChartKind::Packing && !results.packing)
            continue;
        if (needsOptimizer(kind) && !hasOptimizerAnswer(results))
            continue; // not solved
        slides.push_back(chartSlide(kind, results));
    }
    slides.push_back(kpiSlide(results));
    slides.push_back(assumptionsSlide(results));
    return slides;
}

std::vector<DeckSlide> comparisonDeckSlides(const PlanResults& baseline,
                                            const std::vector<PlanResults>& scenarios)
{
    std::vector<DeckSlide> slides = deckSlides(baseline);
    DeckSlide& cover = slides.front();
    QStringList under{
        QObject::tr("All scenarios compared: the baseline and %1 scenarios").arg(scenarios.size())};
    if (const PriceBook* book = baseline.project.activePriceBook())
        under << QObject::tr("Price book: %1 (as of %2)")
                     .arg(QString::fromStdString(book->name), QString::fromStdString(book->asOf));
    under << QObject::tr("FleetPlanner, %1").arg(QDate::currentDate().toString(Qt::ISODate));
    cover.subtitle = under.join(QLatin1Char('\n'));
    // After the baseline's charts and before its tables: each scenario's
    // plan, titled with the scenario's name.
    std::vector<DeckSlide> plans;
    for (const PlanResults& one : scenarios) {
        DeckSlide slide = chartSlide(ChartKind::RegimeMix, one);
        slide.title = QObject::tr("%1: %2").arg(shownScenarioName(one), slide.title);
        plans.push_back(std::move(slide));
    }
    const auto tables = slides.end() - 2; // the KPI table and the assumptions
    slides.insert(tables, plans.begin(), plans.end());
    return slides;
}

bool exportDeckSlides(const std::vector<DeckSlide>& slides, const QString& title,
                      const QString& path, QString* error, const std::vector<std::string>& inputs)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("pptx") && suffix != QLatin1String("pdf")) {
        *error = QObject::tr("%1: the file name must end in .pptx or .pdf").arg(path);
        return false;
    }
    return suffix == QLatin1String("pdf") ? writePdf(slides, title, path, error, inputs)
                                          : writePptx(slides, title, path, error, inputs);
}

bool exportDeck(const PlanResults& results, const QString& path, QString* error,
                const std::vector<std::string>& inputs)
{
    return exportDeckSlides(deckSlides(results), QString::fromStdString(results.project.name), path,
                            error, inputs);
}

} // namespace fleet::gui
