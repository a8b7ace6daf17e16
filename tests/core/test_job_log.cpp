// A real cluster's job log in: the sacct, pod-list and CSV readers, what the
// log shows by itself (checked against figures worked out by hand), and the
// replay in the simulator (checked against simulating the same jobs directly).

#include "joblog/job_log.h"
#include "joblog/log_measures.h"
#include "joblog/log_replay.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <cstdio>
#include <fstream>
#include <sstream>

using namespace fleet;
using namespace fleet::joblog;

namespace {

std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// The sample project with its fleet replaced by `nodes` nodes of 8 GPUs.
Project fleetOf(int nodes)
{
    Project project = loadSampleProject().value();
    FleetPool pool = project.fleet.pools.front();
    pool.count = nodes * 8;
    pool.gpusPerNode = 8;
    project.fleet.pools = {pool};
    return project;
}

/// The first problem's text, or "" when the log read.
std::string problemOf(const Result<JobLog>& log)
{
    return log ? std::string() : log.error().issues.front().toString();
}

const TenantUse* tenant(const LogMeasures& m, const std::string& name)
{
    for (const TenantUse& t : m.tenants)
        if (t.tenant == name)
            return &t;
    return nullptr;
}

} // namespace

class TestJobLog : public QObject
{
    Q_OBJECT

private slots:
    void timesReadAsLogsWriteThem()
    {
        QCOMPARE(*parseLogTime("0"), 0.0);
        QCOMPARE(*parseLogTime("12537496"), 12537496.0);
        QCOMPARE(*parseLogTime("1970-01-02T00:00:00"), 86400.0);
        QCOMPARE(*parseLogTime("2026-03-01T00:00:00Z") - *parseLogTime("2026-02-28T23:00:00"),
                 3600.0);
        QVERIFY(parseLogTime("2024-02-29T00:00:00")); // a leap day
        QVERIFY(parseLogTime("2000-02-29T00:00:00"));
        QCOMPARE(*parseLogTime("2024-03-01T00:00:00") - *parseLogTime("2024-02-28T00:00:00"),
                 2 * 86400.0); // a leap year
        QCOMPARE(*parseLogTime("2026-03-01T02:00:00+02:00"), *parseLogTime("2026-03-01T00:00:00"));
        QCOMPARE(*parseLogTime("2026-03-01 00:00:00.5"),
                 *parseLogTime("2026-03-01T00:00:00") + 0.5);
        for (const char* bad :
             {"", "Unknown", "2026-13-01T00:00:00", "2026-03-01", "nan", "1e300",
              "2026-03-01T00:00:00+2", "2026-03-01T24:00:00", "2026-02-29T00:00:00",
              "2026-04-31T00:00:00", "2100-02-29T00:00:00"})
            QVERIFY2(!parseLogTime(bad), bad);
    }

    /// Every figure of the small log, worked out by hand (README.md beside it).
    void aSacctLogMeasuresAsWorkedOutByHand()
    {
        auto log =
            loadJobLog(FLEET_SOURCE_DIR "/tests/data/joblogs/sacct_small.txt", LogFormat::Sacct);
        QVERIFY2(log, problemOf(log).c_str());
        const JobLog& l = log.value();
        QCOMPARE(l.jobs.size(), std::size_t(4));  // 100, 101, 102, 106
        QCOMPARE(l.steps, std::int64_t(2));       // 100.batch, 100.0
        QCOMPARE(l.neverRan, std::int64_t(1));    // 103, pending
        QCOMPARE(l.unfinished, std::int64_t(1));  // 105, running
        QCOMPARE(l.withoutGpus, std::int64_t(1)); // 104, CPU only
        QCOMPARE(l.jobs[1].gpus, 2);              // gres/gpu:a100=2
        QCOMPARE(l.jobs[2].gpus, 8);              // gres/gpu=8 beside gres/gpu:a100=8
        QCOMPARE(l.jobs[3].state, std::string("CANCELLED"));
        const LogMeasures m = measureLog(l, 16);
        QCOMPARE(m.spanHours, 4.0);
        QCOMPARE(m.gpuHours, 30.0); // 4×2 + 2×2 + 8×2 + 1×2
        QCOMPARE(m.meanBusyGpus, 7.5);
        QCOMPARE(m.utilization, 7.5 / 16);
        QCOMPARE(m.peakBusyGpus, 11.0); // 02:00–03:00: 101, 102 and 106
        QCOMPARE(m.meanWaitHours, 0.375);
        QCOMPARE(m.p95WaitHours, 1.0);
        QCOMPARE(m.tenants.size(), std::size_t(3));
        QCOMPARE(m.tenants[0].tenant, std::string("lab-b")); // largest first
        QCOMPARE(tenant(m, "lab-b")->gpuHours, 20.0);
        QCOMPARE(tenant(m, "lab-b")->meanWaitHours, 0.75);
        QCOMPARE(tenant(m, "lab-a")->gpuHours, 8.0);
        QCOMPARE(tenant(m, "lab-c")->share, 2.0 / 30);
        double shares = 0;
        for (const TenantUse& t : m.tenants)
            shares += t.share;
        QVERIFY(std::abs(shares - 1) < 1e-12);

        auto byUser = loadJobLog(FLEET_SOURCE_DIR "/tests/data/joblogs/sacct_small.txt",
                                 LogFormat::Sacct, {}, SacctTenant::User);
        QVERIFY(byUser);
        QCOMPARE(tenant(measureLog(byUser.value(), 16), "bob")->gpuHours, 20.0);
    }

