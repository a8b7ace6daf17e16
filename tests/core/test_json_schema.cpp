// data/schema/fleetplan.schema.json describes what FleetPlanner writes: the
// sample and random canonical projects validate against it (checked with
// Python's jsonschema, an implementation independent of FleetPlanner), and
// invalid documents do not.

#include "project_generator.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace fleet;

class TestJsonSchema : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString& name, const std::string& text)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        file.open(QIODevice::WriteOnly);
        file.write(text.data(), qint64(text.size()));
        return path;
    }

    QPair<int, QString> check(const QStringList& files, bool expectInvalid,
                              const QString& schema = QStringLiteral("fleetplan.schema.json"))
    {
        QStringList args{QStringLiteral(FLEET_SOURCE_DIR "/tests/tools/check_schema.py"),
                         QStringLiteral(FLEET_SOURCE_DIR "/data/schema/") + schema};
        if (expectInvalid)
            args << QStringLiteral("--expect-invalid");
        QProcess python;
        python.start(QStringLiteral("python3"), args + files);
        python.waitForFinished(120000);
        return {python.exitCode(),
                QString::fromUtf8(python.readAllStandardOutput() + python.readAllStandardError())};
    }

private slots:
    void writtenProjectsMeetTheSchema()
    {
        const Project sample = loadSampleProject().value();
        QStringList files{
            write(QStringLiteral("sample.json"), std::string(sampleProjectJson())),
            QStringLiteral(FLEET_SOURCE_DIR "/tests/data/golden/v1/sample-v1.fleetplan.json")};
        testing::ProjectGenerator generator(sample, 99);
        for (int i = 0; i < 100; ++i)
            files << write(QStringLiteral("random-%1.json").arg(i),
                           projectToJsonText(generator.next()));
        const auto [code, output] = check(files, false);
        QVERIFY2(code == 0, qPrintable(output));
    }

    void invalidDocumentsDoNot()
    {
        std::string text(sampleProjectJson());
        const auto replaced = [&](const std::string& from, const std::string& to) {
            std::string copy = text;
            copy.replace(copy.find(from), from.size(), to);
            return copy;
        };
        const QStringList files{
            write(QStringLiteral("negative.json"),
                  replaced("\"tokens_per_run\": 2e12", "\"tokens_per_run\": -1")),
            write(QStringLiteral("unknown-key.json"),
                  replaced("\"gpus_per_job\": 1024", "\"gpus_per_job\": 1024, \"gpu_count\": 3")),
            write(QStringLiteral("bad-kind.json"),
                  replaced("\"kind\": \"batch\"", "\"kind\": \"etl\"")),
            write(QStringLiteral("monthly-price.json"),
                  replaced("\"price_usd_per_gpu_hour\": 3.49", "\"price_usd_per_gpu_hour\": 2547")),
            write(QStringLiteral("newer-format.json"),
                  replaced("\"format_version\": 7", "\"format_version\": 8")),
            // Rules across keys: a run stated both ways; a segment with
            // neither its floor nor a stage.
            write(
                QStringLiteral("tokens-and-days.json"),
                replaced("\"tokens_per_run\": 2e12", "\"tokens_per_run\": 2e12, \"run_days\": 14")),
            // A regime's key is text the registry checks, but still a key.
            write(QStringLiteral("bad-regime-key.json"),
                  replaced("\"vm_passthrough\"", "\"VM passthrough\"")),
            write(QStringLiteral("no-floor-no-stage.json"),
                  replaced("\"isolation_floor\": \"hardware\",", "")),
        };
        const auto [code, output] = check(files, true);
        QVERIFY2(code == 0, qPrintable(output));
    }

    /// data/schema/catalog.schema.json describes the built-in catalog files
    /// and refuses what the catalog reader refuses by shape.
    void catalogFilesMeetTheCatalogSchema()
    {
        const QString data = QStringLiteral(FLEET_SOURCE_DIR "/data/");
        const QString bad = QStringLiteral(FLEET_SOURCE_DIR "/tests/data/catalog/");
        const QString schema = QStringLiteral("catalog.schema.json");
        const auto [code, output] =
            check({data + "catalog/gpus.json", data + "catalog/sources.json",
                   data + "pricebooks/example-2024.json", data + "pricebooks/market-2026.json",
                   data + "defaults/engine.json", data + "defaults/owned-tco.json"},
                  false, schema);
        QVERIFY2(code == 0, qPrintable(output));
        const auto [badCode, badOutput] =
            check({bad + "unknown_key.json", bad + "negative_memory.json",
                   bad + "missing_field.json", bad + "nvlink_domain_fraction.json"},
                  true, schema);
        QVERIFY2(badCode == 0, qPrintable(badOutput));
    }
};

FLEET_TEST_MAIN(TestJsonSchema)
#include "test_json_schema.moc"
