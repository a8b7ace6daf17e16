// The field tables of a fleet pool, a segment (model/fleet_fields.h), a
// tenant (model/tenant_fields.h) and a
// scenario and the project itself (model/project_fields.h) are
// the one description of their inputs: the SQLite statements generated from
// them are the ones project files were written with, byte for byte; the JSON
// Schema agrees with them; every row reads, writes and reports as it says;
// and the messages are the ones files were answered with before the tables.
// (The JSON Schema against the tables: test_record_schema.)

#include "golden_tables.h"
#include "io/json_reader.h"
#include "model/fleet_fields.h"
#include "model/price_fields.h"
#include "model/project_fields.h"
#include "model/regime.h"
#include "model/tenant_fields.h"
#include "store/catalog_writer.h"
#include "store/field_sql.h"
#include "store/project_format_v2.h"
#include "store/project_format_v6.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_schema.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QTemporaryDir>
#include <QtTest>

#include <boost/json.hpp>

#include <fstream>
#include <functional>
#include <set>
#include <sstream>

using namespace fleet;
using namespace fleet::test;
namespace bj = boost::json;

namespace {

/// Tenants for the sample (which has none): every field of the first set.
bj::array fixtureTenants()
{
    return bj::parse(R"([{"id": "acme", "name": "Acme", "segment": "mid-stage", "count": 3,
        "quota_gpus": 4, "quota_gpu_hours_per_month": 2000, "cost_weight": 2,
        "priority_tier": 1, "note": "premium tier"},
        {"id": "startups", "name": "Startups", "segment": "early-stage", "count": 40}])")
        .as_array();
}

/// The sample project with its first row of `list` changed by `change`
/// (for /tenants, the sample with fixtureTenants()).
template <typename Change> Result<Project> sampleWithRecordFields(const char* list, Change change)
{
    bj::value document = bj::parse(sampleProjectJson());
    if (std::string_view(list) == "/tenants")
        document.as_object()["tenants"] = fixtureTenants();
    change(document.at_pointer(std::string(list) + "/0").as_object());
    return parseProjectValue(document, "sample.fleetplan.json");
}

std::string messageAt(const Result<Project>& result, const std::string& path)
{
    if (result)
        return {};
    for (const Issue& issue : result.error().issues)
        if (issue.path == path)
            return issue.message;
    return {};
}

template <typename Record> const Record& firstOfRecordFields(const Project& project);
template <> const FleetPool& firstOfRecordFields<FleetPool>(const Project& project)
{
    return project.fleet.pools.front();
}
template <> const Segment& firstOfRecordFields<Segment>(const Project& project)
{
    return project.segments.front();
}
template <> const Tenant& firstOfRecordFields<Tenant>(const Project& project)
{
    return project.tenants.front();
}
template <> const Scenario& firstOfRecordFields<Scenario>(const Project& project)
{
    return project.scenarios.front();
}

bj::object written(const Project& project, const char* list)
{
    const bj::value root = projectToJson(project);
    return root.at_pointer(std::string(list) + "/0").as_object();
}

