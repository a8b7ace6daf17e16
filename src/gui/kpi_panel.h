#pragma once

// A strip of the project's KPIs, as the engine computed them.

#include "engine/evaluation.h"

#include <QGroupBox>

class QLabel;

namespace fleet::gui {

class KpiPanel : public QGroupBox
{
    Q_OBJECT

public:
    explicit KpiPanel(QWidget* parent = nullptr);

    void showEvaluation(const Project& project, const Evaluation& evaluation);

    /// The text shown for a KPI key ("mean_monthly_cost_usd", ...), for tests.
    QString valueText(const QString& key) const;

private:
    QLabel* addKpi(const QString& key, const QString& title, int column);

    QList<QPair<QString, QLabel*>> m_values;
};

} // namespace fleet::gui
