// Numeric input is read in the unit the field is shown in (issue 32, item
// 3): "13" in a field shown in billions of parameters is 13 × 10⁹, "2 weeks"
// in a field of days is 14, "$3.79/h" in a price per GPU-hour is 3.79; a
// unit of another kind is refused naming the field and the rule.

#include "model/field_input.h"
#include "model/workload_fields.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cmath>

using namespace fleet;

namespace {

const InputField kParams{"Total params", "B", 1e-9};
const InputField kTokens{"Tokens per run", "T", 1e-12};
const InputField kRunDays{"Run length", "days", 1};
const InputField kGpus{"GPUs per job", "GPUs", 1};
const InputField kMfu{"MFU", "%", 100};
const InputField kGrowth{"Growth", "%/month", 100};
const InputField kPrice{"Price", "USD/GPU-h", 1};
const InputField kHosting{"Hosting", "USD/GPU-month", 1};
const InputField kCapex{"Capex", "USD per GPU", 1};
const InputField kMemory{"Memory", "GB/GPU", 1};
const InputField kKvCache{"KV cache", "bytes/token", 1};
const InputField kTtft{"TTFT", "ms", 1};
const InputField kIdle{"Idle timeout", "min", 1};
const InputField kWindow{"Window", "h/day", 1};
const InputField kRuns{"Runs", "per month", 1};
const InputField kRequests{"Requests", "per s", 1};
const InputField kInputTokens{"Input tokens", "per request", 1};
const InputField kUsers{"Users", "people", 1};
const InputField kPriority{"Priority", "", 1};
const InputField kHorizon{"Horizon", "months", 1};
const InputField kAmortized{"Amortized over", "years", 1};
const InputField kPower{"Power", "USD/kWh", 1};

} // namespace

Q_DECLARE_METATYPE(fleet::InputField)