/// Every field: bad values reported at the field's path with the table's
/// rule, absent optional fields read as their default, and the writer omits
/// what it should.
template <typename Record>
void checkReaderAndWriter(std::span<const Field<Record>> fields, const char* list)
{
    for (const Field<Record>& field : fields) {
        const FieldInfo& info = field.info;
        const std::string where = std::string(list) + "/" + std::string(info.key);
        const std::string path = std::string(list) + "/0/" + std::string(info.key);
        const auto set = [&](bj::value value) {
            return sampleWithRecordFields(list, [&](bj::object& item) { item[info.key] = value; });
        };
        switch (info.type) {
        case FieldType::Number:
        case FieldType::Integer: {
            const json::NumberRule rule{info.range.min, info.range.minExclusive, info.range.max,
                                        info.type == FieldType::Integer,
                                        std::string(info.range.unit)};
            const double below = info.range.minExclusive ? info.range.min : info.range.min - 1;
            for (const double bad : {below, info.range.max + std::max(1.0, info.range.max)}) {
                const std::string message = messageAt(set(bad), path);
                QVERIFY2(message.rfind(rule.describe() + "; got ", 0) == 0,
                         (where + ": " + message).c_str());
            }
            QCOMPARE(messageAt(set("12"), path), rule.describe() + ", not a string");
            break;
        }
        case FieldType::Enum:
            QCOMPARE(messageAt(set("bogus"), path),
                     enumRuleText(info.options, info.wording) + "; got \"bogus\"");
            break;
        case FieldType::EnumList:
            QCOMPARE(messageAt(set(bj::array{"bogus"}), path + "/0"),
                     enumRuleText(info.options, info.wording) + "; got \"bogus\"");
            QCOMPARE(messageAt(set(bj::array{}), path),
                     "must list at least one " + std::string(info.item));
            for (const EnumOption& option : info.options)
                QVERIFY2(set(bj::array{bj::string(option.key)}), where.c_str());
            break;
        case FieldType::Bool:
            QCOMPARE(messageAt(set(1), path), std::string("must be true or false, not a number"));
            break;
        case FieldType::Id:
            QVERIFY2(messageAt(set("Not An Id"), path).rfind("must be 1–64 characters", 0) == 0,
                     where.c_str());
            break;
        case FieldType::Reference:
            // A segment is the project's own row; a GPU is the catalog's.
            QCOMPARE(messageAt(set("tpu-v9"), path),
                     "names " + std::string(info.item) + " \"tpu-v9\", which is " +
                         (info.item == "segment"
                              ? "not defined; known: early-stage, mid-stage, enterprise"
                              : "not in the catalog"));
            break;
        case FieldType::Text: QCOMPARE(messageAt(set(""), path).empty(), false); break;
        case FieldType::Month: QFAIL("no month in these records"); break;
        }
        const auto absent =
            sampleWithRecordFields(list, [&](bj::object& item) { item.erase(info.key); });
        if (info.presence == Presence::Required) {
            QCOMPARE(messageAt(absent, path), std::string("is required but missing"));
            continue;
        }
        if (info.key == "isolation_floor" || info.key == "allowed_regimes") {
            // Required unless the segment's stage sets it.
            QCOMPARE(messageAt(absent, path),
                     std::string("is required but missing (or give stage: early, mid or "
                                 "enterprise, which sets it)"));
            continue;
        }
        QVERIFY2(absent, (where + ": " + (absent ? "" : absent.error().toString())).c_str());
        QVERIFY2(field.get(firstOfRecordFields<Record>(absent.value())) == field.get(Record{}),
                 (where + ": not its default").c_str());
        QVERIFY2(written(absent.value(), list).contains(info.key) ==
                     (info.presence == Presence::Optional),
                 (where + ": written or omitted wrongly").c_str());
    }
}

/// Every numeric field at the ends of its range: accepted, kept by the
/// SQLite CHECKs (saved and reopened) and read back as written; and every
/// field of the sample's first row survives a project file.
template <typename Record>
void checkBoundsSurviveAFile(std::span<const Field<Record>> fields, const char* list,
                             const QString& dir)
{
    const std::string file = (dir + "/bounds.fleetplan").toStdString();
    for (const Field<Record>& field : fields) {
        const FieldInfo& info = field.info;
        if (info.type != FieldType::Number && info.type != FieldType::Integer)
            continue;
        const double low = info.range.minExclusive
                               ? info.range.min + (info.type == FieldType::Integer ? 1 : 1e-6)
                               : info.range.min;
        for (const double value : {low, info.range.max}) {
            const std::string where =
                std::string(list) + "/" + std::string(info.key) + " = " + fieldNumberText(value);
            const auto project =
                sampleWithRecordFields(list, [&](bj::object& item) { item[info.key] = value; });
            QVERIFY2(project, (where + ": " + (project ? "" : project.error().toString())).c_str());
            const auto saved = saveProjectFile(project.value(), file);
            QVERIFY2(saved, (where + ": " + (saved ? "" : saved.error().toString())).c_str());
            const auto reopened = openProjectFile(file);
            QVERIFY2(reopened,
                     (where + ": " + (reopened ? "" : reopened.error().toString())).c_str());
            QVERIFY2(field.get(firstOfRecordFields<Record>(reopened.value())) == FieldValue(value),
                     where.c_str());
        }
    }
}

