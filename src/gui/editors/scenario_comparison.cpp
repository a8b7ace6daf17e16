#include "editors/scenario_comparison.h"

#include "charts/scenario_chart.h"
#include "engine/evaluate.h"
#include "store/project_json.h"
#include "views/number_format.h"

#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

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
    connect(m_choices, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        const QString id = item->data(Qt::UserRole).toString();
        m_unchecked.removeAll(id);
        if (item->checkState() != Qt::Checked)
            m_unchecked << id;
        scheduleRefresh();
    });
    refresh();
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
    std::vector<ScenarioKpis> chosen;
    QStringList refusals;
    QStringList headers;
    QStringList tips;
    for (int i = 0; i < m_choices->count(); ++i) {
        const QListWidgetItem* item = m_choices->item(i);
        if (item->checkState() != Qt::Checked)
            continue;
        const std::string id = item->data(Qt::UserRole).toString().toStdString();
        if (id.empty()) {
            chosen.push_back({"Baseline", evaluate(project).kpis});
        } else {
            auto applied = applyScenario(project, id);
            if (!applied) {
                refusals << tr("%1 does not apply: %2")
                                .arg(item->text(),
                                     QString::fromStdString(applied.error().messages()));
                continue;
            }
            chosen.push_back({item->text().toStdString(), evaluate(applied.value()).kpis});
        }
        headers << item->text();
        tips << item->text();
    }
    const std::vector<KpiRow> rows = kpiRows();
    m_table->clear();
    m_table->setColumnCount(int(chosen.size()));
    m_table->setRowCount(int(rows.size()));
    for (int c = 0; c < headers.size(); ++c) {
        // Long scenario names are cut in the header; the tooltip has them whole.
        const QString& name = headers[c];
        auto* header =
            new QTableWidgetItem(name.size() > 18 ? name.left(17) + QStringLiteral("…") : name);
        header->setToolTip(tips[c]);
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
