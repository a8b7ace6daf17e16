// fleetplanner-cli fields: every workload kind's fields, from the field
// tables, as text and as JSON; a bad option is refused.

#include "cli_run.h"
#include "model/fleet_fields.h"
#include "model/workload_fields.h"
#include "support/fleet_test.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using fleet::test::CliRun;
using fleet::test::runCli;
using namespace fleet;

namespace {

QString text(std::string_view view)
{
    return QString::fromUtf8(view.data(), qsizetype(view.size()));
}

} // namespace

class TestCliFields : public QObject
{
    Q_OBJECT

private slots:
    void jsonListsEveryField()
    {
        const CliRun run = runCli({"fields", "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonArray records =
            QJsonDocument::fromJson(run.out.toUtf8()).object().value("records").toArray();
        QCOMPARE(records.size(), qsizetype(allRecords().size()));
        for (qsizetype r = 0; r < records.size(); ++r) {
            const RecordFields& record = *allRecords()[std::size_t(r)];
            const QJsonObject item = records[r].toObject();
            QCOMPARE(item.value("record").toString(), text(record.record));
            const QJsonArray fields = item.value("fields").toArray();
            QCOMPARE(fields.size(), qsizetype(record.fields.size()));
            for (qsizetype f = 0; f < fields.size(); ++f) {
                const FieldInfo& info = record.fields[std::size_t(f)].info;
                const QJsonObject field = fields[f].toObject();
                QCOMPARE(field.value("key").toString(), text(info.key));
                QCOMPARE(field.value("type").toString(), text(fieldTypeKey(info.type)));
                QCOMPARE(field.value("help").toString(), text(info.help));
                if (info.type == FieldType::Number || info.type == FieldType::Integer) {
                    QCOMPARE(field.value("maximum").toDouble(), info.range.max);
                    const char* min = info.range.minExclusive ? "exclusive_minimum" : "minimum";
                    QCOMPARE(field.value(min).toDouble(), info.range.min);
                }
            }
        }
        // A spot check of one row as people read it (after model, params,
        // total_params and precision).
        const QJsonObject rps = records[1].toObject().value("fields").toArray()[4].toObject();
        QCOMPARE(rps.value("key").toString(), QStringLiteral("requests_per_second"));
        QCOMPARE(rps.value("presence").toString(), QStringLiteral("required"));
        QCOMPARE(rps.value("unit").toString(), QStringLiteral("(requests/s)"));
    }

    void textNamesEveryFieldWithItsRule()
    {
        const CliRun run = runCli({"fields"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        for (const RecordFields* record : allRecords())
            for (const DescribedField& field : record->fields)
                QVERIFY2(run.out.contains("  " + text(field.info.key) + "  "),
                         field.info.key.data());
        QVERIFY2(run.out.contains(QString::fromUtf8(
                     "requests_per_second  number, required; > 0 and ≤ 1e7 (requests/s)")),
                 qPrintable(run.out));
        QVERIFY2(run.out.contains(QString::fromUtf8("Shown: Params (B, ÷1e9)")),
                 qPrintable(run.out));
        QVERIFY2(run.out.contains(QString::fromUtf8(
                     "allowed_regimes  enum_list, optional, default ; a list of one or more of")),
                 qPrintable(run.out));
        QVERIFY2(
            run.out.contains(QStringLiteral("gpu  reference, required; the id of a catalog GPU")),
            qPrintable(run.out));
    }

    void badOptionIsRefused()
    {
        const CliRun run = runCli({"fields", "--yaml"});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("yaml"), qPrintable(run.err));
    }
};

FLEET_TEST_MAIN(TestCliFields)
#include "test_cli_fields.moc"
