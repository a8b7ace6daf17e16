#include "fields_command.h"

#include "cli_support.h"
#include "io/json_writer.h"
#include "model/fleet_fields.h"
#include "model/workload_fields.h"

#include <QTextStream>

#include <boost/json.hpp>

namespace fleet::cli {

namespace {

namespace bj = boost::json;

QString text(const std::string& value)
{
    return QString::fromStdString(value);
}

QString text(std::string_view view)
{
    return QString::fromUtf8(view.data(), qsizetype(view.size()));
}

std::string_view presenceKey(Presence presence)
{
    switch (presence) {
    case Presence::Required: return "required";
    case Presence::Optional: return "optional";
    case Presence::OmitWhenDefault: return "optional_omitted_when_default";
    case Presence::Unset: return "optional_unset_when_absent";
    }
    return "required";
}

/// "> 0 and ≤ 1e14 (tokens)", or the enum's keys with their meaning.
QString ruleText(const FieldInfo& field)
{
    if (field.type == FieldType::Id)
        return QString::fromUtf8("1–64 characters of a–z, 0–9, '-', '_' or '.', starting with a "
                                 "letter or digit; unique in its list");
    if (field.type == FieldType::Reference && field.item == "segment")
        return QStringLiteral("the id of one of the project's segments");
    if (field.type == FieldType::Reference)
        return QStringLiteral("the id of a catalog %1").arg(text(field.item));
    if (field.type == FieldType::Month)
        return QString::fromUtf8("a month YYYY-MM, years 1000–2999");
    if (field.type == FieldType::Enum || field.type == FieldType::EnumList) {
        QStringList keys;
        for (const EnumOption& option : field.options)
            keys << QStringLiteral("\"%1\"").arg(text(option.key)) +
                        (option.help.empty() ? QString()
                                             : QStringLiteral(" (%1)").arg(text(option.help)));
        return (field.type == FieldType::EnumList ? QStringLiteral("a list of one or more of ")
                                                  : QStringLiteral("one of ")) +
               keys.join(QStringLiteral(", "));
    }
    if (field.type != FieldType::Number && field.type != FieldType::Integer)
        return {};
    QString rule = QString::fromUtf8(field.range.minExclusive ? "> " : "≥ ") +
                   QString::fromStdString(fieldNumberText(field.range.min)) +
                   QString::fromUtf8(" and ≤ ") +
                   QString::fromStdString(fieldNumberText(field.range.max));
    if (!field.range.unit.empty())
        rule += QLatin1Char(' ') + text(field.range.unit);
    return rule;
}

QString presenceText(const DescribedField& field)
{
    const std::string* text = std::get_if<std::string>(&field.defaultValue);
    const QString value = text && text->empty()
                              ? QStringLiteral("\"\"")
                              : QString::fromStdString(fieldValueText(field.defaultValue));
    switch (field.info.presence) {
    case Presence::Required: return QStringLiteral("required");
    case Presence::Optional: return QStringLiteral("optional, default %1").arg(value);
    case Presence::OmitWhenDefault:
        return QStringLiteral("optional, default %1 (not written when default)").arg(value);
    case Presence::Unset: return QStringLiteral("optional (absent: unset)");
    }
    return {};
}

/// Where a record's rows are in a project file.
QString where(const RecordFields& record)
{
    if (record.record == "pool")
        return QStringLiteral("the items of /fleet/pools");
    if (record.record == "segment")
        return QStringLiteral("the items of /segments");
    if (record.record == "scenario")
        return QStringLiteral("the items of /scenarios");
    if (record.record == "tenant")
        return QStringLiteral("the items of /tenants (format 3)");
    if (record.record == "hourly_price")
        return QStringLiteral("a rented plan's price in a price book: /price_books/…/gpus/…/"
                              "on_demand, reserved_1y, reserved_3y or spot");
    if (record.record == "owned_figure")
        return QString::fromUtf8("an owned GPU's cost in a price book, /price_books/…/gpus/…/owned:"
                                 " each figure is {\"value\": the number, \"source\", "
                                 "\"as_of\"[, \"note\"]}");
    if (record.record == "project")
        return QStringLiteral("the top level of a project file; \"a/b\" is key b of object a");
    return QStringLiteral("a workload with \"kind\": \"%1\"").arg(text(record.record));
}

QString fieldsText()
{
    QString out;
    QTextStream s(&out);
    s << "Input fields of each record, as in project files (the JSON key is also the\n"
         "column of its SQLite table). Shown: the app's column label, unit and scale.\n";
    for (const RecordFields* record : allRecords()) {
        s << "\n"
          << text(record->record) << " (" << where(*record) << "; SQLite table "
          << text(record->table) << ")\n";
        for (const DescribedField& field : record->fields) {
            const FieldInfo& info = field.info;
            s << "  " << text(info.key) << "  " << text(fieldTypeKey(info.type)) << ", "
              << presenceText(field);
            if (const QString rule = ruleText(info); !rule.isEmpty())
                s << "; " << rule;
            s << "\n      " << text(info.help) << ". Shown: " << text(info.display.label);
            if (!info.display.unit.empty()) {
                s << " (" << text(info.display.unit);
                if (info.display.scale > 1)
                    s << QString::fromUtf8(", ×") << text(fieldNumberText(info.display.scale));
                else if (info.display.scale < 1)
                    s << QString::fromUtf8(", ÷") << text(fieldNumberText(1 / info.display.scale));
                s << ")";
            }
            s << "\n";
        }
    }
    return out;
}

bj::value valueJson(const FieldValue& value)
{
    if (const double* d = std::get_if<double>(&value))
        return *d;
    if (const bool* b = std::get_if<bool>(&value))
        return *b;
    if (const std::string* t = std::get_if<std::string>(&value))
        return bj::string(*t);
    if (const auto* list = std::get_if<std::vector<std::string>>(&value)) {
        bj::array keys;
        for (const std::string& key : *list)
            keys.emplace_back(key);
        return keys;
    }
    return nullptr;
}

bj::object fieldJson(const DescribedField& field)
{
    const FieldInfo& info = field.info;
    bj::object item{{"key", info.key},
                    {"type", fieldTypeKey(info.type)},
                    {"presence", presenceKey(info.presence)},
                    {"default", info.presence == Presence::Required
                                    ? bj::value(nullptr)
                                    : valueJson(field.defaultValue)}};
    if (info.type == FieldType::Number || info.type == FieldType::Integer) {
        item[info.range.minExclusive ? "exclusive_minimum" : "minimum"] = info.range.min;
        item["maximum"] = info.range.max;
        if (!info.range.unit.empty())
            item["unit"] = info.range.unit;
    }
    if (info.type == FieldType::Reference)
        item["refers_to"] = info.item;
    if (info.type == FieldType::EnumList)
        item["sqlite_table"] = info.table;
    if (info.type == FieldType::Enum || info.type == FieldType::EnumList) {
        bj::array values;
        for (const EnumOption& option : info.options)
            values.push_back(bj::object{{"key", option.key}, {"help", option.help}});
        item["values"] = std::move(values);
    }
    if (!info.column.empty())
        item["sqlite_column"] = info.column;
    item["help"] = info.help;
    item["label"] = info.display.label;
    item["display_unit"] = info.display.unit;
    item["display_scale"] = info.display.scale;
    return item;
}

bj::object fieldsJson()
{
    bj::array records;
    for (const RecordFields* record : allRecords()) {
        bj::array fields;
        for (const DescribedField& field : record->fields)
            fields.push_back(fieldJson(field));
        records.push_back(bj::object{{"record", record->record},
                                     {"sqlite_table", record->table},
                                     {"fields", std::move(fields)}});
    }
    return bj::object{{"records", std::move(records)}};
}

} // namespace

int runFieldsCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the input fields of each record (workload kinds, fleet pools, "
                       "segments): key, type, range, default, unit and help."));
    parser.addHelpOption();
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    parser.addOption(jsonOption);
    int parseExit = Ok;
    if (!parseOrExit(parser, args, 0, &parseExit))
        return parseExit;
    if (parser.isSet(jsonOption))
        printOut(QString::fromStdString(json::toPrettyString(fieldsJson())));
    else
        printOut(fieldsText());
    return Ok;
}

} // namespace fleet::cli