/// The sample project with `change` applied to its document.
template <typename Change> Result<Project> sampleProjectWith(Change change)
{
    bj::value document = bj::parse(sampleProjectJson());
    change(document.as_object());
    return parseProjectValue(document, "sample.fleetplan.json");
}

/// The object a project field's key names the parent of ("horizon/months":
/// the horizon object, created when absent), and the key's leaf.
std::pair<bj::object*, std::string> parentOf(bj::object& root, std::string_view key)
{
    const auto slash = key.find('/');
    if (slash == std::string_view::npos)
        return {&root, std::string(key)};
    bj::value& parent = root[key.substr(0, slash)];
    if (!parent.is_object())
        parent = bj::object{};
    return {&parent.as_object(), std::string(key.substr(slash + 1))};
}

/// Every field of the project's table: bad values reported at the field's
/// pointer with the table's rule, missing required ones reported, omitted
/// optional ones not written back.
void checkProjectFields()
{
    for (const Field<Project>& field : projectFields()) {
        const FieldInfo& info = field.info;
        const std::string path = "/" + std::string(info.key);
        const auto set = [&](bj::value value) {
            return sampleProjectWith([&](bj::object& root) {
                auto [parent, leaf] = parentOf(root, info.key);
                (*parent)[leaf] = value;
            });
        };
        switch (info.type) {
        case FieldType::Number:
        case FieldType::Integer: {
            const json::NumberRule rule{info.range.min, info.range.minExclusive, info.range.max,
                                        info.type == FieldType::Integer,
                                        std::string(info.range.unit)};
            const std::string message = messageAt(set(info.range.max + 1), path);
            QVERIFY2(message.rfind(rule.describe() + "; got ", 0) == 0, message.c_str());
            break;
        }
        case FieldType::Enum:
            QCOMPARE(messageAt(set("bogus"), path),
                     enumRuleText(info.options, info.wording) + "; got \"bogus\"");
            break;
        case FieldType::Month:
            QCOMPARE(messageAt(set("2027-13"), path),
                     std::string("must be a month YYYY-MM with a year from 1000 to 2999; got "
                                 "\"2027-13\""));
            QVERIFY2(set("1999-12"), path.c_str());
            break;
        case FieldType::Reference:
            QVERIFY2(messageAt(set("bogus"), path)
                             .rfind("names " + std::string(info.item) + " \"bogus\"", 0) == 0,
                     path.c_str());
            break;
        case FieldType::Text: QCOMPARE(messageAt(set(""), path).empty(), false); break;
        case FieldType::Bool:
        case FieldType::Id:
        case FieldType::EnumList: QFAIL("a project field of a type this test does not try"); break;
        }
        const auto absent = sampleProjectWith([&](bj::object& root) {
            auto [parent, leaf] = parentOf(root, info.key);
            parent->erase(leaf);
        });
        if (info.presence == Presence::Required) {
            QCOMPARE(messageAt(absent, path), std::string("is required but missing"));
            continue;
        }
        QVERIFY2(absent, (path + ": " + (absent ? "" : absent.error().toString())).c_str());
        bj::value root = projectToJson(absent.value());
        auto [parent, leaf] = parentOf(root.as_object(), info.key);
        QVERIFY2(parent->contains(leaf) == (info.presence == Presence::Optional),
                 (path + ": written or omitted wrongly").c_str());
    }
}

} // namespace

