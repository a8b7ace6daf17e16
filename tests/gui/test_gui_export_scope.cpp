// Exports say what they show (issue 32 item 6): the dialog before the file
// is chosen names the scenario on screen and the price book, and offers the
// baseline and (a deck) every scenario compared; the file written is of the
// choice made, whatever the screen shows. The workbook prints well: every
// sheet landscape and one page wide, its header row on every page, each
// chart under its table on a page of its own.

#include "../cli/zip_parts.h"
#include "compute/scenario_name.h"
#include "document/project_document.h"
#include "export/export_scope.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "support/fleet_test.h"
#include "views/chart_tabs.h"

#include <QFile>
#include <QLabel>
#include <QRadioButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace fleet;
using namespace fleet::gui;
using fleet::test::unzip;

class TestGuiExportScope : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

    void waitForResults()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window->recompute()->upToDate(), fleet::gui::test::kPatienceMs);
        QCoreApplication::processEvents();
    }

    QString firstScenarioName() const
    {
        return QString::fromStdString(m_window->document()->project().scenarios.front().name);
    }

private slots:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>();
        m_window->recompute()->setSlowEnabled(false);
        m_window->setProject(loadSampleProject().value());
        m_window->resize(1366, 768);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        waitForResults();
        // A scenario on screen, as when the deck said "A100 price −20 %".
        m_window->document()->setScenario(
            QString::fromStdString(m_window->document()->project().scenarios.front().id));
        waitForResults();
    }

    void cleanup()
    {
        m_window->document()->undoStack()->setClean();
        m_window.reset();
    }

    void theDialogNamesTheScenarioAndThePrices()
    {
        const ResultsPtr shown = m_window->charts()->results();
        QVERIFY(shown && !shown->scenario.empty());
        ExportScopeDialog dialog(*shown, QStringLiteral("deck"), true);
        QCOMPARE(dialog.findChildren<QRadioButton*>().size(), 3);
        QCOMPARE(dialog.scope(), ExportScope::Shown);
        const QString book = QString::fromStdString(shown->project.activePriceBook()->name);
        QVERIFY2(dialog.summary().contains(firstScenarioName()), qPrintable(dialog.summary()));
        QVERIFY2(dialog.summary().contains(book), qPrintable(dialog.summary()));
        dialog.setScope(ExportScope::Baseline);
        QCOMPARE(dialog.scope(), ExportScope::Baseline);
        QVERIFY2(dialog.summary().contains(QStringLiteral("Baseline")),
                 qPrintable(dialog.summary()));
        QVERIFY(!dialog.summary().contains(firstScenarioName()));
        dialog.setScope(ExportScope::AllScenarios);
        QVERIFY2(dialog.summary().contains(
                     QStringLiteral("all %1 scenarios").arg(shown->baseProject.scenarios.size())),
                 qPrintable(dialog.summary()));
        // The workbook's dialog offers no comparison deck.
        ExportScopeDialog workbook(*shown, QStringLiteral("workbook"), false);
        QCOMPARE(workbook.findChildren<QRadioButton*>().size(), 2);
        dialog.grab().save(QStringLiteral(FLEET_BINARY_DIR "/export_scope_dialog.png"));
        // File names say what they hold.
        QCOMPARE(scopeFileTail(*shown, ExportScope::Baseline), QStringLiteral("baseline"));
        QCOMPARE(scopeFileTail(*shown, ExportScope::AllScenarios), QStringLiteral("all-scenarios"));
        QVERIFY(!scopeFileTail(*shown, ExportScope::Shown).contains(QLatin1Char(' ')));
    }

    void theDeckIsOfTheChoiceMade()
    {
        QString error;
        const QString shownDeck = m_dir.filePath(QStringLiteral("shown.pptx"));
        const QString baseDeck = m_dir.filePath(QStringLiteral("baseline.pptx"));
        const QString allDeck = m_dir.filePath(QStringLiteral("all.pptx"));
        QVERIFY2(m_window->exportDeckTo(shownDeck, &error, ExportScope::Shown), qPrintable(error));
        QVERIFY2(m_window->exportDeckTo(baseDeck, &error, ExportScope::Baseline),
                 qPrintable(error));
        QVERIFY2(m_window->exportDeckTo(allDeck, &error, ExportScope::AllScenarios),
                 qPrintable(error));
        const auto cover = [](const QString& path) {
            return QString::fromUtf8(unzip(path).at(QStringLiteral("ppt/slides/slide1.xml")));
        };
        const QString name = firstScenarioName().toHtmlEscaped();
        QVERIFY(cover(shownDeck).contains(QStringLiteral("Scenario: ") + name));
        QVERIFY(cover(baseDeck).contains(QStringLiteral("Scenario: Baseline")));
        QVERIFY(cover(allDeck).contains(QStringLiteral("All scenarios compared")));
        // The comparison deck: the baseline's slides and one plan per scenario.
        const auto slides = [](const QString& path) {
            const QString presentation =
                QString::fromUtf8(unzip(path).at(QStringLiteral("ppt/presentation.xml")));
            return presentation.count(QStringLiteral("<p:sldId "));
        };
        QCOMPARE(slides(allDeck),
                 slides(baseDeck) + int(m_window->document()->project().scenarios.size()));
        // The screen still shows the scenario.
        QVERIFY(!m_window->document()->scenario().isEmpty());
    }

    void theChartIsOfTheChoiceMade()
    {
        // Export Chart asks too (the chart's dialog offers the scenario on
        // screen and the baseline) and its footer names what it shows.
        const ResultsPtr shown = m_window->charts()->results();
        ExportScopeDialog dialog(*shown, QStringLiteral("chart"), false);
        QCOMPARE(dialog.findChildren<QRadioButton*>().size(), 2);
        QVERIFY2(dialog.summary().contains(firstScenarioName()), qPrintable(dialog.summary()));
        QString error;
        const QString shownSvg = m_dir.filePath(QStringLiteral("shown.svg"));
        const QString baseSvg = m_dir.filePath(QStringLiteral("baseline.svg"));
        QVERIFY2(m_window->exportCurrentChart(shownSvg, {}, &error, ExportScope::Shown),
                 qPrintable(error));
        QVERIFY2(m_window->exportCurrentChart(baseSvg, {}, &error, ExportScope::Baseline),
                 qPrintable(error));
        const auto text = [](const QString& path) {
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
        };
        const QString name = firstScenarioName().toHtmlEscaped();
        QVERIFY2(text(shownSvg).contains(QStringLiteral("scenario ") + name), qPrintable(name));
        QVERIFY(text(baseSvg).contains(QStringLiteral("baseline scenario")));
        QVERIFY(!text(baseSvg).contains(QStringLiteral("scenario ") + name));
        QVERIFY(!m_window->document()->scenario().isEmpty());
    }

    void theWorkbookPrintsOnePageWideWithChartsOnPagesOfTheirOwn()
    {
        QString error;
        const QString path = m_dir.filePath(QStringLiteral("book.xlsx"));
        QVERIFY2(m_window->exportWorkbookTo(path, &error, ExportScope::Baseline),
                 qPrintable(error));
        const auto parts = unzip(path);
        int sheets = 0;
        int charted = 0;
        for (const auto& [name, bytes] : parts) {
            if (!name.startsWith(QStringLiteral("xl/worksheets/sheet")))
                continue;
            ++sheets;
            const QString xml = QString::fromUtf8(bytes);
            QVERIFY2(xml.contains(QStringLiteral("<pageSetUpPr fitToPage=\"1\"/>")),
                     qPrintable(name));
            QVERIFY2(xml.contains(QStringLiteral("orientation=\"landscape\"")), qPrintable(name));
            QVERIFY2(xml.contains(QStringLiteral("fitToHeight=\"0\"")), qPrintable(name));
            if (xml.contains(QStringLiteral("<drawing "))) {
                ++charted; // a page break before the chart
                QVERIFY2(xml.contains(QStringLiteral("<rowBreaks ")), qPrintable(name));
            }
        }
        QVERIFY(sheets >= 7);
        QVERIFY(charted >= 3);
        // The header row on every page: a print-titles name per sheet.
        const QString workbook = QString::fromUtf8(parts.at(QStringLiteral("xl/workbook.xml")));
        QVERIFY(workbook.count(QStringLiteral("_xlnm.Print_Titles")) >= sheets);
        // The scenarios' chart draws two figures of one span: the cost over
        // the horizon (the KPI list's row 3) and the savings (row 16, below
        // the network of pooled GPUs' row); it drew the mean monthly cost
        // (row 2) beside the bare-metal baseline (now row 15).
        int scenarioCharts = 0;
        for (const auto& [name, bytes] : parts) {
            const QString xml = QString::fromUtf8(bytes);
            if (!name.startsWith(QStringLiteral("xl/charts/chart")) ||
                !xml.contains(QStringLiteral("<c:f>Scenarios!")))
                continue;
            ++scenarioCharts;
            QVERIFY2(xml.contains(QStringLiteral("<c:f>Scenarios!$B$3</c:f>")), qPrintable(xml));
            QVERIFY2(xml.contains(QStringLiteral("<c:f>Scenarios!$B$16</c:f>")), qPrintable(xml));
            QVERIFY(!xml.contains(QStringLiteral("<c:f>Scenarios!$B$15</c:f>")));
            QVERIFY(!xml.contains(QStringLiteral("<c:f>Scenarios!$B$2</c:f>")));
        }
        QCOMPARE(scenarioCharts, 1);
    }
};

FLEET_TEST_MAIN(TestGuiExportScope)
#include "test_gui_export_scope.moc"
