#include "charts/chart_fit.h"

#include "charts/bar_turn.h"
#include "charts/chart_style.h"

#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsObject>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QPointer>
#include <QTextDocumentFragment>

#include <algorithm>
#include <cmath>
#include <vector>

namespace fleet::gui {

struct FitUndo::State
{
    struct Axis
    {
        QPointer<QAbstractAxis> axis;
        QString title;
        QFont titleFont;
        QFont labelsFont;
        int angle = 0;
        QStringList categories; ///< bar category axes only
    };
    struct Labels
    {
        QPointer<QAbstractBarSeries> series;
        bool visible = false;
    };
    QPointer<QChart> chart;
    QString title;
    QFont titleFont;
    QFont legendFont;
    std::vector<Axis> axes;
    std::vector<Labels> labels;
    TurnedBars turned; ///< bars turned on their side for this size
};

namespace {

/// Gives a category axis with ranges the labels `labels`, in order.
void setRangeLabels(QCategoryAxis* axis, const QStringList& labels)
{
    const QStringList now = axis->categoriesLabels();
    for (qsizetype i = 0; i < std::min(now.size(), labels.size()); ++i)
        if (now[i] != labels[i])
            axis->replaceLabel(now[i], labels[i]);
}

} // namespace

FitUndo::FitUndo() = default;
FitUndo::~FitUndo() = default;
FitUndo::FitUndo(FitUndo&&) noexcept = default;
FitUndo& FitUndo::operator=(FitUndo&&) noexcept = default;

void FitUndo::restore()
{
    if (!state || !state->chart)
        return;
    QChart* chart = state->chart;
    state->turned.restore(); // first: the axes go back to their sides
    chart->setTitle(state->title);
    chart->setTitleFont(state->titleFont);
    chart->legend()->setFont(state->legendFont);
    for (const State::Axis& saved : state->axes) {
        if (!saved.axis)
            continue;
        saved.axis->setTitleText(saved.title);
        saved.axis->setTitleFont(saved.titleFont);
        saved.axis->setLabelsFont(saved.labelsFont);
        saved.axis->setLabelsAngle(saved.angle);
        if (auto* categories = qobject_cast<QBarCategoryAxis*>(saved.axis.data()))
            if (categories->categories() != saved.categories) {
                categories->clear();
                categories->append(saved.categories);
            }
        if (auto* ranges = qobject_cast<QCategoryAxis*>(saved.axis.data()))
            setRangeLabels(ranges, saved.categories);
    }
    for (const State::Labels& saved : state->labels)
        if (saved.series)
            saved.series->setLabelsVisible(saved.visible);
    // Legend entries follow their series' names again.
    for (QLegendMarker* marker : chart->legend()->markers())
        if (marker->series())
            marker->setLabel(marker->series()->name());
    state.reset();
}

namespace {

constexpr int kMaxRounds = 14;
const QString kCut = QStringLiteral("...");
const QChar kEllipsis(0x2026);

QString plain(const QString& html)
{
    if (!html.contains(QLatin1Char('<')) && !html.contains(QLatin1Char('&')))
        return html.simplified();
    return QTextDocumentFragment::fromHtml(html).toPlainText().simplified();
}

/// Delivers the events posted to the chart, its objects, its scene and the
/// scene's items — and no others. Qt Charts lays out series, axes and value
/// labels through posted events; delivering every posted event of the
/// application here (as this once did) ran unrelated work in the middle of a
/// fit: on screen, a recompute's results arrived, the chart tabs replaced
/// and deleted the very chart being fitted, and the fit went on in freed
/// memory.
void sendChartEvents(QChart* chart)
{
    std::vector<QPointer<QObject>> receivers{chart};
    for (QObject* child : chart->findChildren<QObject*>())
        receivers.emplace_back(child);
    if (QGraphicsScene* scene = chart->scene()) {
        receivers.emplace_back(scene);
        for (QGraphicsItem* item : scene->items())
            if (QGraphicsObject* object = item->toGraphicsObject())
                receivers.emplace_back(object);
    }
    for (const QPointer<QObject>& receiver : receivers)
        if (receiver) // an earlier event may have deleted it
            QCoreApplication::sendPostedEvents(receiver);
}

void layOut(QChart* chart, QSizeF size)
{
    chart->resize(size);
    if (chart->layout()) {
        chart->layout()->invalidate();
        chart->layout()->activate();
    }
    sendChartEvents(chart);
    if (chart->layout())
        chart->layout()->activate();
    sendChartEvents(chart);
}

/// Words of `text` on lines no wider than `width` (a longer word stays whole).
QStringList wrapWords(const QString& text, const QFont& font, qreal width)
{
    const QFontMetricsF metrics(font);
    QStringList lines{QString()};
    // A unit stays with its number: "60 %" is not broken.
    QString kept = text;
    kept.replace(QStringLiteral(" %"), QStringLiteral("\u00a0%"));
    for (const QString& word : kept.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString joined =
            lines.back().isEmpty() ? word : lines.back() + QLatin1Char(' ') + word;
        if (!lines.back().isEmpty() && metrics.horizontalAdvance(joined) > width)
            lines << word;
        else
            lines.back() = joined;
    }
    return lines;
}

qreal widest(const QStringList& lines, const QFont& font)
{
    const QFontMetricsF metrics(font);
    qreal most = 0;
    for (const QString& line : lines)
        most = std::max(most, metrics.horizontalAdvance(line));
    return most;
}

QString htmlLines(const QStringList& lines)
{
    QStringList escaped;
    for (const QString& line : lines)
        escaped << line.toHtmlEscaped();
    return escaped.join(QStringLiteral("<br>"));
}

QFont scaled(QFont font, qreal factor)
{
    font.setPointSizeF(std::max(5.0, font.pointSizeF() * factor));
    return font;
}

/// The title in at most two lines (and a subtitle in at most three), its
/// type made smaller only when the words do not fit so.
void fitTitle(QChart* chart, const FitUndo::State& saved, qreal width, qreal shrink)
{
    QString main = chart->property(kTitleProperty).toString();
    const QString subtitle = chart->property(kSubtitleProperty).toString();
    if (main.isEmpty())
        main = plain(saved.title);
    if (main.isEmpty())
        return;
    QFont font = scaled(saved.titleFont, shrink);
    QStringList lines = wrapWords(main, font, width);
    while ((lines.size() > 2 || widest(lines, font) > width) &&
           font.pointSizeF() > saved.titleFont.pointSizeF() * 0.6) {
        font = scaled(font, 0.92);
        lines = wrapWords(main, font, width);
    }
    chart->setTitleFont(font);
    QString html = htmlLines(lines);
    if (!subtitle.isEmpty()) {
        QFont small = font;
        small.setBold(false);
        small.setPointSizeF(std::max(8.0, font.pointSizeF() * 0.62));
        QStringList sub = wrapWords(subtitle, small, width);
        while ((sub.size() > 3 || widest(sub, small) > width) && small.pointSizeF() > 8.0) {
            small = scaled(small, 0.92);
            sub = wrapWords(subtitle, small, width);
        }
        html += QStringLiteral("<br><span style=\"font-size:%1pt; font-weight:normal\">%2</span>")
                    .arg(small.pointSizeF(), 0, 'f', 1)
                    .arg(htmlLines(sub));
    }
    chart->setTitle(html);
}

/// An axis title in at most two lines along the axis.
void fitAxisTitle(QAbstractAxis* axis, const FitUndo::State::Axis& saved, qreal length,
                  qreal shrink)
{
    const QString text = plain(saved.title);
    if (text.isEmpty())
        return;
    QFont font = scaled(saved.titleFont, shrink);
    QStringList lines = wrapWords(text, font, length);
    while ((lines.size() > 2 || widest(lines, font) > length) &&
           font.pointSizeF() > saved.titleFont.pointSizeF() * 0.6) {
        font = scaled(font, 0.92);
        lines = wrapWords(text, font, length);
    }
    axis->setTitleFont(font);
    axis->setTitleText(htmlLines(lines));
}

/// Category labels wrapped to `width`; false when one needs more than
/// `maxLines` lines or has a word wider than `width` at that font.
bool wrapCategories(QBarCategoryAxis* axis, const QStringList& originals, const QFont& font,
                    qreal width, int maxLines)
{
    QStringList wrapped;
    bool fits = true;
    for (const QString& label : originals) {
        const QStringList lines = wrapWords(plain(label), font, width);
        fits = fits && lines.size() <= maxLines && widest(lines, font) <= width;
        QString joined = htmlLines(lines);
        // Categories are keys: two labels wrapped alike stay distinct.
        while (wrapped.contains(joined))
            joined += QStringLiteral("&#8203;");
        wrapped << joined;
    }
    if (axis->categories() != wrapped) {
        axis->clear();
        axis->append(wrapped);
    }
    return fits;
}

/// Horizontal category labels: wrapped within their category's width in up
/// to three lines, in type down to 80 %; else turned upright. Returns false
/// when even upright they cannot be read — a line does not fit the
/// category's width, or the labels would take more than a quarter of the
/// chart's height — and the bars are better turned on their side.
bool fitCategories(QBarCategoryAxis* axis, const FitUndo::State::Axis& saved, QRectF plot,
                   QSizeF chartSize, qreal shrink, bool turned)
{
    const int count = std::max<qsizetype>(1, saved.categories.size());
    if (axis->orientation() == Qt::Vertical) {
        // Labels left of a horizontal bar chart. Qt Charts gives the axes on
        // one side at most 40 % of the chart's width (its title included) and
        // cuts what is wider; a label has as many lines (up to three) as a
        // category's height holds, in type down to 40 % when they do not fit
        // so. Bars turned on their side list them bottom up (bar_turn.h).
        QStringList originals = saved.categories;
        if (turned)
            std::reverse(originals.begin(), originals.end());
        axis->setLabelsAngle(0);
        const int titleLines = int(axis->titleText().count(QStringLiteral("<br>"))) + 1;
        const qreal titleSpace =
            axis->titleText().isEmpty()
                ? 0.0
                : titleLines * QFontMetricsF(axis->titleFont()).lineSpacing() + 8;
        const qreal width = std::max<qreal>(40, chartSize.width() * 0.4 - titleSpace - 24);
        const qreal height = plot.height() / count;
        for (qreal factor : {1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55, 0.5, 0.45, 0.4}) {
            const QFont font = scaled(saved.labelsFont, shrink * factor);
            const int lines =
                std::clamp(int(height * 0.92 / QFontMetricsF(font).lineSpacing()), 1, 3);
            axis->setLabelsFont(font);
            if (wrapCategories(axis, originals, font, width, lines))
                break;
        }
        return true;
    }
    // Qt Charts gives each label about the axis' width over categories + 2, less padding.
    const qreal width = plot.width() / (count + 2) - 16;
    axis->setLabelsAngle(0);
    for (qreal factor : {1.0, 0.92, 0.85, 0.8}) {
        const QFont font = scaled(saved.labelsFont, shrink * factor);
        axis->setLabelsFont(font);
        if (wrapCategories(axis, saved.categories, font, width, 3))
            return true;
    }
    // Upright: as many lines as the category's width holds (a text item has a
    // 4-point margin), each label balanced over them; smaller type when Qt
    // Charts still cuts them (fitChart's rounds).
    axis->setLabelsAngle(-90);
    const QFont font = scaled(saved.labelsFont, shrink * 0.8);
    axis->setLabelsFont(font);
    const QFontMetricsF metrics(font);
    const int lines = std::clamp(int((width - 8) / (metrics.lineSpacing() * 1.15)), 1, 4);
    QStringList wrapped;
    qreal longest = 0; // the longest line, which runs up the chart
    for (const QString& label : saved.categories) {
        qreal length = metrics.horizontalAdvance(plain(label)) / lines * 1.1;
        for (const QString& word : plain(label).split(QLatin1Char(' ')))
            length = std::max(length, metrics.horizontalAdvance(word));
        const QStringList split = wrapWords(plain(label), font, length);
        longest = std::max(longest, widest(split, font));
        QString joined = htmlLines(split);
        while (wrapped.contains(joined))
            joined += QStringLiteral("&#8203;");
        wrapped << joined;
    }
    if (axis->categories() != wrapped) {
        axis->clear();
        axis->append(wrapped);
    }
    return width - 8 >= metrics.lineSpacing() && longest <= chartSize.height() * 0.25;
}

/// The widest of a bar series' value labels, written as Qt Charts writes them.
qreal widestValueLabel(const QAbstractBarSeries* series, const QLocale& locale)
{
    const QFontMetricsF metrics(
        series->barSets().isEmpty() ? QFont() : series->barSets().front()->labelFont());
    qreal most = 0;
    QString format = series->labelsFormat();
    for (const QBarSet* set : series->barSets())
        for (int i = 0; i < set->count(); ++i) {
            const QString value = locale.toString(set->at(i), 'g', series->labelsPrecision());
            QString text = format;
            text.replace(QLatin1String("@value"), value);
            most = std::max(most, metrics.horizontalAdvance(text));
        }
    return most;
}

/// Drops a series' value labels where any would not fit its bar (and so
/// would run into its neighbour's).
void fitValueLabels(QChart* chart, QRectF plot)
{
    for (QAbstractSeries* one : chart->series()) {
        auto* series = qobject_cast<QAbstractBarSeries*>(one);
        if (!series || !series->isLabelsVisible() || series->barSets().isEmpty())
            continue;
        const bool horizontal = series->type() == QAbstractSeries::SeriesTypeHorizontalBar ||
                                series->type() == QAbstractSeries::SeriesTypeHorizontalStackedBar ||
                                series->type() == QAbstractSeries::SeriesTypeHorizontalPercentBar;
        const bool stacked = series->type() != QAbstractSeries::SeriesTypeBar &&
                             series->type() != QAbstractSeries::SeriesTypeHorizontalBar;
        int categories = 0;
        for (const QBarSet* set : series->barSets())
            categories = std::max(categories, set->count());
        const qreal extent = horizontal ? plot.height() : plot.width();
        const qreal bar = extent / std::max(1, categories) * series->barWidth() /
                          (stacked ? 1 : series->barSets().size());
        const qreal need = horizontal
                               ? QFontMetricsF(series->barSets().front()->labelFont()).height()
                               : widestValueLabel(series, chart->locale());
        if (need > bar * 0.98)
            series->setLabelsVisible(false);
    }
}

/// Turns the bars on their side (bar_turn.h). The turned series' value
/// labels are fitted as the original's were; the original keeps its own.
bool turnBars(FitUndo::State& saved, QBarCategoryAxis* categories)
{
    saved.turned = TurnedBars::turn(saved.chart, categories);
    if (!saved.turned.isTurned())
        return false;
    for (FitUndo::State::Labels& labels : saved.labels)
        if (labels.series == saved.turned.originalSeries()) {
            labels.series->setLabelsVisible(labels.visible);
            labels.series = saved.turned.turnedSeries();
        }
    return true;
}

bool isCut(const QString& text)
{
    return text.contains(kEllipsis) || text.contains(kCut);
}

} // namespace

QStringList cutTexts(const QGraphicsScene* scene)
{
    QStringList cut;
    for (const QGraphicsItem* item : scene->items()) {
        if (!item->isVisible())
            continue;
        QString text;
        if (const auto* rich = dynamic_cast<const QGraphicsTextItem*>(item))
            text = rich->toPlainText();
        else if (const auto* simple = dynamic_cast<const QGraphicsSimpleTextItem*>(item))
            text = simple->text();
        if (isCut(text))
            cut << text.simplified();
    }
    return cut;
}

FitUndo fitChart(QChart* chart, QGraphicsScene* scene, QSizeF size)
{
    FitUndo undo;
    undo.state = std::make_unique<FitUndo::State>();
    FitUndo::State& saved = *undo.state;
    saved.chart = chart;
    saved.title = chart->title();
    saved.titleFont = chart->titleFont();
    saved.legendFont = chart->legend()->font();
    for (QAbstractAxis* axis : chart->axes()) {
        FitUndo::State::Axis one{
            axis, axis->titleText(), axis->titleFont(), axis->labelsFont(), axis->labelsAngle(),
            {}};
        if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis))
            one.categories = categories->categories();
        else if (auto* ranges = qobject_cast<QCategoryAxis*>(axis))
            one.categories = ranges->categoriesLabels();
        saved.axes.push_back(one);
    }
    for (QAbstractSeries* one : chart->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(one))
            saved.labels.push_back({bars, bars->isLabelsVisible()});

    const QMarginsF margins = chart->margins();
    const qreal titleWidth = size.width() - margins.left() - margins.right() - 24;
    qreal titleShrink = 1.0;
    qreal legendShrink = 1.0;
    std::vector<qreal> axisShrink(saved.axes.size(), 1.0);
    std::vector<qreal> labelShrink(saved.axes.size(), 1.0);
    // Labels of a category axis with ranges ("Jan 27" under a month's bar)
    // broken at their spaces once cut.
    std::vector<bool> broken(saved.axes.size(), false);
    int legendWrap = 0; // entries wrapped to a width this many times narrower
    for (int round = 0; round < kMaxRounds; ++round) {
        fitTitle(chart, saved, titleWidth, titleShrink);
        chart->legend()->setFont(scaled(saved.legendFont, legendShrink));
        if (legendWrap > 0) {
            const auto markers = chart->legend()->markers();
            int shown = 0;
            for (QLegendMarker* marker : markers)
                shown += marker->isVisible() ? 1 : 0;
            const bool row = chart->legend()->alignment() & (Qt::AlignTop | Qt::AlignBottom);
            const qreal each = row ? (size.width() - 40) / std::max(1, shown) - 40
                                   : size.width() * 0.3 / legendWrap;
            for (QLegendMarker* marker : markers)
                if (marker->series())
                    marker->setLabel(
                        htmlLines(wrapWords(plain(marker->series()->name()),
                                            chart->legend()->font(), std::max<qreal>(60, each))));
        }
        layOut(chart, size);
        QRectF plot = chart->plotArea();
        bool turnedNow = false;
        for (std::size_t i = 0; i < saved.axes.size(); ++i) {
            QAbstractAxis* axis = saved.axes[i].axis;
            const bool across = axis->orientation() == Qt::Horizontal;
            fitAxisTitle(axis, saved.axes[i], (across ? plot.width() : plot.height()) - 8,
                         axisShrink[i]);
            if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis)) {
                if (!fitCategories(categories, saved.axes[i], plot, size, labelShrink[i],
                                   saved.turned.isTurned()) &&
                    !saved.turned.isTurned())
                    turnedNow = turnBars(saved, categories);
            } else {
                axis->setLabelsFont(scaled(saved.axes[i].labelsFont, labelShrink[i]));
                if (auto* ranges = qobject_cast<QCategoryAxis*>(axis)) {
                    QStringList labels = saved.axes[i].categories;
                    if (broken[i])
                        for (QString& label : labels)
                            label = htmlLines(plain(label).split(QLatin1Char(' ')));
                    setRangeLabels(ranges, labels);
                }
            }
        }
        if (turnedNow)
            continue; // laid out afresh, the labels now left of the bars
        layOut(chart, size);
        plot = chart->plotArea();
        for (const FitUndo::State::Labels& labels : saved.labels)
            labels.series->setLabelsVisible(labels.visible);
        fitValueLabels(chart, plot);
        layOut(chart, size);
        const QStringList cut = cutTexts(scene);
        if (cut.isEmpty())
            break;
        // Which elements were cut (their text starts like a cut one); each
        // is adjusted one step per round, however many of its labels were
        // cut (a step per label made twelve cut months 5-point type at once).
        bool titleCut = false, legendCut = false, unknownCut = false;
        std::vector<bool> axisTitleCut(saved.axes.size(), false);
        std::vector<bool> labelsCut(saved.axes.size(), false);
        for (QString text : cut) {
            text.remove(kEllipsis);
            text.remove(kCut);
            text = text.simplified();
            bool known = false;
            if (plain(chart->title()).startsWith(text))
                known = titleCut = true;
            for (std::size_t i = 0; i < saved.axes.size(); ++i) {
                QAbstractAxis* axis = saved.axes[i].axis;
                if (plain(axis->titleText()).startsWith(text))
                    known = axisTitleCut[i] = true;
                QStringList labels;
                if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis))
                    labels = categories->categories();
                else if (auto* ranges = qobject_cast<QCategoryAxis*>(axis))
                    labels = ranges->categoriesLabels();
                for (const QString& label : labels)
                    if (plain(label).startsWith(text)) {
                        known = labelsCut[i] = true;
                        break;
                    }
            }
            for (QLegendMarker* marker : chart->legend()->markers())
                if (plain(marker->label()).startsWith(text)) {
                    known = legendCut = true;
                    break;
                }
            unknownCut = unknownCut || !known;
        }
        if (titleCut)
            titleShrink *= 0.9;
        for (std::size_t i = 0; i < saved.axes.size(); ++i) {
            if (axisTitleCut[i])
                axisShrink[i] *= 0.9;
            if (!labelsCut[i])
                continue;
            // Ranged labels ("Jan 27" under a month's bar) are broken at
            // their spaces first; then, as bar category labels, smaller.
            if (qobject_cast<QCategoryAxis*>(saved.axes[i].axis.data()) && !broken[i])
                broken[i] = true;
            else
                labelShrink[i] *= 0.9;
        }
        if (legendCut) {
            if (legendWrap < 2)
                ++legendWrap;
            else
                legendShrink *= 0.9;
        }
        if (unknownCut) { // not recognised: everything a little smaller
            titleShrink *= 0.95;
            legendShrink *= 0.95;
            for (std::size_t i = 0; i < saved.axes.size(); ++i)
                labelShrink[i] *= 0.95;
        }
    }
    return undo;
}

} // namespace fleet::gui
