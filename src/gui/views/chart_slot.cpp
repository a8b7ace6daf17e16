#include "views/chart_slot.h"

#include <QChart>
#include <QChartView>

namespace fleet::gui {

QChartView* newChartSlot(const QString& name, int minimumHeight, QWidget* parent)
{
    auto* view = new QChartView(new QChart(), parent);
    view->setObjectName(name);
    view->setMinimumHeight(minimumHeight);
    view->setRenderHint(QPainter::Antialiasing);
    return view;
}

void replaceChart(QChartView* view, QChart* chart)
{
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

} // namespace fleet::gui
