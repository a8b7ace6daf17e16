#include "export/export_scope.h"

#include "compute/scenario_name.h"
#include "store/project_json.h"
#include "views/drivers.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace fleet::gui {

namespace {

/// The project `scope` exports, scenario applied (the shown one's otherwise).
const Project& scopedProject(const PlanResults& shown, ExportScope scope)
{
    return scope == ExportScope::Shown ? shown.project : shown.baseProject;
}

QString bookText(const Project& project)
{
    const PriceBook* book = project.activePriceBook();
    if (!book)
        return QObject::tr("no price book");
    return QObject::tr("price book %1").arg(priceBookText(*book));
}

} // namespace

QString scopeScenarioText(const PlanResults& shown, ExportScope scope)
{
    if (scope == ExportScope::AllScenarios)
        return QObject::tr("the baseline and all %1 scenarios, compared")
            .arg(shown.baseProject.scenarios.size());
    if (scope == ExportScope::Baseline || shown.scenario.empty())
        return QObject::tr("Baseline");
    return QObject::tr("Scenario «%1»").arg(gui::scenarioName(shown.baseProject, shown.scenario));
}

QString scopePriceText(const PlanResults& shown, ExportScope scope)
{
    if (scope != ExportScope::AllScenarios)
        return bookText(scopedProject(shown, scope));
    // Each scenario at its own book: name them when they differ.
    QStringList books{bookText(shown.baseProject)};
    for (const Scenario& s : shown.baseProject.scenarios)
        if (auto applied = applyScenario(shown.baseProject, s.id))
            if (const QString text = bookText(applied.value()); !books.contains(text))
                books << text;
    return books.join(QStringLiteral("; "));
}

QString scopeFileTail(const PlanResults& shown, ExportScope scope)
{
    if (scope == ExportScope::AllScenarios)
        return QStringLiteral("all-scenarios");
    if (scope == ExportScope::Baseline || shown.scenario.empty())
        return QStringLiteral("baseline");
    QString tail = gui::scenarioName(shown.baseProject, shown.scenario).toLower();
    tail.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    while (tail.endsWith(QLatin1Char('-')))
        tail.chop(1);
    while (tail.startsWith(QLatin1Char('-')))
        tail.remove(0, 1);
    return tail.isEmpty() ? QStringLiteral("scenario") : tail;
}

ExportScopeDialog::ExportScopeDialog(const PlanResults& shown, const QString& what, bool comparison,
                                     QWidget* parent)
    : QDialog(parent), m_shown(shown), m_choices(new QButtonGroup(this))
{
    setObjectName(QStringLiteral("exportScope"));
    setWindowTitle(tr("Export the %1 of…").arg(what));
    auto* layout = new QVBoxLayout(this);
    auto* question = new QLabel(tr("Which plan should the %1 show?").arg(what), this);
    question->setWordWrap(true);
    layout->addWidget(question);
    const auto add = [this, layout](const QString& text, ExportScope scope, const char* name) {
        auto* button = new QRadioButton(text, this);
        button->setObjectName(QLatin1String(name));
        m_choices->addButton(button, int(scope));
        layout->addWidget(button);
    };
    if (!shown.scenario.empty())
        add(tr("This scenario, as on screen: %1").arg(scopeScenarioText(shown, ExportScope::Shown)),
            ExportScope::Shown, "scopeShown");
    add(shown.scenario.empty() ? tr("The baseline, as on screen") : tr("The baseline"),
        shown.scenario.empty() ? ExportScope::Shown : ExportScope::Baseline, "scopeBaseline");
    if (comparison && !shown.baseProject.scenarios.empty())
        add(tr("All scenarios, as a comparison deck (%1 scenarios and the baseline)")
                .arg(shown.baseProject.scenarios.size()),
            ExportScope::AllScenarios, "scopeAll");
    m_choices->buttons().front()->setChecked(true);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("scopeSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    layout->addWidget(m_summary);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Choose File…"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_choices, &QButtonGroup::idToggled, this, [this](int, bool on) {
        if (on)
            describe();
    });
    describe();
    setMinimumWidth(460);
}

ExportScope ExportScopeDialog::scope() const
{
    return ExportScope(std::max(0, m_choices->checkedId()));
}

void ExportScopeDialog::setScope(ExportScope scope)
{
    if (QAbstractButton* button = m_choices->button(int(scope)))
        button->setChecked(true);
}

QString ExportScopeDialog::summary() const
{
    return m_summary->text();
}

void ExportScopeDialog::describe()
{
    const ExportScope chosen = scope();
    m_summary->setText(
        tr("Exports %1, priced from %2; the fleet's plans at the prices it pays "
           "(charts that compare plans say so in their titles).")
            .arg(scopeScenarioText(m_shown, chosen), scopePriceText(m_shown, chosen)));
}

} // namespace fleet::gui
