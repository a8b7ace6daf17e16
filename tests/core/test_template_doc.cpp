// docs/TEMPLATES.md against the templates: each template's "Measured" table
// states KPIs of `fleetplanner-cli evaluate`; this test evaluates every
// built-in template and checks each stated figure within its last printed
// digit, among them the GPUs each template's fleet is short as set up
// (services and notebooks at their peak by default) and at the summed peaks.

#include "engine/evaluate.h"
#include "engine/fleet_peaks.h"
#include "store/project_templates.h"
#include "support/fleet_test.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <cmath>
#include <functional>
#include <map>
#include <optional>

using namespace fleet;

namespace {

/// One row of a "Measured" table: its label and its value as written.
struct StatedFigure
{
    QString label; ///< "utilization"
    QString text;  ///< "65.3 %"
};

/// The rows of the "| Measured | value |" table in the section "## ID — …"
/// of `doc`; empty when the section or its table is missing.
std::vector<StatedFigure> measuredTable(const QString& doc, const QString& id)
{
    const QStringList lines = doc.split(QLatin1Char('\n'));
    std::vector<StatedFigure> rows;
    bool inSection = false;
    bool inTable = false;
    for (const QString& raw : lines) {
        const QString line = raw.trimmed();
        if (line.startsWith(QStringLiteral("## "))) {
            if (inSection)
                break;
            inSection = line.startsWith(QStringLiteral("## ") + id + QLatin1Char(' '));
            continue;
        }
        if (!inSection)
            continue;
        if (!inTable) {
            inTable = line.startsWith(QStringLiteral("| Measured |"));
            continue;
        }
        if (!line.startsWith(QLatin1Char('|')))
            break;
        const QStringList cells = line.split(QLatin1Char('|'), Qt::SkipEmptyParts);
        if (cells.size() != 2 || cells[0].trimmed().startsWith(QLatin1Char('-')))
            continue; // the header's separator
        rows.push_back({cells[0].trimmed(), cells[1].trimmed()});
    }
    return rows;
}

/// A stated figure as a number and the half-unit of its last digit:
/// "$2.13 M" → 2.13e6 ± 0.005e6; "65.3 %" → 65.3 ± 0.05; "$1,234" → 1234 ± 0.5.
std::optional<std::pair<double, double>> readStated(QString text)
{
    double scale = 1;
    text.remove(QLatin1Char('$')).remove(QLatin1Char(',')).remove(QLatin1Char('%'));
    text = text.trimmed();
    if (text.endsWith(QStringLiteral(" M"))) {
        scale = 1e6;
        text.chop(2);
    }
    static const QRegularExpression number(QStringLiteral("^\\d+(\\.(\\d+))?$"));
    const auto match = number.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const int decimals = int(match.captured(2).size());
    return std::pair{text.toDouble() * scale, 0.5 * std::pow(10.0, -decimals) * scale};
}

/// What each label of a Measured table means, in the units it is written in.
const std::map<QString, std::function<std::optional<double>(const Project&, const Evaluation&)>>&
kpiOfLabel()
{
    static const std::map<QString,
                          std::function<std::optional<double>(const Project&, const Evaluation&)>>
        map = {
            {QStringLiteral("utilization"),
             [](const Project&, const Evaluation& e) {
                 const Kpis& k = e.kpis;
                 return std::optional(k.utilization * 100);
             }},
            {QStringLiteral("cost per million output tokens"),
             [](const Project&, const Evaluation& e) {
                 const Kpis& k = e.kpis;
                 return k.costPerMillionOutputTokensUsd;
             }},
            {QStringLiteral("cost per notebook user-month"),
             [](const Project&, const Evaluation& e) {
                 const Kpis& k = e.kpis;
                 return k.costPerNotebookUserMonthUsd;
             }},
            {QStringLiteral("cost per trillion training tokens"),
             [](const Project&, const Evaluation& e) {
                 const Kpis& k = e.kpis;
                 return k.costPerTrillionTrainingTokensUsd;
             }},
            {QStringLiteral("cost per GPU-hour held"),
             [](const Project&, const Evaluation& e) {
                 const Kpis& k = e.kpis;
                 return k.gpuHoursHeld > 0 ? std::optional(k.attributedCostUsd / k.gpuHoursHeld)
                                           : std::nullopt;
             }},
            {QStringLiteral("saved against the baseline"),
             [](const Project&, const Evaluation& e) {
                 const Kpis& k = e.kpis;
                 return k.savingsFraction ? std::optional(*k.savingsFraction * 100) : std::nullopt;
             }},
            {QStringLiteral("GPUs needed above the fleet as set up"),
             [](const Project&, const Evaluation& e) {
                 return std::optional(e.kpis.peakGpusBeyondFleet);
             }},
            {QStringLiteral("GPUs needed above the fleet at the peak"),
             [](const Project& p, const Evaluation& e) {
                 return std::optional(gpusBeyondFleetAtPeak(p, e));
             }},
        };
    return map;
}

} // namespace

