// The deck as LibreOffice Impress opens it: `fleetplanner-cli deck` writes the
// .pptx, `soffice --headless --convert-to` turns it into a PDF (one page per
// slide) and into Impress' own format (.odp), where each slide is a page with
// its title as text and its chart as the full-resolution picture. Needs
// LibreOffice (Debian: libreoffice-impress); without `soffice` on PATH the
// test exits 77, which CTest reports as skipped.

#include "cli_run.h"
#include "support/fleet_test.h"
#include "zip_parts.h"

#include <QDomDocument>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>
#include <QtEndian>
#include <QtTest>

#include <cstdio>
#include <vector>

using fleet::test::runCli;
using fleet::test::unzip;

namespace {

constexpr int kSkipped = 77;

/// What a slide of the .pptx holds: its title and whether it has a picture.
struct PptxSlide
{
    QString title;
    bool picture = false;
};

/// The elements under `root` whose local name is `name`, in document order.
QList<QDomElement> descendants(const QDomElement& root, const QString& name)
{
    QList<QDomElement> found;
    for (QDomElement e = root.firstChildElement(); !e.isNull(); e = e.nextSiblingElement()) {
        if (e.localName() == name)
            found << e;
        found << descendants(e, name);
    }
    return found;
}

/// The texts of the elements under `root` named `name`, joined by spaces.
QString texts(const QDomElement& root, const QString& name)
{
    QStringList all;
    for (const QDomElement& e : descendants(root, name))
        all << e.text();
    return all.join(QLatin1Char(' ')).simplified();
}

/// A PNG's width from its IHDR chunk (0 if it is not a PNG).
quint32 pngWidth(const QByteArray& png)
{
    if (png.size() < 24 || !png.startsWith("\x89PNG"))
        return 0;
    return qFromBigEndian<quint32>(png.constData() + 16);
}

} // namespace

