// Thousands of random valid projects — every plan, price book, fleet mode,
// scheduler policy and regime pin; empty and ten-million-GPU fleets; 1- to
// 120-month horizons; demand from a thousandth to a thousand times the
// usual — through everything a user can run on them: the engine and every
// chart's data, the optimizer's fast path and exact solve, the simulator,
// every chart drawn, save and open. Nothing may crash or hang, and every
// refusal must say what and why.
//
// Sharded for CTest (FLEET_PROPERTY_SHARD=i/n); FLEET_PROPERTY_PROJECTS sets
// the total: 1,000 by default, so that ./test.sh fits its budget on two
// cores (issue 29); CI runs 2,000 (.ci/run), FLEET_PROPERTY_PROJECTS=20000 is a
// long run. A project that uses more than
// FLEET_PROPERTY_HANG_SECONDS (default 30) of CPU time, or waits ten times
// that, is written out and fails the run.

#include "../core/project_generator.h"
#include "charts/chart_export.h"
#include "charts/chart_kinds.h"
#include "compute/plan_results.h"
#include "engine/evaluate.h"
#include "optimize/regime_mix.h"
#include "simulate/project_jobs.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QChart>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <sys/resource.h>
#include <thread>

using namespace fleet;

namespace {

int envInt(const char* name, int fallback)
{
    const QByteArray value = qgetenv(name);
    bool ok = false;
    const int parsed = value.toInt(&ok);
    return ok ? parsed : fallback;
}

/// A refusal a user can act on: it names what (a file, a field or a thing)
/// and the rule, in more than a word.
bool isClear(const std::string& message)
{
    return message.size() >= 12 && message.find("invalid input") == std::string::npos;
}

/// CPU seconds this process and its reaped children (the exact solve's CBC
/// child, optimize/child_process) have used so far.
double cpuSeconds()
{
    const auto seconds = [](const timeval& t) { return double(t.tv_sec) + t.tv_usec / 1e6; };
    rusage self{}, children{};
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &children);
    return seconds(self.ru_utime) + seconds(self.ru_stime) + seconds(children.ru_utime) +
           seconds(children.ru_stime);
}

/// Aborts the run, with the project written out, when one project uses more
/// CPU time than the limit: a project that is slow on CPU fails whatever the
/// machine's load, and a busy machine fails none (issue 29). A project that
/// waits without using CPU (a deadlock) is caught by wall time instead, at
/// ten times the limit: far above any project's work, so load cannot reach it.
class Watchdog
{
public:
    explicit Watchdog(int limitSeconds)
        : m_limitSeconds(limitSeconds), m_thread([this] { watch(); })
    {}
    ~Watchdog()
    {
        {
            std::lock_guard lock(m_mutex);
            m_done = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    void start(int index, std::string json)
    {
        std::lock_guard lock(m_mutex);
        m_index = index;
        m_json = std::move(json);
        m_started = std::chrono::steady_clock::now();
        m_startedCpu = cpuSeconds();
        m_running = true;
    }
    void stop()
    {
        std::lock_guard lock(m_mutex);
        m_running = false;
    }

private:
    void watch()
    {
        std::unique_lock lock(m_mutex);
        while (!m_done) {
            m_wake.wait_for(lock, std::chrono::seconds(1));
            if (!m_running)
                continue;
            const double cpu = cpuSeconds() - m_startedCpu;
            const auto wall = std::chrono::steady_clock::now() - m_started;
            if (cpu > m_limitSeconds)
                fail("used more than " + std::to_string(m_limitSeconds) + " s of CPU time");
            else if (wall > std::chrono::seconds(10 * m_limitSeconds))
                fail("ran past " + std::to_string(10 * m_limitSeconds) +
                     " s (a hang: " + std::to_string(int(cpu)) + " s of CPU time)");
        }
    }
    [[noreturn]] void fail(const std::string& why)
    {
        const std::string path = "hung-project-" + std::to_string(m_index) + ".json";
        std::ofstream(path) << m_json;
        std::fprintf(stderr, "FAIL: project %d %s; written to %s\n", m_index, why.c_str(),
                     path.c_str());
        std::fflush(stderr);
        std::_Exit(3);
    }

    int m_limitSeconds;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_done = false;
    bool m_running = false;
    int m_index = 0;
    std::string m_json;
    std::chrono::steady_clock::time_point m_started;
    double m_startedCpu = 0;
    std::thread m_thread;
};

} // namespace

class TestPropertyProjects : public QObject
{
    Q_OBJECT

