// The rules a job log's rows must keep (issue 35): typed GPU entries that add
// up past the cap, control characters in names, byte-order marks, and job ids
// that repeat — each refusal naming the line, the field and the rule.

#include "joblog/job_log.h"
#include "support/fleet_test.h"

#include <QtTest>

using namespace fleet;
using namespace fleet::joblog;

namespace {

const std::string kRulesHeader = "JobID|Account|User|Submit|Start|End|AllocTRES|State\n";

/// A sacct row of job `id` for `account` holding `tres`, an hour long.
std::string rulesRow(const std::string& id, const std::string& account, const std::string& tres)
{
    return id + "|" + account + "|u|2026-03-01T00:00:00|2026-03-01T00:00:00|2026-03-01T01:00:00|" +
           tres + "|COMPLETED\n";
}

/// Every problem of a log that did not read, one a line; "" when it read.
std::string rulesProblems(const Result<JobLog>& log)
{
    return log ? std::string() : log.error().toString();
}

} // namespace

class TestJobLogRules : public QObject
{
    Q_OBJECT

private slots:
    void typedGpuEntriesAddUpAndAreCappedLikeOne()
    {
        auto two = parseSacct(kRulesHeader + rulesRow("7", "a",
                                                      "cpu=8,gres/gpu:a100=4,gres/gpu:"
                                                      "h100=4,mem=64G"),
                              "log.txt");
        QVERIFY2(two, rulesProblems(two).c_str());
        QCOMPARE(two.value().jobs.front().gpus, 8);
        // A million GPUs in two entries is the cap, and reads.
        auto cap = parseSacct(
            kRulesHeader + rulesRow("7", "a", "gres/gpu:a=500000,gres/gpu:b=500000"), "log.txt");
        QVERIFY2(cap, rulesProblems(cap).c_str());
        QCOMPARE(cap.value().jobs.front().gpus, 1'000'000);
        QCOMPARE(cap.value().jobs.front().gpuEquivalents(), 1e6); // no int overflow
        // The log: three entries of a million each.
        QCOMPARE(rulesProblems(parseSacct(
                     kRulesHeader + rulesRow("7", "a",
                                             "gres/gpu:a=1000000,gres/gpu:b=1000000,gres/gpu:"
                                             "c=1000000"),
                     "log.txt")),
                 std::string("log.txt: line 2, AllocTRES (entry 7): the typed gres/gpu entries add "
                             "up to 3000000 GPUs; a job holds at most 1000000"));
        // 2,148 entries: more than 2^31 GPUs, which an int would wrap.
        std::string many;
        for (int i = 0; i < 2148; ++i)
            many += (i ? ",gres/gpu:t" : "gres/gpu:t") + std::to_string(i) + "=1000000";
        QVERIFY(rulesProblems(parseSacct(kRulesHeader + rulesRow("8", "a", many), "log.txt"))
                    .find("line 2, AllocTRES (entry 8): the typed gres/gpu entries add up to "
                          "2148000000 GPUs") != std::string::npos);
        // The generic count wins over typed ones beside it.
        auto generic = parseSacct(
            kRulesHeader + rulesRow("9", "a", "gres/gpu=4,gres/gpu:a=1000000,gres/gpu:b=1000000"),
            "log.txt");
        QVERIFY2(generic, rulesProblems(generic).c_str());
        QCOMPARE(generic.value().jobs.front().gpus, 4);
    }

    void controlCharactersInNamesAreRefused()
    {
        const std::string escape = "lab\x1b[2J";
        const std::string refused = rulesProblems(
            parseSacct(kRulesHeader + rulesRow("7", escape, "gres/gpu=1"), "log.txt"));
        QCOMPARE(refused, std::string("log.txt: line 2, Account: must not hold the control "
                                      "character U+001B (character 4): a log's names reach the "
                                      "terminal and the metering CSV; only tab is allowed"));
        QVERIFY(refused.find('\x1b') == std::string::npos); // never quoted back
        QVERIFY(rulesProblems(
                    parseSacct(kRulesHeader + rulesRow(std::string("7\0", 2), "a", "gres/gpu=1"),
                               "log.txt"))
                    .find("line 2, JobID: must not hold the control character U+0000") !=
                std::string::npos);
        // C1 controls (U+009B is a terminal's one-byte CSI), and DEL.
        QVERIFY(rulesProblems(parseSacct(kRulesHeader + rulesRow("7", "lab\xc2\x9b", "gres/gpu=1"),
                                         "log.txt"))
                    .find("U+009B (character 4)") != std::string::npos);
        QVERIFY(rulesProblems(
                    parseSacct(kRulesHeader + rulesRow("7", "a", "gres/gpu=1\x7f"), "log.txt"))
                    .find("line 2, AllocTRES: must not hold the control character U+007F") !=
                std::string::npos);
        // A tab is text; accented names are too.
        auto tab = parseSacct(kRulesHeader + rulesRow("7", "lab\tä", "gres/gpu=1"), "log.txt");
        QVERIFY2(tab, rulesProblems(tab).c_str());
        QCOMPARE(tab.value().jobs.front().tenant, std::string("lab\tä"));
        // A CSV names its own column.
        const pack::ColumnMap columns{{"id", "job"},      {"tenant", "team"}, {"submit", "queued"},
                                      {"start", "began"}, {"end", "ended"},   {"gpus", "n"},
                                      {"gpu_milli", ""},  {"state", ""}};
        QCOMPARE(rulesProblems(parseJobCsv("job,team,queued,began,ended,n\nj1,t\x07,0,10,20,1\n",
                                           "j.csv", columns)),
                 std::string("j.csv: line 2, team: must not hold the control character U+0007 "
                             "(character 2): a log's names reach the terminal and the metering "
                             "CSV; only tab is allowed"));
    }

