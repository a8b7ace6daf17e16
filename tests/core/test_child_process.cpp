// The solver's child process: what it returns comes back whole; a crash, an
// abort, an exception or a hang in the child ends the child, never this
// process; the cancel flag reaches the child.

#include "optimize/child_process.h"
#include "optimize/milp.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <signal.h>
#include <stdexcept>
#include <thread>

using namespace fleet;

namespace {

using Work = std::function<std::string(const std::atomic<bool>&)>;

ChildOutcome run(const Work& work, const std::atomic<bool>* cancel = nullptr, double killAfter = 60)
{
    auto outcome = runInChild(work, cancel, killAfter);
    if (!outcome)
        qFatal("runInChild failed: %s", outcome.error().toString().c_str());
    return outcome.value();
}

} // namespace

class TestChildProcess : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        if (!childProcessesAvailable())
            QSKIP("no child processes on this platform: the work runs in process");
    }

    void outputComesBackWhole()
    {
        // Far more than a pipe holds (64 KiB on Linux): the parent reads as
        // the child writes.
        std::string expected(3'000'000, '\0');
        for (std::size_t i = 0; i < expected.size(); ++i)
            expected[i] = char(i * 7919 % 251);
        const ChildOutcome outcome = run([&](const std::atomic<bool>&) { return expected; });
        QCOMPARE(int(outcome.end), int(ChildOutcome::End::Finished));
        QVERIFY(outcome.output == expected);
        QCOMPARE(QString::fromStdString(outcome.describe()), QStringLiteral("finished"));
    }

    void emptyOutputIsFinished()
    {
        const ChildOutcome outcome = run([](const std::atomic<bool>&) { return std::string(); });
        QCOMPARE(int(outcome.end), int(ChildOutcome::End::Finished));
        QVERIFY(outcome.output.empty());
    }

    void aCrashEndsTheChildOnly()
    {
        // SIGKILL: no handler (a sanitizer's included) can turn it into an exit.
        const ChildOutcome killed = run([](const std::atomic<bool>&) -> std::string {
            std::raise(SIGKILL);
            return "unreachable";
        });
        QCOMPARE(int(killed.end), int(ChildOutcome::End::Crashed));
        QCOMPARE(killed.signal, SIGKILL);
        QVERIFY(killed.output.empty());
        QVERIFY2(killed.describe().find("signal 9") != std::string::npos,
                 killed.describe().c_str());

        // An abort (CLP's failed assertions end this way).
        const ChildOutcome aborted =
            run([](const std::atomic<bool>&) -> std::string { std::abort(); });
        QCOMPARE(int(aborted.end), int(ChildOutcome::End::Crashed));
        QCOMPARE(aborted.signal, SIGABRT);

        // A segmentation fault: the child's own signal (its parent's crash
        // handlers, QtTest's here, are reset in the child).
        const ChildOutcome faulted = run([](const std::atomic<bool>&) -> std::string {
            std::raise(SIGSEGV);
            return "unreachable";
        });
        QCOMPARE(int(faulted.end), int(ChildOutcome::End::Crashed));
        QCOMPARE(faulted.signal, SIGSEGV);
        QVERIFY(faulted.output.empty());
    }

    void anExceptionIsAnError()
    {
        const auto outcome = runInChild(
            [](const std::atomic<bool>&) -> std::string {
                throw std::runtime_error("the model was odd");
            },
            nullptr, 60);
        QVERIFY(!outcome);
        QVERIFY2(outcome.error().toString().find("the model was odd") != std::string::npos,
                 outcome.error().toString().c_str());
    }

    void aHangIsKilled()
    {
        const auto start = std::chrono::steady_clock::now();
        const ChildOutcome outcome = run(
            [](const std::atomic<bool>&) -> std::string {
                std::this_thread::sleep_for(std::chrono::seconds(60));
                return "late";
            },
            nullptr, 0.3);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QCOMPARE(int(outcome.end), int(ChildOutcome::End::Killed));
        QVERIFY(outcome.output.empty());
        QVERIFY2(seconds < 30, qPrintable(QString::number(seconds)));
    }

    /// A child that stops answering (SIGSTOP) is killed at its time limit,
    /// not at the later hang limit, and the outcome says so with the time.
    void aStoppedChildIsKilledAtItsLimit()
    {
        const auto start = std::chrono::steady_clock::now();
        const auto outcome = runInChild(
            [](const std::atomic<bool>&) -> std::string {
                std::raise(SIGSTOP);
                return "resumed";
            },
            nullptr, 60, 1.5);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QVERIFY(outcome);
        QCOMPARE(int(outcome.value().end), int(ChildOutcome::End::Killed));
        QVERIFY(outcome.value().stoppedAnswering);
        QVERIFY2(seconds >= 1.5 && seconds < 20, qPrintable(QString::number(seconds)));
        QVERIFY(outcome.value().seconds >= 1.5);
        QVERIFY(outcome.value().silentSeconds > 1.0);
        const std::string said = outcome.value().describe();
        QVERIFY2(said.find("stopped answering (no sign of life for ") != std::string::npos &&
                     said.find("killed at its 1.5 s limit") != std::string::npos,
                 said.c_str());
    }

    /// A child that still answers (it beats while it works) may overrun its
    /// time limit until the hang limit: its answer comes back.
    void aBusyChildIsNotTakenForAStoppedOne()
    {
        const auto outcome = runInChild(
            [](const std::atomic<bool>&) -> std::string {
                std::this_thread::sleep_for(std::chrono::milliseconds(2500));
                return "done";
            },
            nullptr, 60, 0.2);
        QVERIFY(outcome);
        QCOMPARE(int(outcome.value().end), int(ChildOutcome::End::Finished));
        QCOMPARE(QString::fromStdString(outcome.value().output), QStringLiteral("done"));
    }

    /// A child the kernel has running but that does not beat — as one starved of
    /// CPU on a busy machine looks, here by blocking its beat's signal while it
    /// works — is not taken for a stopped one: its answer comes back.
    void aRunningChildThatMissesItsBeatIsNotTakenForAStoppedOne()
    {
        const auto outcome = runInChild(
            [](const std::atomic<bool>&) -> std::string {
                sigset_t alarm;
                sigemptyset(&alarm);
                sigaddset(&alarm, SIGALRM);
                sigprocmask(SIG_BLOCK, &alarm, nullptr);
                const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(3);
                volatile std::uint64_t spins = 0;
                while (std::chrono::steady_clock::now() < until)
                    spins = spins + 1;
                return "done";
            },
            nullptr, 60, 0.2);
        QVERIFY(outcome);
        QVERIFY2(outcome.value().end == ChildOutcome::End::Finished,
                 outcome.value().describe().c_str());
        QCOMPARE(QString::fromStdString(outcome.value().output), QStringLiteral("done"));
    }

    /// Cancelled, a stopped child (which cannot see the stop flag) is killed
    /// at once, whatever its time limit.
    void aStoppedChildIsKilledOnCancel()
    {
        std::atomic<bool> cancel{false};
        std::thread raiser([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            cancel.store(true);
        });
        const auto start = std::chrono::steady_clock::now();
        const ChildOutcome outcome = run(
            [](const std::atomic<bool>&) -> std::string {
                std::raise(SIGSTOP);
                return "resumed";
            },
            &cancel, 60);
        raiser.join();
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QCOMPARE(int(outcome.end), int(ChildOutcome::End::Killed));
        QVERIFY(outcome.stoppedAnswering);
        QVERIFY2(seconds < 20, qPrintable(QString::number(seconds)));
    }

    void cancelReachesTheChild()
    {
        std::atomic<bool> cancel{false};
        std::thread raiser([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            cancel.store(true);
        });
        const ChildOutcome outcome = run(
            [](const std::atomic<bool>& stop) -> std::string {
                const auto start = std::chrono::steady_clock::now();
                while (!stop.load()) {
                    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(50))
                        return "never stopped";
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
                }
                return "stopped";
            },
            &cancel);
        raiser.join();
        QCOMPARE(int(outcome.end), int(ChildOutcome::End::Finished));
        QCOMPARE(QString::fromStdString(outcome.output), QStringLiteral("stopped"));
    }

    // CBC's crash (simulated in the child by FLEET_FAULT_SOLVER_CRASH): the
    // solve is tried again with conservative settings and says so; a second
    // crash is an error naming the solver. This process lives on.
    void aSolverCrashIsRetriedThenRefused()
    {
        // A small knapsack: 4 items, capacity 10; the best takes items 1 and 3.
        Milp milp;
        const double value[] = {10, 13, 7, 8}, weight[] = {5, 6, 4, 3};
        std::vector<std::pair<int, double>> capacity;
        for (int i = 0; i < 4; ++i) {
            milp.addColumn("x" + std::to_string(i), 0, 1, -value[i], true);
            capacity.emplace_back(i, weight[i]);
        }
        milp.addRow("capacity", capacity, -kMilpInfinity, 10);
        SolveOptions options;
        options.timeLimitSeconds = 10;

        qunsetenv("FLEET_FAULT_SOLVER_CRASH");
        const auto clean = solveMilp(milp, options);
        QVERIFY(clean);
        QCOMPARE(int(clean.value().status), int(SolveStatus::Optimal));
        QCOMPARE(clean.value().objective, -21.0);
        QVERIFY(clean.value().note.empty());

        // No plan at all (infeasible: item 0 forced in, over capacity): the
        // answer comes back with no values (UBSan once caught a memcpy of an
        // empty vector's null data here).
        Milp infeasible = milp;
        infeasible.columns[0].lower = 1;
        infeasible.rows[0].upper = 4;
        const auto none = solveMilp(infeasible, options);
        QVERIFY(none);
        QCOMPARE(int(none.value().status), int(SolveStatus::Infeasible));
        QVERIFY(none.value().values.empty());

        qputenv("FLEET_FAULT_SOLVER_CRASH", "first");
        const auto retried = solveMilp(milp, options);
        QVERIFY(retried);
        QCOMPARE(int(retried.value().status), int(SolveStatus::Optimal));
        QCOMPARE(retried.value().objective, -21.0);
        QCOMPARE(retried.value().values, clean.value().values);
        const std::string& note = retried.value().note;
        QVERIFY2(note.find("signal 11") != std::string::npos &&
                     note.find("second try") != std::string::npos,
                 note.c_str());

        qputenv("FLEET_FAULT_SOLVER_CRASH", "every");
        const auto refused = solveMilp(milp, options);
        qunsetenv("FLEET_FAULT_SOLVER_CRASH");
        QVERIFY(!refused);
        const std::string why = refused.error().toString();
        QVERIFY2(why.find("CBC crashed") != std::string::npos &&
                     why.find("conservative settings") != std::string::npos,
                 why.c_str());
    }

    void theChildsMemoryIsItsOwn()
    {
        int value = 1;
        const ChildOutcome outcome = run([&](const std::atomic<bool>&) {
            value = 2;
            return std::to_string(value);
        });
        QCOMPARE(QString::fromStdString(outcome.output), QStringLiteral("2"));
        QCOMPARE(value, 1);
    }
};

FLEET_TEST_MAIN(TestChildProcess)
#include "test_child_process.moc"
