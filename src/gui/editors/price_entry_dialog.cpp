#include "editors/price_entry_dialog.h"

#include "document/price_book_edit.h"
#include "model/price_fields.h"
#include "views/error_label.h"
#include "views/number_format.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace fleet::gui {

namespace {

/// A spin box for a field as its table row describes it: range (an exclusive
/// minimum is let through, for the reader to refuse by name), decimals, unit
/// and help. `name` is its object name.
QDoubleSpinBox* spin(QWidget* parent, const QString& name, const FieldInfo& field)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setObjectName(name);
    box->setRange(field.range.min, field.range.max);
    box->setDecimals(field.display.decimals);
    if (!field.display.unit.empty())
        box->setSuffix(QLatin1Char(' ') + QString::fromUtf8(field.display.unit.data(),
                                                            qsizetype(field.display.unit.size())));
    box->setToolTip(QString::fromUtf8(field.help.data(), qsizetype(field.help.size())) +
                    QLatin1Char('.'));
    box->setMinimumWidth(160);
    return box;
}

const FieldInfo& hourlyField(std::string_view key)
{
    for (const Field<HourlyPrice>& field : hourlyPriceFields())
        if (field.info.key == key)
            return field.info;
    return hourlyPriceFields().front().info;
}

/// "capex_usd_per_gpu" → "ownedCapexUsdPerGpu".
QString figureObjectName(std::string_view key)
{
    QString name = QStringLiteral("owned");
    bool upper = true;
    for (char c : key) {
        if (c == '_') {
            upper = true;
            continue;
        }
        name += upper ? QChar::fromLatin1(c).toUpper() : QChar::fromLatin1(c);
        upper = false;
    }
    return name;
}

QString label(const FieldInfo& field)
{
    return QString::fromUtf8(field.display.label.data(), qsizetype(field.display.label.size())) +
           QLatin1Char(':');
}

/// The owned cost another book states for `gpuId` (a starting point), if any.
std::optional<OwnedCost> ownedElsewhere(const Project& project, const std::string& gpuId)
{
    for (const PriceBook& book : project.catalog().priceBooks)
        if (const GpuPrices* prices = book.prices(gpuId); prices && prices->owned)
            return prices->owned;
    return std::nullopt;
}

} // namespace