class TestCliDeckImpress : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_soffice;
    QString m_pptx;
    std::vector<PptxSlide> m_slides;

    /// Converts the deck with LibreOffice to `format` ("pdf", "odp"); the
    /// file written, or empty. Its own profile, so no user's settings count.
    QString convert(const QString& format)
    {
        QProcess soffice;
        soffice.start(
            m_soffice,
            {QStringLiteral("-env:UserInstallation=") +
                 QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("profile"))).toString(),
             QStringLiteral("--headless"), QStringLiteral("--convert-to"), format,
             QStringLiteral("--outdir"), m_dir.path(), m_pptx});
        if (!soffice.waitForFinished(240000) || soffice.exitCode() != 0) {
            qWarning("soffice: %s", soffice.readAllStandardError().constData());
            return {};
        }
        const QString out = m_dir.filePath(QStringLiteral("deck.") + format);
        return QFileInfo::exists(out) ? out : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_soffice = QStandardPaths::findExecutable(QStringLiteral("soffice"));
        QVERIFY(!m_soffice.isEmpty()); // main() skips without it
        m_pptx = m_dir.filePath(QStringLiteral("deck.pptx"));
        const auto run =
            runCli({QStringLiteral("deck"), QStringLiteral(":sample"), QStringLiteral("--scenario"),
                    QStringLiteral("reserve-60"), QStringLiteral("-o"), m_pptx});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const auto parts = unzip(m_pptx);
        for (int n = 1;; ++n) {
            const auto slide = parts.find(QStringLiteral("ppt/slides/slide%1.xml").arg(n));
            if (slide == parts.end())
                break;
            QDomDocument xml;
            QVERIFY(xml.setContent(slide->second, true));
            const QDomElement root = xml.documentElement();
            // The title is the slide's first shape's text.
            const QList<QDomElement> shapes = descendants(root, QStringLiteral("sp"));
            QVERIFY(!shapes.isEmpty());
            m_slides.push_back({texts(shapes.front(), QStringLiteral("t")),
                                !descendants(root, QStringLiteral("pic")).isEmpty()});
        }
        // The cover, ten charts (the optimizer's plan among them), KPIs, assumptions.
        QCOMPARE(m_slides.size(), std::size_t(13));
    }

    void thePdfHasAPagePerSlide()
    {
        const QString pdf = convert(QStringLiteral("pdf"));
        QVERIFY(!pdf.isEmpty());
        QFile file(pdf);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString bytes = QString::fromLatin1(file.readAll());
        QCOMPARE(bytes.count(QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]"))),
                 int(m_slides.size()));
        // A 16:9 page: 960 × 540 points (LibreOffice writes 960.0094…).
        static const QRegularExpression page(
            QStringLiteral(R"(/MediaBox\s*\[\s*0 0 96\d(\.\d+)? 54\d(\.\d+)?\s*\])"));
        QVERIFY2(page.match(bytes).hasMatch(), "no 16:9 page");
        // The slides' text in the theme's font, the charts' (not Impress' default).
        QVERIFY(bytes.contains(QStringLiteral("DejaVuSans")));
        QVERIFY(!bytes.contains(QStringLiteral("LiberationSans")));
        int pictures = 0;
        for (const PptxSlide& slide : m_slides)
            pictures += slide.picture ? 1 : 0;
        QVERIFY(bytes.count(QRegularExpression(QStringLiteral("/Subtype\\s*/Image"))) >= pictures);
    }

    void impressShowsEachSlidesTitleAndPicture()
    {
        const QString odp = convert(QStringLiteral("odp"));
        QVERIFY(!odp.isEmpty());
        const auto parts = unzip(odp);
        QVERIFY(parts.count(QStringLiteral("content.xml")));
        QDomDocument content;
        QVERIFY(content.setContent(parts.at(QStringLiteral("content.xml")), true));
        const QString draw = QStringLiteral("urn:oasis:names:tc:opendocument:xmlns:drawing:1.0");
        const QString xlink = QStringLiteral("http://www.w3.org/1999/xlink");
        const QDomNodeList pages = content.elementsByTagNameNS(draw, QStringLiteral("page"));
        QCOMPARE(pages.size(), int(m_slides.size()));
        int pictures = 0;
        for (int p = 0; p < pages.size(); ++p) {
            const QDomElement page = pages.at(p).toElement();
            const PptxSlide& slide = m_slides[std::size_t(p)];
            const QString shown = texts(page, QStringLiteral("p"));
            QVERIFY2(shown.contains(slide.title),
                     qPrintable(QStringLiteral("page %1: '%2' not in '%3'")
                                    .arg(p + 1)
                                    .arg(slide.title, shown.left(200))));
            // Its pictures (a table also has a preview image, .svm).
            QStringList pngs;
            for (const QDomElement& image : descendants(page, QStringLiteral("image"))) {
                const QString href = image.attributeNS(xlink, QStringLiteral("href"));
                if (href.endsWith(QStringLiteral(".png")))
                    pngs << href;
            }
            if (!slide.picture) {
                QVERIFY2(pngs.isEmpty(), qPrintable(QStringLiteral("page %1").arg(p + 1)));
                continue;
            }
            QCOMPARE(pngs.size(), 1);
            QVERIFY2(parts.count(pngs[0]),
                     qPrintable(QStringLiteral("page %1: %2 missing").arg(p + 1).arg(pngs[0])));
            // The chart at the resolution written: 2 × 1280 points wide.
            QCOMPARE(pngWidth(parts.at(pngs[0])), 2560u);
            ++pictures;
        }
        QCOMPARE(pictures, int(m_slides.size()) - 3); // all but the cover, KPIs, assumptions
    }
};

namespace {

/// Skipped, saying why, where LibreOffice Impress is not installed: soffice
/// with another module alone (Calc, to print a workbook) opens no .pptx. A
/// module installed leaves its registry beside the program
/// (share/registry/impress.xcd).
int needsImpress()
{
    const QString soffice = QStandardPaths::findExecutable(QStringLiteral("soffice"));
    const QString program = QFileInfo(QFileInfo(soffice).canonicalFilePath()).absolutePath();
    if (!soffice.isEmpty() &&
        QFileInfo::exists(program + QStringLiteral("/../share/registry/impress.xcd")))
        return -1;
    std::puts(soffice.isEmpty()
                  ? "SKIP: LibreOffice (soffice) is not on PATH; the deck is checked unzipped "
                    "by test_deck_export only (Debian: libreoffice-impress)"
                  : "SKIP: LibreOffice is installed without Impress (no "
                    "share/registry/impress.xcd); the deck is checked unzipped by "
                    "test_deck_export only (Debian: libreoffice-impress)");
    return kSkipped;
}

} // namespace

FLEET_TEST_MAIN_WITH_SETUP(TestCliDeckImpress, needsImpress)

#include "test_cli_deck_impress.moc"