class TestRecordFields : public QObject
{
    Q_OBJECT

private slots:
    void generatedTablesAreTheGolden()
    {
        QCOMPARE(QString::fromStdString(rows::poolAndSegmentTablesSql()),
                 QString::fromUtf8(kGoldenPoolAndSegmentTables));
        QVERIFY(projectSchemaSql().find(kGoldenPoolAndSegmentTables) != std::string::npos);
        QCOMPARE(QString::fromStdString(rows::projectTableSql()),
                 QString::fromUtf8(kGoldenProjectTable));
        QVERIFY(projectSchemaSql().find(kGoldenProjectTable) == 1); // after a newline, first
        QCOMPARE(QString::fromStdString(rows::scenarioTableSql()),
                 QString::fromUtf8(kGoldenScenarioTable));
        QVERIFY(projectSchemaSql().find(kGoldenScenarioTable) != std::string::npos);
        // The tenant table is the one the step 2 → 3 creates; the input
        // ranges' table (6 → 7) follows it, the schema's last.
        QCOMPARE(QString::fromStdString(rows::tenantTableSql()), QString::fromUtf8(kTenantTableV3));
        QVERIFY(projectSchemaSql().ends_with(std::string(kTenantTableV3) + kRangeTableV7));
        QCOMPARE(QString::fromStdString(rows::rangeTableSql()), QString::fromUtf8(kRangeTableV7));
        QCOMPARE(QString::fromStdString(rows::priceEntryTablesSql()),
                 QString::fromUtf8(kGoldenPriceEntryTables));
        QVERIFY(projectSchemaSql().find(kGoldenPriceEntryTables) != std::string::npos);
    }

    void columnsFollowTheTables()
    {
        const auto check = [](std::span<const rows::Column> columns, const RecordFields& record) {
            std::vector<std::string_view> keys;
            for (const DescribedField& field : record.fields)
                if (field.info.type != FieldType::EnumList)
                    keys.push_back(field.info.key);
            QCOMPARE(columns.size(), keys.size());
            for (std::size_t c = 0; c < columns.size(); ++c) {
                QCOMPARE(std::string_view(columns[c].name), keys[c]);
                QCOMPARE(std::string_view(columns[c].key), keys[c]);
            }
        };
        check(rows::kPool, poolRecord());
        check(rows::kSegment, segmentRecord());
        check(rows::kScenario, scenarioRecord());
        check(rows::kTenant, tenantRecord());
        // The project's columns are named apart from their nested keys.
        QCOMPARE(rows::kProject.size(), projectRecord().fields.size());
        for (std::size_t c = 0; c < rows::kProject.size(); ++c) {
            const FieldInfo& info = projectRecord().fields[c].info;
            QCOMPARE(std::string_view(rows::kProject[c].key), info.key);
            QCOMPARE(std::string_view(rows::kProject[c].name),
                     info.column.empty() ? info.key : info.column);
        }
    }

    void rowsAreWellFormed()
    {
        for (const RecordFields* record : {&poolRecord(), &segmentRecord(), &scenarioRecord(),
                                           &projectRecord(), &tenantRecord()}) {
            std::set<std::string_view> keys;
            for (const DescribedField& field : record->fields) {
                const FieldInfo& info = field.info;
                const QByteArray where = QByteArray(record->record.data()) + "/" + info.key.data();
                QVERIFY2(keys.insert(info.key).second, where.constData());
                QVERIFY2(!info.help.empty() && !info.display.label.empty(), where.constData());
                const bool listed =
                    info.type == FieldType::Enum || info.type == FieldType::EnumList;
                QCOMPARE(listed, !info.options.empty());
                if (info.type == FieldType::EnumList)
                    QVERIFY2(!info.table.empty() && !info.item.empty(), where.constData());
                if (info.type == FieldType::Reference)
                    QVERIFY2(!info.item.empty(), where.constData());
                if (info.type == FieldType::Id)
                    QCOMPARE(info.presence, Presence::Required);
            }
            if (record != &projectRecord())
                QCOMPARE(record->fields.front().info.type, FieldType::Id);
        }
    }

    void readerAndWriterFollowTheTables()
    {
        checkReaderAndWriter<FleetPool>(poolFields(), "/fleet/pools");
        checkReaderAndWriter<Segment>(segmentFields(), "/segments");
        checkReaderAndWriter<Scenario>(scenarioFields(), "/scenarios");
        checkReaderAndWriter<Tenant>(tenantFields(), "/tenants");
        checkProjectFields();
    }

