// The JSON Schema of project files (data/schema/fleetplan.schema.json) agrees
// with the field tables of a fleet pool, a segment, a tenant, a scenario,
// the project itself and a price entry: every field at its place, required
// where the table says, with the table's type, enum, pattern and range, and
// nothing in the schema that no table has. (The tables' SQL, reader and
// writer: test_record_fields.)

#include "model/fleet_fields.h"
#include "model/price_fields.h"
#include "model/project_fields.h"
#include "model/tenant_fields.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <boost/json.hpp>

#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

using namespace fleet;
namespace bj = boost::json;

namespace {

/// Where a record's rows are in the sample: its list's pointer, and the
/// record's item in the schema.
struct Place
{
    const char* list; ///< "/fleet/pools"
    std::function<const bj::object&(const bj::object& schemaProperties)> schemaItem;
};

Place poolPlace()
{
    return {"/fleet/pools", [](const bj::object& properties) -> const bj::object& {
                return properties.at("fleet").at("properties").at("pools").at("items").as_object();
            }};
}

Place segmentPlace()
{
    return {"/segments", [](const bj::object& properties) -> const bj::object& {
                return properties.at("segments").at("items").as_object();
            }};
}

Place tenantPlace()
{
    return {"/tenants", [](const bj::object& properties) -> const bj::object& {
                return properties.at("tenants").at("items").as_object();
            }};
}

bj::value readSchema()
{
    std::ifstream in(FLEET_SOURCE_DIR "/data/schema/fleetplan.schema.json");
    std::stringstream text;
    text << in.rdbuf();
    return bj::parse(text.str());
}

std::optional<double> numberAt(const bj::object& property, std::string_view key)
{
    const bj::value* value = property.if_contains(key);
    if (!value)
        return std::nullopt;
    return value->to_number<double>();
}

std::vector<std::string_view> enumOf(const bj::object& property)
{
    std::vector<std::string_view> keys;
    for (const bj::value& key : property.at("enum").as_array())
        keys.push_back(key.as_string());
    return keys;
}

std::vector<std::string_view> optionKeys(const FieldInfo& info)
{
    std::vector<std::string_view> keys;
    for (const EnumOption& option : info.options)
        keys.push_back(option.key);
    return keys;
}

/// `extra`: the schema's keys of the record that are not fields (a scenario's overrides).
void checkSchemaAgrees(const RecordFields& record, const bj::object& def,
                       std::set<std::string_view> extra = {})
{
    const bj::object& properties = def.at("properties").as_object();
    std::set<std::string_view> required;
    for (const bj::value& key : def.at("required").as_array())
        required.insert(key.as_string());
    std::set<std::string_view> tableKeys;
    for (const DescribedField& field : record.fields) {
        const FieldInfo& info = field.info;
        tableKeys.insert(info.key);
        const std::string where = std::string(record.record) + "/" + std::string(info.key);
        const bj::object* property =
            properties.if_contains(info.key) ? properties.at(info.key).if_object() : nullptr;
        QVERIFY2(property, (where + ": not in the schema").c_str());
        QVERIFY2(required.count(info.key) == (info.presence == Presence::Required),
                 (where + ": required-ness differs").c_str());
        const auto type = [&](std::string_view expected) {
            QVERIFY2(property->contains("type") && property->at("type").as_string() == expected,
                     (where + ": type differs").c_str());
        };
        switch (info.type) {
        case FieldType::Enum:
            QVERIFY2(enumOf(*property) == optionKeys(info), (where + ": enum differs").c_str());
            break;
        case FieldType::EnumList:
            type("array");
            QVERIFY2(numberAt(*property, "minItems") == 1.0, (where + ": minItems").c_str());
            // A registry's keys (the regimes) are a pattern the reader checks
            // against the registry, so a new regime needs no new schema.
            if (info.registryKeys)
                QVERIFY2(property->at("items").at("$ref") ==
                             bj::value("#/$defs/" + std::string(info.item) + "_key"),
                         (where + ": items are not the registry's keys").c_str());
            else
                QVERIFY2(enumOf(property->at("items").as_object()) == optionKeys(info),
                         (where + ": items' enum differs").c_str());
            break;
        case FieldType::Id:
        case FieldType::Reference:
            type("string");
            QVERIFY2(property->at("pattern").as_string() == "^[a-z0-9][a-z0-9._-]{0,63}$",
                     (where + ": pattern differs").c_str());
            break;
        case FieldType::Text:
        case FieldType::Month: type("string"); break;
        case FieldType::Bool: type("boolean"); break;
        case FieldType::Number:
        case FieldType::Integer: {
            type(info.type == FieldType::Integer ? "integer" : "number");
            const auto minimum = numberAt(*property, "minimum");
            const auto exclusive = numberAt(*property, "exclusiveMinimum");
            if (info.range.minExclusive)
                QVERIFY2(!minimum && exclusive == info.range.min,
                         (where + ": exclusiveMinimum differs").c_str());
            else
                QVERIFY2(!exclusive && minimum == info.range.min,
                         (where + ": minimum differs").c_str());
            QVERIFY2(numberAt(*property, "maximum") == info.range.max,
                     (where + ": maximum differs").c_str());
            break;
        }
        }
    }
    for (const auto& property : properties)
        QVERIFY2(tableKeys.count(property.key()) || extra.count(property.key()),
                 (std::string(record.record) + "/" + std::string(property.key()) +
                  ": in the schema but not in the table")
                     .c_str());
    QVERIFY(def.at("additionalProperties") == bj::value(false));
}
} // namespace

