#include "kpi_panel.h"

#include "compute/scenario_name.h"
#include "engine/fleet_peaks.h"
#include "engine/kpi.h"
#include "optimize/plan_comparison.h"
#include "simulate/measured_ceiling.h"
#include "views/drivers.h"
#include "views/frontier_ceiling.h"
#include "views/number_format.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QResizeEvent>
#include <QScreen>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

namespace {

/// The KPI named by `key`, through the one lookup in core (engine/kpi.h).
std::optional<double> kpiOf(const Kpis& k, const QString& key)
{
    const auto kpi = kpiFromKey(key.toStdString());
    return kpi ? kpiValue(k, *kpi) : std::nullopt;
}

constexpr QChar kNoBreak(0x00A0);

/// `text` with its amount and its percentage each kept on one line: the
/// spaces inside them made non-breaking ("$34.77 M", "(55 %)").
QString unbroken(QString text)
{
    const qsizetype open = text.indexOf(QLatin1String(" ("));
    text.replace(QLatin1Char(' '), kNoBreak);
    if (open >= 0)
        text[open] = QLatin1Char(' '); // the one place it may wrap
    return text;
}

QString formatted(const QString& key, const std::optional<double>& v, bool signedDelta = false)
{
    if (!v)
        return QStringLiteral("—");
    const Sign sign = signedDelta ? Sign::Always : Sign::Negative;
    if (key == QLatin1String("utilization"))
        return formatPercent(*v * 100, 1, sign,
                             signedDelta ? QStringLiteral(" pts") : QStringLiteral(" %"));
    return formatUsd(*v, sign);
}

} // namespace

KpiPanel::KpiPanel(QWidget* parent) : QGroupBox(parent)
{
    auto* layout = new QGridLayout(this);
    layout->setHorizontalSpacing(24);
    // Tight rows: the panel sits above every page, and a laptop's lists
    // need its height (test_gui_inspector, 20 rows at 1366×768).
    layout->setVerticalSpacing(2);
    // The panel's minimum is minimumSizeHint(), not the grid's of the moment:
    // it rearranges to the width it gets.
    layout->setSizeConstraint(QLayout::SetNoConstraint);
    addKpi(QStringLiteral("mean_monthly_cost_usd"), tr("Monthly cost"),
           tr("Cost over the horizon ÷ its months. Fixed fleet: the reserved and owned GPUs "
              "at their price, used or not, plus the on-demand GPUs the plan uses; sized "
              "fleet: the GPUs the plan holds. The figure's tooltip gives the idle commitment: "
              "reserved and owned GPU-hours no workload holds, no workload's cost."));
    addKpi(QStringLiteral("cost_per_trillion_training_tokens_usd"),
           tr("Per trillion training tokens"),
           tr("Training workloads' attributed cost ÷ tokens trained (runs × tokens per run); "
              "compute 6·N·D FLOPs at the workload's MFU."));
    addKpi(QStringLiteral("cost_per_million_output_tokens_usd"), tr("Per million output tokens"),
           tr("Inference workloads' attributed cost ÷ output tokens served (requests/s × "
              "output tokens × seconds)."));
    addKpi(QStringLiteral("cost_per_notebook_user_month_usd"), tr("Per notebook user-month"),
           tr("Notebooks' attributed cost ÷ users ÷ months; held time = active + idle up to "
              "the timeout, g·(1 − e^(−t/g))."));
    addKpi(QStringLiteral("utilization"), tr("Utilization"),
           tr("GPU-hours busy ÷ GPU-hours paid: the reserved and owned GPUs every hour, "
              "used or not, and the on-demand and spot GPU-hours the plan uses."));
    addKpi(QStringLiteral("savings_usd"), tr("Cash saved vs all bare metal, on demand"),
           tr("Cash saved this horizon: the baseline (every workload on bare metal, on demand, "
              "no idle timeout) minus the plan's cost over the horizon — a fixed fleet's "
              "reserved and owned GPUs included, used or not."));
    m_heading = new QLabel(this);
    m_heading->setObjectName(QStringLiteral("kpiHeading"));
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::PlainText);
    m_heading->hide();
    m_alerts = new QLabel(this);
    m_alerts->setObjectName(QStringLiteral("alerts"));
    m_alerts->setWordWrap(true);
    m_alerts->setTextFormat(Qt::PlainText);
    m_alerts->setStyleSheet(QStringLiteral("color: #b35900;"));
    m_alerts->hide();
    m_optimizer = new QLabel(this);
    m_optimizer->setObjectName(QStringLiteral("optimizer"));
    m_optimizer->setForegroundRole(QPalette::PlaceholderText);
    m_optimizer->setToolTip(optimizerHelp());
    m_optimizer->setWordWrap(true); // a long line wraps in a narrow window
    m_ceiling = new QLabel(this);
    m_ceiling->setObjectName(QStringLiteral("plannedCeiling"));
    m_ceiling->setForegroundRole(QPalette::PlaceholderText);
    m_ceiling->setWordWrap(true);
    m_ceiling->setTextFormat(Qt::PlainText);
    m_ceiling->setToolTip(
        tr("The utilization ceiling the KPIs are planned on: the knee the simulator measured "
           "for these inputs (the frontier, simulated in the background), unless the project "
           "pins the assumed one (scheduler.ceiling_source) or nothing is measured yet. "
           "docs/MODEL.md, \"Planning on the measured knee\""));
    m_exactFailure = new QLabel(this);
    m_exactFailure->setObjectName(QStringLiteral("exactSolverFailure"));
    m_exactFailure->setWordWrap(true);
    m_exactFailure->setTextFormat(Qt::PlainText);
    m_exactFailure->hide();
    m_exportModel = new QPushButton(tr("Export Model for a Bug Report…"), this);
    m_exportModel->setObjectName(QStringLiteral("exportSolverModel"));
    m_exportModel->setToolTip(tr("Write the project, the solver's request and its model (MPS) "
                                 "into a folder, to attach to a bug report"));
    m_exportModel->hide();
    arrange(6);
    connect(m_exportModel, &QPushButton::clicked, this, &KpiPanel::exportSolverModelRequested);
}

