// Hostile or odd inputs to the store: each is refused at once with its own
// message naming where and why; none crashes, hangs or overflows the stack.

#include "store/catalog_loader.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <sys/stat.h>
#include <thread>

using namespace fleet;
namespace fs = std::filesystem;

namespace {

/// Runs SQL on a file, bypassing FleetPlanner and its CHECK constraints.
void tamperStoreInputs(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, ("PRAGMA ignore_check_constraints = ON;" + sql).c_str(),
                                nullptr, nullptr, &error);
    QVERIFY2(rc == SQLITE_OK, error ? error : "");
    sqlite3_close(db);
}

/// `call`'s error message, or "TIMED OUT" when it does not return within 10 s
/// (the thread is left blocked; the test fails).
template <typename Call> QString errorWithin(Call call)
{
    auto done = std::make_shared<std::promise<QString>>();
    auto result = done->get_future();
    std::thread([done, call] {
        auto loaded = call();
        done->set_value(loaded ? QString() : QString::fromStdString(loaded.error().toString()));
    }).detach();
    if (result.wait_for(std::chrono::seconds(10)) != std::future_status::ready)
        return QStringLiteral("TIMED OUT");
    return result.get();
}

QString parseError(const std::string& text)
{
    auto project = parseProject(text, "edited.fleetplan.json");
    return project ? QString() : QString::fromStdString(project.error().toString());
}

std::string sampleWithStoreInputs(const std::string& find, const std::string& replace)
{
    std::string text(sampleProjectJson());
    const auto at = text.find(find);
    if (at == std::string::npos)
        return {};
    return text.replace(at, find.size(), replace);
}

} // namespace

class TestStoreInputs : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string path(const char* name) const
    {
        return m_dir.filePath(QString::fromLatin1(name)).toStdString();
    }
    std::string savedSample(const char* name) const
    {
        const std::string file = path(name);
        auto saved = saveProjectFile(loadSampleProject().value(), file);
        if (!saved)
            qFatal("%s", saved.error().toString().c_str());
        return file;
    }