PriceEntryDialog::PriceEntryDialog(ProjectDocument* document, QWidget* parent)
    : QDialog(parent), m_document(document)
{
    setObjectName(QStringLiteral("priceEntryDialog"));
    setWindowTitle(tr("Add Price"));
    const Project& project = document->shownProject();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("A price of one GPU under one plan, saved in the project's "
                                    "copy of the book with its source and date."),
                                 this));
    auto* form = new QFormLayout;
    m_book = new QComboBox(this);
    m_book->setObjectName(QStringLiteral("priceBook"));
    m_book->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_book->setMinimumContentsLength(40);
    for (const PriceBook& book : project.catalog().priceBooks)
        m_book->addItem(QString::fromStdString(book.name), QString::fromStdString(book.id));
    m_book->setCurrentIndex(m_book->findData(QString::fromStdString(project.activePriceBookId)));
    form->addRow(tr("Book:"), m_book);
    m_gpu = new QComboBox(this);
    m_gpu->setObjectName(QStringLiteral("priceGpu"));
    m_gpu->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_gpu->setMinimumContentsLength(40);
    for (const GpuModel& gpu : project.catalog().gpus)
        m_gpu->addItem(tr("%1 — %2 GB, %3 W")
                           .arg(QString::fromStdString(gpu.name))
                           .arg(gpu.memoryGb.value)
                           .arg(gpu.tdpW.value),
                       QString::fromStdString(gpu.id));
    form->addRow(tr("GPU:"), m_gpu);
    m_plan = new QComboBox(this);
    m_plan->setObjectName(QStringLiteral("pricePlan"));
    for (Plan plan : kAllPlans)
        m_plan->addItem(
            QString::fromUtf8(planLabel(plan).data(), qsizetype(planLabel(plan).size())),
            int(plan));
    form->addRow(tr("Plan:"), m_plan);
    layout->addLayout(form);

    m_existing = new QLabel(this);
    m_existing->setObjectName(QStringLiteral("priceExisting"));
    m_existing->setWordWrap(true);
    layout->addWidget(m_existing);

    auto* rented = new QWidget(this);
    m_rented = rented;
    auto* rentedForm = new QFormLayout(rented);
    const FieldInfo& usd = hourlyField("usd_per_gpu_hour");
    m_hourly = spin(rented, QStringLiteral("priceUsdPerGpuHour"), usd);
    rentedForm->addRow(label(usd), m_hourly);
    m_hasInterruptions = new QCheckBox(tr("The offer states an interruption rate:"), rented);
    m_hasInterruptions->setObjectName(QStringLiteral("priceHasInterruptions"));
    m_interruptions = spin(rented, QStringLiteral("priceInterruptionsPerHour"),
                           hourlyField("interruptions_per_hour"));
    rentedForm->addRow(m_hasInterruptions, m_interruptions);
    layout->addWidget(rented);
    auto* ownedPage = new QWidget(this);
    m_owned = ownedPage;
    auto* ownedForm = new QFormLayout(ownedPage);
    for (const OwnedFigureField& figure : ownedFigureFields()) {
        m_figures.push_back(spin(ownedPage, figureObjectName(figure.info.key), figure.info));
        ownedForm->addRow(label(figure.info), m_figures.back());
    }
    layout->addWidget(ownedPage);

    auto* citation = new QFormLayout;
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("priceSource"));
    m_source->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_source->setMinimumContentsLength(40);
    m_source->addItem(tr("Entered by the user"), QString::fromLatin1(kUserSourceId));
    for (const SourceInfo& source : project.catalog().sources)
        if (source.id != kUserSourceId)
            m_source->addItem(QString::fromStdString(source.title),
                              QString::fromStdString(source.id));
    citation->addRow(tr("Source:"), m_source);
    m_asOf = new QDateEdit(QDate::currentDate(), this);
    m_asOf->setObjectName(QStringLiteral("priceAsOf"));
    m_asOf->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    citation->addRow(tr("As of:"), m_asOf);
    m_note = new QLineEdit(this);
    m_note->setObjectName(QStringLiteral("priceNote"));
    m_note->setPlaceholderText(tr("Where the figure comes from (a quote, a URL), optional"));
    citation->addRow(tr("Note:"), m_note);
    layout->addLayout(citation);

    m_preview = new QLabel(this);
    m_preview->setObjectName(QStringLiteral("pricePreview"));
    layout->addWidget(m_preview);
    m_error = newErrorLabel(this, QStringLiteral("priceError"));
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Add price"));
    connect(buttons, &QDialogButtonBox::accepted, this, &PriceEntryDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    for (QComboBox* box : {m_book, m_gpu, m_plan})
        connect(box, &QComboBox::currentIndexChanged, this, &PriceEntryDialog::loadFigures);
    connect(m_hourly, &QDoubleSpinBox::valueChanged, this, &PriceEntryDialog::updatePreview);
    for (QDoubleSpinBox* box : m_figures)
        connect(box, &QDoubleSpinBox::valueChanged, this, &PriceEntryDialog::updatePreview);
    connect(m_hasInterruptions, &QCheckBox::toggled, m_interruptions, &QWidget::setEnabled);
    loadFigures();
}

Plan PriceEntryDialog::plan() const
{
    return Plan(m_plan->currentData().toInt());
}

void PriceEntryDialog::select(const QString& bookId, const QString& gpuId, Plan plan)
{
    const QSignalBlocker b(m_book), g(m_gpu), p(m_plan);
    if (const int i = m_book->findData(bookId); i >= 0)
        m_book->setCurrentIndex(i);
    if (const int i = m_gpu->findData(gpuId); i >= 0)
        m_gpu->setCurrentIndex(i);
    m_plan->setCurrentIndex(m_plan->findData(int(plan)));
    loadFigures();
}

