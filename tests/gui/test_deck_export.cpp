// The slide deck: the .pptx unzipped (libzip) — slide count, every
// relationship's target present, every part with its content type, notes per
// slide, 16:9 — and the PDF deck with one page per slide; the optimizer's
// plan has its slide once solved. Slides written as PNGs to look at. The
// .pptx as LibreOffice Impress opens it: tests/cli/test_cli_deck_impress.cpp.

#include "../cli/zip_parts.h"
#include "charts/tornado_chart.h"
#include "compute/optimizer_plan.h"
#include "compute/plan_results.h"
#include "export/deck_export.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QDomDocument>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace fleet;
using namespace fleet::gui;
using fleet::test::unzip;

namespace {

/// "ppt/slides/_rels/slide1.xml.rels" + "../media/image1.png" → "ppt/media/image1.png".
QString resolve(const QString& relsPart, const QString& target)
{
    QString folder = relsPart.section(QStringLiteral("/_rels/"), 0, 0);
    if (relsPart.startsWith(QStringLiteral("_rels/")))
        folder.clear();
    return QDir::cleanPath(folder.isEmpty() ? target : folder + QLatin1Char('/') + target);
}

} // namespace

class TestDeckExport : public QObject
{
    Q_OBJECT

    PlanResults m_results;
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        auto project = loadSampleProject();
        QVERIFY(project);
        m_results =
            computePlanResults(project.value(), "reserve-60", defaultTornadoKpi(project.value()));
        m_results.frontiers =
            computeFrontiers(m_results.project, m_results.evaluation, nullptr, {}, 1); // one seed
        QVERIFY(m_dir.isValid());
        PlanResults unsolved = m_results;
        QCOMPARE(deckSlides(unsolved).size(), std::size_t(12)); // no optimizer's slide yet
        solveOptimizerPlan(m_results);
        QVERIFY(m_results.optimizer);
    }

    void slidesAreTitleChartsTableAssumptions()
    {
        const std::vector<DeckSlide> slides = deckSlides(m_results);
        // Ten charts (no packing trace; the optimizer's plan last), the cover,
        // the KPI table, the assumptions.
        QCOMPARE(slides.size(), std::size_t(13));
        QCOMPARE(slides.front().kind, DeckSlide::Kind::Title);
        QVERIFY(slides.front().subtitle.contains(QStringLiteral("Reserve 60 %")));
        for (std::size_t i = 1; i + 2 < slides.size(); ++i) {
            QCOMPARE(slides[i].kind, DeckSlide::Kind::Chart);
            QVERIFY(!slides[i].title.isEmpty());
            QVERIFY(slides[i].notes.contains(QStringLiteral("Data:")));
            QCOMPARE(slides[i].image.width(), 2560); // high resolution: 2× of 1280 points
        }
        const DeckSlide& optimizer = slides[slides.size() - 3];
        QVERIFY2(optimizer.title.startsWith(QStringLiteral("Optimizer's regime mix")),
                 qPrintable(optimizer.title));
        QVERIFY2(optimizer.subtitle.startsWith(QStringLiteral("Exact solve: optimal")),
                 qPrintable(optimizer.subtitle));
        QVERIFY(optimizer.notes.contains(QStringLiteral("optimizer")));
        const DeckSlide& table = slides[slides.size() - 2];
        QCOMPARE(table.kind, DeckSlide::Kind::Table);
        QCOMPARE(table.table.front().size(), qsizetype(m_results.scenarios.size() + 1));
        const DeckSlide& assumptions = slides.back();
        QVERIFY(assumptions.lines.join('\n').contains(QStringLiteral("Price book:")));
        QVERIFY(assumptions.lines.join('\n').contains(QStringLiteral("Source:")));
        for (std::size_t i = 0; i < slides.size(); ++i)
            QVERIFY(renderSlide(slides[i]).save(
                QStringLiteral(FLEET_BINARY_DIR "/deck_slide_%1.png").arg(i + 1)));
    }

    void pptxPartsRelationshipsAndTypes()
    {
        const QString path = m_dir.filePath(QStringLiteral("deck.pptx"));
        QString error;
        QVERIFY2(exportDeck(m_results, path, &error), qPrintable(error));
        const auto parts = unzip(path);
        QVERIFY(parts.count(QStringLiteral("[Content_Types].xml")));
        QDomDocument types;
        QVERIFY(types.setContent(parts.at(QStringLiteral("[Content_Types].xml"))));
        QSet<QString> overridden;
        QSet<QString> defaults;
        for (QDomElement e = types.documentElement().firstChildElement(); !e.isNull();
             e = e.nextSiblingElement()) {
            if (e.tagName() == QLatin1String("Override"))
                overridden.insert(e.attribute(QStringLiteral("PartName")).mid(1));
            else
                defaults.insert(e.attribute(QStringLiteral("Extension")));
        }
        int slides = 0;
        int notes = 0;
        for (const auto& [name, data] : parts) {
            const QString suffix = QFileInfo(name).suffix();
            // Every part has a content type: its own, or its extension's.
            QVERIFY2(overridden.contains(name) || defaults.contains(suffix), qPrintable(name));
            if (suffix == QLatin1String("xml") || suffix == QLatin1String("rels")) {
                QDomDocument xml;
                QVERIFY2(xml.setContent(data), qPrintable(name + " is not well-formed XML"));
            }
            slides += QRegularExpression(QStringLiteral("^ppt/slides/slide\\d+\\.xml$"))
                          .match(name)
                          .hasMatch();
            notes += name.startsWith(QStringLiteral("ppt/notesSlides/notesSlide")) &&
                     suffix == QLatin1String("xml");
            if (!name.endsWith(QStringLiteral(".rels")))
                continue;
            // Every relationship's target is in the package.
            QDomDocument xml;
            xml.setContent(data);
            for (QDomElement e = xml.documentElement().firstChildElement(); !e.isNull();
                 e = e.nextSiblingElement()) {
                const QString target = resolve(name, e.attribute(QStringLiteral("Target")));
                QVERIFY2(parts.count(target), qPrintable(name + " → " + target));
            }
        }
        QCOMPARE(slides, 13);
        QCOMPARE(notes, 13);
        for (const QString& part :
             {QStringLiteral("ppt/presentation.xml"), QStringLiteral("ppt/slides/slide1.xml"),
              QStringLiteral("ppt/slideMasters/slideMaster1.xml"),
              QStringLiteral("ppt/theme/theme1.xml")})
            QVERIFY2(overridden.contains(part), qPrintable(part));
        const QString presentation =
            QString::fromUtf8(parts.at(QStringLiteral("ppt/presentation.xml")));
        QVERIFY(presentation.contains(QStringLiteral("<p:sldSz cx=\"12192000\" cy=\"6858000\"/>")));
        QCOMPARE(presentation.count(QStringLiteral("<p:sldId ")), 13);
        // A chart slide: its title as text, its chart as a PNG.
        const QString slide2 = QString::fromUtf8(parts.at(QStringLiteral("ppt/slides/slide2.xml")));
        QVERIFY(slide2.contains(QStringLiteral("<a:t>USD per million output tokens")));
        QVERIFY(parts.at(QStringLiteral("ppt/media/image2.png")).startsWith("\x89PNG"));
        QVERIFY(QString::fromUtf8(parts.at(QStringLiteral("ppt/notesSlides/notesSlide2.xml")))
                    .contains(QStringLiteral("Data:")));
        QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
    }

    void pdfDeckHasAPagePerSlide()
    {
        const QString path = m_dir.filePath(QStringLiteral("deck.pdf"));
        QString error;
        QVERIFY2(exportDeck(m_results, path, &error), qPrintable(error));
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QString bytes = QString::fromLatin1(pdf.readAll());
        QCOMPARE(bytes.count(QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]"))), 13);
        QVERIFY(QRegularExpression(QStringLiteral(R"(/MediaBox \[0 0 960(\.0+)? 540(\.0+)?\])"))
                    .match(bytes)
                    .hasMatch());
        QVERIFY(!exportDeck(m_results, m_dir.filePath(QStringLiteral("deck.key")), &error));
        QVERIFY(error.contains(QStringLiteral(".pptx or .pdf")));
    }
};

FLEET_TEST_MAIN(TestDeckExport)
#include "test_deck_export.moc"
