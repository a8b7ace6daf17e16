// The slide deck: the .pptx unzipped (libzip) — slide count, every
// relationship's target present, every part with its content type, notes per
// slide, 16:9 — the PDF deck with one page per slide, and, where LibreOffice
// is installed, the .pptx converted by it. Slides written as PNGs to look at.

#include "charts/tornado_chart.h"
#include "compute/plan_results.h"
#include "export/deck_export.h"
#include "store/project_json.h"

#include <QDomDocument>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <zip.h>

using namespace fleet;
using namespace fleet::gui;

namespace {

std::map<QString, QByteArray> unzip(const QString& path)
{
    std::map<QString, QByteArray> parts;
    int code = 0;
    zip_t* zip = zip_open(QFile::encodeName(path).constData(), ZIP_RDONLY, &code);
    if (!zip)
        return parts;
    const zip_int64_t count = zip_get_num_entries(zip, 0);
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t stat;
        if (zip_stat_index(zip, zip_uint64_t(i), 0, &stat) < 0)
            continue;
        QByteArray data(qsizetype(stat.size), '\0');
        if (zip_file_t* file = zip_fopen_index(zip, zip_uint64_t(i), 0)) {
            if (zip_fread(file, data.data(), stat.size) == zip_int64_t(stat.size))
                parts[QString::fromUtf8(stat.name)] = data;
            zip_fclose(file);
        }
    }
    zip_close(zip);
    return parts;
}

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
        m_results.frontiers = computeFrontiers(m_results.project, m_results.evaluation);
        QVERIFY(m_dir.isValid());
    }

    void slidesAreTitleChartsTableAssumptions()
    {
        const std::vector<DeckSlide> slides = deckSlides(m_results);
        // Nine charts (no packing trace), the cover, the KPI table, the assumptions.
        QCOMPARE(slides.size(), std::size_t(12));
        QCOMPARE(slides.front().kind, DeckSlide::Kind::Title);
        QVERIFY(slides.front().subtitle.contains(QStringLiteral("Reserve 60 %")));
        for (std::size_t i = 1; i + 2 < slides.size(); ++i) {
            QCOMPARE(slides[i].kind, DeckSlide::Kind::Chart);
            QVERIFY(!slides[i].title.isEmpty());
            QVERIFY(slides[i].notes.contains(QStringLiteral("Data:")));
            QCOMPARE(slides[i].image.width(), 2560); // high resolution: 2× of 1280 points
        }
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
        QCOMPARE(slides, 12);
        QCOMPARE(notes, 12);
        for (const QString& part :
             {QStringLiteral("ppt/presentation.xml"), QStringLiteral("ppt/slides/slide1.xml"),
              QStringLiteral("ppt/slideMasters/slideMaster1.xml"),
              QStringLiteral("ppt/theme/theme1.xml")})
            QVERIFY2(overridden.contains(part), qPrintable(part));
        const QString presentation =
            QString::fromUtf8(parts.at(QStringLiteral("ppt/presentation.xml")));
        QVERIFY(presentation.contains(QStringLiteral("<p:sldSz cx=\"12192000\" cy=\"6858000\"/>")));
        QCOMPARE(presentation.count(QStringLiteral("<p:sldId ")), 12);
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
        QCOMPARE(bytes.count(QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]"))), 12);
        QVERIFY(QRegularExpression(QStringLiteral(R"(/MediaBox \[0 0 960(\.0+)? 540(\.0+)?\])"))
                    .match(bytes)
                    .hasMatch());
        QVERIFY(!exportDeck(m_results, m_dir.filePath(QStringLiteral("deck.key")), &error));
        QVERIFY(error.contains(QStringLiteral(".pptx or .pdf")));
    }

    void libreOfficeOpensIt()
    {
        const QString soffice = QStandardPaths::findExecutable(QStringLiteral("soffice"));
        if (soffice.isEmpty())
            QSKIP("LibreOffice (soffice) is not installed: the .pptx was checked unzipped only");
        const QString path = m_dir.filePath(QStringLiteral("lo.pptx"));
        QString error;
        QVERIFY2(exportDeck(m_results, path, &error), qPrintable(error));
        QProcess convert;
        convert.start(soffice,
                      {QStringLiteral("--headless"), QStringLiteral("--convert-to"),
                       QStringLiteral("pdf"), QStringLiteral("--outdir"), m_dir.path(), path});
        QVERIFY(convert.waitForFinished(180000));
        QVERIFY(QFileInfo(m_dir.filePath(QStringLiteral("lo.pdf"))).size() > 10000);
    }
};

QTEST_MAIN(TestDeckExport)
#include "test_deck_export.moc"
