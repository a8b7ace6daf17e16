// Damaged project files: a page copied over another or two pages swapped keep
// every page well-formed, so SQLite's quick_check passes them; open must still
// refuse them with their own message, and salvage must return what reads.

#include "file_bytes.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_salvage.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <random>

using namespace fleet;
using fleet::test::readBytes;
using fleet::test::writeBytes;
namespace fs = std::filesystem;

namespace {

/// The first line a PRAGMA check gives, straight from SQLite.
std::string check(const std::string& path, const char* pragma)
{
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return "cannot open";
    }
    sqlite3_stmt* statement = nullptr;
    std::string result = "cannot check";
    if (sqlite3_prepare_v2(db, pragma, -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW)
        result = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return result;
}

int pageSize(const std::string& path)
{
    sqlite3* db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt* statement = nullptr;
    int size = 0;
    if (sqlite3_prepare_v2(db, "PRAGMA page_size", -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW)
        size = sqlite3_column_int(statement, 0);
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return size;
}

/// The sample with many scenarios, so that their rows span several pages.
Project projectWithScenarios()
{
    Project project = loadSampleProject().value();
    for (int i = 0; i < 150; ++i) {
        Scenario scenario{"extra-" + std::to_string(i),
                          "Extra scenario " + std::to_string(i),
                          "A what-if kept to fill pages",
                          {}};
        scenario.overrides.push_back(
            {"/workloads/dev-notebooks/idle_timeout_min", std::to_string(i % 90)});
        scenario.overrides.push_back(
            {"/fleet/pools/h100-reserved/count", std::to_string(1000 + i)});
        scenario.overrides.push_back({"/name", "\"Variant " + std::to_string(i) + "\""});
        project.scenarios.push_back(std::move(scenario));
    }
    return project;
}

} // namespace

class TestStoreDamage : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string path(const char* name) const
    {
        return m_dir.filePath(QString::fromLatin1(name)).toStdString();
    }

private slots:
    void copiedAndSwappedPagesAreRefusedAndSalvaged()
    {
        const Project original = projectWithScenarios();
        const std::string good = path("good.fleetplan");
        QVERIFY(saveProjectFile(original, good).ok());
        QVERIFY(openProjectFile(good).ok());
        const std::string bytes = readBytes(good);
        const auto page = static_cast<std::size_t>(pageSize(good));
        QVERIFY(page >= 512);
        const std::size_t pages = bytes.size() / page;
        QVERIFY2(pages >= 10, "the project should span several pages");
        const std::string damaged = path("damaged.fleetplan");
        std::mt19937 random(13);
        int refused = 0, quickCheckMissed = 0, salvaged = 0, lostScenarios = 0;
        for (int trial = 0; trial < 120; ++trial) {
            // Never page 1 (the header and schema: no longer a project at all).
            const std::size_t from =
                std::uniform_int_distribution<std::size_t>(1, pages - 1)(random);
            std::size_t to = std::uniform_int_distribution<std::size_t>(1, pages - 1)(random);
            if (to == from)
                to = from + 1 < pages ? from + 1 : 1;
            std::string copy = bytes;
            const bool swap = trial % 2 == 0;
            if (swap)
                std::swap_ranges(copy.begin() + static_cast<std::ptrdiff_t>(from * page),
                                 copy.begin() + static_cast<std::ptrdiff_t>((from + 1) * page),
                                 copy.begin() + static_cast<std::ptrdiff_t>(to * page));
            else
                copy.replace(to * page, page, bytes, from * page, page);
            writeBytes(damaged, copy);
            const std::string integrity = check(damaged, "PRAGMA integrity_check");
            const std::string quick = check(damaged, "PRAGMA quick_check");
            auto project = openProjectFile(damaged);
            if (integrity != "ok") {
                ++refused;
                quickCheckMissed += quick == "ok";
                QVERIFY2(!project.ok(), ("page " + std::to_string(from + 1) +
                                         (swap ? " swapped with " : " copied over ") +
                                         std::to_string(to + 1) + " was accepted")
                                            .c_str());
                const QString message = QString::fromStdString(project.error().toString());
                QVERIFY2(message.contains(QStringLiteral("is damaged")), qPrintable(message));
            }
            auto rescued = salvageProjectFile(damaged);
            if (!rescued) {
                QVERIFY(!rescued.error().toString().empty());
                continue;
            }
            ++salvaged;
            // What salvage returns is a valid project that saves and reopens.
            const std::string json = projectToJsonText(rescued.value().project);
            QVERIFY2(parseProject(json, "salvaged.json").ok(), json.c_str());
            if (integrity != "ok" &&
                rescued.value().project.scenarios.size() < original.scenarios.size()) {
                ++lostScenarios;
                QVERIFY(!rescued.value().lost.empty());
            }
        }
        qInfo("%d of 120 damaged copies refused (%d of them pass quick_check); %d salvaged, %d "
              "of which lost scenarios",
              refused, quickCheckMissed, salvaged, lostScenarios);
        QVERIFY(refused > 0);
        QVERIFY(quickCheckMissed > 0); // the damage quick_check alone let through
        QVERIFY(salvaged > 0);
    }

    void salvageOfAnIntactFileLosesNothing()
    {
        const std::string good = path("intact.fleetplan");
        QVERIFY(saveProjectFile(loadSampleProject().value(), good).ok());
        auto rescued = salvageProjectFile(good);
        QVERIFY2(rescued.ok(), rescued.ok() ? "" : rescued.error().toString().c_str());
        QVERIFY(rescued.value().lost.empty());
        QCOMPARE(projectToJsonText(rescued.value().project), std::string(sampleProjectJson()));
    }

    void salvageDropsWhatNoLongerValidates()
    {
        const std::string file = path("invalid-rows.fleetplan");
        QVERIFY(saveProjectFile(loadSampleProject().value(), file).ok());
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(file.c_str(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db,
                              "PRAGMA ignore_check_constraints = ON;"
                              "UPDATE training_workload SET efficiency = 7;"
                              "UPDATE scenario SET name = CAST(X'41FF' AS TEXT) WHERE position = 1",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
        QVERIFY(!openProjectFile(file).ok());
        auto rescued = salvageProjectFile(file);
        QVERIFY2(rescued.ok(), rescued.ok() ? "" : rescued.error().toString().c_str());
        const Project& project = rescued.value().project;
        QCOMPARE(project.scenarios.size(), std::size_t(3));
        QVERIFY(project.workloads.size() < std::size_t(8));
        std::string lost;
        for (const std::string& line : rescued.value().lost)
            lost += line + "\n";
        QVERIFY2(QString::fromStdString(lost).contains(QStringLiteral("table scenario, row 2")),
                 lost.c_str());
        QVERIFY2(QString::fromStdString(lost).contains(QStringLiteral("efficiency")), lost.c_str());
    }
};

FLEET_TEST_MAIN(TestStoreDamage)
#include "test_store_damage.moc"
