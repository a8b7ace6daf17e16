// The app's side of issue 33: its exports (the chart shown, Export All
// Charts, the workbook, the deck) refuse the open project's own file as a
// target, whatever it is called (a hard link with the export's suffix); an
// older project file opens upgraded in memory — read-only, saying why, from a
// read-only folder; elsewhere as it was until a save, which keeps NAME.v1.

#include "charts/chart_kinds.h"
#include "compute/recompute_service.h"
#include "document/project_document.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "store/project_json.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"
#include "support/scratch_mount.h"
#include "views/chart_tabs.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace fleet;
using namespace fleet::gui;

namespace {

const QString kGoldenV1 = QStringLiteral(FLEET_TEST_DATA_DIR "/golden/v1/sample-v1.fleetplan");

QByteArray bytesIn(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool hardLink(const QString& from, const QString& to)
{
    QFile::remove(to);
    return ::link(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) == 0;
}

} // namespace

class TestGuiExportTargets : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // no user settings or recovery files
        QVERIFY(m_dir.isValid());
    }

    void appExportsRefuseTheOpenProject()
    {
        const QString project = m_dir.filePath(QStringLiteral("plan.fleetplan"));
        QVERIFY(saveProjectFile(loadSampleProject().value(), project.toStdString()));
        MainWindow window;
        window.recompute()->setSlowEnabled(false);
        QVERIFY(window.openFile(project));
        QTRY_VERIFY_WITH_TIMEOUT(window.recompute()->upToDate(), fleet::gui::test::kPatienceMs);
        const QByteArray before = bytesIn(project);
        const auto refused = [&](const QString& error, const QString& link) {
            return error.contains(link) &&
                   error.contains(QStringLiteral("a file this command reads (same device and "
                                                 "inode)"));
        };
        QString error;
        const QString workbook = m_dir.filePath(QStringLiteral("plan.xlsx"));
        QVERIFY(hardLink(project, workbook));
        QVERIFY(!window.exportWorkbookTo(workbook, &error));
        QVERIFY2(refused(error, workbook), qPrintable(error));
        const QString deck = m_dir.filePath(QStringLiteral("plan.pptx"));
        QVERIFY(hardLink(project, deck));
        QVERIFY(!window.exportDeckTo(deck, &error));
        QVERIFY2(refused(error, deck), qPrintable(error));
        const QString chart = m_dir.filePath(QStringLiteral("plan.svg"));
        QVERIFY(hardLink(project, chart));
        window.charts()->setCurrentKind(ChartKind::Tornado);
        QVERIFY(!window.exportCurrentChart(chart, {}, &error));
        QVERIFY2(refused(error, chart), qPrintable(error));
        const QString folder = m_dir.filePath(QStringLiteral("charts"));
        QVERIFY(QDir().mkpath(folder));
        const QString inFolder = folder + QStringLiteral("/tornado-baseline.png");
        QVERIFY(hardLink(project, inFolder));
        QStringList written;
        QVERIFY(!window.exportAllChartsTo(folder, &written, &error));
        QVERIFY2(refused(error, inFolder), qPrintable(error));
        QCOMPARE(bytesIn(project), before);
        // Another file is written as before.
        QVERIFY2(window.exportWorkbookTo(m_dir.filePath(QStringLiteral("other.xlsx")), &error),
                 qPrintable(error));
    }

    /// In a writable folder: opened editable, the file as it was (no backup)
    /// until a save, which keeps it as NAME.v1 first; the status bar says so.
    void anOldFileOpensUpgradedInMemory()
    {
        const QString file = m_dir.filePath(QStringLiteral("old.fleetplan"));
        QVERIFY(QFile::copy(kGoldenV1, file));
        MainWindow window;
        window.recompute()->setSlowEnabled(false);
        QVERIFY(window.openFile(file));
        QVERIFY(window.document()->readOnlyReason().isEmpty());
        const QString said = window.statusBar()->currentMessage();
        QVERIFY2(said.contains(QStringLiteral("upgraded in memory")) &&
                     said.contains(QStringLiteral("old.fleetplan.v1")),
                 qPrintable(said));
        QCOMPARE(bytesIn(file), bytesIn(kGoldenV1));
        QVERIFY(!QFile::exists(file + QStringLiteral(".v1")));
        const auto refused = window.document()->save(); // what File → Save does
        QVERIFY2(!refused, refused ? qPrintable(*refused) : "");
        QCOMPARE(bytesIn(file + QStringLiteral(".v1")), bytesIn(kGoldenV1));
        QCOMPARE(projectFileVersion(file.toStdString()).value_or(-1), kFleetPlanSchemaVersion);
    }

    /// From a read-only folder (a read-only bind mount; root only): opened
    /// read-only, the banner giving the reason and the OS's refusal.
    void anOldFileInAReadOnlyFolderOpensReadOnly()
    {
        QTemporaryDir folder;
        QVERIFY(QFile::copy(kGoldenV1, folder.filePath(QStringLiteral("old.fleetplan"))));
        const fleet::test::ScratchMount view =
            fleet::test::ScratchMount::readOnlyView(folder.path());
        if (!view.ok())
            QSKIP(qPrintable(QStringLiteral("no read-only folder: ") + view.why()));
        MainWindow window;
        window.recompute()->setSlowEnabled(false);
        QVERIFY(window.openFile(view.filePath(QStringLiteral("old.fleetplan"))));
        const QString why = window.document()->readOnlyReason();
        QVERIFY2(why.contains(QStringLiteral("upgraded in memory only")) &&
                     why.contains(QStringLiteral("Read-only file system")) &&
                     why.contains(QStringLiteral("Save As")),
                 qPrintable(why));
        QCOMPARE(QDir(folder.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("old.fleetplan")});
    }
};

FLEET_TEST_MAIN(TestGuiExportTargets)
#include "test_gui_export_targets.moc"