void PriceEntryDialog::loadFigures()
{
    const Project& project = m_document->shownProject();
    const PriceBook* book =
        project.catalog().priceBook(m_book->currentData().toString().toStdString());
    const std::string gpuId = m_gpu->currentData().toString().toStdString();
    const GpuPrices* prices = book ? book->prices(gpuId) : nullptr;
    const Plan chosen = plan();
    // Only the figures of the plan chosen, and no room kept for the others.
    m_rented->setVisible(chosen != Plan::Owned);
    m_owned->setVisible(chosen == Plan::Owned);
    adjustSize();
    m_hasInterruptions->setVisible(chosen == Plan::Spot);
    m_interruptions->setVisible(chosen == Plan::Spot);
    m_ownedWas.reset();
    QString existing;
    if (chosen == Plan::Owned) {
        std::optional<OwnedCost> owned = prices ? prices->owned : std::nullopt;
        if (owned)
            existing = tr("The book has this price; Add price replaces it.");
        else
            owned = ownedElsewhere(project, gpuId);
        m_ownedWas = owned;
        const auto figures = ownedFigureFields();
        for (std::size_t i = 0; i < figures.size(); ++i)
            m_figures[i]->setValue(owned ? ((*owned).*figures[i].member).value
                                         : figures[i].startValue);
        if (owned && existing.isEmpty())
            existing = tr("Figures from another book as a start; unchanged ones keep their "
                          "source.");
    } else {
        const std::optional<HourlyPrice>* price = prices ? &prices->hourly(chosen) : nullptr;
        const bool has = price && price->has_value();
        m_hourly->setValue(has ? (*price)->usdPerGpuHour : 0);
        m_hasInterruptions->setChecked(has && (*price)->interruptionsPerHour.has_value());
        m_interruptions->setValue(has ? (*price)->interruptionsPerHour.value_or(0) : 0);
        m_interruptions->setEnabled(m_hasInterruptions->isChecked());
        existing =
            has ? tr("The book has this price (source %1, as of %2); Add price replaces it.")
                      .arg(QString::fromStdString((*price)->source),
                           QString::fromStdString((*price)->asOf))
                : tr("The book has no %1 price for this GPU.").arg(m_plan->currentText().toLower());
    }
    m_existing->setText(existing);
    updatePreview();
}

void PriceEntryDialog::updatePreview()
{
    if (plan() != Plan::Owned) {
        m_preview->clear();
        return;
    }
    const GpuModel* gpu =
        m_document->shownProject().catalog().gpu(m_gpu->currentData().toString().toStdString());
    OwnedCost cost;
    const auto figures = ownedFigureFields();
    for (std::size_t i = 0; i < figures.size(); ++i)
        (cost.*figures[i].member).value = m_figures[i]->value();
    if (cost.statesUsdPerGpuHour()) {
        m_preview->setText(tr("Owned cost: %1 per GPU-hour held, as stated")
                               .arg(formatUsd(cost.usdPerGpuHour.value)));
        return;
    }
    if (!gpu || cost.amortizationYears.value <= 0) {
        m_preview->clear();
        return;
    }
    m_preview->setText(tr("Owned cost: %1 per GPU-hour held (capex over the years, hosting, "
                          "power at %2 W TDP)")
                           .arg(formatUsd(ownedUsdPerGpuHour(cost, gpu->tdpW.value)))
                           .arg(gpu->tdpW.value));
}

QString PriceEntryDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void PriceEntryDialog::accept()
{
    const Project& project = m_document->shownProject();
    PriceCitation citation{m_source->currentData().toString().toStdString(),
                           m_asOf->date().toString(Qt::ISODate).toStdString(),
                           m_note->text().trimmed().toStdString()};
    const Plan chosen = plan();
    std::optional<HourlyPrice> hourly;
    std::optional<OwnedCost> owned;
    if (chosen == Plan::Owned) {
        const auto was = [this](SourcedValue OwnedCost::*field) -> std::optional<SourcedValue> {
            if (m_ownedWas)
                return (*m_ownedWas).*field;
            return std::nullopt;
        };
        OwnedCost cost;
        const auto figures = ownedFigureFields();
        for (std::size_t i = 0; i < figures.size(); ++i)
            cost.*figures[i].member =
                citedFigure(m_figures[i]->value(), citation, was(figures[i].member));
        // The two ways of pricing an owned GPU exclude each other, as in files.
        if (cost.statesUsdPerGpuHour() && cost.capexUsdPerGpu.value > 0) {
            m_error->setText(tr("Refused: give usd_per_gpu_hour (the whole owned cost of a "
                                "GPU-hour) or capex_usd_per_gpu with the other figures, not "
                                "both; set one of them to 0."));
            m_error->show();
            return;
        }
        owned = cost;
    } else {
        HourlyPrice price;
        price.usdPerGpuHour = m_hourly->value();
        if (chosen == Plan::Spot && m_hasInterruptions->isChecked())
            price.interruptionsPerHour = m_interruptions->value();
        hourly = price;
    }
    const std::string gpuId = m_gpu->currentData().toString().toStdString();
    auto edits = setPriceEdits(project, m_book->currentData().toString().toStdString(), gpuId,
                               chosen, hourly, owned, citation);
    std::optional<QString> refusal;
    if (!edits)
        refusal = QString::fromStdString(edits.error().messages());
    else
        refusal = m_document->edit(
            tr("Add the %1 price of %2").arg(m_plan->currentText(), QString::fromStdString(gpuId)),
            edits.value());
    if (refusal) {
        m_error->setText(tr("Refused: %1").arg(*refusal));
        m_error->show();
        return;
    }
    m_error->hide();
    QDialog::accept();
}

} // namespace fleet::gui
