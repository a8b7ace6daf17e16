#include "export/deck_pptx.h"

#include "export/zip_check.h"
#include "io/export_target.h"

#include <QBuffer>
#include <QFile>
#include <QScopeGuard>

#include <zip.h>

namespace fleet::gui {

namespace {

// 16:9 in EMU (914,400 per inch): 13.333 × 7.5 inches.
constexpr qint64 kSlideWidth = 12192000;
constexpr qint64 kSlideHeight = 6858000;
constexpr qint64 kInch = 914400;

const QString kHeader =
    QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n");
const QString kNs = QStringLiteral(
    "xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" "
    "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\" "
    "xmlns:p=\"http://schemas.openxmlformats.org/presentationml/2006/main\"");
const QString kRel =
    QStringLiteral("http://schemas.openxmlformats.org/officeDocument/2006/relationships/");
const QString kPml =
    QStringLiteral("application/vnd.openxmlformats-officedocument.presentationml.");

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

struct Rel
{
    QString id;
    QString type; ///< the last part of the relationship type URI
    QString target;
};

QString rels(const std::vector<Rel>& list, const QString& base = kRel)
{
    QString xml =
        kHeader +
        QStringLiteral("<Relationships "
                       "xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">");
    for (const Rel& rel : list)
        xml += QStringLiteral("<Relationship Id=\"%1\" Type=\"%2\" Target=\"%3\"/>")
                   .arg(rel.id,
                        rel.type.startsWith(QStringLiteral("http")) ? rel.type : base + rel.type,
                        rel.target);
    return xml + QStringLiteral("</Relationships>");
}

const QString kGroup = QStringLiteral(
    "<p:nvGrpSpPr><p:cNvPr id=\"1\" name=\"\"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>"
    "<p:grpSpPr><a:xfrm><a:off x=\"0\" y=\"0\"/><a:ext cx=\"0\" cy=\"0\"/>"
    "<a:chOff x=\"0\" y=\"0\"/><a:chExt cx=\"0\" cy=\"0\"/></a:xfrm></p:grpSpPr>");

QString xfrm(qint64 x, qint64 y, qint64 cx, qint64 cy)
{
    return QStringLiteral("<a:xfrm><a:off x=\"%1\" y=\"%2\"/><a:ext cx=\"%3\" cy=\"%4\"/></a:xfrm>")
        .arg(x)
        .arg(y)
        .arg(cx)
        .arg(cy);
}

/// A run of text in the theme's font (DejaVu Sans, the charts' font): named
/// on the run, since LibreOffice Impress otherwise sets a text box in its
/// own default font (Liberation Sans).
QString run(const QString& text, int hundredthsPt, bool bold = false)
{
    return QStringLiteral("<a:r><a:rPr lang=\"en-US\" sz=\"%1\"%2 dirty=\"0\"><a:latin "
                          "typeface=\"+mn-lt\"/></a:rPr><a:t>%3</a:t></a:r>")
        .arg(hundredthsPt)
        .arg(bold ? QStringLiteral(" b=\"1\"") : QString())
        .arg(esc(text));
}

/// A text box of paragraphs (each a list of runs).
QString textBox(int id, const QString& name, qint64 x, qint64 y, qint64 cx, qint64 cy,
                const QStringList& paragraphs, const QString& align = QStringLiteral("l"),
                const QString& anchor = QStringLiteral("t"))
{
    QString body;
    for (const QString& p : paragraphs)
        body += QStringLiteral("<a:p><a:pPr algn=\"%1\"/>%2</a:p>").arg(align, p);
    return QStringLiteral(
               "<p:sp><p:nvSpPr><p:cNvPr id=\"%1\" name=\"%2\"/><p:cNvSpPr txBox=\"1\"/>"
               "<p:nvPr/></p:nvSpPr><p:spPr>%3<a:prstGeom prst=\"rect\"><a:avLst/>"
               "</a:prstGeom><a:noFill/></p:spPr><p:txBody><a:bodyPr wrap=\"square\" "
               "anchor=\"%4\"><a:normAutofit/></a:bodyPr><a:lstStyle/>%5</p:txBody></p:sp>")
        .arg(id)
        .arg(esc(name), xfrm(x, y, cx, cy), anchor, body);
}

QString picture(int id, const QString& relId, qint64 x, qint64 y, qint64 cx, qint64 cy)
{
    return QStringLiteral("<p:pic><p:nvPicPr><p:cNvPr id=\"%1\" name=\"Chart\"/><p:cNvPicPr>"
                          "<a:picLocks noChangeAspect=\"1\"/></p:cNvPicPr><p:nvPr/></p:nvPicPr>"
                          "<p:blipFill><a:blip r:embed=\"%2\"/><a:stretch><a:fillRect/></a:stretch>"
                          "</p:blipFill><p:spPr>%3<a:prstGeom prst=\"rect\"><a:avLst/></a:prstGeom>"
                          "</p:spPr></p:pic>")
        .arg(id)
        .arg(relId, xfrm(x, y, cx, cy));
}

QString table(int id, const std::vector<QStringList>& rows, qint64 x, qint64 y, qint64 cx)
{
    const int columns = rows.empty() ? 0 : int(rows.front().size());
    const qint64 first = columns > 1 ? cx * 3 / 10 : cx;
    const qint64 other = columns > 1 ? (cx - first) / (columns - 1) : 0;
    const qint64 rowHeight = 5 * kInch / 10;
    QString grid;
    for (int c = 0; c < columns; ++c)
        grid += QStringLiteral("<a:gridCol w=\"%1\"/>").arg(c == 0 ? first : other);
    QString body;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        body += QStringLiteral("<a:tr h=\"%1\">").arg(rowHeight);
        for (int c = 0; c < columns; ++c)
            body +=
                QStringLiteral("<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:pPr algn=\"%1\"/>%2"
                               "</a:p></a:txBody><a:tcPr anchor=\"ctr\"/></a:tc>")
                    .arg(c == 0 ? QStringLiteral("l") : QStringLiteral("r"),
                         run(rows[r].value(c), columns > 5 ? 1200 : 1400, r == 0));
        body += QStringLiteral("</a:tr>");
    }
    return QStringLiteral(
               "<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id=\"%1\" name=\"Table\"/>"
               "<p:cNvGraphicFramePr><a:graphicFrameLocks "
               "noGrp=\"1\"/></p:cNvGraphicFramePr><p:nvPr/>"
               "</p:nvGraphicFramePr><p:xfrm><a:off x=\"%2\" y=\"%3\"/><a:ext cx=\"%4\" cy=\"%5\"/>"
               "</p:xfrm><a:graphic><a:graphicData uri=\"http://schemas.openxmlformats.org/"
               "drawingml/2006/table\"><a:tbl><a:tblPr firstRow=\"1\" "
               "bandRow=\"1\"><a:tableStyleId>"
               "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}</a:tableStyleId></a:tblPr><a:tblGrid>%6"
               "</a:tblGrid>%7</a:tbl></a:graphicData></a:graphic></p:graphicFrame>")
        .arg(id)
        .arg(x)
        .arg(y)
        .arg(cx)
        .arg(rowHeight * qint64(rows.size()))
        .arg(grid, body);
}

QString slideXml(const DeckSlide& slide)
{
    QString shapes;
    const qint64 margin = kInch * 4 / 10;
    const qint64 width = kSlideWidth - 2 * margin;
    if (slide.kind == DeckSlide::Kind::Title) {
        shapes +=
            textBox(2, QStringLiteral("Title"), margin, kInch * 2, width, kInch * 2,
                    {run(slide.title, 4000, true)}, QStringLiteral("ctr"), QStringLiteral("b"));
        QStringList lines;
        for (const QString& line : slide.subtitle.split(QLatin1Char('\n')))
            lines << run(line, 2000);
        shapes += textBox(3, QStringLiteral("Subtitle"), margin, kInch * 42 / 10, width, kInch * 2,
                          lines, QStringLiteral("ctr"));
    } else {
        QStringList title{run(slide.title, 2800, true)};
        if (!slide.subtitle.isEmpty())
            title << run(slide.subtitle, 1300);
        // A subtitle (the inputs a tornado leaves out) takes up to three more lines.
        const qint64 titleHeight = slide.subtitle.isEmpty() ? kInch * 12 / 10 : kInch * 18 / 10;
        shapes += textBox(2, QStringLiteral("Title"), margin, kInch * 2 / 10, width, titleHeight,
                          title, QStringLiteral("l"), QStringLiteral("ctr"));
        const qint64 top = titleHeight + kInch * 2 / 10;
        if (slide.kind == DeckSlide::Kind::Chart) {
            const QSizeF size = slide.image.deviceIndependentSize();
            qint64 cx = width;
            qint64 cy = qint64(double(cx) * size.height() / size.width());
            if (top + cy > kSlideHeight - kInch / 10) {
                cy = kSlideHeight - kInch / 10 - top;
                cx = qint64(double(cy) * size.width() / size.height());
            }
            shapes += picture(3, QStringLiteral("rId2"), (kSlideWidth - cx) / 2, top, cx, cy);
        } else if (slide.kind == DeckSlide::Kind::Table) {
            shapes += table(3, slide.table, margin, top, width);
        } else {
            QStringList lines;
            for (const QString& line : slide.lines)
                lines << run(QStringLiteral("• ") + line, slide.lines.size() > 8 ? 1400 : 1800);
            shapes += textBox(3, QStringLiteral("Body"), margin, top, width,
                              kSlideHeight - top - kInch / 2, lines);
        }
    }
    return kHeader + QStringLiteral("<p:sld %1><p:cSld><p:spTree>%2%3</p:spTree></p:cSld>"
                                    "<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>")
                         .arg(kNs, kGroup, shapes);
}

QString notesXml(const QString& notes)
{
    return kHeader +
           QStringLiteral("<p:notes %1><p:cSld><p:spTree>%2<p:sp><p:nvSpPr><p:cNvPr id=\"2\" "
                          "name=\"Notes\"/><p:cNvSpPr><a:spLocks noGrp=\"1\"/></p:cNvSpPr><p:nvPr>"
                          "<p:ph type=\"body\" idx=\"1\"/></p:nvPr></p:nvSpPr><p:spPr>%3</p:spPr>"
                          "<p:txBody><a:bodyPr/><a:lstStyle/><a:p>%4</a:p></p:txBody></p:sp>"
                          "</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr>"
                          "</p:notes>")
               .arg(kNs, kGroup, xfrm(685800, 4400550, 5486400, 3600450), run(notes, 1200));
}

const QString kClrMap = QStringLiteral(
    "<p:clrMap bg1=\"lt1\" tx1=\"dk1\" bg2=\"lt2\" tx2=\"dk2\" accent1=\"accent1\" "
    "accent2=\"accent2\" accent3=\"accent3\" accent4=\"accent4\" accent5=\"accent5\" "
    "accent6=\"accent6\" hlink=\"hlink\" folHlink=\"folHlink\"/>");

QString themeXml()
{
    QString fills;
    QString lines;
    QString effects;
    for (int i = 0; i < 3; ++i) {
        fills += QStringLiteral("<a:solidFill><a:schemeClr val=\"phClr\"/></a:solidFill>");
        lines += QStringLiteral("<a:ln w=\"%1\"><a:solidFill><a:schemeClr val=\"phClr\"/>"
                                "</a:solidFill></a:ln>")
                     .arg(6350 * (i + 1));
        effects += QStringLiteral("<a:effectStyle><a:effectLst/></a:effectStyle>");
    }
    const auto colour = [](const char* name, const char* rgb) {
        return QStringLiteral("<a:%1><a:srgbClr val=\"%2\"/></a:%1>")
            .arg(QLatin1String(name), QLatin1String(rgb));
    };
    const QString font = QStringLiteral("<a:latin typeface=\"DejaVu Sans\"/><a:ea typeface=\"\"/>"
                                        "<a:cs typeface=\"\"/>");
    return kHeader +
           QStringLiteral("<a:theme xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/"
                          "main\" name=\"FleetPlanner\"><a:themeElements><a:clrScheme "
                          "name=\"FleetPlanner\">") +
           colour("dk1", "000000") + colour("lt1", "FFFFFF") + colour("dk2", "333333") +
           colour("lt2", "EEF3F8") + colour("accent1", "209FDF") + colour("accent2", "99CA53") +
           colour("accent3", "F6A625") + colour("accent4", "6D5FD5") + colour("accent5", "BF593E") +
           colour("accent6", "2CA02C") + colour("hlink", "0563C1") + colour("folHlink", "954F72") +
           QStringLiteral(
               "</a:clrScheme><a:fontScheme name=\"FleetPlanner\"><a:majorFont>%1"
               "</a:majorFont><a:minorFont>%1</a:minorFont></a:fontScheme><a:fmtScheme "
               "name=\"FleetPlanner\"><a:fillStyleLst>%2</a:fillStyleLst><a:lnStyleLst>%3"
               "</a:lnStyleLst><a:effectStyleLst>%4</a:effectStyleLst><a:bgFillStyleLst>%2"
               "</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>")
               .arg(font, fills, lines, effects);
}

struct Part
{
    QString name;
    QByteArray data;
};

} // namespace

bool writePptx(const std::vector<DeckSlide>& slides, const QString& title, const QString& path,
               QString* error, const std::vector<std::string>& inputs)
{
    std::vector<Part> parts;
    const auto add = [&parts](const QString& name, const QString& xml) {
        parts.push_back({name, xml.toUtf8()});
    };
    QString overrides;
    const auto type = [&overrides](const QString& part, const QString& contentType) {
        overrides += QStringLiteral("<Override PartName=\"/%1\" ContentType=\"%2\"/>")
                         .arg(part, contentType);
    };

    add(QStringLiteral("_rels/.rels"),
        rels({{"rId1", "officeDocument", "ppt/presentation.xml"},
              {"rId2",
               "http://schemas.openxmlformats.org/package/2006/relationships/metadata/"
               "core-properties",
               "docProps/core.xml"},
              {"rId3", "extended-properties", "docProps/app.xml"}}));
    add(QStringLiteral("docProps/core.xml"),
        kHeader +
            QStringLiteral(
                "<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/"
                "metadata/core-properties\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
                "<dc:title>%1</dc:title><dc:creator>FleetPlanner</dc:creator>"
                "</cp:coreProperties>")
                .arg(esc(title)));
    type(QStringLiteral("docProps/core.xml"),
         QStringLiteral("application/vnd.openxmlformats-package.core-properties+xml"));
    add(QStringLiteral("docProps/app.xml"),
        kHeader + QStringLiteral("<Properties xmlns=\"http://schemas.openxmlformats.org/"
                                 "officeDocument/2006/extended-properties\"><Application>"
                                 "FleetPlanner</Application><Slides>%1</Slides></Properties>")
                      .arg(slides.size()));
    type(QStringLiteral("docProps/app.xml"),
         QStringLiteral("application/vnd.openxmlformats-officedocument.extended-properties+xml"));

    // Master, layout, notes master and their themes.
    add(QStringLiteral("ppt/theme/theme1.xml"), themeXml());
    add(QStringLiteral("ppt/theme/theme2.xml"), themeXml());
    for (const char* theme : {"ppt/theme/theme1.xml", "ppt/theme/theme2.xml"})
        type(QLatin1String(theme),
             QStringLiteral("application/vnd.openxmlformats-officedocument.theme+xml"));
    add(QStringLiteral("ppt/slideMasters/slideMaster1.xml"),
        kHeader +
            QStringLiteral("<p:sldMaster %1><p:cSld><p:bg><p:bgRef idx=\"1001\"><a:schemeClr "
                           "val=\"bg1\"/></p:bgRef></p:bg><p:spTree>%2</p:spTree></p:cSld>%3"
                           "<p:sldLayoutIdLst><p:sldLayoutId id=\"2147483649\" r:id=\"rId1\"/>"
                           "</p:sldLayoutIdLst><p:txStyles><p:titleStyle><a:lvl1pPr><a:defRPr "
                           "sz=\"3200\"/></a:lvl1pPr></p:titleStyle><p:bodyStyle><a:lvl1pPr>"
                           "<a:defRPr sz=\"1800\"/></a:lvl1pPr></p:bodyStyle><p:otherStyle>"
                           "<a:lvl1pPr><a:defRPr sz=\"1800\"/></a:lvl1pPr></p:otherStyle>"
                           "</p:txStyles></p:sldMaster>")
                .arg(kNs, kGroup, kClrMap));
    add(QStringLiteral("ppt/slideMasters/_rels/slideMaster1.xml.rels"),
        rels({{"rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"},
              {"rId2", "theme", "../theme/theme1.xml"}}));
    type(QStringLiteral("ppt/slideMasters/slideMaster1.xml"), kPml + "slideMaster+xml");
    add(QStringLiteral("ppt/slideLayouts/slideLayout1.xml"),
        kHeader + QStringLiteral("<p:sldLayout %1 type=\"blank\" preserve=\"1\"><p:cSld "
                                 "name=\"Blank\"><p:spTree>%2</p:spTree></p:cSld><p:clrMapOvr>"
                                 "<a:masterClrMapping/></p:clrMapOvr></p:sldLayout>")
                      .arg(kNs, kGroup));
    add(QStringLiteral("ppt/slideLayouts/_rels/slideLayout1.xml.rels"),
        rels({{"rId1", "slideMaster", "../slideMasters/slideMaster1.xml"}}));
    type(QStringLiteral("ppt/slideLayouts/slideLayout1.xml"), kPml + "slideLayout+xml");
    add(QStringLiteral("ppt/notesMasters/notesMaster1.xml"),
        kHeader + QStringLiteral("<p:notesMaster %1><p:cSld><p:spTree>%2</p:spTree></p:cSld>%3"
                                 "</p:notesMaster>")
                      .arg(kNs, kGroup, kClrMap));
    add(QStringLiteral("ppt/notesMasters/_rels/notesMaster1.xml.rels"),
        rels({{"rId1", "theme", "../theme/theme2.xml"}}));
    type(QStringLiteral("ppt/notesMasters/notesMaster1.xml"), kPml + "notesMaster+xml");
    add(QStringLiteral("ppt/presProps.xml"),
        kHeader + QStringLiteral("<p:presentationPr %1/>").arg(kNs));
    type(QStringLiteral("ppt/presProps.xml"), kPml + "presProps+xml");
    add(QStringLiteral("ppt/tableStyles.xml"),
        kHeader + QStringLiteral("<a:tblStyleLst xmlns:a=\"http://schemas.openxmlformats.org/"
                                 "drawingml/2006/main\" def=\"{5C22544A-7EE6-4342-B048-"
                                 "85BDC9FD1C3A}\"/>"));
    type(QStringLiteral("ppt/tableStyles.xml"), kPml + "tableStyles+xml");

    // The slides, their notes and images.
    std::vector<Rel> presentationRels{{"rId1", "slideMaster", "slideMasters/slideMaster1.xml"},
                                      {"rId2", "notesMaster", "notesMasters/notesMaster1.xml"},
                                      {"rId3", "theme", "theme/theme1.xml"},
                                      {"rId4", "presProps", "presProps.xml"},
                                      {"rId5", "tableStyles", "tableStyles.xml"}};
    QString slideIds;
    for (std::size_t i = 0; i < slides.size(); ++i) {
        const QString n = QString::number(i + 1);
        const DeckSlide& slide = slides[i];
        add(QStringLiteral("ppt/slides/slide%1.xml").arg(n), slideXml(slide));
        type(QStringLiteral("ppt/slides/slide%1.xml").arg(n), kPml + "slide+xml");
        std::vector<Rel> slideRels{{"rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"}};
        if (slide.kind == DeckSlide::Kind::Chart) {
            QByteArray png;
            QBuffer buffer(&png);
            buffer.open(QIODevice::WriteOnly);
            slide.image.save(&buffer, "PNG");
            parts.push_back({QStringLiteral("ppt/media/image%1.png").arg(n), png});
            slideRels.push_back({"rId2", "image", QStringLiteral("../media/image%1.png").arg(n)});
        }
        add(QStringLiteral("ppt/notesSlides/notesSlide%1.xml").arg(n), notesXml(slide.notes));
        type(QStringLiteral("ppt/notesSlides/notesSlide%1.xml").arg(n), kPml + "notesSlide+xml");
        add(QStringLiteral("ppt/notesSlides/_rels/notesSlide%1.xml.rels").arg(n),
            rels({{"rId1", "notesMaster", "../notesMasters/notesMaster1.xml"},
                  {"rId2", "slide", QStringLiteral("../slides/slide%1.xml").arg(n)}}));
        slideRels.push_back(
            {"rId3", "notesSlide", QStringLiteral("../notesSlides/notesSlide%1.xml").arg(n)});
        add(QStringLiteral("ppt/slides/_rels/slide%1.xml.rels").arg(n), rels(slideRels));
        const QString relId = QStringLiteral("rId%1").arg(i + 10);
        presentationRels.push_back({relId, "slide", QStringLiteral("slides/slide%1.xml").arg(n)});
        slideIds += QStringLiteral("<p:sldId id=\"%1\" r:id=\"%2\"/>").arg(256 + i).arg(relId);
    }
    add(QStringLiteral("ppt/presentation.xml"),
        kHeader + QStringLiteral("<p:presentation %1><p:sldMasterIdLst><p:sldMasterId "
                                 "id=\"2147483648\" r:id=\"rId1\"/></p:sldMasterIdLst>"
                                 "<p:notesMasterIdLst><p:notesMasterId r:id=\"rId2\"/>"
                                 "</p:notesMasterIdLst><p:sldIdLst>%2</p:sldIdLst><p:sldSz "
                                 "cx=\"%3\" cy=\"%4\"/><p:notesSz cx=\"6858000\" cy=\"9144000\"/>"
                                 "</p:presentation>")
                      .arg(kNs, slideIds)
                      .arg(kSlideWidth)
                      .arg(kSlideHeight));
    add(QStringLiteral("ppt/_rels/presentation.xml.rels"), rels(presentationRels));
    type(QStringLiteral("ppt/presentation.xml"), kPml + "presentation.main+xml");
    add(QStringLiteral("[Content_Types].xml"),
        kHeader + QStringLiteral("<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/"
                                 "content-types\"><Default Extension=\"rels\" ContentType=\""
                                 "application/vnd.openxmlformats-package.relationships+xml\"/>"
                                 "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
                                 "<Default Extension=\"png\" ContentType=\"image/png\"/>%1</Types>")
                      .arg(overrides));
    // [Content_Types].xml first, as readers expect.
    std::rotate(parts.rbegin(), parts.rbegin() + 1, parts.rend());

    // Zipped (libzip) in memory, checked, then written through io/export_target: an
    // exclusive temporary beside the target, its size and its zip re-read checked, renamed
    // over it; whole or not at all, never through a planted link nor over an input.
    const auto failed = [&](const QString& why) {
        *error = QObject::tr("%1: cannot be written: %2").arg(path, why);
        return false;
    };
    zip_error_t zipError;
    zip_error_init(&zipError);
    zip_source_t* memory = zip_source_buffer_create(nullptr, 0, 0, &zipError);
    zip_t* zip = memory ? zip_open_from_source(memory, ZIP_TRUNCATE, &zipError) : nullptr;
    if (!zip) {
        const QString why = QString::fromUtf8(zip_error_strerror(&zipError));
        zip_error_fini(&zipError);
        if (memory)
            zip_source_free(memory);
        return failed(why);
    }
    zip_error_fini(&zipError);
    zip_source_keep(memory); // read after zip_close
    const auto freeMemory = qScopeGuard([memory] { zip_source_free(memory); });
    for (const Part& part : parts) {
        // The buffers outlive zip_close (parts is alive until the end).
        zip_source_t* source =
            zip_source_buffer(zip, part.data.constData(), zip_uint64_t(part.data.size()), 0);
        if (!source || zip_file_add(zip, part.name.toUtf8().constData(), source,
                                    ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE) < 0) {
            const QString why =
                part.name + QStringLiteral(": ") + QString::fromUtf8(zip_strerror(zip));
            if (source)
                zip_source_free(source);
            zip_discard(zip);
            return failed(why);
        }
    }
    if (zip_close(zip) < 0) {
        const QString why = QString::fromUtf8(zip_strerror(zip));
        zip_discard(zip);
        return failed(why);
    }
    std::string bytes;
    zip_stat_t size;
    zip_stat_init(&size);
    if (zip_source_stat(memory, &size) != 0 || zip_source_open(memory) != 0)
        return failed(QString::fromUtf8(zip_error_strerror(zip_source_error(memory))));
    bytes.resize(std::size_t(size.size));
    const zip_int64_t read = zip_source_read(memory, bytes.data(), size.size);
    zip_source_close(memory);
    if (read != zip_int64_t(size.size))
        return failed(QObject::tr("the zipped deck could not be read back"));
    const auto written =
        writeExportFile(QFile::encodeName(path).toStdString(), bytes, inputs, checkZipFile);
    if (!written)
        return failed(QString::fromStdString(written.error().messages()));
    return true;
}

} // namespace fleet::gui