class TestTemplateDoc : public QObject
{
    Q_OBJECT

    QString m_doc;

private slots:
    void initTestCase()
    {
        QFile file(QStringLiteral(FLEET_SOURCE_DIR "/docs/TEMPLATES.md"));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        m_doc = QString::fromUtf8(file.readAll());
    }

    void readsStatedFigures()
    {
        const auto money = readStated(QStringLiteral("$2.13 M"));
        QVERIFY(money);
        QCOMPARE(money->first, 2.13e6);
        QCOMPARE(money->second, 5e3);
        const auto percent = readStated(QStringLiteral("65.3 %"));
        QVERIFY(percent);
        QCOMPARE(percent->first, 65.3);
        QVERIFY(std::abs(percent->second - 0.05) < 1e-12);
        QCOMPARE(readStated(QStringLiteral("$1,234"))->first, 1234.0);
        QVERIFY(!readStated(QStringLiteral("about 60")));
    }

    void statedKpisAreWhatEvaluateGives_data()
    {
        QTest::addColumn<QString>("id");
        for (const ProjectTemplate& entry : projectTemplates())
            QTest::newRow(entry.id.c_str()) << QString::fromStdString(entry.id);
    }

    void statedKpisAreWhatEvaluateGives()
    {
        QFETCH(QString, id);
        const std::vector<StatedFigure> stated = measuredTable(m_doc, id);
        QVERIFY2(!stated.empty(), qPrintable(QStringLiteral("docs/TEMPLATES.md has no Measured "
                                                            "table in a section \"## %1 …\"")
                                                 .arg(id)));
        auto project = loadTemplate(id.toStdString());
        QVERIFY(project.ok());
        const Evaluation evaluation = evaluate(project.value());
        const Kpis& kpis = evaluation.kpis;
        bool fleetChecked = false, peakChecked = false;
        for (const StatedFigure& figure : stated) {
            const auto kpi = kpiOfLabel().find(figure.label);
            QVERIFY2(kpi != kpiOfLabel().end(),
                     qPrintable(QStringLiteral("unknown KPI label: ") + figure.label));
            const auto value = readStated(figure.text);
            QVERIFY2(value, qPrintable(figure.label + QStringLiteral(": cannot read \"") +
                                       figure.text + QLatin1Char('"')));
            const std::optional<double> actual = kpi->second(project.value(), evaluation);
            QVERIFY2(actual, qPrintable(figure.label + QStringLiteral(": evaluate gives none")));
            QVERIFY2(std::abs(*actual - value->first) <= value->second * (1 + 1e-9),
                     qPrintable(QStringLiteral("%1: the doc says %2, evaluate gives %3")
                                    .arg(figure.label, figure.text)
                                    .arg(*actual, 0, 'g', 8)));
            fleetChecked |= figure.label == QStringLiteral("GPUs needed above the fleet as set up");
            peakChecked |=
                figure.label == QStringLiteral("GPUs needed above the fleet at the peak");
        }
        QVERIFY2(fleetChecked && peakChecked,
                 "the table states no \"GPUs needed above the fleet\" as set up and at the "
                 "peak");
        // The peak figure is never below the set-up one (engine/fleet_peaks.h).
        QVERIFY(gpusBeyondFleetAtPeak(project.value(), evaluation) >= kpis.peakGpusBeyondFleet);
    }
};

FLEET_TEST_MAIN(TestTemplateDoc)
#include "test_template_doc.moc"
