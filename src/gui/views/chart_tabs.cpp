#include "views/chart_tabs.h"

#include "charts/band_style.h"
#include "charts/chart_inputs.h"
#include "charts/chart_style.h"
#include "charts/empty_chart.h"
#include "optimize/milp.h"
#include "views/fitted_chart_view.h"
#include "views/frontier_ceiling.h"

#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QSignalBlocker>
#include <QTabBar>

#include <algorithm>

namespace fleet::gui {

namespace {

/// A tab page: a row of controls above `view`.
std::pair<QWidget*, QHBoxLayout*> pageWithTopRow(QWidget* view)
{
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    row->setContentsMargins(6, 4, 6, 0);
    layout->addLayout(row);
    layout->addWidget(view, 1);
    return {page, row};
}

/// What a chart on screen was drawn from, kept as a child of the chart (and
/// deleted with it): new results whose inputs to that chart are the same
/// keep the chart as it is, fitted.
class DrawnFrom : public QObject
{
public:
    DrawnFrom(QChart* chart, ResultsPtr drawnFrom, bool largePreset, bool darkTheme,
              bool optimizerMixShown)
        : QObject(chart), results(std::move(drawnFrom)), large(largePreset), dark(darkTheme),
          optimizerMix(optimizerMixShown)
    {
        setObjectName(kName);
    }
    static DrawnFrom* of(const QChart* chart)
    {
        return chart ? dynamic_cast<DrawnFrom*>(
                           chart->findChild<QObject*>(kName, Qt::FindDirectChildrenOnly))
                     : nullptr;
    }

