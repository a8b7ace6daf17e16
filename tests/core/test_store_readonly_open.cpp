// An old-format project opens from a read-only folder (issue 33, item 4):
// the upgrade happens in memory, nothing is written beside the file on open,
// and the backup NAME.v<N> is kept only by a save over it — which, in a
// read-only folder, fails with the OS's reason and leaves the file as it was.
// A backup that cannot be written stops the save (the failure injected with a
// folder planted at the backup's name, so this part runs without root too).

#include "file_bytes.h"
#include "golden_v1.h"
#include "store/project_json_writer.h"
#include "store/project_schema.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"
#include "support/scratch_mount.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

using namespace fleet;
using fleet::test::readBytes;
using fleet::test::ScratchMount;
using fleet::test::writeBytes;
namespace fs = std::filesystem;

namespace {

std::string errorOfReadonlyOpen(const Result<bool>& result)
{
    return result ? std::string() : result.error().toString();
}

std::vector<std::string> entriesOfFolder(const std::string& folder)
{
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

class TestStoreReadonlyOpen : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string copyOfGoldenV1(const QString& name) const
    {
        const std::string path = m_dir.filePath(name).toStdString();
        writeBytes(path, readBytes(test::kGoldenV1Sqlite));
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    /// A read-only bind mount of a folder holding a format-1 file: it opens,
    /// upgraded, and reads as the file a save would write; a save there fails
    /// naming the file system's refusal; nothing changes.
    void anOldFileOpensFromAReadOnlyFolder()
    {
        QTemporaryDir folder;
        const std::string original = folder.filePath(QStringLiteral("old.fleetplan")).toStdString();
        writeBytes(original, readBytes(test::kGoldenV1Sqlite));
        const ScratchMount view = ScratchMount::readOnlyView(folder.path());
        if (!view.ok())
            QSKIP(qPrintable(QStringLiteral("no read-only folder (the in-memory upgrade is still "
                                            "checked by the tests below): ") +
                             view.why()));
        const std::string file = view.filePath(QStringLiteral("old.fleetplan")).toStdString();
        auto project = openProjectFile(file);
        QVERIFY2(project.ok(), project.ok() ? "" : project.error().toString().c_str());
        QCOMPARE(projectFileVersion(file).value_or(-1), 1);
        const std::string canonical = projectToJsonText(project.value());
        QVERIFY(canonical.find("\"format_version\"") != std::string::npos);
        // The save fails, with the folder's reason; the file is as it was.
        const auto saved = saveProjectFile(project.value(), file);
        QVERIFY(!saved.ok());
        QVERIFY2(errorOfReadonlyOpen(saved).find("Read-only file system") != std::string::npos,
                 errorOfReadonlyOpen(saved).c_str());
        QVERIFY(readBytes(original) == readBytes(test::kGoldenV1Sqlite));
        QCOMPARE(entriesOfFolder(folder.path().toStdString()),
                 std::vector<std::string>{"old.fleetplan"});
        // Saved elsewhere, it is the same project.
        const std::string copy = m_dir.filePath(QStringLiteral("saved-as.fleetplan")).toStdString();
        QVERIFY(saveProjectFile(project.value(), copy).ok());
        auto reopened = openProjectFile(copy);
        QVERIFY(reopened.ok());
        QCOMPARE(projectToJsonText(reopened.value()), canonical);
    }

    /// Opening never writes: no backup, no temporary, the bytes and the
    /// folder's entries as they were.
    void openingWritesNothing()
    {
        QTemporaryDir folder;
        const std::string file = folder.filePath(QStringLiteral("old.fleetplan")).toStdString();
        writeBytes(file, readBytes(test::kGoldenV1Sqlite));
        for (int i = 0; i < 2; ++i)
            QVERIFY(openProjectFile(file).ok());
        QVERIFY(readBytes(file) == readBytes(test::kGoldenV1Sqlite));
        QCOMPARE(entriesOfFolder(folder.path().toStdString()),
                 std::vector<std::string>{"old.fleetplan"});
    }

    /// The backup cannot be written (a folder planted at its name): the save
    /// is refused, naming the backup, and the old file stays.
    void aBackupThatCannotBeWrittenStopsTheSave()
    {
        const std::string file = copyOfGoldenV1(QStringLiteral("blocked.fleetplan"));
        auto project = openProjectFile(file);
        QVERIFY(project.ok());
        fs::create_directory(file + ".v1");
        const auto saved = saveProjectFile(project.value(), file);
        QVERIFY(!saved.ok());
        const std::string why = errorOfReadonlyOpen(saved);
        QVERIFY2(why.find("was not saved: ") != std::string::npos &&
                     why.find("could not keep a backup copy " + file + ".v1") != std::string::npos,
                 why.c_str());
        QVERIFY(readBytes(file) == readBytes(test::kGoldenV1Sqlite));
        fs::remove(file + ".v1");
        QVERIFY(saveProjectFile(project.value(), file).ok());
        QVERIFY(readBytes(file + ".v1") == readBytes(test::kGoldenV1Sqlite));
        QCOMPARE(projectFileVersion(file).value_or(-1), kFleetPlanSchemaVersion);
    }
};

FLEET_TEST_MAIN(TestStoreReadonlyOpen)
#include "test_store_readonly_open.moc"