    void aUtf8ByteOrderMarkIsReadAndUtf16Refused()
    {
        const std::string log = kRulesHeader + rulesRow("7", "a", "gres/gpu=2");
        auto marked = parseSacct("\xef\xbb\xbf" + log, "log.txt");
        QVERIFY2(marked, rulesProblems(marked).c_str());
        QCOMPARE(marked.value().jobs.size(), std::size_t(1));
        QCOMPARE(marked.value().jobs.front().gpus, 2);
        auto csv = parseJobCsv("\xef\xbb\xbfid,tenant,submit,start,end,gpus\nj,t,0,0,3600,1\n",
                               "j.csv", defaultCsvColumns());
        QVERIFY2(csv, rulesProblems(csv).c_str());
        QCOMPARE(csv.value().jobs.front().id, std::string("j"));
        for (const std::string& utf16 :
             {std::string("\xff\xfeJ\0o\0", 6), std::string("\xfe\xff\0J\0o", 6),
              std::string("J\0o\0b\0\n\0", 8)}) {
            QCOMPARE(rulesProblems(parseSacct(utf16, "log.txt")),
                     std::string("log.txt: line 1: the file is UTF-16: save the log as UTF-8 (a "
                                 "spreadsheet's \"CSV UTF-8\")"));
            QVERIFY(rulesProblems(parseJobCsv(utf16, "j.csv", defaultCsvColumns()))
                        .find("UTF-16: save the log as UTF-8") != std::string::npos);
        }
        // Anywhere but the start, EF BB BF is U+FEFF, text of the field it is in.
        auto inside =
            parseSacct(log + "\xef\xbb\xbf" + rulesRow("8", "a", "gres/gpu=1"), "log.txt");
        QVERIFY2(inside, rulesProblems(inside).c_str());
        QCOMPARE(inside.value().jobs.back().id, std::string("\xef\xbb\xbf"
                                                            "8"));
    }

    void exactCopiesCountOnceAndConflictsAreRefused()
    {
        const std::string first = rulesRow("7", "a", "gres/gpu=2");
        const std::string other = rulesRow("8", "b", "gres/gpu=1");
        // Two logs joined: every row twice.
        auto joined = parseSacct(kRulesHeader + first + other + first + other + first, "log.txt");
        QVERIFY2(joined, rulesProblems(joined).c_str());
        QCOMPARE(joined.value().jobs.size(), std::size_t(2));
        QCOMPARE(joined.value().duplicateRows, std::int64_t(3));
        QCOMPARE(joined.value().warnings.size(), std::size_t(1));
        QCOMPARE(joined.value().warnings.front().toString(),
                 std::string("log.txt: line 4: 3 rows repeat an earlier row exactly (the same job "
                             "id and fields: logs joined, or a row copied); each was counted "
                             "once"));
        auto once = parseSacct(kRulesHeader + first, "log.txt");
        QVERIFY(once);
        QCOMPARE(once.value().duplicateRows, std::int64_t(0));
        QVERIFY(once.value().warnings.empty());
        // The same id with other fields (a requeued job's earlier run): both lines named.
        QCOMPARE(rulesProblems(parseSacct(
                     kRulesHeader + first + other + rulesRow("7", "a", "gres/gpu=4"), "log.txt")),
                 std::string("log.txt: line 4, JobID (entry 7): job 7 is also on line 2, with "
                             "other fields: a job id names one job (a requeued job keeps its id; "
                             "its earlier runs appear only with sacct --duplicates, so run sacct "
                             "without it, or give each run an id of its own)"));
        // Steps share their job's id by design (ID.step), and array tasks are ID_TASK.
        auto steps =
            parseSacct(kRulesHeader + first + rulesRow("7.batch", "a", "gres/gpu=2") +
                           rulesRow("7.0", "a", "gres/gpu=2") + rulesRow("9_1", "a", "gres/gpu=1") +
                           rulesRow("9_2", "a", "gres/gpu=1"),
                       "log.txt");
        QVERIFY2(steps, rulesProblems(steps).c_str());
        QCOMPARE(steps.value().jobs.size(), std::size_t(3));
        QCOMPARE(steps.value().steps, std::int64_t(2));
        QCOMPARE(steps.value().duplicateRows, std::int64_t(0));
        // A CSV's ids follow the same rule, naming its own column.
        const std::string csvHeader = "id,tenant,submit,start,end,gpus\n";
        auto copies = parseJobCsv(csvHeader + "j,t,0,0,3600,1\nj,t,0,0,3600,1\n", "j.csv",
                                  defaultCsvColumns());
        QVERIFY2(copies, rulesProblems(copies).c_str());
        QCOMPARE(copies.value().jobs.size(), std::size_t(1));
        QCOMPARE(copies.value().duplicateRows, std::int64_t(1));
        QVERIFY(rulesProblems(parseJobCsv(csvHeader + "j,t,0,0,3600,1\nj,t,0,0,7200,1\n", "j.csv",
                                          defaultCsvColumns()))
                    .find("j.csv: line 3, id (entry j): job j is also on line 2, with other "
                          "fields") != std::string::npos);
    }
};

FLEET_TEST_MAIN(TestJobLogRules)
#include "test_job_log_rules.moc"