QString KpiPanel::optimizerHelp() const
{
    return tr("The regime-mix optimizer (COIN-OR CBC): the LP relaxation rounded while inputs "
              "move, the exact MILP (in a separate solver process) once they settle. "
              "docs/OPTIMIZER.md");
}

void KpiPanel::addKpi(const QString& key, const QString& title, const QString& formula)
{
    auto* caption = new QLabel(title, this);
    caption->setForegroundRole(QPalette::PlaceholderText);
    auto* value = new QLabel(QStringLiteral("—"), this);
    QFont font = value->font();
    m_baseSize = font.pointSizeF();
    font.setPointSizeF(m_baseSize * 1.6);
    font.setBold(true);
    value->setFont(font);
    value->setObjectName(key);
    auto* delta = new QLabel(this);
    delta->setObjectName(key + QStringLiteral("_delta"));
    for (QLabel* label : {caption, value, delta})
        label->setToolTip(formula);
    auto* range = new QLabel(this);
    range->setObjectName(key + QStringLiteral("_range"));
    range->setForegroundRole(QPalette::PlaceholderText);
    range->setVisible(false);
    m_kpis.append({key, caption, value, delta, range});
}

void KpiPanel::arrange(int columns)
{
    columns = std::clamp(columns, 1, int(m_kpis.size()));
    if (columns == m_columns)
        return;
    m_columns = columns;
    auto* layout = static_cast<QGridLayout*>(this->layout());
    for (QWidget* w : findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly))
        layout->removeWidget(w);
    // The heading (presentation's column only), then each figure as four
    // rows (caption, value, change, P10–P90) in its column.
    layout->addWidget(m_heading, 0, 0, 1, columns);
    for (int i = 0; i < int(m_kpis.size()); ++i) {
        const int row = 1 + i / columns * 4;
        const int column = i % columns;
        layout->addWidget(m_kpis[i].caption, row, column);
        layout->addWidget(m_kpis[i].value, row + 1, column);
        layout->addWidget(m_kpis[i].delta, row + 2, column);
        layout->addWidget(m_kpis[i].range, row + 3, column);
    }
    const int below = 1 + (int(m_kpis.size()) + columns - 1) / columns * 4;
    layout->addWidget(m_optimizer, below, 0, 1, columns);
    layout->addWidget(m_ceiling, below + 1, 0, 1, columns);
    layout->addWidget(m_exactFailure, below + 2, 0, 1, std::max(1, columns - 1));
    // Beside the failure, or under it in one column.
    const int exportRow = columns > 1 ? below + 2 : below + 3;
    layout->addWidget(m_exportModel, exportRow, columns - 1, Qt::AlignRight | Qt::AlignTop);
    layout->addWidget(m_alerts, exportRow + 1, 0, 1, columns);
    // In one column the figures stay at the top, whatever height is left.
    for (int row = 0; row <= exportRow + 2; ++row)
        layout->setRowStretch(row, columns == 1 && row == exportRow + 2 ? 1 : 0);
}

