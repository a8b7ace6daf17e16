// The field tables (model/workload_fields.h) are the one description of each
// workload kind's inputs: the SQLite statements generated from them are the
// ones project files were written with, byte for byte; the JSON Schema agrees
// with them; and every row reads, writes and reports as it says.

#include "io/json_reader.h"
#include "model/workload_fields.h"
#include "store/field_sql.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_schema.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QTemporaryDir>
#include <QtTest>

#include <boost/json.hpp>

#include <algorithm>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

using namespace fleet;
namespace bj = boost::json;

namespace {

/// The workload kinds' tables as project_schema.cpp spelled them out before they
/// were generated: existing project files are checked against this text.
const char* const kGoldenSpecTables = R"SQL(CREATE TABLE training_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    active_params REAL NOT NULL CHECK (active_params > 0 AND active_params <= 1e14),
    total_params REAL CHECK (total_params > 0 AND total_params <= 1e14),
    tokens_per_run REAL CHECK (tokens_per_run > 0 AND tokens_per_run <= 1e16),
    run_days REAL CHECK (run_days > 0 AND run_days <= 3650),
    gpus_per_job INTEGER NOT NULL CHECK (gpus_per_job BETWEEN 1 AND 1000000),
    efficiency REAL NOT NULL CHECK (efficiency > 0 AND efficiency <= 1),
    efficiency_measure TEXT NOT NULL CHECK (efficiency_measure IN ('mfu', 'hfu_with_recompute')),
    precision TEXT NOT NULL CHECK (precision IN ('bf16', 'fp8', 'fp4')),
    runs_per_month REAL NOT NULL CHECK (runs_per_month > 0 AND runs_per_month <= 1000),
    checkpoint_interval_min REAL CHECK (checkpoint_interval_min > 0 AND checkpoint_interval_min <= 1e5),
    priority INTEGER CHECK (priority BETWEEN -1000 AND 1000)
) STRICT;
CREATE TABLE inference_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    model TEXT,
    params REAL NOT NULL CHECK (params > 0 AND params <= 1e14),
    total_params REAL CHECK (total_params > 0 AND total_params <= 1e14),
    precision TEXT NOT NULL CHECK (precision IN ('bf16', 'fp8', 'fp4')),
    requests_per_second REAL NOT NULL CHECK (requests_per_second > 0 AND requests_per_second <= 1e7),
    input_tokens REAL NOT NULL CHECK (input_tokens BETWEEN 0 AND 1e7),
    output_tokens REAL NOT NULL CHECK (output_tokens > 0 AND output_tokens <= 1e6),
    tpot_ms REAL NOT NULL CHECK (tpot_ms > 0 AND tpot_ms <= 1e4),
    ttft_ms REAL NOT NULL CHECK (ttft_ms > 0 AND ttft_ms <= 6e5),
    growth_per_month REAL CHECK (growth_per_month BETWEEN -0.5 AND 10),
    kv_bytes_per_token REAL CHECK (kv_bytes_per_token > 0 AND kv_bytes_per_token <= 1e8)
) STRICT;
CREATE TABLE notebook_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    users INTEGER NOT NULL CHECK (users BETWEEN 1 AND 10000000),
    gpus_per_user REAL NOT NULL CHECK (gpus_per_user > 0 AND gpus_per_user <= 64),
    active_fraction REAL NOT NULL CHECK (active_fraction > 0 AND active_fraction <= 1),
    mean_idle_gap_min REAL NOT NULL CHECK (mean_idle_gap_min > 0 AND mean_idle_gap_min <= 1e5),
    idle_timeout_min REAL NOT NULL CHECK (idle_timeout_min BETWEEN 0 AND 1e5),
    memory_gb_per_session REAL NOT NULL CHECK (memory_gb_per_session > 0 AND memory_gb_per_session <= 4096),
    active_hours_per_day REAL CHECK (active_hours_per_day > 0 AND active_hours_per_day <= 24)
) STRICT;
CREATE TABLE batch_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    gpu_hours_per_month REAL NOT NULL CHECK (gpu_hours_per_month > 0 AND gpu_hours_per_month <= 1e9),
    reference_gpu TEXT NOT NULL,
    gpus_per_job INTEGER NOT NULL CHECK (gpus_per_job BETWEEN 1 AND 1000000),
    memory_gb_per_gpu REAL NOT NULL CHECK (memory_gb_per_gpu > 0 AND memory_gb_per_gpu <= 4096),
    preemptible INTEGER NOT NULL CHECK (preemptible IN (0, 1)),
    checkpoint_interval_min REAL NOT NULL CHECK (checkpoint_interval_min > 0 AND checkpoint_interval_min <= 1e5),
    window_hours_per_day REAL CHECK (window_hours_per_day > 0 AND window_hours_per_day <= 24)
) STRICT;
)SQL";

