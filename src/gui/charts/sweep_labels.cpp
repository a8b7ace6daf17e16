#include "charts/sweep_labels.h"

#include "charts/chart_style.h"
#include "io/json_pointer.h"
#include "model/fleet_fields.h"
#include "model/project_fields.h"
#include "model/tenant_fields.h"
#include "model/workload_fields.h"
#include "views/number_format.h"

#include <QLocale>

#include <cmath>
#include <vector>

namespace fleet::gui {

namespace {

QString viewText(std::string_view value)
{
    return QString::fromUtf8(value.data(), qsizetype(value.size()));
}

const FieldInfo* fieldIn(const RecordFields& record, std::string_view key)
{
    for (const DescribedField& field : record.fields)
        if (field.info.key == key)
            return &field.info;
    return nullptr;
}

/// The field an id path sets and the row it is in, in words.
struct PathField
{
    const FieldInfo* field = nullptr;
    QString row; ///< "chat-70b", "pool h100-reserved"; "" for the project's own fields
};

PathField fieldOfPath(const std::string& path)
{
    auto split = json::splitPointer(path);
    if (!split || split.value().empty())
        return {};
    const std::vector<std::string>& tokens = split.value();
    if (tokens.size() == 4 && tokens[0] == "fleet" && tokens[1] == "pools")
        return {fieldIn(poolRecord(), tokens[3]),
                QObject::tr("pool %1").arg(QString::fromStdString(tokens[2]))};
    if (tokens.size() == 3 && tokens[0] == "workloads") {
        for (const RecordFields& record : workloadRecords())
            if (const FieldInfo* field = fieldIn(record, tokens[2]))
                return {field, QString::fromStdString(tokens[1])};
        return {};
    }
    if (tokens.size() == 3 && tokens[0] == "segments")
        return {fieldIn(segmentRecord(), tokens[2]),
                QObject::tr("segment %1").arg(QString::fromStdString(tokens[1]))};
    if (tokens.size() == 3 && tokens[0] == "tenants")
        return {fieldIn(tenantRecord(), tokens[2]),
                QObject::tr("tenant %1").arg(QString::fromStdString(tokens[1]))};
    if (tokens.size() == 1)
        return {fieldIn(projectRecord(), tokens[0]), QString()};
    return {};
}

} // namespace

QString sweepInputTitle(const sweep::SweepResultInput& input)
{
    const QString name = QString::fromStdString(input.name);
    const PathField found = fieldOfPath(input.path);
    if (!found.field || found.field->display.label.empty())
        return QString::fromStdString(input.path) == name
                   ? name
                   : QStringLiteral("%1 — %2").arg(name, QString::fromStdString(input.path));
    const FieldDisplay& display = found.field->display;
    QString what = viewText(display.label).toLower();
    if (!found.row.isEmpty())
        what = found.row + QLatin1Char(' ') + what;
    if (!display.unit.empty())
        what += QStringLiteral(" (%1)").arg(viewText(display.unit));
    return QStringLiteral("%1 — %2").arg(name, what);
}

QString sweepLevelText(const sweep::SweepResultInput& input, const sweep::SweepLevel& level)
{
    if (!level.number)
        return QString::fromStdString(level.text);
    const PathField found = fieldOfPath(input.path);
    const QLocale locale = chartLocale();
    if (!found.field || found.field->display.label.empty()) {
        const double value = *level.number;
        return value == std::floor(value) && std::abs(value) < 1e15
                   ? locale.toString(qlonglong(value))
                   : locale.toString(value, 'g', 6);
    }
    const FieldDisplay& display = found.field->display;
    QString shown = locale.toString(*level.number * display.scale, 'f', display.decimals);
    // "1,200.0" → "1,200"; "0.050" → "0.05": the digits the value has.
    if (display.decimals > 0 && shown.contains(locale.decimalPoint())) {
        while (shown.endsWith(locale.zeroDigit()))
            shown.chop(1);
        if (shown.endsWith(locale.decimalPoint()))
            shown.chop(1);
    }
    return shown;
}

SweepKpi sweepKpi(const std::string& name)
{
    QString words = QString::fromStdString(name);
    SweepKpi kpi;
    const auto strip = [&words](const QString& suffix) {
        if (!words.endsWith(suffix))
            return false;
        words.chop(suffix.size());
        return true;
    };
    if (strip(QStringLiteral("_usd"))) {
        kpi.unit = QStringLiteral("USD");
        kpi.usd = true;
    } else if (words == QLatin1String("utilization") || strip(QStringLiteral("_fraction")) ||
               strip(QStringLiteral("_share")) || words.endsWith(QLatin1String("_utilization"))) {
        kpi.unit = QStringLiteral("%");
        kpi.scale = 100;
        if (words.isEmpty())
            words = QString::fromStdString(name);
    } else if (words.startsWith(QLatin1String("gpus_")) || words.endsWith(QLatin1String("_gpus"))) {
        kpi.unit = QStringLiteral("GPUs");
    } else if (words.contains(QLatin1String("gpu_hours"))) {
        kpi.unit = QStringLiteral("GPU-hours");
    }
    words.replace(QLatin1Char('_'), QLatin1Char(' '));
    words.replace(QStringLiteral("gpus"), QStringLiteral("GPUs"));
    words.replace(QStringLiteral("gpu"), QStringLiteral("GPU"));
    if (!words.isEmpty())
        words[0] = words[0].toUpper();
    kpi.label = words;
    return kpi;
}

QString sweepKpiText(const SweepKpi& kpi, double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    if (kpi.usd)
        return formatUsd(value, Sign::Negative, chartLocale());
    const double shown = value * kpi.scale;
    if (kpi.unit == QLatin1String("%"))
        return formatPercent(shown, std::abs(shown) >= 100 ? 0 : 1, Sign::Negative,
                             QStringLiteral(" %"), chartLocale());
    const QLocale locale = chartLocale();
    const double magnitude = std::abs(shown);
    return locale.toString(shown, 'f', magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : 3);
}

QString sweepKpiTitle(const SweepKpi& kpi)
{
    return kpi.unit.isEmpty() ? kpi.label : QStringLiteral("%1 (%2)").arg(kpi.label, kpi.unit);
}

} // namespace fleet::gui