    void badRowsAreNamedByLineAndField()
    {
        const std::string header = "JobID|Account|User|Submit|Start|End|AllocTRES|State\n";
        const auto row = [&](const std::string& fields) {
            return parseSacct(header + fields + "\n", "log.txt");
        };
        QCOMPARE(problemOf(row("7|a|u|2026-13-01T00:00:00|2026-03-01T00:00:00|"
                               "2026-03-01T01:00:00|gres/gpu=1|COMPLETED")),
                 std::string("log.txt: line 2, Submit (entry 7): must be a time: seconds, or a "
                             "date-time such as 2026-03-01T10:00:00; got \"2026-13-01T00:00:00\""));
        QCOMPARE(problemOf(row("7|a|u|2026-03-01T00:00:00|2026-03-01T02:00:00|"
                               "2026-03-01T01:00:00|gres/gpu=1|COMPLETED")),
                 std::string("log.txt: line 2, End (entry 7): must not be before the start"));
        QCOMPARE(problemOf(row("7|a|u|2026-03-01T01:00:00|2026-03-01T00:00:00|"
                               "2026-03-01T02:00:00|gres/gpu=1|COMPLETED")),
                 std::string("log.txt: line 2, Start (entry 7): must not be before the "
                             "submission"));
        QVERIFY(problemOf(row("7|a|u|2026-03-01T00:00:00|2026-03-01T00:00:00|"
                              "2026-03-01T01:00:00|gres/gpu=two|COMPLETED"))
                    .find("line 2, AllocTRES (entry 7): gres/gpu must be a whole number") !=
                std::string::npos);
        QVERIFY(problemOf(row("7|a|u|2026-03-01T00:00:00")).find("line 2: has 4 fields") !=
                std::string::npos);
        QVERIFY(problemOf(parseSacct("JobID|Account|Submit|Start|End|AllocTRES\n", "log.txt"))
                    .find("no column \"State\"") != std::string::npos);
        QVERIFY(problemOf(parseSacct("", "log.txt")).find("empty") != std::string::npos);
        QVERIFY(problemOf(parseSacct(header, "log.txt")).find("has no jobs") != std::string::npos);
        QVERIFY(problemOf(parseSacct(std::string("JobID|\xff\n"), "log.txt")).find("not UTF-8") !=
                std::string::npos);
        // A CSV with mapped columns names the file's own column.
        const pack::ColumnMap columns{{"id", "job"},      {"tenant", "team"}, {"submit", "queued"},
                                      {"start", "began"}, {"end", "ended"},   {"gpus", "n"},
                                      {"gpu_milli", ""},  {"state", ""}};
        QCOMPARE(problemOf(parseJobCsv("job,team,queued,began,ended,n\nj1,t,0,10,5,1\n", "j.csv",
                                       columns)),
                 std::string("j.csv: line 2, ended (entry j1): must not be before the start"));
        auto ok =
            parseJobCsv("job,team,queued,began,ended,n\nj1,t,0,3600,7200,2\n", "j.csv", columns);
        QVERIFY2(ok, problemOf(ok).c_str());
        QCOMPARE(measureLog(ok.value(), 0).gpuHours, 2.0);
    }