/// `item` with `key` just set, made to keep the rules across fields: a run
/// states its tokens or its length (run_days), and notebooks are busy only in
/// their active hours.
void keepRulesAcrossFields(bj::object& item, std::string_view key)
{
    if (key == "run_days")
        item.erase("tokens_per_run");
    if (key == "active_hours_per_day" && item.at(key).is_number()) {
        const double share = item.at(key).to_number<double>() / 24.0;
        if (share > 0 && item.at("active_fraction").to_number<double>() > share)
            item["active_fraction"] = share;
    }
}

bj::value readSchemaWorkloadFields()
{
    std::ifstream in(FLEET_SOURCE_DIR "/data/schema/fleetplan.schema.json");
    std::stringstream text;
    text << in.rdbuf();
    return bj::parse(text.str());
}

/// A schema's number as a double, whichever way it is written (1e16, 100000.0, 64).
std::optional<double> numberAtWorkloadFields(const bj::object& property, std::string_view key)
{
    const bj::value* value = property.if_contains(key);
    if (!value)
        return std::nullopt;
    return value->to_number<double>();
}

std::string_view schemaType(FieldType type)
{
    switch (type) {
    case FieldType::Number: return "number";
    case FieldType::Integer: return "integer";
    case FieldType::Text:
    case FieldType::Id:
    case FieldType::Reference:
    case FieldType::Month: return "string";
    case FieldType::Bool: return "boolean";
    case FieldType::Enum: return "";
    case FieldType::EnumList: return "array";
    }
    return "";
}

/// The sample project's JSON with its first workload of `kind` changed by `change`.
template <typename Change>
Result<Project> sampleWithWorkloadFields(std::string_view kind, std::string* path, Change change)
{
    bj::value document = bj::parse(sampleProjectJson());
    bj::array& workloads = document.at("workloads").as_array();
    for (std::size_t i = 0; i < workloads.size(); ++i) {
        bj::object& item = workloads[i].as_object();
        if (item.at("kind").as_string() == kind) {
            *path = "/workloads/" + std::to_string(i);
            change(item);
            break;
        }
    }
    return parseProjectValue(document, "sample.fleetplan.json");
}

/// The issue at `path`, or an empty message when there is none.
std::string messageAtWorkloadFields(const Result<Project>& result, const std::string& path)
{
    if (result)
        return {};
    for (const Issue& issue : result.error().issues)
        if (issue.path == path)
            return issue.message;
    return {};
}

