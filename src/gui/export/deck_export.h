#pragma once

// The project's results as a slide deck: a title slide, one slide per chart
// (16:9, the chart as a high-resolution image, its title as slide text, the
// data source in the speaker notes), a KPI and scenario comparison table and
// an assumptions slide (price book, sources and dates, overridden defaults).
// Written as PowerPoint (.pptx: the Office Open XML parts, zipped with
// libzip) or as a multi-page PDF of the same slides.

#include "compute/plan_results.h"

#include <QImage>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

class QChart;

namespace fleet::gui {

struct DeckSlide
{
    enum class Kind
    {
        Title,
        Chart,
        Table,
        Text
    };
    Kind kind = Kind::Text;
    QString title;
    QString subtitle;
    QImage image;                   ///< Chart: the chart without its title, 2×
    std::vector<QStringList> table; ///< Table: rows of cells, the first a header
    QStringList lines;              ///< Text: one paragraph each
    QString notes;                  ///< speaker notes
};

/// A chart as a slide: its title (and subtitle) as the slide's text, the
/// chart without them drawn at 2× in the slide preset, `footer` under it.
DeckSlide slideOfChart(QChart* chart, const QString& footer, const QString& notes);

/// The slides of `results` (all parts computed).
std::vector<DeckSlide> deckSlides(const PlanResults& results);

/// One slide as the PDF deck draws it (960 × 540 points), `scale` pixels per point.
QImage renderSlide(const DeckSlide& slide, qreal scale = 1.0);

/// The comparison deck: the baseline's slides, its cover naming every
/// scenario, and each scenario's plan (regime mix) on a slide of its own.
std::vector<DeckSlide> comparisonDeckSlides(const PlanResults& baseline,
                                            const std::vector<PlanResults>& scenarios);
/// Writes `slides` to `path` as exportDeck does.
bool exportDeckSlides(const std::vector<DeckSlide>& slides, const QString& title,
                      const QString& path, QString* error,
                      const std::vector<std::string>& inputs = {});

/// Writes the deck to `path`: .pptx or .pdf by its suffix. Whole or not at
/// all, never over one of `inputs` (the files the caller read: the project)
/// nor through a symbolic link (io/export_target); on failure returns
/// false and sets `error`.
bool exportDeck(const PlanResults& results, const QString& path, QString* error,
                const std::vector<std::string>& inputs = {});

} // namespace fleet::gui