private slots:
    void namedPipeIsRefusedAtOnce()
    {
        const std::string fifo = path("pipe.fleetplan");
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        const QString project = errorWithin([fifo] { return loadProject(fifo); });
        QVERIFY2(project.contains(QStringLiteral("is a named pipe, not a regular file")),
                 qPrintable(project));
        const QString sqlite = errorWithin([fifo] { return openProjectFile(fifo); });
        QVERIFY2(sqlite.contains(QStringLiteral("is a named pipe")), qPrintable(sqlite));
        const QString json = errorWithin([fifo] { return loadProjectFile(fifo); });
        QVERIFY2(json.contains(QStringLiteral("is a named pipe")), qPrintable(json));
        const QString catalog = errorWithin([fifo] { return loadCatalog({fifo}); });
        QVERIFY2(catalog.contains(QStringLiteral("is a named pipe")), qPrintable(catalog));
        const QString text = errorWithin([fifo] { return readTextFile(fifo, 1000); });
        QVERIFY2(text.contains(QStringLiteral("is a named pipe")), qPrintable(text));
        QVERIFY(!looksLikeSqlite(fifo));
        const QString folder = errorWithin([this] { return loadProject(path("")); });
        QVERIFY2(folder.contains(QStringLiteral("is a folder")), qPrintable(folder));
    }

    void deeplyDottedSettingIsRefused()
    {
        const std::string file = savedSample("deep.fleetplan");
        std::string section = "regimes/";
        for (int i = 0; i < 200000; ++i)
            section += "a/";
        tamperStoreInputs(
            file, "INSERT INTO setting_override (position, section, key, value_json) VALUES "
                  "(99, '" +
                      section + "a', 'k', '1')");
        const QString deep = errorWithin([file] { return openProjectFile(file); });
        QVERIFY2(deep.contains(QStringLiteral("table setting_override, row ")) &&
                     deep.contains(QStringLiteral("column section: names a setting 200003 levels "
                                                  "deep; settings are at most 3 levels")),
                 qPrintable(deep));
        const std::string slashed = savedSample("slashed.fleetplan");
        tamperStoreInputs(
            slashed, "INSERT INTO setting_override (position, section, key, value_json) VALUES "
                     "(99, 'assumptions', 'a/b/c', '1')");
        const QString key = errorWithin([slashed] { return openProjectFile(slashed); });
        QVERIFY2(key.contains(QStringLiteral("column key: a setting's key may not contain '/'")),
                 qPrintable(key));
    }

    void overflowingOverrideValueIsAnIssue()
    {
        const std::string text = sampleWithStoreInputs(
            "\"/workloads/dev-notebooks/idle_timeout_min\",\n          \"value\": 0",
            "\"/workloads/dev-notebooks/idle_timeout_min\",\n          \"value\": 1e999");
        QVERIFY(!text.empty());
        const QString json = parseError(text);
        QVERIFY2(json.contains(QStringLiteral(
                     "/scenarios/2/overrides/0/value: must hold finite numbers only")),
                 qPrintable(json));
        const std::string nested = sampleWithStoreInputs(
            "\"/workloads/dev-notebooks/idle_timeout_min\",\n          \"value\": 0",
            "\"/workloads/dev-notebooks\",\n          \"value\": {\"x\": [1e999]}");
        QVERIFY2(parseError(nested).contains(QStringLiteral("must hold finite numbers only")),
                 qPrintable(parseError(nested)));
        // The same from SQLite rows, and values no parser should be asked to trust.
        const std::string file = savedSample("inf.fleetplan");
        tamperStoreInputs(file,
                          "UPDATE scenario_override SET value_json = '1e999' WHERE position = 0");
        const QString rows = errorWithin([file] { return openProjectFile(file); });
        QVERIFY2(rows.contains(QStringLiteral("must hold finite numbers only")), qPrintable(rows));
        std::string deep(100, '[');
        deep += std::string(100, ']');
        tamperStoreInputs(file, "UPDATE scenario_override SET value_json = '" + deep +
                                    "' WHERE position = 0");
        const QString nesting = errorWithin([file] { return openProjectFile(file); });
        QVERIFY2(nesting.contains(QStringLiteral("column value_json: holds no valid JSON value")),
                 qPrintable(nesting));
        tamperStoreInputs(
            file, "UPDATE scenario_override SET value_json = 'Infinity' WHERE position = 0");
        QVERIFY(errorWithin([file] {
                    return openProjectFile(file);
                }).contains(QStringLiteral("holds no valid JSON value")));
        // A model holding text that is not JSON (a faulty edit) is refused, not thrown.
        Project project = loadSampleProject().value();
        project.scenarios.front().overrides.front().valueJson = "Infinity";
        QVERIFY(!applyScenario(project, project.scenarios.front().id).ok());
        QVERIFY(!saveProjectFile(project, path("model.fleetplan")).ok());
    }

    void textMustBeUtf8WithoutControlCharacters_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("expected");
        QTest::newRow("invalid UTF-8")
            << "UPDATE workload SET name = CAST(X'4E616D65FF' AS TEXT) WHERE position = 0"
            << "table workload, row 1, column name: must be valid UTF-8 text (byte 5 is not)";
        QTest::newRow("overlong UTF-8")
            << "UPDATE segment SET note = CAST(X'C0AF' AS TEXT) WHERE position = 1"
            << "table segment, row 2, column note: must be valid UTF-8 text (byte 1 is not)";
        QTest::newRow("NUL in a name")
            << "UPDATE project SET name = CAST(X'41004200' AS TEXT)"
            << "table project, row 1, column name: must not hold the control character U+0000 "
               "(character 2)";
        QTest::newRow("escape in a scenario")
            << "UPDATE scenario SET name = CAST(X'1B5B316D' AS TEXT) WHERE position = 0"
            << "table scenario, row 1, column name: must not hold the control character U+001B";
        QTest::newRow("NUL in an override path")
            << "UPDATE scenario_override SET path = CAST(X'2F6E616D6500' AS TEXT) WHERE position "
               "= 0"
            << "table scenario_override, row 1 for";
        // What XML cannot carry (issue 33): a deck or workbook holding it would not open.
        QTest::newRow("U+FFFE in a name")
            << "UPDATE workload SET name = CAST(X'41EFBFBE' AS TEXT) WHERE position = 0"
            << "table workload, row 1, column name: must not hold the Unicode noncharacter U+FFFE "
               "(character 2)";
        QTest::newRow("U+FDD0 in a note")
            << "UPDATE segment SET note = CAST(X'EFB790' AS TEXT) WHERE position = 1"
            << "table segment, row 2, column note: must not hold the Unicode noncharacter U+FDD0";
        QTest::newRow("C1 control in a project name")
            << "UPDATE project SET name = CAST(X'41C285' AS TEXT)"
            << "table project, row 1, column name: must not hold the control character U+0085 "
               "(character 2)";
        QTest::newRow("surrogate in a scenario")
            << "UPDATE scenario SET name = CAST(X'EDA080' AS TEXT) WHERE position = 0"
            << "table scenario, row 1, column name: must not hold the surrogate U+D800";
    }

    void textMustBeUtf8WithoutControlCharacters()
    {
        QFETCH(QString, sql);
        QFETCH(QString, expected);
        const std::string file = savedSample("text.fleetplan");
        tamperStoreInputs(file, sql.toStdString());
        const QString error = errorWithin([file] { return openProjectFile(file); });
        QVERIFY2(error.contains(expected), qPrintable(error));
        fs::remove(file);
    }

    void jsonTextFollowsTheSameRule()
    {
        const std::string nul = sampleWithStoreInputs("\"name\": \"", "\"name\": \"\\u0000");
        QVERIFY2(parseError(nul).contains(QStringLiteral(
                     "edited.fleetplan.json: /name: must not hold the control character U+0000 "
                     "(character 1); only tab, line feed and carriage return are allowed")),
                 qPrintable(parseError(nul)));
        const std::string bell = sampleWithStoreInputs("\"note\": \"", "\"note\": \"\\u0007");
        QVERIFY2(parseError(bell).contains(QStringLiteral("U+0007")), qPrintable(parseError(bell)));
        // Boost.JSON refuses bytes that are not UTF-8 in the file itself.
        const std::string latin1 = sampleWithStoreInputs("\"name\": \"", "\"name\": \"\xe9t\xe9 ");
        QVERIFY2(parseError(latin1).contains(QStringLiteral("not valid JSON")),
                 qPrintable(parseError(latin1)));
        // Tab, line feed and carriage return are text; so is any script.
        const std::string fine =
            sampleWithStoreInputs("\"name\": \"", "\"name\": \"tab\\there\\r\\nline 容量 😀 ");
        QVERIFY2(parseError(fine).isEmpty(), qPrintable(parseError(fine)));
        // A scenario that would put a NUL into the project is refused too.
        const std::string scenario = sampleWithStoreInputs(
            "\"/workloads/dev-notebooks/idle_timeout_min\",\n          \"value\": 0",
            "\"/workloads/dev-notebooks/note\",\n          \"value\": \"a\\u0000b\"");
        QVERIFY2(parseError(scenario).contains(
                     QStringLiteral("makes /workloads/dev-notebooks/note invalid: must not hold "
                                    "the control character")),
                 qPrintable(parseError(scenario)));
    }
};

FLEET_TEST_MAIN(TestStoreInputs)
#include "test_store_inputs.moc"