/// Every field of `Spec`: out-of-range, wrong-typed, unknown-enum and missing
/// values are reported at the field's path with the table's rule; an absent
/// optional field reads as its default; and the writer omits what it should.
template <typename Spec> void checkReaderAndWriterWorkloadFields(std::string_view kind)
{
    for (const Field<Spec>& field : specFields<Spec>()) {
        const FieldInfo& info = field.info;
        const std::string where = std::string(kind) + "/" + std::string(info.key);
        std::string row;
        const auto set = [&](bj::value value) {
            return sampleWithWorkloadFields(kind, &row, [&](bj::object& item) {
                item[info.key] = value;
                keepRulesAcrossFields(item, info.key);
            });
        };
        const auto pathOf = [&] { return row + "/" + std::string(info.key); };
        if (info.type == FieldType::Number || info.type == FieldType::Integer) {
            const json::NumberRule rule{info.range.min, info.range.minExclusive, info.range.max,
                                        info.type == FieldType::Integer,
                                        std::string(info.range.unit)};
            const double below = info.range.minExclusive ? info.range.min : info.range.min - 1;
            for (const double bad : {below, info.range.max + std::max(1.0, info.range.max)}) {
                const auto result = set(bad);
                const std::string message = messageAtWorkloadFields(result, pathOf());
                QVERIFY2(message.rfind(rule.describe() + "; got ", 0) == 0,
                         (where + ": " + message).c_str());
            }
            const auto text = set("12");
            QVERIFY2(messageAtWorkloadFields(text, pathOf()) == rule.describe() + ", not a string",
                     (where + ": " + messageAtWorkloadFields(text, pathOf())).c_str());
            QVERIFY2(set(info.range.max), where.c_str());
        }
        if (info.type == FieldType::Enum) {
            const auto result = set("bogus");
            QCOMPARE(messageAtWorkloadFields(result, pathOf()),
                     enumRuleText(info.options) + "; got \"bogus\"");
            for (const EnumOption& option : info.options) {
                const auto good = set(bj::string(option.key));
                if (info.key == "precision" && option.key == "fp4") {
                    // A rule across fields: the sample's H100s have no FP4 tensor cores.
                    QVERIFY2(
                        messageAtWorkloadFields(good, pathOf()).find("fp4 needs tensor cores") !=
                            std::string::npos,
                        where.c_str());
                    continue;
                }
                QVERIFY2(good, where.c_str());
            }
        }
        if (info.type == FieldType::Bool) {
            const auto result = set(1);
            QCOMPARE(messageAtWorkloadFields(result, pathOf()),
                     std::string("must be true or false, not a number"));
        }
        // Absent.
        const auto absent =
            sampleWithWorkloadFields(kind, &row, [&](bj::object& item) { item.erase(info.key); });
        if (info.presence == Presence::Required) {
            QCOMPARE(messageAtWorkloadFields(absent, pathOf()),
                     std::string("is required but missing"));
            continue;
        }
        if (info.key == "tokens_per_run") { // required unless run_days states the run
            QCOMPARE(messageAtWorkloadFields(absent, pathOf()),
                     std::string("is required but missing (or give run_days, the run's "
                                 "wall-clock length)"));
            continue;
        }
        QVERIFY2(absent, where.c_str());
        const std::size_t index = std::stoul(row.substr(row.rfind('/') + 1));
        const Spec& read = std::get<Spec>(absent.value().workloads[index].spec);
        QVERIFY2(field.get(read) == field.get(Spec{}), (where + ": not its default").c_str());
        // Written back: omitted unless the writer always writes it.
        const bj::object written = workloadToJson(absent.value().workloads[index]);
        QVERIFY2(written.contains(info.key) == (info.presence == Presence::Optional),
                 (where + ": written or omitted wrongly").c_str());
    }
}

/// Every numeric field at the ends of its range: accepted by the reader, kept
/// by the SQLite CHECKs (saved and reopened), and read back as written.
template <typename Spec>
void checkBoundsSurviveAFileWorkloadFields(std::string_view kind, const QString& dir)
{
    for (const Field<Spec>& field : specFields<Spec>()) {
        const FieldInfo& info = field.info;
        if (info.type != FieldType::Number && info.type != FieldType::Integer)
            continue;
        const double low = info.range.minExclusive
                               ? info.range.min + (info.type == FieldType::Integer ? 1 : 1e-6)
                               : info.range.min;
        for (const double value : {low, info.range.max}) {
            const std::string where =
                std::string(kind) + "/" + std::string(info.key) + " = " + fieldNumberText(value);
            std::string row;
            const auto project = sampleWithWorkloadFields(kind, &row, [&](bj::object& item) {
                item[info.key] = value;
                // Keep total_params ≥ the active count (active_params, or an
                // inference workload's params), the one rule across these fields.
                const bool service = kind == "inference";
                if (info.key == "total_params")
                    item[service ? "params" : "active_params"] = value;
                if (info.key == "active_params" || (service && info.key == "params"))
                    item.erase("total_params");
                keepRulesAcrossFields(item, info.key);
            });
            QVERIFY2(project, (where + ": " + (project ? "" : project.error().toString())).c_str());
            const std::string file = (dir + "/bounds.fleetplan").toStdString();
            const auto saved = saveProjectFile(project.value(), file);
            QVERIFY2(saved, (where + ": " + (saved ? "" : saved.error().toString())).c_str());
            const auto reopened = openProjectFile(file);
            QVERIFY2(reopened,
                     (where + ": " + (reopened ? "" : reopened.error().toString())).c_str());
            const std::size_t index = std::stoul(row.substr(row.rfind('/') + 1));
            const Spec& spec = std::get<Spec>(reopened.value().workloads[index].spec);
            QVERIFY2(field.get(spec) == FieldValue(value), where.c_str());
        }
    }
}

} // namespace

class TestWorkloadFields : public QObject
{
    Q_OBJECT

private slots:
    void generatedTablesAreTheGolden()
    {
        QCOMPARE(QString::fromStdString(rows::specTablesSql()),
                 QString::fromUtf8(kGoldenSpecTables));
        QVERIFY(projectSchemaSql().find(kGoldenSpecTables) != std::string::npos);
    }