    ResultsPtr results;
    bool large = false;
    bool dark = false;
    bool optimizerMix = false;

private:
    static inline const QString kName = QStringLiteral("fleetDrawnFrom");
};

bool darkPalette(const QWidget* widget)
{
    return widget->palette().color(QPalette::Window).lightness() < 128;
}

} // namespace

ChartTabs::ChartTabs(QWidget* parent) : QTabWidget(parent)
{
    setObjectName(QStringLiteral("charts"));
    setDocumentMode(true);
    for (ChartKind kind : allChartKinds()) {
        if (kind == ChartKind::OptimizerMix)
            continue; // the regime-mix tab's first mode, not a tab of its own
        auto* view = new FittedChartView(this);
        view->setObjectName(chartKindKey(kind));
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(480, 320);
        if (kind == ChartKind::RegimeMix) {
            // Which plan the tab shows: the optimizer's or the engine's.
            auto [page, row] = pageWithTopRow(view);
            m_mixSource = new QComboBox(page);
            m_mixSource->setObjectName(QStringLiteral("regimeMixSource"));
            m_mixSource->addItem(tr("The optimizer's plan (status and gap in the subtitle)"));
            m_mixSource->addItem(tr("The engine's choice, workload by workload"));
            auto* label = new QLabel(tr("Show:"), page);
            label->setObjectName(QStringLiteral("regimeMixSourceLabel"));
            label->setBuddy(m_mixSource);
            row->addWidget(label);
            row->addWidget(m_mixSource);
            row->addStretch(1);
            connect(m_mixSource, &QComboBox::currentIndexChanged, this,
                    [this](int index) { setOptimizerMixShown(index == 0); });
            addTab(page, chartKindLabel(kind));
        } else if (kind == ChartKind::Frontier) {
            // The knee button above the chart, not in the tab bar's corner:
            // there it took the width of two tabs and made the bar scroll.
            auto [page, row] = pageWithTopRow(view);
            m_knee = new QPushButton(tr("Use the knee as the ceiling"), page);
            m_knee->setObjectName(QStringLiteral("kneeAsCeiling"));
            m_knee->setToolTip(tr("The project's policy's utilization ceiling becomes the useful "
                                  "utilization at its simulated knee (the median of %1 seeds' "
                                  "knees, as `fleetplanner-cli simulate --apply` measures it), "
                                  "instead of the assumed figure (undoable; noted in the "
                                  "project)")
                                   .arg(kDefaultKneeSeeds));
            row->addStretch(1);
            row->addWidget(m_knee);
            connect(m_knee, &QPushButton::clicked, this, &ChartTabs::kneeAsCeilingRequested);
            addTab(page, chartKindLabel(kind));
        } else {
            addTab(view, chartKindLabel(kind));
        }
        m_kinds.push_back(kind);
        m_views.push_back(view);
        m_stale.push_back(true);
    }
    connect(this, &QTabWidget::currentChanged, this, [this](int index) {
        if (index >= 0 && m_stale[std::size_t(index)])
            redraw(index);
        updateKneeButton();
    });
    updateKneeButton();
    m_updating = new QLabel(tr("Updating…"), this);
    m_updating->setObjectName(QStringLiteral("chartsUpdating"));
    m_updating->setToolTip(tr("The chart shows the results of an earlier state of the inputs; "
                              "the new ones are being computed"));
    m_updating->setStyleSheet(QStringLiteral(
        "QLabel { background: rgba(255, 243, 205, 230); color: #5c4400; padding: 4px 10px; "
        "border: 1px solid #d6b656; border-radius: 4px; }"));
    m_updating->hide();
}

void ChartTabs::setUpdating(bool updating)
{
    m_updating->setVisible(updating);
    if (updating) {
        placeUpdatingLabel();
        m_updating->raise();
    }
}

bool ChartTabs::updating() const
{
    return !m_updating->isHidden();
}

void ChartTabs::placeUpdatingLabel()
{
    m_updating->adjustSize();
    m_updating->move(width() - m_updating->width() - 12, tabBar()->height() + 8);
}

void ChartTabs::resizeEvent(QResizeEvent* event)
{
    QTabWidget::resizeEvent(event);
    placeUpdatingLabel();
}

void ChartTabs::updateKneeButton()
{
    // An editing tool: not on the slides of presentation mode. It lives on
    // the frontier's tab page, so it is seen only with that tab.
    const bool frontierShown = currentKind() == ChartKind::Frontier && !m_large;
    m_knee->setVisible(!m_large);
    const Frontier* frontier = m_results ? policyFrontier(*m_results) : nullptr;
    m_knee->setEnabled(frontierShown && frontier && frontier->kneeLoad &&
                       m_results->frontiersCurrent && m_results->scenario.empty());
}

void ChartTabs::showResults(ResultsPtr results)
{
    setUpdating(false);
    m_results = std::move(results);
    std::fill(m_stale.begin(), m_stale.end(), true);
    const int index = currentIndex();
    for (std::size_t i = 0; i < m_views.size(); ++i)
        if (DrawnFrom* drawn = DrawnFrom::of(m_views[i]->chart()); drawn && int(i) != index)
            drawn->results.reset(); // stale, drawn anew when shown: earlier results go
    DrawnFrom* drawn = index >= 0 ? DrawnFrom::of(m_views[std::size_t(index)]->chart()) : nullptr;
    const ChartKind kind = m_kinds[std::size_t(std::max(0, index))];
    if (drawn && drawn->results && m_results && drawn->large == m_large &&
        drawn->dark == darkPalette(this) &&
        !(kind == ChartKind::RegimeMix && (m_optimizerMix || drawn->optimizerMix)) &&
        sameChartInputs(kind, *drawn->results, *m_results)) {
        // The chart shown is the one these results give: it stays, fitted.
        drawn->results = m_results;
        m_stale[std::size_t(index)] = false;
    } else {
        redraw(index);
    }
    updateKneeButton();
}

void ChartTabs::showOptimizer(ResultsPtr results)
{
    m_results = std::move(results);
    for (std::size_t i = 0; i < m_kinds.size(); ++i)
        if (m_kinds[i] == ChartKind::RegimeMix && m_optimizerMix) {
            m_stale[i] = true;
            if (int(i) == currentIndex())
                redraw(int(i));
        }
}

void ChartTabs::showBands(ResultsPtr results)
{
    m_results = std::move(results);
    for (std::size_t i = 0; i < m_kinds.size(); ++i)
        if (m_kinds[i] == ChartKind::CostCurve || m_kinds[i] == ChartKind::CostPerToken ||
            m_kinds[i] == ChartKind::CostPerTrainingToken) {
            m_stale[i] = true;
            if (int(i) == currentIndex())
                redraw(int(i));
        }
}

void ChartTabs::setOptimizerMixShown(bool shown)
{
    if (shown == m_optimizerMix)
        return;
    m_optimizerMix = shown;
    {
        const QSignalBlocker block(m_mixSource);
        m_mixSource->setCurrentIndex(shown ? 0 : 1);
    }
    for (std::size_t i = 0; i < m_kinds.size(); ++i)
        if (m_kinds[i] == ChartKind::RegimeMix) {
            m_stale[i] = true;
            if (int(i) == currentIndex())
                redraw(int(i));
        }
}

QChart* ChartTabs::createShown(ChartKind kind, const PlanResults& results) const
{
    if (kind != ChartKind::RegimeMix || !m_optimizerMix)
        return createChart(kind, results);
    QChart* optimizer = createChart(ChartKind::OptimizerMix, results);
    const RegimeMixResult* plan = results.optimizer ? &*results.optimizer : nullptr;
    if (emptyChartMessage(optimizer).isEmpty() || !plan ||
        (plan->status != SolveStatus::Infeasible && plan->status != SolveStatus::NoSolution))
        return optimizer;
    // No plan fits the fleet (demand grown past it): the engine's choice per
    // workload, which prices the KPIs, rather than a blank slide; why, above it.
    QChart* engine = createChart(ChartKind::RegimeMix, results);
    if (!emptyChartMessage(engine).isEmpty()) {
        delete engine;
        return optimizer;
    }
    const QString why = plan->reasons.empty()
                            ? tr("no mix of regimes serves the demand on the fleet as set up")
                            : QString::fromStdString(plan->reasons.front());
    setChartTitles(engine, engine->property(kTitleProperty).toString(),
                   tr("The optimizer finds no plan (%1); shown: the engine's choice per "
                      "workload, which the KPIs price")
                       .arg(why));
    delete optimizer;
    return engine;
}

QChart* ChartTabs::createCurrentChart() const
{
    return m_results ? createShown(currentKind(), *m_results) : nullptr;
}

QChart* ChartTabs::createCurrentChart(const PlanResults& results) const
{
    return createShown(currentKind(), results);
}

QString ChartTabs::currentChartKey() const
{
    if (currentKind() == ChartKind::RegimeMix && m_optimizerMix)
        return chartKindKey(ChartKind::OptimizerMix);
    return chartKindKey(currentKind());
}

void ChartTabs::redraw(int index)
{
    if (!m_results || index < 0)
        return;
    const ChartKind kind = m_kinds[std::size_t(index)];
    QChart* chart = createShown(kind, *m_results);
    // An empty chart draws no earlier state: its line says why (not simulated, no workloads).
    if (kind == ChartKind::Frontier && !m_results->frontiersCurrent &&
        emptyChartMessage(chart).isEmpty())
        setChartTitles(chart,
                       chart->property(kTitleProperty).toString() +
                           tr(" — of an earlier state; simulating when inputs settle"),
                       chart->property(kSubtitleProperty).toString());
    // Follow the desktop's palette (dark or light); exports stay light.
    if (darkPalette(this)) {
        chart->setTheme(QChart::ChartThemeDark);
        styleBands(chart); // the theme set every series' colours anew
    }
    if (m_large) {
        // The slide's type in proportion to the screen: full HD's on a laptop
        // left the plot a sixth of the screen (issue 32).
        const QScreen* shown = screen();
        const qreal height = shown ? shown->geometry().height() : 1080.0;
        applySlidePreset(chart, std::clamp(height / 1080.0, 0.7, 1.0));
    }
    new DrawnFrom(chart, m_results, m_large, darkPalette(this),
                  kind == ChartKind::RegimeMix && m_optimizerMix);
    FittedChartView* view = m_views[std::size_t(index)];
    QChart* old = view->chart();
    view->showChart(chart); // the view owns the new chart, the old one is ours to delete
    delete old;
    m_stale[std::size_t(index)] = false;
}

void ChartTabs::setLarge(bool large)
{
    m_large = large;
    // An editing control, as the knee button: a slide's chart takes its row.
    m_mixSource->setVisible(!large);
    if (auto* label =
            m_mixSource->parentWidget()->findChild<QLabel*>(QStringLiteral("regimeMixSourceLabel")))
        label->setVisible(!large);
    std::fill(m_stale.begin(), m_stale.end(), true);
    redraw(currentIndex());
    updateKneeButton();
}

ChartKind ChartTabs::currentKind() const
{
    return m_kinds[std::size_t(std::max(0, currentIndex()))];
}

void ChartTabs::setCurrentKind(ChartKind kind)
{
    if (kind == ChartKind::OptimizerMix) {
        setOptimizerMixShown(true);
        kind = ChartKind::RegimeMix;
    }
    for (std::size_t i = 0; i < m_kinds.size(); ++i)
        if (m_kinds[i] == kind)
            setCurrentIndex(int(i));
}

QChartView* ChartTabs::view(ChartKind kind) const
{
    if (kind == ChartKind::OptimizerMix)
        kind = ChartKind::RegimeMix;
    for (std::size_t i = 0; i < m_kinds.size(); ++i)
        if (m_kinds[i] == kind)
            return m_views[i];
    return nullptr;
}

} // namespace fleet::gui