class TestFieldInput : public QObject
{
    Q_OBJECT

private slots:
    void readsInTheUnitShown_data()
    {
        QTest::addColumn<InputField>("field");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<double>("stored");
        // The bug of issue 32: 13 in "Total params (B)" is 13 billion.
        QTest::newRow("13 in B") << kParams << "13" << 13e9;
        QTest::newRow("13B") << kParams << "13B" << 13e9;
        QTest::newRow("13 B") << kParams << "13 B" << 13e9;
        QTest::newRow("13 billion") << kParams << "13 billion" << 13e9;
        QTest::newRow("1.2T in B") << kParams << "1.2T" << 1.2e12;
        QTest::newRow("70M in B") << kParams << "70M" << 7e7;
        QTest::newRow("1.5bn") << kParams << "1.5bn" << 1.5e9;
        QTest::newRow("0.5 in B") << kParams << "0.5" << 5e8;
        QTest::newRow("1.2T tokens") << kTokens << "1.2T" << 1.2e12;
        QTest::newRow("15 in T") << kTokens << "15" << 15e12;
        QTest::newRow("500B in T") << kTokens << "500B" << 5e11;
        QTest::newRow("2 weeks") << kRunDays << "2 weeks" << 14.0;
        QTest::newRow("1 week") << kRunDays << "1 week" << 7.0;
        QTest::newRow("36 h in days") << kRunDays << "36h" << 1.5;
        QTest::newRow("3 days") << kRunDays << "3 days" << 3.0;
        QTest::newRow("1 month in days") << kRunDays << "1 month" << 730.0 / 24;
        QTest::newRow("8 GPUs") << kGpus << "8 GPUs" << 8.0;
        QTest::newRow("1 GPU") << kGpus << "1 GPU" << 1.0;
        QTest::newRow("1.5k GPUs") << kGpus << "1.5k" << 1500.0;
        QTest::newRow("1,024 GPUs") << kGpus << "1,024" << 1024.0;
        QTest::newRow("40 %") << kMfu << "40" << 0.4;
        QTest::newRow("40%") << kMfu << "40%" << 0.4;
        QTest::newRow("42.5 percent") << kMfu << "42.5 percent" << 0.425;
        QTest::newRow("decimal comma") << kMfu << "42,5" << 0.425;
        QTest::newRow("5 %/month") << kGrowth << "5" << 0.05;
        QTest::newRow("5%/month") << kGrowth << "5%/month" << 0.05;
        QTest::newRow("-10 % per month") << kGrowth << "−10 % per month" << -0.1;
        QTest::newRow("$3.79/h") << kPrice << "$3.79/h" << 3.79;
        QTest::newRow("$3.79") << kPrice << "$3.79" << 3.79;
        QTest::newRow("3.79 USD/GPU-h") << kPrice << "3.79 USD/GPU-h" << 3.79;
        QTest::newRow("3.79 per GPU-hour") << kPrice << "3.79 per GPU-hour" << 3.79;
        QTest::newRow("$2,190/month per hour") << kPrice << "$2,190/month" << 3.0;
        QTest::newRow("$3/h in a month") << kHosting << "$3/h" << 2190.0;
        QTest::newRow("$25k") << kCapex << "$25k" << 25000.0;
        QTest::newRow("25k USD per GPU") << kCapex << "25k USD per GPU" << 25000.0;
        QTest::newRow("80 GB") << kMemory << "80 GB" << 80.0;
        QTest::newRow("1.5 TB") << kMemory << "1.5TB" << 1500.0;
        QTest::newRow("512 MB") << kMemory << "512 MB" << 0.512;
        QTest::newRow("80 GB/GPU") << kMemory << "80 GB/GPU" << 80.0;
        QTest::newRow("160 KB per token") << kKvCache << "160 KB" << 160000.0;
        QTest::newRow("2 s in ms") << kTtft << "2 s" << 2000.0;
        QTest::newRow("2000") << kTtft << "2000" << 2000.0;
        QTest::newRow("1.5 hours in min") << kIdle << "1.5 hours" << 90.0;
        QTest::newRow("30 min in h/day") << kWindow << "30 min" << 0.5;
        QTest::newRow("8h") << kWindow << "8h" << 8.0;
        QTest::newRow("8 h/day") << kWindow << "8 h/day" << 8.0;
        QTest::newRow("2/week in per month") << kRuns << "2/week" << 2 * 730.0 / 168;
        QTest::newRow("5 per month") << kRuns << "5 per month" << 5.0;
        QTest::newRow("60/min in per s") << kRequests << "60/min" << 1.0;
        QTest::newRow("2k per request") << kInputTokens << "2k" << 2000.0;
        QTest::newRow("250 people") << kUsers << "250 people" << 250.0;
        QTest::newRow("plain -3") << kPriority << "-3" << -3.0;
        QTest::newRow("2 years in months") << kHorizon << "2 years" << 24.0;
        QTest::newRow("60 months in years") << kAmortized << "60 months" << 5.0;
        QTest::newRow("$0.12/kWh") << kPower << "$0.12/kWh" << 0.12;
        QTest::newRow("1e3 exponent") << kTtft << "1e3" << 1000.0;
        QTest::newRow("spaces around") << kGpus << "  16  " << 16.0;
    }
    void readsInTheUnitShown()
    {
        QFETCH(InputField, field);
        QFETCH(QString, typed);
        QFETCH(double, stored);
        const auto parsed = parseFieldInput(field, typed.toStdString());
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY2(std::abs(parsed.value().stored - stored) <= 1e-12 * std::abs(stored),
                 qPrintable(QStringLiteral("%1 → %2, expected %3")
                                .arg(typed)
                                .arg(parsed.value().stored, 0, 'g', 17)
                                .arg(stored, 0, 'g', 17)));
    }

    /// 13 B is stored as 1.3e10 exactly, not 1.2999999999999998e10.
    void billionsAreStoredExactly()
    {
        for (const char* typed : {"13", "13B", "70", "405", "1.2T", "0.5"}) {
            const auto parsed = parseFieldInput(kParams, typed);
            QVERIFY(parsed.ok());
            QCOMPARE(parsed.value().stored, std::round(parsed.value().shown * 1e9));
        }
        QCOMPARE(parseFieldInput(kParams, "1.2T").value().shown, 1200.0);
        QCOMPARE(storedFromShown(13, 1e-9), 13e9);
        QCOMPARE(storedFromShown(40, 100), 0.4);
    }

