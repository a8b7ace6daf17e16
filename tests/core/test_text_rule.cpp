// The text rule covers what XML cannot carry (issue 33, item 3): Unicode
// noncharacters, surrogates and C1 controls are refused like C0 controls,
// with the character and its position named, in project text (JSON, app
// edits) and job-log names; every other character is text.

#include "io/json_reader.h"
#include "joblog/job_log.h"
#include "sample_fixture.h"
#include "store/project_edit.h"
#include "support/fleet_test.h"
#include "util/text_rule.h"

#include <QtTest>

using namespace fleet;

namespace {

/// `code` as UTF-8, between "a" and "b" (so it is character 2).
std::string besideLetters(char32_t code)
{
    std::string text = "a";
    if (code < 0x80) {
        text += char(code);
    } else if (code < 0x800) {
        text += char(0xC0 | (code >> 6));
        text += char(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        text += char(0xE0 | (code >> 12));
        text += char(0x80 | ((code >> 6) & 0x3F));
        text += char(0x80 | (code & 0x3F));
    } else {
        text += char(0xF0 | (code >> 18));
        text += char(0x80 | ((code >> 12) & 0x3F));
        text += char(0x80 | ((code >> 6) & 0x3F));
        text += char(0x80 | (code & 0x3F));
    }
    return text + "b";
}

} // namespace

class TestTextRule : public QObject
{
    Q_OBJECT

private slots:
    void barredCharactersAreNamed_data()
    {
        QTest::addColumn<uint>("code");
        QTest::addColumn<QString>("rule"); // "" for text
        const QString nonchar = QStringLiteral("must not hold the Unicode noncharacter %1 "
                                               "(character 2): noncharacters are not for "
                                               "interchange");
        for (uint code : {0xFDD0u, 0xFDE7u, 0xFDEFu, 0xFFFEu, 0xFFFFu, 0x1FFFEu, 0x1FFFFu, 0x8FFFEu,
                          0x10FFFEu, 0x10FFFFu})
            QTest::addRow("noncharacter U+%04X", code)
                << code << nonchar.arg(QString::fromStdString(codePointName(code)));
        for (uint code : {0x80u, 0x85u, 0x9Bu, 0x9Fu, 0x1Bu, 0x00u, 0x7Fu})
            QTest::addRow("control U+%04X", code)
                << code
                << QStringLiteral("must not hold the control character %1 (character 2); only tab, "
                                  "line feed and carriage return are allowed")
                       .arg(QString::fromStdString(codePointName(code)));
        for (uint code : {0xD800u, 0xDBFFu, 0xDC00u, 0xDFFFu})
            QTest::addRow("surrogate U+%04X", code)
                << code
                << QStringLiteral("must not hold the surrogate %1 (character 2): half of a UTF-16 "
                                  "pair is not a character")
                       .arg(QString::fromStdString(codePointName(code)));
        // Their neighbours, marks and controls XML carries are text.
        for (uint code : {0x09u, 0x0Au, 0x0Du, 0x7Eu, 0xA0u, 0xD7FFu, 0xE000u, 0xFDCFu, 0xFDF0u,
                          0xFFFDu, 0x200Fu, 0x202Eu, 0xFEFFu, 0x1FFFDu, 0x10000u, 0x10FFFDu})
            QTest::addRow("text U+%04X", code) << code << QString();
    }

    void barredCharactersAreNamed()
    {
        QFETCH(uint, code);
        QFETCH(QString, rule);
        const std::optional<std::string> problem = json::textProblem(besideLetters(code));
        if (rule.isEmpty()) {
            QVERIFY2(!problem, problem ? problem->c_str() : "");
            return;
        }
        QVERIFY(problem);
        QVERIFY2(QString::fromStdString(*problem).startsWith(rule), problem->c_str());
    }

    void sixtySixNoncharacters()
    {
        int count = 0;
        for (char32_t code = 0; code <= 0x10FFFF; ++code)
            count += isNoncharacter(code) ? 1 : 0;
        QCOMPARE(count, 66);
    }

    void malformedUtf8IsStillRefused()
    {
        for (const char* bytes :
             {"a\xff", "\xc0\xaf", "\xe0\x80\x80", "\xf4\x90\x80\x80", "\xe2\x82"})
            QVERIFY2(json::textProblem(bytes).value_or("").starts_with("must be valid UTF-8"),
                     bytes);
    }

    /// An edit in the app goes through the same rule: refused, the field named.
    void appEditsAreRefused()
    {
        const Project sample = test::sample();
        for (const char* name : {"x\xef\xbf\xbe", "x\xc2\x85", "x\xef\xb7\x90"}) {
            const auto edited =
                applyFieldEdits(sample, {{"/name", boost::json::string(name)}}, "edited");
            QVERIFY(!edited);
            const std::string message = edited.error().toString();
            QVERIFY2(message.find("/name: must not hold the") != std::string::npos,
                     message.c_str());
        }
        QVERIFY(applyFieldEdits(sample, {{"/name", boost::json::string("RTL \xe2\x80\x8f x")}},
                                "edited"));
    }

    /// A job log's names: a noncharacter is refused at its line and column.
    void jobLogNamesAreRefused()
    {
        const std::string log = "JobID|Account|Submit|Start|End|AllocTRES|State\n"
                                "7|lab\xef\xbf\xbf|2026-03-01T00:00:00|2026-03-01T00:00:00|"
                                "2026-03-01T01:00:00|gres/gpu=1|COMPLETED\n";
        const auto parsed = joblog::parseSacct(log, "log.txt");
        QVERIFY(!parsed);
        const std::string message = parsed.error().toString();
        QVERIFY2(message.find("log.txt: line 2, Account: must not hold the Unicode noncharacter "
                              "U+FFFF (character 4)") != std::string::npos,
                 message.c_str());
    }
};

FLEET_TEST_MAIN(TestTextRule)
#include "test_text_rule.moc"