void KpiPanel::setUpdating(bool updating)
{
    if (updating == m_updatingState)
        return;
    m_updatingState = updating;
    // Disabled labels are drawn in the palette's grey: visibly not current.
    for (const Kpi& kpi : m_kpis) {
        kpi.value->setEnabled(!updating);
        kpi.delta->setEnabled(!updating);
    }
    m_optimizer->setEnabled(!updating);
    setToolTip(updating ? tr("Updating: these figures are of an earlier state of the inputs")
                        : QString());
}

std::optional<std::string> frontierCeilingAlert(const PlanResults& results)
{
    // Planned on a measured knee: plannedCeilingText() says both.
    if (results.ceiling.onMeasured())
        return std::nullopt;
    const Frontier* frontier = results.frontiersCurrent ? policyFrontier(results) : nullptr;
    if (!frontier || kneeBound(*frontier) != KneeBound::Inside)
        return std::nullopt;
    const std::size_t index = std::size_t(frontier - results.frontiers.data());
    const std::size_t seeds =
        index < results.kneeSpreads.size() ? results.kneeSpreads[index].knees.size() : 1;
    return assumedVersusMeasured(results.project.scheduler, frontier->kneeUtilization,
                                 "the frontier's median of " + std::to_string(seeds) +
                                     " seeds' knees");
}