    void refusesWithTheFieldAndTheRule_data()
    {
        QTest::addColumn<InputField>("field");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("message");
        QTest::newRow("weeks in GPUs")
            << kGpus << "13 weeks"
            << "GPUs per job: 'weeks' is a duration, this field counts GPUs";
        QTest::newRow("GB in GPUs")
            << kGpus << "80 GB"
            << "GPUs per job: 'GB' is a memory size, this field counts GPUs";
        QTest::newRow("people in GPUs")
            << kGpus << "3 people"
            << "GPUs per job: 'people' is a count of people, this field counts GPUs";
        QTest::newRow("weeks in B")
            << kParams << "2 weeks"
            << "Total params: 'weeks' is a duration, this field counts in billions (B)";
        QTest::newRow("money in days")
            << kRunDays << "$3"
            << "Run length: '$' is an amount of money, this field is a duration in days";
        QTest::newRow("percent in price")
            << kPrice << "5%"
            << "Price: '%' is a percentage, this field is money in USD/GPU-h";
        QTest::newRow("per hour in capex") << kCapex << "$3.79/h"
                                           << "Capex: '/h' is per time, this field is per GPU";
        QTest::newRow("per hour in GPUs")
            << kGpus << "8/h"
            << "GPUs per job: '/h' makes it per time, this field counts GPUs";
        QTest::newRow("minutes in MFU") << kMfu << "40 min"
                                        << "MFU: 'min' is a duration, this field is a percentage";
        QTest::newRow("a word") << kPriority << "high"
                                << "Priority: «high» is not a number; type a number";
        QTest::newRow("empty") << kParams << "  "
                               << "Total params: empty; type a number in B";
        QTest::newRow("not a number") << kParams << "abc"
                                      << "Total params: «abc» is not a number; type a number in B";
        QTest::newRow("nan") << kParams << "nan"
                             << "Total params: «nan» is not a number; type a number in B";
        QTest::newRow("two points")
            << kGpus << "1.2.3"
            << "GPUs per job: «1.2.3» is not a number; type a number in GPUs";
        // Parameters typed whole where the field reads billions.
        QTest::newRow("whole count in B")
            << kParams << "13000000000"
            << "Total params: 1.3e+10 would be read as 1.3e+10 B (1.3e+19); this field counts in "
               "billions (B): type 13 or 13B";
        QTest::newRow("two words")
            << kGpus << "8 big GPUs"
            << "GPUs per job: «8 big GPUs»: cannot read its unit; type a number in GPUs";
        QTest::newRow("unit in a plain field")
            << kPriority << "3 weeks"
            << "Priority: 'weeks' is a duration, this field is a plain "
               "number";
    }
    void refusesWithTheFieldAndTheRule()
    {
        QFETCH(InputField, field);
        QFETCH(QString, typed);
        QFETCH(QString, message);
        const auto parsed = parseFieldInput(field, typed.toStdString());
        QVERIFY2(!parsed.ok(), qPrintable(typed + " was read"));
        QCOMPARE(QString::fromStdString(parsed.error().messages()), message);
    }

    /// Every numeric field of the workload tables reads a bare number in
    /// its unit, and its unit typed out.
    void everyWorkloadFieldReadsItsOwnUnit()
    {
        for (const RecordFields& record : workloadRecords())
            for (const DescribedField& f : record.fields) {
                if (f.info.type != FieldType::Number && f.info.type != FieldType::Integer)
                    continue;
                const InputField field = inputFieldOf(f.info);
                const auto bare = parseFieldInput(field, "12");
                QVERIFY2(bare.ok(), std::string(f.info.key).c_str());
                QCOMPARE(bare.value().shown, 12.0);
                QVERIFY(std::abs(bare.value().stored * field.scale - 12.0) < 1e-9);
                if (field.unit.empty())
                    continue;
                const auto withUnit = parseFieldInput(field, "12 " + std::string(field.unit));
                QVERIFY2(withUnit.ok(), (std::string(f.info.key) + ": " +
                                         (withUnit.ok() ? "" : withUnit.error().messages()))
                                            .c_str());
                QCOMPARE(withUnit.value().stored, bare.value().stored);
            }
    }
};

FLEET_TEST_MAIN(TestFieldInput)
#include "test_field_input.moc"
