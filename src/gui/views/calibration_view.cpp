#include "views/calibration_view.h"

#include "calibration/calibration.h"
#include "io/regular_file.h"
#include "store/catalog_loader.h"
#include "views/error_label.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

namespace fleet::gui {

namespace {

QString figure(double value, const std::string& unit)
{
    if (value <= 0)
        return QStringLiteral("—");
    if (unit.rfind("ratio", 0) == 0)
        return QString::number(value, 'f', 3);
    if (value >= 1e5)
        return QStringLiteral("%1 M").arg(value / 1e6, 0, 'f', 2);
    return QLocale().toString(value, 'f', 0);
}

QTableWidgetItem* cell(const QString& text, const QString& tip = {})
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (!tip.isEmpty())
        item->setToolTip(tip);
    return item;
}

} // namespace

CalibrationView::CalibrationView(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Calibration against public measurements"));
    auto* layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("calibrationSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_error = newErrorLabel(this, QStringLiteral("calibrationError"));
    layout->addWidget(m_error);
    // Filters: a set, and the misses alone (what the model gets wrong).
    auto* filters = new QHBoxLayout;
    filters->addWidget(new QLabel(tr("Show"), this));
    m_set = new QComboBox(this);
    m_set->setObjectName(QStringLiteral("calibrationSetFilter"));
    m_set->addItem(tr("Every reference"));
    m_set->addItem(tr("Fit only"));
    m_set->addItem(tr("Held out only"));
    filters->addWidget(m_set);
    m_outside = new QCheckBox(tr("Only those outside their tolerance"), this);
    m_outside->setObjectName(QStringLiteral("calibrationOutsideOnly"));
    filters->addWidget(m_outside);
    m_shown = new QLabel(this);
    m_shown->setObjectName(QStringLiteral("calibrationShown"));
    filters->addWidget(m_shown);
    filters->addStretch(1);
    layout->addLayout(filters);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("calibrationTable"));
    // The figures first, the long conditions last (stretched), so the ratio is
    // always in view.
    const QStringList headers = {tr("Set"),       tr("Family"),    tr("Reference"),
                                 tr("Tool"),      tr("Published"), tr("Ratio"),
                                 tr("Tolerance"), tr("Unit"),      tr("Conditions")};
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    layout->addWidget(m_table, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_own = buttons->addButton(tr("Check your own measurements…"), QDialogButtonBox::ActionRole);
    auto* own = m_own;
    own->setObjectName(QStringLiteral("calibrationOwn"));
    own->setToolTip(tr("A file in the format of data/perf/references.json, every reference "
                       "held out: a lab's or a customer's benchmarks beside the engine"));
    connect(own, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Your measurements"), QString(),
                                                          tr("References (*.json);;All files (*)"));
        if (!path.isEmpty())
            showOwnReferences(path);
    });
    m_public = buttons->addButton(tr("Public measurements"), QDialogButtonBox::ActionRole);
    m_public->setObjectName(QStringLiteral("calibrationPublic"));
    m_public->hide();
    connect(m_public, &QPushButton::clicked, this, &CalibrationView::showPublicReferences);
    layout->addWidget(buttons);
    connect(m_set, &QComboBox::currentIndexChanged, this, &CalibrationView::applyFilters);
    connect(m_outside, &QCheckBox::toggled, this, &CalibrationView::applyFilters);
    showPublicReferences();
    resize(1280, 640);
}

void CalibrationView::showPublicReferences()
{
    ++m_generation; // a check of the user's file still running is dropped
    m_own->setEnabled(true);
    m_error->hide();
    m_public->hide();
    const auto catalog = loadBuiltinCatalog();
    const auto set = builtinReferences();
    if (!catalog || !set) {
        m_summary->setText(
            tr("The built-in references could not be read: %1")
                .arg(QString::fromStdString((catalog ? set.error() : catalog.error()).messages())));
        return;
    }
    const std::vector<CalibrationRow> rows = calibrate(set.value(), catalog.value());
    showRows(rows,
             tr("The engine on %1 public measurements (MLPerf Inference and Training, "
                "vendor and NVIDIA TensorRT-LLM tables, published training runs)")
                 .arg(rows.size()),
             QStringLiteral("fleetplanner-cli calibrate"));
}

