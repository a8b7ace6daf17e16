#include "views/drivers_panel.h"

#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QScreen>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace fleet::gui {

DriversPanel::DriversPanel(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document)
{
    auto* layout = new QGridLayout(this);
    m_target = new QLabel(this);
    m_target->setObjectName(QStringLiteral("drivers_target"));
    m_target->setWordWrap(true);
    // Its text changes with the scenario shown: it must not widen the panel
    // (a presentation's slides would jump from one scenario to the next).
    m_target->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_target, 0, 0, 1, 2);
    int line = 1;
    for (std::size_t i = 0; i < drivers().size(); ++i) {
        const Driver& d = drivers()[i];
        auto* label = new QLabel(d.label, this);
        auto* slider = new QSlider(Qt::Horizontal, this);
        slider->setObjectName(d.key);
        slider->setRange(0, int(std::lround((d.max - d.min) / d.step)));
        auto* spin = new QDoubleSpinBox(this);
        spin->setObjectName(d.key + QStringLiteral("_value"));
        spin->setRange(d.min * d.displayScale, d.max * d.displayScale);
        spin->setDecimals(d.decimals);
        spin->setSingleStep(d.step * d.displayScale);
        spin->setSuffix(d.suffix);
        spin->setKeyboardTracking(false);
        for (QWidget* w : {static_cast<QWidget*>(label), static_cast<QWidget*>(slider),
                           static_cast<QWidget*>(spin)})
            w->setToolTip(d.tooltip);
        layout->addWidget(label, line, 0, 1, 2);
        layout->addWidget(slider, line + 1, 0);
        layout->addWidget(spin, line + 1, 1);
        line += 2;
        m_rows.push_back({&d, label, slider, spin});
        const Row row = m_rows.back();
        const int mergeKey = 1000 + int(i);
        connect(slider, &QSlider::valueChanged, this, [this, row, mergeKey](int position) {
            if (m_refreshing)
                return;
            if (const auto refusal = apply(row, fromSlider(*row.driver, position), mergeKey)) {
                emit refused(*refusal);
                refresh(); // back to the value the document holds
            }
        });
        // A drag is one undo step: the interaction ends when the slider is let go.
        connect(slider, &QSlider::sliderReleased, m_document, &ProjectDocument::endInteraction);
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, row](double shown) {
            if (m_refreshing)
                return;
            m_document->endInteraction();
            if (const auto refusal = apply(row, shown / row.driver->displayScale)) {
                emit refused(*refusal);
                refresh();
            }
            m_document->endInteraction();
        });
    }
    layout->setRowStretch(line, 1);
    connect(document, &ProjectDocument::changed, this, &DriversPanel::refresh);
    refresh();
}

int DriversPanel::toSlider(const Driver& d, double value) const
{
    return int(std::lround((std::clamp(value, d.min, d.max) - d.min) / d.step));
}

double DriversPanel::fromSlider(const Driver& d, int position) const
{
    return d.min + position * d.step;
}

std::optional<QString> DriversPanel::apply(const Row& row, double value, int mergeKey)
{
    // Inside a scenario the document turns the edits into that scenario's
    // overrides (ProjectDocument::edit), one undo step.
    return m_document->edit(tr("Set %1").arg(row.driver->label),
                            row.driver->write(m_document->scenarioProject(), value), mergeKey);
}

QString DriversPanel::scenarioName() const
{
    const QString id = m_document->scenario();
    for (const Scenario& s : m_document->project().scenarios)
        if (QString::fromStdString(s.id) == id && !s.name.empty())
            return QString::fromStdString(s.name);
    return id;
}

void DriversPanel::refresh()
{
    m_refreshing = true;
    const QString scenario = m_document->scenario();
    m_target->setText(scenario.isEmpty()
                          ? tr("Baseline shown: moves change the project.")
                          : tr("Showing scenario «%1»: moves change its overrides, not the "
                               "project.")
                                .arg(scenarioName()));
    const Project& shown = m_document->scenarioProject();
    for (const Row& row : m_rows) {
        const auto value = row.driver->read(shown);
        for (QWidget* w : {static_cast<QWidget*>(row.label), static_cast<QWidget*>(row.slider),
                           static_cast<QWidget*>(row.spin)})
            w->setEnabled(value.has_value());
        if (!value)
            continue;
        if (!row.slider->isSliderDown())
            row.slider->setValue(toSlider(*row.driver, *value));
        row.spin->setValue(*value * row.driver->displayScale);
    }
    m_refreshing = false;
}

QSlider* DriversPanel::slider(const QString& key) const
{
    for (const Row& row : m_rows)
        if (row.driver->key == key)
            return row.slider;
    return nullptr;
}

void DriversPanel::setLarge(bool large)
{
    // In proportion to the screen, as the slide's charts are: 1.5 × on full
    // HD, 1.2 × on a laptop, where the chart needs the width (issue 32).
    const QScreen* shown = window()->screen();
    const qreal height = shown ? shown->geometry().height() : 1080.0;
    const qreal scale = large ? std::clamp(1.5 * height / 1080.0, 1.2, 1.5) : 1.0;
    QFont f = font();
    f.setPointSizeF(QWidget().font().pointSizeF() * scale);
    setFont(f);
    for (const Row& row : m_rows)
        row.slider->setMinimumWidth(large ? 120 : 0); // room for the value on a laptop
}

} // namespace fleet::gui