class TestRecordSchema : public QObject
{
    Q_OBJECT

private slots:
    void jsonSchemaAgrees()
    {
        const bj::value schema = readSchema();
        const bj::object& properties = schema.at("properties").as_object();
        checkSchemaAgrees(poolRecord(), poolPlace().schemaItem(properties));
        checkSchemaAgrees(segmentRecord(), segmentPlace().schemaItem(properties));
        checkSchemaAgrees(tenantRecord(), tenantPlace().schemaItem(properties));
        // The project's fields: each at its nested place, required there or not.
        for (const DescribedField& field : projectRecord().fields) {
            const FieldInfo& info = field.info;
            const auto slash = info.key.find('/');
            const bj::object& parent = slash == std::string_view::npos
                                           ? schema.as_object()
                                           : properties.at(info.key.substr(0, slash)).as_object();
            const std::string_view leaf =
                slash == std::string_view::npos ? info.key : info.key.substr(slash + 1);
            const bj::object& property = parent.at("properties").at(leaf).as_object();
            bool required = false;
            for (const bj::value& key : parent.at("required").as_array())
                required = required || key.as_string() == leaf;
            QVERIFY2(required == (info.presence == Presence::Required), info.key.data());
            if (info.type == FieldType::Enum)
                QVERIFY2(enumOf(property) == optionKeys(info), info.key.data());
            else if (info.type == FieldType::Integer)
                QVERIFY2(property.at("type").as_string() == "integer" &&
                             numberAt(property, "minimum") == info.range.min &&
                             numberAt(property, "maximum") == info.range.max,
                         info.key.data());
            else
                QVERIFY2(property.at("type").as_string() == "string", info.key.data());
            if (info.type == FieldType::Month || info.type == FieldType::Reference)
                QVERIFY2(property.contains("pattern"), info.key.data());
        }
        checkSchemaAgrees(scenarioRecord(), properties.at("scenarios").at("items").as_object(),
                          {"overrides"});
        // Price entries: a rented plan's price, and each owned figure's value
        // (a sourced figure whose value has the figure's own range).
        const bj::object& defs = schema.at("$defs").as_object();
        checkSchemaAgrees(hourlyPriceRecord(), defs.at("hourly_price").as_object());
        const bj::object& owned = defs.at("owned_cost").as_object();
        std::set<std::string_view> figures;
        for (const OwnedFigureField& field : ownedFigureFields()) {
            const FieldInfo& info = field.info;
            figures.insert(info.key);
            // Either the five figures or usd_per_gpu_hour: one branch each.
            const std::size_t branch = info.key == "usd_per_gpu_hour" ? 1 : 0;
            bool required = false;
            for (const bj::value& key :
                 owned.at("oneOf").as_array().at(branch).at("required").as_array())
                required = required || key.as_string() == info.key;
            QVERIFY2(required, info.key.data());
            const bj::array& parts = owned.at("properties").at(info.key).at("allOf").as_array();
            QVERIFY2(parts.at(0).at("$ref").as_string() == "#/$defs/figure", info.key.data());
            const bj::object& value = parts.at(1).at("properties").at("value").as_object();
            QVERIFY2(numberAt(value, info.range.minExclusive ? "exclusiveMinimum" : "minimum") ==
                             info.range.min &&
                         numberAt(value, "maximum") == info.range.max,
                     info.key.data());
        }
        for (const auto& property : owned.at("properties").as_object())
            QVERIFY2(figures.count(property.key()) || property.key() == "note",
                     property.key().data());
    }
};

FLEET_TEST_MAIN(TestRecordSchema)
#include "test_record_schema.moc"
