#pragma once

// The exact solve in a child process: `fleetplanner-cli solve-worker`, spoken
// to over stdin/stdout in JSON (optimize/solve_request.h), with a time limit
// and cancel. Third-party solver code that aborts (CLP's assertions) then ends
// the worker, never the app; the outcome says why in words.

#include "compute/plan_results.h"
#include "optimize/solve_request.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QStringList>
#include <QTimer>

#include <optional>

namespace fleet::gui {

/// Overrides where the worker is looked for (a path to the executable).
inline constexpr char kSolverWorkerVariable[] = "FLEET_SOLVER_WORKER";
inline constexpr int kDefaultSolverTimeLimitMs = 60000;

/// Where the worker may be, in order: $FLEET_SOLVER_WORKER; beside the app
/// (an installed or packaged app); the build tree (the app in build/src/app,
/// tests in build/tests, the worker in build/src/cli); then `pathLookup`
/// (the PATH, as /usr/bin of the .deb). Pure, for tests.
QStringList solverWorkerCandidates(const QString& appDir, const QString& override,
                                   const QString& pathLookup);

/// The first candidate that is an executable file, or an empty path;
/// `tried` gets every candidate looked at.
QString findSolverWorker(QStringList* tried = nullptr);

/// "killed by signal SIGABRT (Aborted)" for a signal number.
QString describeSignal(int signal);

class SolverProcess : public QObject
{
    Q_OBJECT

public:
    struct Outcome
    {
        std::optional<RegimeMixResult> result;
        std::vector<Issue> refused;                ///< the model or request was refused
        std::optional<ExactSolverFailure> failure; ///< the worker died, hung or talked nonsense
        bool cancelled = false;
        double roundTripSeconds = 0; ///< from start() to the reply, in the app
        double workerSeconds = 0;    ///< as the worker measured it
    };

    explicit SolverProcess(QObject* parent = nullptr);
    ~SolverProcess() override; ///< kills a running worker

    void setTimeLimitMs(int ms) { m_timeLimitMs = ms; }
    int timeLimitMs() const { return m_timeLimitMs; }

    /// Starts a solve in a new worker; one still running is killed first and
    /// its outcome dropped. finished() follows, always (also when the worker
    /// cannot be found or started).
    void start(const SolveRequest& request);
    /// The same with the request already written (solveRequestToJson), so a
    /// large project's is not written on the GUI thread.
    void start(const QByteArray& requestJson);
    /// Kills the running worker; finished() follows with `cancelled` set.
    void cancel();
    bool running() const { return m_process != nullptr; }
    /// The running worker's process id (0 when none), for tests.
    qint64 processId() const { return m_process ? m_process->processId() : 0; }
    const Outcome& outcome() const { return m_outcome; }

signals:
    void finished();

private:
    void processFinished(int exitCode, QProcess::ExitStatus status);
    void processError(QProcess::ProcessError error);
    void finish(Outcome outcome);
    void fail(const QString& reason);
    void stop(QProcess* process);
    QString stderrTail() const;

    QPointer<QProcess> m_process;
    QTimer m_deadline;
    int m_timeLimitMs = kDefaultSolverTimeLimitMs;
    bool m_timedOut = false;
    bool m_cancelled = false;
    QByteArray m_stdout;
    QByteArray m_stderr;
    qint64 m_startedMs = 0;
    Outcome m_outcome;
};

/// Writes what a bug report about the exact solver needs into `folder`: the
/// project (project.fleetplan.json), the request the worker reads
/// (solve-request.json: `fleetplanner-cli solve-worker < solve-request.json`
/// reproduces the solve), the model as free MPS (model.mps, written by the
/// worker) and the failure (failure.txt). Returns the files written; the
/// error says which could not be and why.
Result<QStringList> exportSolverBugReport(const SolveRequest& request,
                                          const std::optional<ExactSolverFailure>& failure,
                                          const QString& folder);

} // namespace fleet::gui
