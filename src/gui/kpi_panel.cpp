#include "kpi_panel.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>

namespace fleet::gui {

namespace {

QString money(const std::optional<double>& value, int decimals)
{
    if (!value)
        return QStringLiteral("—");
    const double v = *value;
    const QLocale locale;
    if (std::abs(v) >= 1e6)
        return QStringLiteral("$%1 M").arg(locale.toString(v / 1e6, 'f', 2));
    return QStringLiteral("$") + locale.toString(v, 'f', decimals);
}

} // namespace

KpiPanel::KpiPanel(QWidget* parent) : QGroupBox(parent)
{
    auto* layout = new QGridLayout(this);
    layout->setHorizontalSpacing(24);
    addKpi(QStringLiteral("mean_monthly_cost_usd"), tr("Monthly cost"), 0);
    addKpi(QStringLiteral("cost_per_trillion_training_tokens_usd"),
           tr("Per trillion training tokens"), 1);
    addKpi(QStringLiteral("cost_per_million_output_tokens_usd"), tr("Per million output tokens"),
           2);
    addKpi(QStringLiteral("cost_per_notebook_user_month_usd"), tr("Per notebook user-month"), 3);
    addKpi(QStringLiteral("utilization"), tr("Utilization"), 4);
    addKpi(QStringLiteral("savings_usd"), tr("Savings vs all bare metal, on demand"), 5);
}

QLabel* KpiPanel::addKpi(const QString& key, const QString& title, int column)
{
    auto* layout = static_cast<QGridLayout*>(this->layout());
    auto* caption = new QLabel(title, this);
    caption->setForegroundRole(QPalette::PlaceholderText);
    auto* value = new QLabel(QStringLiteral("—"), this);
    QFont font = value->font();
    font.setPointSizeF(font.pointSizeF() * 1.6);
    font.setBold(true);
    value->setFont(font);
    value->setObjectName(key);
    layout->addWidget(caption, 0, column);
    layout->addWidget(value, 1, column);
    m_values.append({key, value});
    return value;
}

void KpiPanel::showEvaluation(const Project& project, const Evaluation& evaluation)
{
    const Kpis& k = evaluation.kpis;
    setTitle(tr("%1 — %2, %3 months, price book %4")
                 .arg(QString::fromStdString(project.name), project.fleet.mode == FleetMode::Fixed
                                                                ? tr("fixed fleet")
                                                                : tr("fleet sized by FleetPlanner"))
                 .arg(project.horizonMonths)
                 .arg(QString::fromStdString(project.activePriceBookId)));
    const QLocale locale;
    for (auto& [key, label] : m_values) {
        QString text;
        if (key == QLatin1String("mean_monthly_cost_usd"))
            text = money(k.meanMonthlyCostUsd, 0);
        else if (key == QLatin1String("cost_per_trillion_training_tokens_usd"))
            text = money(k.costPerTrillionTrainingTokensUsd, 0);
        else if (key == QLatin1String("cost_per_million_output_tokens_usd"))
            text = money(k.costPerMillionOutputTokensUsd, 3);
        else if (key == QLatin1String("cost_per_notebook_user_month_usd"))
            text = money(k.costPerNotebookUserMonthUsd, 0);
        else if (key == QLatin1String("utilization"))
            text = locale.toString(k.utilization * 100, 'f', 1) + QStringLiteral(" %");
        else if (key == QLatin1String("savings_usd"))
            text = k.savingsFraction ? money(k.savingsUsd, 0) + QStringLiteral(" (") +
                                           locale.toString(*k.savingsFraction * 100, 'f', 0) +
                                           QStringLiteral(" %)")
                                     : QStringLiteral("—");
        label->setText(text);
    }
    setToolTip(evaluation.warnings.empty() ? tr("Costs over the horizon ÷ its months; utilization "
                                                "= busy GPU-hours ÷ the fleet's hours. "
                                                "Formulas: docs/MODEL.md")
                                           : QString::fromStdString(evaluation.warnings.front()));
}

QString KpiPanel::valueText(const QString& key) const
{
    for (const auto& [name, label] : m_values)
        if (name == key)
            return label->text();
    return {};
}

} // namespace fleet::gui