bool CalibrationView::showOwnReferences(const QString& path)
{
    const auto catalog = loadBuiltinCatalog();
    const auto builtin = builtinReferences();
    if (!catalog || !builtin)
        return false;
    const std::string file = path.toStdString();
    const auto text = readRegularFile(file, kMaxUserReferencesFileBytes);
    const auto set = text ? parseUserReferences(text.value(), file, builtin.value())
                          : Result<ReferenceSet>(text.error());
    if (!set) {
        m_error->setText(
            tr("%1 was not read; the table is unchanged:\n%2")
                .arg(QFileInfo(path).fileName(), QString::fromStdString(set.error().toString())));
        m_error->show();
        return false;
    }
    m_error->hide();
    // The engine runs once per reference (up to kMaxUserReferences, about
    // 10 s of CPU at that many): on a worker thread, so the dialog and the
    // window stay live; the table shows what it showed until the rows land.
    const QString name = QFileInfo(path).fileName();
    m_summary->setText(
        tr("Checking your %1 measurements of %2…").arg(set.value().references.size()).arg(name));
    m_own->setEnabled(false);
    const quint64 generation = ++m_generation;
    auto* watcher = new QFutureWatcher<std::vector<CalibrationRow>>(this);
    connect(watcher, &QFutureWatcher<std::vector<CalibrationRow>>::finished, this,
            [this, watcher, generation, name, path] {
                watcher->deleteLater();
                if (generation != m_generation)
                    return; // the public set was shown meanwhile
                m_own->setEnabled(true);
                const std::vector<CalibrationRow> rows = watcher->result();
                showRows(
                    rows,
                    tr("The engine on your %1 measurements of %2 (each held out)")
                        .arg(rows.size())
                        .arg(name),
                    QStringLiteral("fleetplanner-cli calibrate --references \"%1\"").arg(path));
                m_public->show();
            });
    watcher->setFuture(QtConcurrent::run([set = std::move(set).value(), catalog = catalog.value()] {
        return calibrate(set, catalog);
    }));
    return true;
}

bool CalibrationView::checking() const
{
    return !m_own->isEnabled();
}

void CalibrationView::showRows(const std::vector<CalibrationRow>& rows, const QString& heading,
                               const QString& command)
{
    m_heldOut.clear();
    m_within.clear();
    m_table->clearContents();
    m_table->setRowCount(int(rows.size()));
    for (const CalibrationRow& r : rows) {
        m_heldOut.push_back(r.use == ReferenceUse::HeldOut);
        m_within.push_back(r.within);
    }
    int within = 0;
    for (int i = 0; i < int(rows.size()); ++i) {
        const CalibrationRow& r = rows[std::size_t(i)];
        within += r.within;
        const QString source = QString::fromStdString(r.source);
        m_table->setItem(i, 0,
                         cell(r.use == ReferenceUse::HeldOut ? tr("held out") : tr("fit"),
                              r.use == ReferenceUse::HeldOut
                                  ? tr("Never used to choose a factor: a check of the model")
                                  : tr("A factor of data/perf was fitted on it")));
        m_table->setItem(i, 1, cell(QString::fromStdString(r.family)));
        m_table->setItem(i, 2, cell(QString::fromStdString(r.id), source));
        m_table->setItem(i, 3, cell(figure(r.tool, r.unit), QString::fromStdString(r.detail)));
        m_table->setItem(i, 4, cell(figure(r.published, r.unit), source));
        auto* ratio = cell(r.tool > 0 ? QString::number(r.ratio, 'f', 2) : QStringLiteral("—"));
        if (!r.within)
            ratio->setForeground(QColor(0xb0, 0x20, 0x20));
        m_table->setItem(i, 5, ratio);
        m_table->setItem(i, 6,
                         cell(QStringLiteral("±%1 %").arg(std::lround(r.tolerance * 100)),
                              QString::fromStdString(r.toleranceWhy)));
        m_table->setItem(i, 7, cell(QString::fromStdString(r.unit)));
        m_table->setItem(i, 8,
                         cell(QString::fromStdString(r.what), QString::fromStdString(r.detail)));
        for (int c : {3, 4, 5, 6})
            m_table->item(i, c)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    const auto setText = [](const QString& name, const CalibrationSummary& s) {
        if (s.count == 0)
            return tr("%1: none.").arg(name);
        return tr("%1: %2 references, median error %3 %, max %4 %, %5 outside their tolerance, "
                  "%6 beyond ±35 %%7.")
            .arg(name)
            .arg(s.count)
            .arg(s.medianAbsError * 100, 0, 'f', 1)
            .arg(s.maxAbsError * 100, 0, 'f', 1)
            .arg(s.outsideTolerance)
            .arg(s.beyondIssueBound)
            .arg(s.refused
                     ? tr(" (%1 refused by the engine: hover its figure for why)").arg(s.refused)
                     : QString());
    };
    m_summary->setText(
        tr("%1: %2 within their tolerance.").arg(heading).arg(within) + QLatin1Char(' ') +
        setText(tr("Fit (factors were chosen on these)"),
                summarizeCalibration(rows, ReferenceUse::Fit)) +
        QLatin1Char(' ') +
        setText(tr("Held out (never used to choose a factor)"),
                summarizeCalibration(rows, ReferenceUse::HeldOut)) +
        QLatin1Char(' ') +
        tr("Hover a reference for its source, a figure for the engine's configuration. The "
           "same table: %1.")
            .arg(command));
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    applyFilters();
}

void CalibrationView::applyFilters()
{
    int shown = 0;
    for (int i = 0; i < m_table->rowCount(); ++i) {
        const std::size_t r = std::size_t(i);
        const bool set = m_set->currentIndex() == 0 || (m_set->currentIndex() == 2) == m_heldOut[r];
        const bool visible = set && (!m_outside->isChecked() || !m_within[r]);
        m_table->setRowHidden(i, !visible);
        shown += visible;
    }
    m_shown->setText(tr("%1 of %2 shown").arg(shown).arg(m_table->rowCount()));
}

} // namespace fleet::gui
