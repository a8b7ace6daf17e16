#include "export/export_all.h"

#include "charts/chart_export.h"
#include "charts/chart_kinds.h"
#include "charts/tenant_chart.h"
#include "compute/optimizer_plan.h"
#include "io/export_target.h"
#include "store/evaluation_export.h"

#include <QChart>
#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <memory>

namespace fleet::gui {

QString chartFileStem(const QString& kindKey, const std::string& scenario)
{
    QString name = scenario.empty() ? QStringLiteral("baseline") : QString::fromStdString(scenario);
    // A scenario id or name as a safe file name: letters, digits and dashes.
    name = name.toLower().replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")),
                                  QStringLiteral("-"));
    name.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    return kindKey + QLatin1Char('-') + (name.isEmpty() ? QStringLiteral("scenario") : name);
}

bool exportAllCharts(const PlanResults& results, const QString& folder, QStringList* written,
                     QString* error, const std::vector<std::string>& inputs)
{
    if (!QDir().mkpath(folder)) {
        *error = QObject::tr("%1: the folder cannot be created").arg(folder);
        return false;
    }
    const QDir dir(folder);
    // One chart in every format, named `key`-scenario.
    const auto write = [&](QChart* made, const QString& key,
                           std::optional<ChartKind> kind = std::nullopt) {
        std::unique_ptr<QChart> chart(made);
        const QString stem = chartFileStem(key, results.scenario);
        ExportOptions options;
        options.slide = true;
        options.footer = chartFooter(results, kind);
        for (ChartFormat format : {ChartFormat::Png, ChartFormat::Svg, ChartFormat::Pdf}) {
            options.scale = format == ChartFormat::Png ? 2.0 : 1.0;
            const QString path =
                dir.filePath(stem + QLatin1Char('.') + chartFormatName(format).toLower());
            if (!exportChart(chart.get(), path, format, options, error, inputs))
                return false;
            *written << path;
        }
        return true;
    };
    for (ChartKind kind : allChartKinds()) {
        if (kind == ChartKind::Frontier && results.frontiers.empty())
            continue; // not simulated
        if (kind == ChartKind::Packing && !results.packing)
            continue; // no trace replayed
        if (needsOptimizer(kind) && !hasOptimizerAnswer(results))
            continue; // not solved
        if (!write(createChart(kind, results), chartKindKey(kind), kind))
            return false;
    }
    // The Metering page's charts of the project's own tenants, when it names any.
    if (!results.project.tenants.empty()) {
        const std::vector<TenantTotal> lines = tenantTotals(results.project, results.evaluation);
        if (!write(createTenantCostChart(results, lines), QStringLiteral("tenant-cost")) ||
            !write(createTenantHoursChart(results, lines), QStringLiteral("tenant-gpu-hours")))
            return false;
        // Their figures for finance tools: OpenCost's allocation field names.
        const QString path =
            dir.filePath(chartFileStem(QStringLiteral("tenant-totals"), results.scenario) +
                         QStringLiteral(".csv"));
        const std::string text = tenantTotalsCsv(results.project, lines);
        if (const auto saved = writeExportFile(QFile::encodeName(path).toStdString(), text, inputs);
            !saved) {
            *error = QObject::tr("%1: cannot be written: %2")
                         .arg(path, QString::fromStdString(saved.error().messages()));
            return false;
        }
        *written << path;
    }
    return true;
}

} // namespace fleet::gui