    /// The real pod list of Alibaba's GPU cluster: every row accounted for,
    /// tenants summing to the whole, and the replay keeping the GPU-hours.
    void aRealPodListReadsAndReplays()
    {
        const std::string path = FLEET_OPENB_DIR "/openb_pod_list_default.csv";
        if (!QFileInfo::exists(QString::fromStdString(path)))
            QSKIP("the openb pod list is not on this machine");
        auto log = loadJobLog(path, LogFormat::Pods);
        QVERIFY2(log, problemOf(log).c_str());
        const JobLog& l = log.value();
        const std::string text = readFile(path);
        const auto rows = std::count(text.begin(), text.end(), '\n') - 1; // less the header
        QCOMPARE(std::int64_t(l.jobs.size()) + l.neverRan + l.withoutGpus + l.unfinished,
                 std::int64_t(rows));
        const LogMeasures m = measureLog(l, 0);
        double tenants = 0;
        for (const TenantUse& t : m.tenants)
            tenants += t.gpuHours;
        QVERIFY(std::abs(tenants - m.gpuHours) < 1e-6 * m.gpuHours);
        QVERIFY(m.peakBusyGpus >= m.meanBusyGpus);

        auto replay = replayLog(l, fleetOf(16), PlacementPolicy::TopologyAware, {1.0, 4.0});
        QVERIFY2(replay, replay ? "" : replay.error().toString().c_str());
        const LogReplay& r = replay.value();
        QCOMPARE(r.jobs + r.tooLarge, std::int64_t(l.jobs.size()));
        QCOMPARE(r.asLogged.completedJobs, r.jobs);
        QCOMPARE(r.cluster.slicesPerGpu, 10); // the log has shares of GPUs
        // Arrivals four times as frequent offer four times the load.
        QVERIFY(std::abs(r.frontier[1].offeredLoad - 4 * r.frontier[0].offeredLoad) < 1e-9);
        QVERIFY(r.frontier[1].result.utilization > r.frontier[0].result.utilization);
    }

    /// A generated log replays exactly as the same jobs simulated directly.
    void aGeneratedLogReplaysAsItsJobs()
    {
        const ClusterShape cluster{4, 8, 1.25, 1};
        const std::vector<SimJob> jobs = syntheticJobs(cluster, 4, 6.0, 0.8, 400, 7);
        std::string csv = "id,tenant,submit,start,end,gpus\n";
        char line[256];
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            const double submit = 1.7e9 + jobs[i].arrivalHours * 3600;
            std::snprintf(line, sizeof line, "j%zu,t%zu,%.17g,%.17g,%.17g,%d\n", i, i % 3, submit,
                          submit, submit + jobs[i].durationHours * 3600, jobs[i].gpus);
            csv += line;
        }
        auto log = parseJobCsv(csv, "generated.csv", defaultCsvColumns());
        QVERIFY2(log, problemOf(log).c_str());
        auto replay = replayLog(log.value(), fleetOf(4), PlacementPolicy::TopologyAware, {1.0});
        QVERIFY(replay);
        const SimulationResult direct =
            simulateCluster(cluster, PlacementPolicy::TopologyAware, jobs, 0.0);
        const SimulationResult& replayed = replay.value().asLogged;
        QCOMPARE(replayed.completedJobs, direct.completedJobs);
        QVERIFY(std::abs(replayed.utilization - direct.utilization) < 1e-6);
        QVERIFY(std::abs(replayed.meanWaitHours - direct.meanWaitHours) < 1e-6);
        // The fleet's shape comes from the project.
        QCOMPARE(replay.value().cluster.nodes, 4);
        QCOMPARE(replay.value().cluster.gpusPerNode, 8);
    }

    void aFleetWithoutGpusIsRefused()
    {
        auto log =
            loadJobLog(FLEET_SOURCE_DIR "/tests/data/joblogs/sacct_small.txt", LogFormat::Sacct);
        QVERIFY(log);
        Project empty = fleetOf(1);
        empty.fleet.pools.clear();
        auto replay = replayLog(log.value(), empty, PlacementPolicy::Fifo);
        QVERIFY(!replay);
        QVERIFY(replay.error().toString().find("/fleet/pools: the fleet has no GPUs") !=
                std::string::npos);
        // A fleet smaller than a job: the job is left out and counted.
        Project small = fleetOf(1);
        small.fleet.pools.front().count = 4;
        small.fleet.pools.front().gpusPerNode = 4;
        auto smaller = replayLog(log.value(), small, PlacementPolicy::Fifo);
        QVERIFY(smaller);
        QCOMPARE(smaller.value().tooLarge, std::int64_t(1)); // job 102, 8 GPUs
        QCOMPARE(smaller.value().jobs, std::int64_t(3));
    }
};

FLEET_TEST_MAIN(TestJobLog)
#include "test_job_log.moc"