    /// The messages as they were before the tables, word for word.
    void messagesAreUnchanged()
    {
        const auto pool = [](const char* key, bj::value value) {
            return sampleWithRecordFields("/fleet/pools",
                                          [&](bj::object& item) { item[key] = value; });
        };
        const auto segment = [](const char* key, bj::value value) {
            return sampleWithRecordFields("/segments",
                                          [&](bj::object& item) { item[key] = value; });
        };
        QCOMPARE(messageAt(pool("plan", "monthly"), "/fleet/pools/0/plan"),
                 std::string("must be one of on_demand, reserved_1y, reserved_3y, spot, owned; "
                             "got \"monthly\""));
        QCOMPARE(messageAt(pool("gpu", "tpu-v9"), "/fleet/pools/0/gpu"),
                 std::string("names GPU \"tpu-v9\", which is not in the catalog"));
        QCOMPARE(messageAt(pool("count", -1), "/fleet/pools/0/count"),
                 std::string("must be a whole number ≥ 0 and ≤ 1e+07; got -1"));
        QCOMPARE(messageAt(pool("gpus_per_node", 128), "/fleet/pools/0/gpus_per_node"),
                 std::string("must be a whole number ≥ 1 and ≤ 64; got 128"));
        QCOMPARE(messageAt(pool("colour", "red"), "/fleet/pools/0/colour"),
                 std::string("unknown key; allowed keys here: id, gpu, count, plan, "
                             "gpus_per_node, note"));
        QCOMPARE(messageAt(segment("isolation_floor", "strong"), "/segments/0/isolation_floor"),
                 std::string("must be none, memory or hardware; got \"strong\""));
        QCOMPARE(
            messageAt(segment("allowed_regimes", bj::array{"vm"}), "/segments/0/allowed_regimes/0"),
            "must be one of " + knownRegimeKeys() + "; got \"vm\"");
        QCOMPARE(messageAt(segment("allowed_regimes", bj::array{}), "/segments/0/allowed_regimes"),
                 std::string("must list at least one regime"));
        QCOMPARE(messageAt(segment("price_usd_per_gpu_hour", 2000),
                           "/segments/0/price_usd_per_gpu_hour"),
                 std::string("must be a finite number ≥ 0 and ≤ 200 (USD per GPU-hour charged; a "
                             "monthly price would be about 730× larger); got 2000"));
        QCOMPARE(messageAt(sampleWithRecordFields("/scenarios",
                                                  [](bj::object& item) { item["colour"] = "red"; }),
                           "/scenarios/0/colour"),
                 std::string("unknown key; allowed keys here: id, name, overrides, description"));
        const auto top = [](const char* parent, const char* key, bj::value value) {
            return sampleProjectWith([&](bj::object& root) {
                bj::object& object = *parent ? root[parent].as_object() : root;
                object[key] = value;
            });
        };
        QCOMPARE(messageAt(top("fleet", "mode", "grow"), "/fleet/mode"),
                 std::string("must be \"fixed\" (the fleet is given) or \"size\" "
                             "(FleetPlanner sizes it); got \"grow\""));
        QCOMPARE(
            messageAt(top("scheduler", "policy", "fifo"), "/scheduler/policy"),
            std::string("must be naive, topology_aware or predictive_preemption; got \"fifo\""));
        QCOMPARE(messageAt(top("horizon", "months", 121), "/horizon/months"),
                 std::string("must be a whole number ≥ 1 and ≤ 120; got 121"));
        QVERIFY(messageAt(top("", "active_price_book", "nope"), "/active_price_book")
                    .rfind("names price book \"nope\", which is not defined; known: ", 0) == 0);
        QCOMPARE(messageAt(segment("colour", "red"), "/segments/0/colour"),
                 std::string("unknown key; allowed keys here: id, name, "
                             "price_usd_per_gpu_hour, stage, isolation_floor, allowed_regimes, "
                             "preemptible, note"));
        // Rules across rows stay with the parser: duplicate ids.
        bj::value document = bj::parse(sampleProjectJson());
        bj::array& segments = document.at("segments").as_array();
        segments.push_back(segments.front());
        const auto duplicate = parseProjectValue(document, "sample.fleetplan.json");
        QCOMPARE(messageAt(duplicate, "/segments/" + std::to_string(segments.size() - 1) + "/id"),
                 "duplicate segment id \"" + std::string(segments.front().at("id").as_string()) +
                     "\"");
    }

