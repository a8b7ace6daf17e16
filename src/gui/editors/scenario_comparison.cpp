#include "editors/scenario_comparison.h"

#include "charts/scenario_chart.h"
#include "engine/evaluate.h"
#include "simulate/planned_ceiling.h"
#include "store/project_json.h"
#include "views/number_format.h"

#include <QChart>
#include <QChartView>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>

namespace fleet::gui {

namespace {

struct KpiRow
{
    QString title;
    std::function<QString(const Kpis&)> text;
};

std::vector<KpiRow> kpiRows()
{
    return {
        {QObject::tr("Monthly cost"),
         [](const Kpis& k) { return formatUsd(k.meanMonthlyCostUsd); }},
        {QObject::tr("Total cost"), [](const Kpis& k) { return formatUsd(k.totalCostUsd); }},
        {QObject::tr("Per T training tokens"),
         [](const Kpis& k) { return formatUsd(k.costPerTrillionTrainingTokensUsd); }},
        {QObject::tr("Per M output tokens"),
         [](const Kpis& k) { return formatUsd(k.costPerMillionOutputTokensUsd); }},
        {QObject::tr("Per notebook user-month"),
         [](const Kpis& k) { return formatUsd(k.costPerNotebookUserMonthUsd); }},
        {QObject::tr("Utilization"),
         [](const Kpis& k) { return formatPercent(k.utilization * 100, 1); }},
        {QObject::tr("Savings vs bare metal"),
         [](const Kpis& k) { return formatUsd(k.savingsUsd); }},
    };
}

} // namespace

/// The chosen scenarios' KPIs, in the order of the check list.
struct ScenarioComparison::Columns
{
    std::vector<ScenarioKpis> chosen;
    QStringList refusals;
    QStringList headers;
};

ScenarioComparison::ScenarioComparison(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_pending(new QTimer(this))
{
    setObjectName(QStringLiteral("scenarioComparison"));
    // The chosen scenarios and their KPIs side by side, the chart below them
    // (the editor pane is narrow).
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* left = new QVBoxLayout;
    outer->addLayout(left);
    left->addWidget(new QLabel(tr("Compare:")));
    m_choices = new QListWidget(this);
    m_choices->setObjectName(QStringLiteral("compareList"));
    m_choices->setMaximumHeight(110);
    left->addWidget(m_choices, 1);
    m_refusals = new QLabel(this);
    m_refusals->setObjectName(QStringLiteral("compareRefusals"));
    m_refusals->setWordWrap(true);
    m_refusals->setStyleSheet(QStringLiteral("QLabel { color: #a00; }"));
    left->addWidget(m_refusals);
    m_updating = new QLabel(tr("Updating…"), this);
    m_updating->setObjectName(QStringLiteral("compareUpdating"));
    m_updating->setToolTip(tr("The table and chart are of an earlier state of the inputs; "
                              "the scenarios are being evaluated"));
    m_updating->setStyleSheet(QStringLiteral("QLabel { color: #5c4400; }"));
    m_updating->hide();
    left->addWidget(m_updating);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("scenarioKpis"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMinimumHeight(250);
    outer->addWidget(m_table, 1);
    m_chart = new QChartView(this);
    m_chart->setObjectName(QStringLiteral("scenarioCompareChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumSize(360, 320);
    outer->addWidget(m_chart, 1);

    m_pending->setSingleShot(true);
    m_pending->setInterval(0);
    connect(m_pending, &QTimer::timeout, this, &ScenarioComparison::refresh);
    connect(document, &ProjectDocument::changed, this, &ScenarioComparison::scheduleRefresh);
    // A knee landing moves the figures of what it was simulated for (the
    // scenario shown, the baseline): the columns follow, with no edit.
    connect(document, &ProjectDocument::kneesMeasured, this, [this] {
        const auto knees = m_document->measuredKnees();
        if (knees && knees->generation() != m_kneesSeen)
            scheduleRefresh();
    });
    connect(m_choices, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        const QString id = item->data(Qt::UserRole).toString();
        m_unchecked.removeAll(id);
        if (item->checkState() != Qt::Checked)
            m_unchecked << id;
        scheduleRefresh();
    });
    refresh();
}

ScenarioComparison::~ScenarioComparison()
{
    if (m_running)
        m_running->store(true); // its answer has nowhere to go
}

void ScenarioComparison::scheduleRefresh()
{
    if (isVisible())
        m_pending->start();
    else
        m_stale = true;
}

void ScenarioComparison::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale)
        m_pending->start();
}

void ScenarioComparison::refresh()
{
    m_pending->stop();
    m_stale = false;
    const Project& project = m_document->project();
    {
        const QSignalBlocker block(m_choices);
        m_choices->clear();
        const auto add = [this](const QString& name, const QString& id) {
            auto* item = new QListWidgetItem(name, m_choices);
            item->setData(Qt::UserRole, id);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(m_unchecked.contains(id) ? Qt::Unchecked : Qt::Checked);
        };
        add(tr("Baseline"), QString());
        for (const Scenario& s : project.scenarios)
            add(QString::fromStdString(s.name), QString::fromStdString(s.id));
    }
    // The chosen ids and names, then the evaluations on a worker thread, on
    // a snapshot of the project of its own (edits never reach it).
    std::vector<std::pair<std::string, QString>> ids;
    for (int i = 0; i < m_choices->count(); ++i) {
        const QListWidgetItem* item = m_choices->item(i);
        if (item->checkState() == Qt::Checked)
            ids.emplace_back(item->data(Qt::UserRole).toString().toStdString(), item->text());
    }
    if (m_running)
        m_running->store(true); // superseded
    if (const auto knees = m_document->measuredKnees())
        m_kneesSeen = knees->generation();
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_running = cancel;
    m_updating->show();
    m_table->setEnabled(false); // greyed: of an earlier state
    auto* watcher = new QFutureWatcher<std::shared_ptr<Columns>>(this);
    connect(watcher, &QFutureWatcher<std::shared_ptr<Columns>>::finished, this,
            [this, watcher, cancel] {
                watcher->deleteLater();
                if (cancel != m_running)
                    return; // a newer refresh runs: this one is dropped
                m_running.reset();
                m_updating->hide();
                m_table->setEnabled(true);
                if (const auto columns = watcher->result())
                    showColumns(*columns);
            });
    watcher->setFuture(QtConcurrent::run([project = std::make_shared<const Project>(project),
                                          ids = std::move(ids), knees = m_document->measuredKnees(),
                                          cancel]() -> std::shared_ptr<Columns> {
        auto columns = std::make_shared<Columns>();
        for (const auto& [id, name] : ids) {
            if (cancel->load())
                return nullptr;
            // Each on the ceiling the KPI panel plans it on: the knee
            // measured for it (stored, or simulated this session), else
            // the assumed one.
            if (id.empty()) {
                columns->chosen.push_back(
                    {"Baseline",
                     evaluate(
                         onPlannedCeiling(*project, plannedCeiling(*project, nullptr, knees.get())))
                         .kpis});
            } else {
                auto applied = applyScenario(*project, id);
                if (!applied) {
                    columns->refusals
                        << tr("%1 does not apply: %2")
                               .arg(name, QString::fromStdString(applied.error().messages()));
                    continue;
                }
                const PlannedCeiling ceiling =
                    plannedCeiling(applied.value(), project.get(), knees.get());
                columns->chosen.push_back(
                    {name.toStdString(),
                     evaluate(onPlannedCeiling(std::move(applied).value(), ceiling)).kpis});
            }
            columns->headers << name;
        }
        return columns;
    }));
}

void ScenarioComparison::showColumns(const Columns& columns)
{
    const std::vector<ScenarioKpis>& chosen = columns.chosen;
    const QStringList& headers = columns.headers;
    const QStringList& refusals = columns.refusals;
    const std::vector<KpiRow> rows = kpiRows();
    m_table->clear();
    m_table->setColumnCount(int(chosen.size()));
    m_table->setRowCount(int(rows.size()));
    for (int c = 0; c < headers.size(); ++c) {
        // Long scenario names are cut in the header; the tooltip has them whole.
        const QString& name = headers[c];
        auto* header =
            new QTableWidgetItem(name.size() > 18 ? name.left(17) + QStringLiteral("…") : name);
        header->setToolTip(name);
        m_table->setHorizontalHeaderItem(c, header);
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
        m_table->setVerticalHeaderItem(int(r), new QTableWidgetItem(rows[r].title));
        for (std::size_t c = 0; c < chosen.size(); ++c) {
            auto* cell = new QTableWidgetItem(rows[r].text(chosen[c].kpis));
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(int(r), int(c), cell);
        }
    }
    m_refusals->setText(refusals.join(QStringLiteral("\n")));
    m_refusals->setVisible(!refusals.isEmpty());
    QChart* old = m_chart->chart();
    m_chart->setChart(createScenarioChart(chosen)); // the view owns the new chart
    delete old;
}

} // namespace fleet::gui