    void columnsFollowTheTables()
    {
        QCOMPARE(rows::kWorkloadTables.size(), workloadRecords().size());
        for (std::size_t i = 0; i < rows::kWorkloadTables.size(); ++i) {
            const RecordFields& record = workloadRecords()[i];
            const auto columns = rows::kWorkloadTables[i].columns;
            QCOMPARE(QString::fromLatin1(rows::kWorkloadTables[i].kind),
                     QString::fromUtf8(record.record.data(), qsizetype(record.record.size())));
            QCOMPARE(columns.size(), record.fields.size());
            for (std::size_t c = 0; c < columns.size(); ++c) {
                QCOMPARE(std::string_view(columns[c].name), record.fields[c].info.key);
                QCOMPARE(std::string_view(columns[c].key), record.fields[c].info.key);
            }
        }
    }

    void rowsAreWellFormed()
    {
        for (const RecordFields& record : workloadRecords()) {
            std::set<std::string_view> keys;
            for (const DescribedField& field : record.fields) {
                const FieldInfo& info = field.info;
                const QByteArray where = QByteArray(record.record.data()) + "/" + info.key.data();
                QVERIFY2(keys.insert(info.key).second, where.constData());
                QVERIFY2(!info.help.empty() && !info.display.label.empty(), where.constData());
                QVERIFY2(info.display.scale > 0, where.constData());
                const bool numeric =
                    info.type == FieldType::Number || info.type == FieldType::Integer;
                if (numeric)
                    QVERIFY2(info.range.min < info.range.max, where.constData());
                if (info.type == FieldType::Integer)
                    QVERIFY2(!info.range.minExclusive, where.constData());
                QCOMPARE(info.type == FieldType::Enum, !info.options.empty());
                // An unset optional's default is "unset"; every other default is of its type.
                const bool unset = std::holds_alternative<std::monostate>(field.defaultValue);
                QCOMPARE(unset, info.presence == Presence::Unset);
                if (numeric && !unset && info.presence != Presence::Required) {
                    const double value = std::get<double>(field.defaultValue);
                    const bool inRange =
                        info.range.minExclusive ? value > info.range.min : value >= info.range.min;
                    // An omitted field's default may lie outside its range (0: "as active").
                    if (info.presence == Presence::Optional)
                        QVERIFY2(inRange && value <= info.range.max, where.constData());
                }
            }
        }
    }
    void readerAndWriterFollowTheTables()
    {
        checkReaderAndWriterWorkloadFields<TrainingSpec>("training");
        checkReaderAndWriterWorkloadFields<InferenceSpec>("inference");
        checkReaderAndWriterWorkloadFields<NotebookSpec>("notebooks");
        checkReaderAndWriterWorkloadFields<BatchSpec>("batch");
    }

    /// The messages as they were before the tables, word for word.
    void messagesAreUnchanged()
    {
        std::string row;
        const auto rps = sampleWithWorkloadFields(
            "inference", &row, [](bj::object& item) { item["requests_per_second"] = 0; });
        QCOMPARE(messageAtWorkloadFields(rps, row + "/requests_per_second"),
                 std::string("must be a finite number > 0 and ≤ 1e+07 (requests/s); got 0"));
        const auto gpus = sampleWithWorkloadFields(
            "batch", &row, [](bj::object& item) { item["gpus_per_job"] = 1.5; });
        QCOMPARE(messageAtWorkloadFields(gpus, row + "/gpus_per_job"),
                 std::string("must be a whole number ≥ 1 and ≤ 1e+06; got 1.5"));
        const auto measure = sampleWithWorkloadFields(
            "training", &row, [](bj::object& item) { item["efficiency_measure"] = "hfu"; });
        QCOMPARE(messageAtWorkloadFields(measure, row + "/efficiency_measure"),
                 std::string("must be \"mfu\" (model FLOPs, 6·N·D) or \"hfu_with_recompute\" "
                             "(hardware FLOPs, 8·N·D); got \"hfu\""));
        const auto precision = sampleWithWorkloadFields(
            "inference", &row, [](bj::object& item) { item["precision"] = "fp16"; });
        QCOMPARE(messageAtWorkloadFields(precision, row + "/precision"),
                 std::string("must be \"bf16\", \"fp8\" or \"fp4\" (4-bit weights (NVFP4, "
                             "MXFP4): Blackwell and MI355X only); got \"fp16\""));
        const auto total = sampleWithWorkloadFields("training", &row, [](bj::object& item) {
            item["total_params"] = item.at("active_params").to_number<double>() / 2;
        });
        QCOMPARE(messageAtWorkloadFields(total, row + "/total_params"),
                 std::string("must be ≥ active_params (a mixture of experts activates a subset)"));
        const auto reference = sampleWithWorkloadFields(
            "batch", &row, [](bj::object& item) { item["reference_gpu"] = "tpu-v9"; });
        QCOMPARE(messageAtWorkloadFields(reference, row + "/reference_gpu"),
                 std::string("names GPU \"tpu-v9\", which is not in the catalog"));
        const auto unknown =
            sampleWithWorkloadFields("notebooks", &row, [](bj::object& item) { item["gpus"] = 1; });
        QCOMPARE(messageAtWorkloadFields(unknown, row + "/gpus"),
                 std::string("unknown key; allowed keys here: id, name, kind, segment, "
                             "start_month, end_month, choice, note, users, gpus_per_user, "
                             "active_fraction, mean_idle_gap_min, idle_timeout_min, "
                             "memory_gb_per_session, active_hours_per_day"));
    }