    void boundsSurviveAProjectFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        checkBoundsSurviveAFile<FleetPool>(poolFields(), "/fleet/pools", dir.path());
        checkBoundsSurviveAFile<Segment>(segmentFields(), "/segments", dir.path());
        checkBoundsSurviveAFile<Tenant>(tenantFields(), "/tenants", dir.path());
    }

    /// Every field of the sample's pools and segments (lists included) through
    /// a project file and back.
    void rowsSurviveAProjectFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto project = parseProjectValue(bj::parse(sampleProjectJson()), "sample");
        QVERIFY(project);
        const std::string file = (dir.path() + "/rows.fleetplan").toStdString();
        QVERIFY(saveProjectFile(project.value(), file));
        const auto reopened = openProjectFile(file);
        QVERIFY(reopened);
        QCOMPARE(reopened.value().segments.size(), project.value().segments.size());
        for (std::size_t i = 0; i < project.value().segments.size(); ++i)
            for (const Field<Segment>& field : segmentFields())
                QVERIFY2(field.get(reopened.value().segments[i]) ==
                             field.get(project.value().segments[i]),
                         field.info.key.data());
        for (std::size_t i = 0; i < project.value().fleet.pools.size(); ++i)
            for (const Field<FleetPool>& field : poolFields())
                QVERIFY2(field.get(reopened.value().fleet.pools[i]) ==
                             field.get(project.value().fleet.pools[i]),
                         field.info.key.data());
    }

    void priceEntriesFollowTheirTables()
    {
        // The writer writes a rented price's fields in table order, leaving
        // out an unset interruption rate and an empty note.
        HourlyPrice price;
        price.usdPerGpuHour = 2.5;
        price.source = "lambda-pricing";
        price.asOf = "2026-11";
        QCOMPARE(bj::serialize(hourlyPriceToJson(price)),
                 std::string(R"({"usd_per_gpu_hour":2.5E0,"source":"lambda-pricing",)"
                             R"("as_of":"2026-11"})"));
        price.interruptionsPerHour = 0.02;
        price.note = "8-GPU instance";
        QCOMPARE(bj::serialize(hourlyPriceToJson(price)),
                 std::string(R"({"usd_per_gpu_hour":2.5E0,"source":"lambda-pricing",)"
                             R"("as_of":"2026-11","interruptions_per_hour":2E-2,)"
                             R"("note":"8-GPU instance"})"));
        // Owned figures: every one of the table that applies, each with its
        // citation — the five capex figures, or the cost per GPU-hour alone.
        OwnedCost owned;
        for (const OwnedFigureField& field : ownedFigureFields())
            if (field.member != &OwnedCost::usdPerGpuHour)
                owned.*field.member = {field.startValue + 1, "vendor-quote", "2026", ""};
        const bj::object ownedJson = ownedCostToJson(owned);
        QCOMPARE(ownedJson.size(), ownedFigureFields().size() - 1);
        for (const OwnedFigureField& field : ownedFigureFields())
            if (ownedFigureApplies(field, owned))
                QCOMPARE(ownedJson.at(field.info.key).at("value").as_double(),
                         field.startValue + 1);
        owned.usdPerGpuHour = {1.25, "finance-rate", "2026", ""};
        QCOMPARE(bj::serialize(ownedCostToJson(owned)),
                 std::string(R"({"usd_per_gpu_hour":{"value":1.25E0,"source":"finance-rate",)"
                             R"("as_of":"2026"}})"));
        // The SQLite columns of hourly_price are the table's keys, in order.
        const std::vector<rows::Column> columns = rows::hourlyColumns();
        QCOMPARE(columns.size(), hourlyPriceFields().size());
        for (std::size_t i = 0; i < columns.size(); ++i)
            QCOMPARE(std::string_view(columns[i].name), hourlyPriceFields()[i].info.key);
    }
};

FLEET_TEST_MAIN(TestRecordFields)
#include "test_record_fields.moc"