    int m_refused = 0, m_modelRefused = 0, m_infeasible = 0, m_solved = 0, m_simulated = 0,
        m_sliced = 0;
    /// Exact solves whose first CBC child crashed and whose second try
    /// answered (optimize/child_process): counted and printed, with the index.
    int m_solverRetried = 0;
    int m_charts = 0;
    /// Seconds spent per stage, printed at the end (figures, not checks).
    std::map<std::string, double> m_seconds;
    std::chrono::steady_clock::time_point m_mark;
    void lap(const char* stage)
    {
        const auto now = std::chrono::steady_clock::now();
        m_seconds[stage] += std::chrono::duration<double>(now - m_mark).count();
        m_mark = now;
    }

    /// Everything a user can run on one project. Returns false (with the
    /// failure recorded by QtTest) on the first broken promise.
    bool exercise(const Project& generated, int index, const QTemporaryDir& dir)
    {
        m_mark = std::chrono::steady_clock::now();
        const std::string text = projectToJsonText(generated);
        auto parsed = parseProject(text, "generated.fleetplan.json");
        if (!parsed) {
            // The generator aims at valid projects; where the reader refuses
            // one, the refusal must still say where and why.
            ++m_refused;
            const std::string why = parsed.error().toString();
            if (qEnvironmentVariableIsSet("FLEET_PROPERTY_VERBOSE"))
                qInfo("project %d refused: %s", index, why.c_str());
            if (!isClear(why))
                qWarning("project %d refused unclearly: %s", index, why.c_str());
            return isClear(why);
        }
        const Project& project = parsed.value();
        const std::string scenario =
            !project.scenarios.empty() && index % 3 == 0 ? project.scenarios.front().id : "";

        // The engine and every chart's data, as the app computes them.
        const Kpi kpis[] = {Kpi::MeanMonthlyCost, Kpi::CostPerMillionOutputTokens,
                            Kpi::Utilization};
        gui::PlanResults results =
            gui::computePlanResults(project, scenario, kpis[index % 3], gui::PartAll);
        lap("engine and chart data");

        // The optimizer: fast path, then the exact solve starting from it.
        OptimizeOptions options;
        options.fastPath = true;
        options.objective = index % 5 == 0 ? Objective::Margin : Objective::Cost;
        options.solve.timeLimitSeconds = 5;
        const auto fast = optimizeRegimeMix(results.project, options);
        lap("fast path");
        options.fastPath = false;
        const auto exact = optimizeRegimeMix(results.project, options);
        lap("exact solve");
        for (const auto* solved : {&fast, &exact}) {
            if (!*solved) {
                // A model refused before it reaches the solver (its bounds
                // checked): the refusal names the column or row and the rule.
                ++m_modelRefused;
                const std::string why = solved->error().toString();
                if (qEnvironmentVariableIsSet("FLEET_PROPERTY_VERBOSE"))
                    qInfo("project %d: model refused: %s", index, why.c_str());
                if (!isClear(why)) {
                    qWarning("project %d: model refused unclearly: %s", index, why.c_str());
                    return false;
                }
                continue;
            }
            const RegimeMixResult& r = solved->value();
            if (!r.solverNote.empty()) {
                ++m_solverRetried;
                qInfo("project %d: %s", index, r.solverNote.c_str());
            }
            if (r.status == SolveStatus::Infeasible) {
                ++m_infeasible;
                if (r.reasons.empty()) {
                    qWarning("project %d: infeasible without a reason (%s)", index,
                             r.method.c_str());
                    return false;
                }
                for (const std::string& reason : r.reasons)
                    if (!isClear(reason)) {
                        qWarning("project %d: unclear reason '%s'", index, reason.c_str());
                        return false;
                    }
            } else if (r.status == SolveStatus::Optimal || r.status == SolveStatus::Feasible) {
                ++m_solved;
                if (!std::isfinite(r.objectiveUsd)) {
                    qWarning("project %d: %s objective is not finite", index, r.method.c_str());
                    return false;
                }
            }
        }
        if (exact)
            results.optimizer = exact.value();

        // The simulator on the project's job work: one policy, two loads,
        // two weeks, at most 20,000 jobs a point (the app runs three
        // policies over 180 days, up to a million jobs a point).
        const ProjectCluster cluster = projectCluster(results.project, results.evaluation);
        if (cluster.nominalLoad > 0) {
            const PlacementPolicy policies[] = {PlacementPolicy::Naive,
                                                PlacementPolicy::TopologyAware,
                                                PlacementPolicy::PredictivePreemption};
            Frontier frontier = projectFrontier(results.project, results.evaluation, cluster,
                                                policies[index % 3], {0.5, 0.9}, 14, 42, 20'000);
            ++m_simulated;
            if (frontier.simulatedShare < 1.0)
                ++m_sliced;
            for (const FrontierPoint& point : frontier.points)
                if (!(point.result.utilization >= 0 && point.result.utilization <= 1.0 + 1e-9)) {
                    qWarning("project %d: simulated utilization %g", index,
                             point.result.utilization);
                    return false;
                }
            results.frontiers.push_back(std::move(frontier));
            results.frontiersCurrent = true;
        }
        lap("simulation");

        // Every chart drawn for every tenth project; one kind for the rest.
        const auto& kinds = gui::allChartKinds();
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            if (index % 10 != 0 && k != std::size_t(index) % kinds.size())
                continue;
            std::unique_ptr<QChart> chart(gui::createChart(kinds[k], results));
            if (!chart) {
                qWarning("project %d: no chart for %s", index,
                         qPrintable(gui::chartKindKey(kinds[k])));
                return false;
            }
            gui::ExportOptions size;
            size.size = QSize(640, 360);
            const QImage image = gui::renderChart(chart.get(), size);
            ++m_charts;
            if (image.isNull()) {
                qWarning("project %d: %s drew nothing", index,
                         qPrintable(gui::chartKindKey(kinds[k])));
                return false;
            }
        }

        lap("charts");
        // Save and open: the same project back, byte for byte in JSON.
        const std::string path =
            dir.filePath(QStringLiteral("p%1.fleetplan").arg(index)).toStdString();
        if (auto saved = saveProjectFile(project, path); !saved) {
            qWarning("project %d: not saved: %s", index, saved.error().toString().c_str());
            return false;
        }
        auto opened = openProjectFile(path);
        if (!opened) {
            qWarning("project %d: saved but not opened: %s", index,
                     opened.error().toString().c_str());
            return false;
        }
        if (projectToJsonText(opened.value()) != projectToJsonText(project)) {
            qWarning("project %d: changed by save and open", index);
            return false;
        }
        std::remove(path.c_str());
        lap("save and open");
        return true;
    }

private slots:
    void everyProjectEndsInAResultOrAClearRefusal()
    {
        const auto base = loadSampleProject();
        QVERIFY(base);
        const int total = envInt("FLEET_PROPERTY_PROJECTS", 1000);
        int shard = 0, shards = 1;
        if (const QByteArray spec = qgetenv("FLEET_PROPERTY_SHARD"); !spec.isEmpty()) {
            const QList<QByteArray> parts = spec.split('/');
            QVERIFY2(parts.size() == 2, "FLEET_PROPERTY_SHARD must be i/n");
            shard = parts[0].toInt();
            shards = std::max(1, parts[1].toInt());
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Watchdog watchdog(envInt("FLEET_PROPERTY_HANG_SECONDS", 30));
        int exercised = 0;
        // The project that used the most CPU time: printed, so the margin
        // under the limit is a figure in every run's log.
        double slowestCpu = 0;
        int slowest = -1;
        // FLEET_PROPERTY_ONLY=N runs project N alone and writes it to
        // project-N.json first: how a crash found here is reproduced.
        const int only = envInt("FLEET_PROPERTY_ONLY", -1);
        for (int index = shard; index < total; index += shards) {
            if (only >= 0 && index != only)
                continue;
            // One generator per project: a failing index reproduces alone.
            testing::ProjectGenerator generator(base.value(), 7919u * unsigned(index) + 1, true);
            const Project project = generator.next();
            if (only >= 0)
                std::ofstream("project-" + std::to_string(index) + ".json")
                    << projectToJsonText(project);
            watchdog.start(index, projectToJsonText(project));
            const double cpuBefore = cpuSeconds();
            const bool ok = exercise(project, index, dir);
            watchdog.stop();
            if (const double used = cpuSeconds() - cpuBefore; used > slowestCpu) {
                slowestCpu = used;
                slowest = index;
            }
            if (!ok) {
                const QString kept = QStringLiteral("failed-project-%1.json").arg(index);
                std::ofstream(kept.toStdString()) << projectToJsonText(project);
                QFAIL(
                    qPrintable(QStringLiteral("project %1 (written to %2)").arg(index).arg(kept)));
            }
            ++exercised;
        }
        qInfo("%d projects: %d refused by the reader, %d solves, %d infeasible with reasons, "
              "%d models refused with reasons, %d simulated (%d on a slice), %d charts drawn, "
              "%d solves answered by a second try after CBC crashed",
              exercised, m_refused, m_solved, m_infeasible, m_modelRefused, m_simulated, m_sliced,
              m_charts, m_solverRetried);
        qInfo("  slowest project: %d, %.1f s of CPU time (limit %d s)", slowest, slowestCpu,
              envInt("FLEET_PROPERTY_HANG_SECONDS", 30));
        for (const auto& [stage, seconds] : m_seconds)
            qInfo("  %s: %.1f s", stage.c_str(), seconds);
        // The generator must mostly make valid projects, or this tests little.
        QVERIFY2(m_refused * 10 < exercised, "more than a tenth of the projects were refused");
    }
};

FLEET_TEST_MAIN(TestPropertyProjects)
#include "test_property_projects.moc"