    void boundsSurviveAProjectFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        checkBoundsSurviveAFileWorkloadFields<TrainingSpec>("training", dir.path());
        checkBoundsSurviveAFileWorkloadFields<InferenceSpec>("inference", dir.path());
        checkBoundsSurviveAFileWorkloadFields<NotebookSpec>("notebooks", dir.path());
        checkBoundsSurviveAFileWorkloadFields<BatchSpec>("batch", dir.path());
    }

    void jsonSchemaAgrees()
    {
        const bj::value schema = readSchemaWorkloadFields();
        const bj::object& defs = schema.at("$defs").as_object();
        const std::set<std::string_view> common = {"id",          "name",      "kind",   "segment",
                                                   "start_month", "end_month", "choice", "note"};
        for (const RecordFields& record : workloadRecords()) {
            const bj::object& def = defs.at(record.record).as_object();
            const bj::object& properties = def.at("properties").as_object();
            std::set<std::string_view> required;
            for (const bj::value& key : def.at("required").as_array())
                required.insert(key.as_string());
            std::set<std::string_view> tableKeys;
            for (const DescribedField& field : record.fields) {
                const FieldInfo& info = field.info;
                tableKeys.insert(info.key);
                const std::string where = std::string(record.record) + "/" + std::string(info.key);
                const bj::object* property = properties.if_contains(info.key)
                                                 ? properties.at(info.key).if_object()
                                                 : nullptr;
                QVERIFY2(property, (where + ": not in the schema").c_str());
                QVERIFY2(required.count(info.key) == (info.presence == Presence::Required),
                         (where + ": required-ness differs").c_str());
                if (info.type == FieldType::Enum) {
                    QVERIFY2(property->contains("enum"), (where + ": no enum").c_str());
                    std::vector<std::string_view> keys;
                    for (const bj::value& key : property->at("enum").as_array())
                        keys.push_back(key.as_string());
                    std::vector<std::string_view> options;
                    for (const EnumOption& option : info.options)
                        options.push_back(option.key);
                    QVERIFY2(keys == options, (where + ": enum values differ").c_str());
                    continue;
                }
                QVERIFY2(property->contains("type") &&
                             property->at("type").as_string() == schemaType(info.type),
                         (where + ": type differs").c_str());
                if (info.type != FieldType::Number && info.type != FieldType::Integer)
                    continue;
                const auto minimum = numberAtWorkloadFields(*property, "minimum");
                const auto exclusive = numberAtWorkloadFields(*property, "exclusiveMinimum");
                if (info.range.minExclusive) {
                    QVERIFY2(!minimum && exclusive == info.range.min,
                             (where + ": exclusiveMinimum differs").c_str());
                } else {
                    QVERIFY2(!exclusive && minimum == info.range.min,
                             (where + ": minimum differs").c_str());
                }
                QVERIFY2(numberAtWorkloadFields(*property, "maximum") == info.range.max,
                         (where + ": maximum differs").c_str());
                QVERIFY2(!property->contains("exclusiveMaximum"),
                         (where + ": exclusiveMaximum the table does not have").c_str());
            }
            // And the schema has no field the table lacks.
            for (const auto& property : properties)
                QVERIFY2(common.count(property.key()) || tableKeys.count(property.key()),
                         (std::string(record.record) + "/" + std::string(property.key()) +
                          ": in the schema but not in the table")
                             .c_str());
            QVERIFY(def.at("additionalProperties") == bj::value(false));
        }
    }
};

FLEET_TEST_MAIN(TestWorkloadFields)
#include "test_workload_fields.moc"