QString plannedCeilingText(const PlanResults& results)
{
    // Until the frontier of this snapshot lands the knee is being measured
    // (RecomputeService's slow part); when it has landed without a knee, why.
    if (results.replanOnKnee)
        return QObject::tr("Utilization ceiling of %1: measured %2 for these inputs just now "
                           "(assumed %3); planning on it…")
            .arg(QString::fromUtf8(policyKey(results.ceiling.policy).data()))
            .arg(*results.replanOnKnee, 0, 'f', 2)
            .arg(results.ceiling.assumed, 0, 'f', 2);
    if (results.replanOnAssumed)
        return QObject::tr("Utilization ceiling of %1: the frontier simulated for these inputs "
                           "has no knee within its loads; planning on the assumed %2…")
            .arg(QString::fromUtf8(policyKey(results.ceiling.policy).data()))
            .arg(results.ceiling.assumed, 0, 'f', 2);
    std::string toMeasure = "measuring in the background…";
    if (results.frontiersCurrent)
        toMeasure = results.frontiers.empty()
                        ? "nothing to simulate: no training or batch work"
                        : "the frontier simulated for these inputs has no knee within its loads";
    QString text = QString::fromStdString(plannedCeilingSentence(results.ceiling, toMeasure));
    // A knee stored in the file for earlier inputs while the plan is on the
    // one simulated for these: said here, not as a warning (the plan is
    // current; what is out of date is the file's copy, which the frontier
    // view's button replaces; one line at 1440 px). Planned on the assumed
    // ceiling, the sentence already says the stored knee is not of these
    // inputs. plannedCeiling() compared the fingerprints, off this thread.
    const PlannedCeiling& c = results.ceiling;
    if (c.onMeasured() && !c.provisional && results.scenario.empty() && c.notCurrent)
        text += QObject::tr("; the file's knee, %1, is of earlier inputs")
                    .arg(*c.notCurrent, 0, 'f', 3);
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

void KpiPanel::showResults(const PlanResults& results)
{
    setUpdating(false);
    const Project& project = results.project;
    m_titleText =
        tr("%1 — %2, %3 months, price book %4%5")
            .arg(QString::fromStdString(project.name), project.fleet.mode == FleetMode::Fixed
                                                           ? tr("fixed fleet")
                                                           : tr("fleet sized by FleetPlanner"))
            .arg(project.horizonMonths)
            // The book as people named it, as the charts' footers say it.
            .arg(QString::fromStdString(project.activePriceBook() ? project.activePriceBook()->name
                                                                  : project.activePriceBookId))
            .arg(results.scenario.empty()
                     ? QString()
                     : tr(" — scenario %1")
                           .arg(scenarioName(results.baseProject, results.scenario)));
    setTitle(m_large ? QString() : m_titleText);
    // On a slide the banner names the scenario and the optimizer's plan;
    // the column says which prices its figures are at.
    m_heading->setText(
        tr("At the prices of %1")
            .arg(project.activePriceBook()
                     ? QString::fromStdString(project.activePriceBook()->name) +
                           (whatIfPriceFactor(*project.activePriceBook())
                                ? tr(" × %1 (what-if)")
                                      .arg(QLocale().toString(
                                          *whatIfPriceFactor(*project.activePriceBook()), 'f', 2))
                                : QString())
                     : QString::fromStdString(project.activePriceBookId)));
    const Kpis& k = results.evaluation.kpis;
    for (const Kpi& kpi : m_kpis) {
        const auto value = kpiOf(k, kpi.key);
        QString text = formatted(kpi.key, value);
        if (kpi.key == QLatin1String("savings_usd") && k.savingsFraction) {
            text += QStringLiteral(" (%1)").arg(formatPercent(*k.savingsFraction * 100, 0));
        }
        kpi.value->setText(m_large ? unbroken(text) : text);
        // Idle commitment (docs/MODEL.md, "Idle commitment"), said on the
        // monthly cost's tooltip: beside the figure it widened every column
        // of the strip and cut it at 600 px (test_gui_demo).
        // The network of pooled GPUs is a part of the cost too, said the same way.
        if (kpi.key == QLatin1String("mean_monthly_cost_usd")) {
            QStringList parts;
            if (project.horizonMonths > 0 && k.unallocatedFleetCostUsd >= 0.5)
                parts << tr("Of which idle commitment: %1 a month (reserved and owned GPU-hours "
                            "no workload holds, no workload's cost)")
                             .arg(formatUsd(k.unallocatedFleetCostUsd / project.horizonMonths));
            if (project.horizonMonths > 0 && k.networkCostUsd >= 0.5)
                parts << tr("Of which network: %1 a month (the fabric of network-pooled GPUs)")
                             .arg(formatUsd(k.networkCostUsd / project.horizonMonths));
            kpi.value->setToolTip(parts.join(QLatin1Char('\n')));
        }
        QString delta;
        if (results.baselineKpis) {
            const auto base = kpiOf(*results.baselineKpis, kpi.key);
            delta = value && base
                        ? tr("%1 vs baseline").arg(formatted(kpi.key, *value - *base, true))
                        : QString();
        }
        kpi.delta->setText(delta);
        // Without a scenario there is no change to show: its row gives its
        // height back to the page below (a laptop's Workloads list).
        kpi.delta->setVisible(!delta.isEmpty());
    }
    // Impossible or suspicious results: said, never shown as ordinary figures.
    QStringList alerts;
    for (const std::string& alert : k.alerts)
        alerts << QStringLiteral("⚠ ") + QString::fromStdString(alert);
    if (const auto shortfall = peakShortfallAlert(project, results.evaluation))
        alerts << QStringLiteral("⚠ ") + QString::fromStdString(*shortfall);
    // A measured ceiling stored for earlier inputs is no warning here: the
    // app measures these inputs' knee in the background and the ceiling line
    // says which knee the plan is on, and that the stored one is out of date
    // (plannedCeilingText). `evaluate`, which does not measure, warns.
    // The ceiling planned on against this plan's own simulated knee (the
    // frontier the app simulates in the background), when they differ.
    if (const auto ceiling = frontierCeilingAlert(results))
        alerts << QStringLiteral("⚠ ") + QString::fromStdString(*ceiling);
    m_alertLines = alerts;
    showAlerts();
    m_ceiling->setText(plannedCeilingText(results));
    showOptimizer(results);
    // Longer figures may no longer fit the row they are in; in presentation
    // the arrangement stays while they do (fit left room for them).
    if (!m_large)
        fit(width());
}

void KpiPanel::showOptimizer(const PlanResults& results)
{
    QString optimizer;
    if (const auto& o = results.optimizer) {
        const QLocale locale;
        if (o->status == SolveStatus::Optimal || o->status == SolveStatus::Feasible) {
            // Like with like: both totals are the horizon's cost of the whole
            // plan, a fixed fleet's commitment included.
            const double engine = results.evaluation.kpis.totalCostUsd;
            const double difference = engine - o->costUsd;
            const auto money = [](double usd) { return formatUsd(std::abs(usd)); };
            QString versus;
            if (std::abs(difference) < 5e-4 * std::max(engine, o->costUsd))
                versus = tr("the same as the engine's choices");
            else if (difference > 0)
                versus = tr("%1 less than the engine's choices (%2)")
                             .arg(money(difference), money(engine));
            else
                versus = tr("%1 more than the engine's choices (%2)")
                             .arg(money(difference), money(engine));
            // When the engine's choices are no plan the optimizer may choose, say why.
            if (const std::string why = whyTheEngineCostsLess(comparePlans(results.evaluation, *o));
                !why.empty())
                versus += tr(", because %1").arg(QString::fromStdString(why));
            optimizer = tr("Optimizer (%1): plan %2 over the horizon, %3; gap %4, %5 s")
                            .arg(o->method == "lp_rounding" ? tr("fast path") : tr("exact"))
                            .arg(money(o->costUsd), versus)
                            .arg(formatPercent(o->gap * 100, 2))
                            .arg(locale.toString(o->solveSeconds, 'f', 2));
            if (o->renewalSavingUsd && *o->renewalSavingUsd > 0)
                optimizer += tr(". Resized to the plan at renewal: %1 less")
                                 .arg(money(*o->renewalSavingUsd));
        } else
            optimizer = tr("Optimizer: no plan — %1")
                            .arg(o->reasons.empty() ? tr("see the solve status")
                                                    : QString::fromStdString(o->reasons.front()));
    } else if (!results.optimizerRefusal.empty()) {
        optimizer = tr("Optimizer: the model was refused — %1")
                        .arg(QString::fromStdString(results.optimizerRefusal).section('\n', 0, 0));
    }
    m_optimizer->setText(optimizer);
    m_optimizer->setVisible(!optimizer.isEmpty()); // no empty line while it runs
    m_optimizer->setToolTip(results.optimizerRefusal.empty()
                                ? optimizerHelp()
                                : QString::fromStdString(results.optimizerRefusal));
    QString failure;
    if (const auto& f = results.exactFailure) {
        failure = tr("The exact solver failed on this input: %1. The fast path's answer is shown.")
                      .arg(QString::fromStdString(f->reason));
        if (!f->stderrTail.empty())
            failure += QLatin1Char('\n') + QString::fromStdString(f->stderrTail);
    }
    m_exactFailure->setText(failure);
    m_exactFailure->setVisible(!failure.isEmpty());
    m_exportModel->setVisible(!failure.isEmpty());
}

QString KpiPanel::valueText(const QString& key) const
{
    for (const Kpi& kpi : m_kpis)
        if (kpi.key == key)
            return kpi.value->text();
    return {};
}

QString KpiPanel::deltaText(const QString& key) const
{
    for (const Kpi& kpi : m_kpis)
        if (kpi.key == key)
            return kpi.delta->text();
    return {};
}

QString KpiPanel::rangeText(const QString& key) const
{
    for (const Kpi& kpi : m_kpis)
        if (kpi.key == key)
            return kpi.range->isHidden() ? QString() : kpi.range->text();
    return {};
}

void KpiPanel::showRanges(const RangeRun* run)
{
    setRangesUpdating(false);
    for (const Kpi& kpi : m_kpis) {
        const auto which = kpiFromKey(kpi.key.toStdString());
        const KpiRange* range = run && which ? run->of(*which) : nullptr;
        if (!range || !range->band) {
            kpi.range->clear();
            kpi.range->setVisible(false);
            continue;
        }
        kpi.range->setText(
            tr("P10–P90 %1 – %2")
                .arg(formatted(kpi.key, range->band->p10), formatted(kpi.key, range->band->p90)));
        QString tip =
            tr("P10 %1, P50 %2, P90 %3 over %4 draws (seed %5) of %6 input ranges")
                .arg(formatted(kpi.key, range->band->p10), formatted(kpi.key, range->band->p50),
                     formatted(kpi.key, range->band->p90))
                .arg(range->band->defined)
                .arg(run->seed)
                .arg(range->shares.size());
        if (!range->shares.empty() && range->shares.front().share > 0)
            tip += tr("; most of its variance from %1 (%2 % of it)")
                       .arg(QString::fromStdString(range->shares.front().label))
                       .arg(range->shares.front().share * 100, 0, 'f', 0);
        kpi.range->setToolTip(tip);
        kpi.range->setVisible(true);
    }
    if (!m_large)
        fit(width());
}

void KpiPanel::setRangesUpdating(bool updating)
{
    for (const Kpi& kpi : m_kpis)
        kpi.range->setEnabled(!updating);
}

QString KpiPanel::alertsText() const
{
    // Every warning whole: on screen a long one is cut to the panel's width.
    return m_alertLines.join(QLatin1Char('\n'));
}

QString KpiPanel::ceilingText() const
{
    return m_ceiling->text();
}

QString KpiPanel::optimizerText() const
{
    return m_optimizer->text();
}

QString KpiPanel::exactFailureText() const
{
    return m_exactFailure->text();
}

void KpiPanel::setLarge(bool large)
{
    m_large = large;
    // Presentation (issue 32): one column beside the chart, of a width that
    // holds any scenario's figures, so that the chart keeps its place and
    // its height from one slide to the next whatever the figures or
    // warnings say; the price book in a heading that wraps (a group box's
    // title would be cut in a column).
    for (const Kpi& kpi : m_kpis) {
        for (QLabel* label : {kpi.caption, kpi.value, kpi.delta, kpi.range})
            label->setWordWrap(large); // a longer figure takes a second line, never cut
        // "$34.77 M (55 %)" wraps before its percentage, not inside it.
        QString text = kpi.value->text();
        kpi.value->setText(large ? unbroken(text) : text.replace(kNoBreak, QLatin1Char(' ')));
    }
    m_heading->setVisible(large);
    // The banner above the slide gives the optimizer's line (presentation_banner).
    m_optimizer->setVisible(!large);
    setTitle(large ? QString() : m_titleText);
    showAlerts();
    if (large) {
        // The figures' type in proportion to the screen, as the slide's
        // charts are (chart_tabs): 2.0 × on a laptop, 2.6 × on full HD.
        const QScreen* shown = window()->screen();
        const qreal height = shown ? shown->geometry().height() : 1080.0;
        setValueScale(std::clamp(2.6 * height / 1080.0, 2.0, 2.6));
        arrange(1);
        setFixedWidth(columnWidth());
    } else {
        setMinimumWidth(0);
        setMaximumWidth(QWIDGETSIZE_MAX);
        fit(width());
    }
}

int KpiPanel::columnWidth() const
{
    // The widest amount and change any scenario may show ("−$000.00 M"),
    // not the ones of the moment; a percentage after an amount, a longer
    // change and the captions wrap. The chart keeps the rest of the width.
    const QFontMetrics value(m_kpis.front().value->font());
    const QFontMetrics delta(m_kpis.front().delta->font());
    const int widest = std::max(value.horizontalAdvance(tr("−$000.00 M")),
                                delta.horizontalAdvance(tr("−$000.00 M vs baseline")));
    const QMargins frame = contentsMargins();
    const QMargins inner = layout()->contentsMargins();
    return widest + frame.left() + frame.right() + inner.left() + inner.right() + 8;
}

void KpiPanel::showAlerts()
{
    const int count = int(m_alertLines.size());
    // In presentation one sentence: the list itself, with the figures it
    // warns about, is the panel's when the presentation ends, and the tooltip's.
    // Out of presentation every warning is shown, one line each: a long one
    // is cut to the panel's width, its whole text in the tooltip (two long
    // warnings wrapped took five lines of a laptop's editor pane).
    QStringList lines;
    bool cut = false;
    if (!m_large) {
        const QMargins margins = layout()->contentsMargins();
        const int room = std::max(120, contentsRect().width() - margins.left() - margins.right());
        for (const QString& line : m_alertLines) {
            lines << m_alerts->fontMetrics().elidedText(line, Qt::ElideRight, room);
            cut = cut || lines.back() != line;
        }
    }
    m_alerts->setWordWrap(m_large);
    m_alerts->setText(
        !m_large     ? lines.join(QLatin1Char('\n'))
        : count == 0 ? QString()
        : count == 1
            ? tr("⚠ A warning on these figures, shown when the presentation ends")
            : tr("⚠ %1 warnings on these figures, listed when the presentation ends").arg(count));
    m_alerts->setToolTip(m_large || cut ? m_alertLines.join(QLatin1Char('\n')) : QString());
    m_alerts->setVisible(count > 0);
}

void KpiPanel::setValueScale(qreal scale)
{
    for (const Kpi& kpi : m_kpis) {
        QFont font = kpi.value->font();
        if (font.pointSizeF() == m_baseSize * scale)
            continue;
        font.setPointSizeF(m_baseSize * scale);
        kpi.value->setFont(font);
    }
}

void KpiPanel::fit(int width)
{
    if (m_large) // presentation: one column of a fixed width (setLarge)
        return arrange(1);
    setValueScale(1.6);
    arrange(columnsFor(width));
}

int KpiPanel::widthFor(int columns) const
{
    const auto* grid = static_cast<const QGridLayout*>(layout());
    int total = grid->horizontalSpacing() * (columns - 1);
    for (int column = 0; column < columns; ++column) {
        int widest = 0;
        for (int i = column; i < int(m_kpis.size()); i += columns) {
            for (const QLabel* label :
                 {m_kpis[i].caption, m_kpis[i].value, m_kpis[i].delta, m_kpis[i].range})
                if (!label->isHidden())
                    widest = std::max(widest, label->sizeHint().width());
        }
        total += widest;
    }
    const QMargins frame = contentsMargins();
    const QMargins inner = grid->contentsMargins();
    return total + frame.left() + frame.right() + inner.left() + inner.right();
}

int KpiPanel::columnsFor(int width) const
{
    for (int columns : {6, 3})
        if (widthFor(columns) <= width)
            return columns;
    return 2;
}

QSize KpiPanel::minimumSizeHint() const
{
    const int titleWidth = fontMetrics().horizontalAdvance(title()) + 24;
    return {std::max(widthFor(2), titleWidth), QGroupBox::minimumSizeHint().height()};
}

void KpiPanel::resizeEvent(QResizeEvent* event)
{
    QGroupBox::resizeEvent(event);
    fit(event->size().width());
    if (!m_large && event->size().width() != event->oldSize().width())
        showAlerts(); // cut to the new width
}

} // namespace fleet::gui
