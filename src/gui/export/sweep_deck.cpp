#include "export/sweep_deck.h"

#include "charts/chart_style.h"

#include <QChart>
#include <QDate>
#include <QFileInfo>
#include <QObject>

#include <memory>

namespace fleet::gui {

QString sweepFooter(const sweep::SweepResults& results)
{
    return QObject::tr("Sweep %1 · %2 · %3 points, %4 tasks")
        .arg(QString::fromStdString(results.name),
             QFileInfo(QString::fromStdString(results.file)).fileName())
        .arg(chartLocale().toString(qlonglong(results.points)),
             chartLocale().toString(qlonglong(results.tasks)));
}

std::vector<DeckSlide> sweepDeckSlides(const sweep::SweepResults& results,
                                       const SweepHeatMapChoice& heat, const SweepFanChoice& fan)
{
    std::vector<DeckSlide> slides;
    DeckSlide cover;
    cover.kind = DeckSlide::Kind::Title;
    cover.title = QObject::tr("Sweep %1").arg(QString::fromStdString(results.name));
    QStringList inputs;
    for (const sweep::SweepResultInput& input : results.inputs)
        inputs << QString::fromStdString(input.name);
    cover.subtitle =
        QStringList{
            QObject::tr("%1 points, %2 tasks; inputs varied: %3")
                .arg(chartLocale().toString(qlonglong(results.points)),
                     chartLocale().toString(qlonglong(results.tasks)),
                     inputs.isEmpty() ? QObject::tr("none") : inputs.join(QStringLiteral(", "))),
            QFileInfo(QString::fromStdString(results.file)).fileName(),
            QObject::tr("FleetPlanner, %1").arg(QDate::currentDate().toString(Qt::ISODate))}
            .join(QLatin1Char('\n'));
    cover.notes =
        QObject::tr("Every figure is read from the collected sweep result %1 "
                    "(fingerprint %2).")
            .arg(QString::fromStdString(results.file), QString::fromStdString(results.digest));
    slides.push_back(cover);
    const QString footer = sweepFooter(results);
    std::unique_ptr<QChart> map(createSweepHeatMap(results, heat));
    slides.push_back(slideOfChart(
        map.get(), footer,
        QObject::tr("Heat map. Data: each cell is the mean of the KPI over every row of the "
                    "command's table at that pair of input values. %1.")
            .arg(footer)));
    std::unique_ptr<QChart> fanChart(createSweepFanChart(results, fan));
    slides.push_back(slideOfChart(
        fanChart.get(), footer,
        QObject::tr("Fan chart. Data: the percentiles (linear between order statistics) of the "
                    "monthly KPI over every point and seed of the sweep, month by month. %1.")
            .arg(footer)));
    return slides;
}

} // namespace fleet::gui
