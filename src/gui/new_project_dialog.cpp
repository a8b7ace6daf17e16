#include "new_project_dialog.h"

#include "store/catalog_loader.h"
#include "store/project_json.h"
#include "store/project_templates.h"
#include "views/error_label.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDate>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace fleet::gui {

NewProjectDialog::NewProjectDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("newProjectDialog"));
    setWindowTitle(tr("New Project"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("<b>Start a project</b> — from nothing, from the bundled "
                                    "sample, or from a template to change."),
                                 this));

    m_empty = new QRadioButton(tr("&Empty project"), this);
    m_empty->setObjectName(QStringLiteral("startEmpty"));
    layout->addWidget(m_empty);
    m_emptySettings = new QWidget(this);
    auto* form = new QFormLayout(m_emptySettings);
    form->setContentsMargins(24, 0, 0, 0);
    m_name = new QLineEdit(QStringLiteral("Untitled fleet"), m_emptySettings);
    m_name->setObjectName(QStringLiteral("projectName"));
    form->addRow(tr("Name:"), m_name);
    m_horizon = new QSpinBox(m_emptySettings);
    m_horizon->setObjectName(QStringLiteral("horizonMonths"));
    m_horizon->setRange(kMinHorizonMonths, kMaxHorizonMonths);
    m_horizon->setValue(12);
    m_horizon->setSuffix(tr(" months"));
    form->addRow(tr("Horizon:"), m_horizon);
    m_startMonth = new QDateEdit(m_emptySettings);
    m_startMonth->setObjectName(QStringLiteral("startMonth"));
    m_startMonth->setDisplayFormat(QStringLiteral("yyyy-MM"));
    const QDate today = QDate::currentDate();
    m_startMonth->setDate(QDate(today.year(), today.month(), 1).addMonths(1));
    m_startMonth->setToolTip(tr("The calendar month of the horizon's first month"));
    form->addRow(tr("First month:"), m_startMonth);
    m_priceBook = new QComboBox(m_emptySettings);
    m_priceBook->setObjectName(QStringLiteral("priceBook"));
    if (auto catalog = loadBuiltinCatalog())
        for (const PriceBook& book : catalog.value().priceBooks) {
            m_priceBook->addItem(
                tr("%1 — as of %2")
                    .arg(QString::fromStdString(book.name), QString::fromStdString(book.asOf)),
                QString::fromStdString(book.id));
            m_priceBook->setItemData(m_priceBook->count() - 1,
                                     QString::fromStdString(book.description), Qt::ToolTipRole);
        }
    const int market =
        m_priceBook->findData(QString::fromStdString(NewProjectSettings{}.priceBookId));
    if (market >= 0)
        m_priceBook->setCurrentIndex(market);
    form->addRow(tr("Price book:"), m_priceBook);
    m_mode = new QComboBox(m_emptySettings);
    m_mode->setObjectName(QStringLiteral("fleetMode"));
    m_mode->addItem(tr("Fixed — cost the fleet I state"), int(FleetMode::Fixed));
    m_mode->addItem(tr("Size — find the fleet the work needs"), int(FleetMode::Size));
    form->addRow(tr("Fleet mode:"), m_mode);
    layout->addWidget(m_emptySettings);

    m_sample = new QRadioButton(tr("From the &sample — the bundled example project"), this);
    m_sample->setObjectName(QStringLiteral("startSample"));
    layout->addWidget(m_sample);

    m_template = new QRadioButton(tr("From a &template:"), this);
    m_template->setObjectName(QStringLiteral("startTemplate"));
    layout->addWidget(m_template);
    m_templates = new QListWidget(this);
    m_templates->setObjectName(QStringLiteral("templateList"));
    m_templates->setMaximumHeight(90);
    for (const ProjectTemplate& t : projectTemplates()) {
        auto* item = new QListWidgetItem(QString::fromStdString(t.title), m_templates);
        item->setData(Qt::UserRole, QString::fromStdString(t.id));
        item->setToolTip(QString::fromStdString(t.description));
    }
    m_templates->setCurrentRow(0);
    m_templateDescription = new QLabel(this);
    m_templateDescription->setObjectName(QStringLiteral("templateDescription"));
    m_templateDescription->setWordWrap(true);
    m_templateDescription->setMinimumHeight(48);
    m_templateDescription->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* templateBox = new QVBoxLayout;
    templateBox->setContentsMargins(24, 0, 0, 0);
    templateBox->addWidget(m_templates);
    templateBox->addWidget(m_templateDescription);
    layout->addLayout(templateBox);
    connect(m_templates, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        m_templateDescription->setText(item ? item->toolTip() : QString());
        if (item)
            m_template->setChecked(true);
    });
    if (m_templates->currentItem())
        m_templateDescription->setText(m_templates->currentItem()->toolTip());

    m_error = newErrorLabel(this, QStringLiteral("newProjectError"));
    layout->addWidget(m_error);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->setObjectName(QStringLiteral("newProjectButtons"));
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    connect(buttons, &QDialogButtonBox::accepted, this, &NewProjectDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    auto* group = new QButtonGroup(this);
    group->addButton(m_empty);
    group->addButton(m_sample);
    group->addButton(m_template);
    connect(group, &QButtonGroup::buttonToggled, this, [this] { updateEnabled(); });
    m_empty->setChecked(true);
    updateEnabled();
}

void NewProjectDialog::updateEnabled()
{
    m_emptySettings->setEnabled(m_empty->isChecked());
}

void NewProjectDialog::setStart(Start start)
{
    (start == Start::Empty    ? m_empty
     : start == Start::Sample ? m_sample
                              : m_template)
        ->setChecked(true);
}

NewProjectDialog::Start NewProjectDialog::start() const
{
    return m_empty->isChecked()    ? Start::Empty
           : m_sample->isChecked() ? Start::Sample
                                   : Start::Template;
}

bool NewProjectDialog::selectTemplate(const QString& id)
{
    for (int i = 0; i < m_templates->count(); ++i)
        if (m_templates->item(i)->data(Qt::UserRole).toString() == id) {
            m_templates->setCurrentRow(i);
            m_template->setChecked(true);
            return true;
        }
    return false;
}

QString NewProjectDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void NewProjectDialog::accept()
{
    std::optional<Result<Project>> built;
    switch (start()) {
    case Start::Empty: {
        NewProjectSettings settings;
        settings.name = m_name->text().trimmed().toStdString();
        if (settings.name.empty()) {
            m_error->setText(tr("Name: must not be empty"));
            m_error->show();
            return;
        }
        settings.horizonMonths = m_horizon->value();
        settings.startMonth =
            m_startMonth->date().toString(QStringLiteral("yyyy-MM")).toStdString();
        settings.priceBookId = m_priceBook->currentData().toString().toStdString();
        settings.mode = FleetMode(m_mode->currentData().toInt());
        built.emplace(emptyProject(settings));
        break;
    }
    case Start::Sample: built.emplace(loadSampleProject()); break;
    case Start::Template: {
        const QListWidgetItem* item = m_templates->currentItem();
        if (!item) {
            m_error->setText(tr("Template: choose one in the list"));
            m_error->show();
            return;
        }
        built.emplace(loadTemplate(item->data(Qt::UserRole).toString().toStdString()));
        break;
    }
    }
    if (!*built) {
        m_error->setText(tr("The project could not be created:\n%1")
                             .arg(QString::fromStdString(built->error().toString())));
        m_error->show();
        return;
    }
    m_project = std::move(*built).value();
    m_error->hide();
    QDialog::accept();
}

} // namespace fleet::gui
