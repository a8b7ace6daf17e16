// What XML cannot carry (issue 33, item 3): names full of XML's special
// characters, right-to-left marks and 2,000 characters leave every part of
// the workbook and the deck well-formed; noncharacters, C1 controls and lone
// surrogates are refused when a project is read, naming the field and the rule.

#include "export_check.h"
#include "support/fleet_test.h"

#include <QtTest>

using fleet::test::CliRun;
using fleet::test::runCli;

namespace {

/// Names that XML must escape or carry as they are.
QStringList xmlHardNames()
{
    return {QStringLiteral("<b>bold</b> & \"quoted\" 'single'"), QStringLiteral("end ]]> of CDATA"),
            QStringLiteral("RTL \u200F\u05E9\u05DC\u05D5\u05DD\u202E reversed\u202C"),
            QStringLiteral("%1 %2 &amp; &#xFFFE;"), QString(2000, QLatin1Char('n'))};
}

} // namespace

class TestCliExportXml : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    /// The workbook: names XML must escape, RTL marks, 2,000 characters.
    void workbookPartsParseWithHardNames()
    {
        fleet::test::checkWorkbookText(m_dir, QStringLiteral("xml"), xmlHardNames());
    }

    /// The deck (.pptx): every part well-formed with the same names, and the
    /// project's name on its title slide as written.
    void deckPartsParseWithHardNames()
    {
        const QString project = m_dir.filePath(QStringLiteral("deck.fleetplan.json"));
        QVERIFY(fleet::test::sampleNamed(m_dir, project, xmlHardNames()));
        const QString pptx = m_dir.filePath(QStringLiteral("deck.pptx"));
        const CliRun run = runCli({"deck", project, "--seeds", "1", "-o", pptx});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const auto parts = fleet::test::unzip(pptx);
        QVERIFY(parts.count(QStringLiteral("ppt/slides/slide1.xml")));
        QCOMPARE(fleet::test::malformedParts(parts), QStringList());
        const QStringList texts =
            fleet::test::textsOf(parts, QStringLiteral("ppt/slides/"), QStringLiteral("t"));
        QVERIFY2(texts.contains(xmlHardNames().front()), qPrintable(texts.mid(0, 5).join(" | ")));
    }

    /// Characters XML cannot carry, and C1 controls, are refused when a
    /// project is read: the field and the rule named.
    void charactersXmlCannotCarryAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("rule");
        QTest::newRow("U+FFFE") << QStringLiteral("a\uFFFEb")
                                << QStringLiteral("must not hold the Unicode noncharacter U+FFFE "
                                                  "(character 2)");
        QTest::newRow("U+FFFF") << QStringLiteral("\uFFFF")
                                << QStringLiteral("noncharacter U+FFFF (character 1)");
        QTest::newRow("U+FDD0") << QStringLiteral("ab\uFDD0")
                                << QStringLiteral("noncharacter U+FDD0 (character 3)");
        QTest::newRow("U+10FFFF") << QString::fromUcs4(U"x\U0010FFFF")
                                  << QStringLiteral("noncharacter U+10FFFF (character 2)");
        QTest::newRow("C1 NEL") << QStringLiteral("a\u0085b")
                                << QStringLiteral("must not hold the control character U+0085 "
                                                  "(character 2)");
    }

    void charactersXmlCannotCarryAreRefused()
    {
        QFETCH(QString, name);
        QFETCH(QString, rule);
        const QString project = m_dir.filePath(QStringLiteral("barred.fleetplan.json"));
        QVERIFY(fleet::test::sampleNamed(m_dir, project, {QStringLiteral("Fine"), name}));
        const QString xlsx = m_dir.filePath(QStringLiteral("barred.xlsx"));
        const CliRun run = runCli({"workbook", project, "-o", xlsx});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("/workloads/0/name")), qPrintable(run.err));
        QVERIFY2(run.err.contains(rule), qPrintable(run.err));
        QVERIFY(!QFile::exists(xlsx));
    }

    /// A lone surrogate written as a JSON escape is refused by the JSON reader.
    void loneSurrogateEscapeIsRefused()
    {
        const QString project = m_dir.filePath(QStringLiteral("surrogate.fleetplan.json"));
        QVERIFY(fleet::test::sampleNamed(m_dir, project, {QStringLiteral("SURROGATE-HERE")}));
        QFile file(project);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray json = file.readAll();
        file.close();
        json.replace("SURROGATE-HERE", "a\\ud800b");
        QVERIFY(fleet::test::writeTestFile(project, json));
        const CliRun run = runCli({"evaluate", project});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(QStringLiteral("surrogate")), qPrintable(run.err));
    }
};

FLEET_TEST_MAIN(TestCliExportXml)
#include "test_cli_export_xml.moc"
