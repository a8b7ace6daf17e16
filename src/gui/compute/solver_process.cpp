#include "compute/solver_process.h"

#include "io/export_target.h"
#include "store/project_json_writer.h"
#include "version.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <csignal>
#include <cstring>

namespace fleet::gui {

namespace {

#ifdef Q_OS_WIN
const QString kWorkerName = QStringLiteral("fleetplanner-cli.exe");
#else
const QString kWorkerName = QStringLiteral("fleetplanner-cli");
#endif
const QString kWorkerCommand = QStringLiteral("solve-worker");

/// Stderr kept from a worker: enough for the last lines of an assertion.
constexpr qsizetype kStderrKeptBytes = 64 * 1024;
constexpr int kStderrTailLines = 8;
/// Writing the MPS file for a bug report: building the model takes well under a second.
constexpr int kMpsExportTimeoutMs = 60000;

bool isExecutableFile(const QString& path)
{
    const QFileInfo info(path);
    return info.isFile() && info.isExecutable();
}

} // namespace

QStringList solverWorkerCandidates(const QString& appDir, const QString& override,
                                   const QString& pathLookup)
{
    QStringList candidates;
    if (!override.isEmpty())
        candidates << override;
    if (!appDir.isEmpty()) {
        const QDir dir(appDir);
        candidates << dir.filePath(kWorkerName)
                   << QDir::cleanPath(dir.filePath(QStringLiteral("../cli/") + kWorkerName))
                   << QDir::cleanPath(dir.filePath(QStringLiteral("../src/cli/") + kWorkerName));
    }
    if (!pathLookup.isEmpty())
        candidates << pathLookup;
    candidates.removeDuplicates();
    return candidates;
}

QString findSolverWorker(QStringList* tried)
{
    const QString override = qEnvironmentVariable(kSolverWorkerVariable);
    const QStringList candidates =
        solverWorkerCandidates(QCoreApplication::applicationDirPath(), override,
                               QStandardPaths::findExecutable(kWorkerName));
    if (tried)
        *tried = candidates;
    // An override that does not exist is an error to report, not to route around.
    if (!override.isEmpty())
        return isExecutableFile(override) ? override : QString();
    for (const QString& candidate : candidates)
        if (isExecutableFile(candidate))
            return candidate;
    return {};
}

QString describeSignal(int signal)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
    if (const char* name = sigabbrev_np(signal))
        return SolverProcess::tr("killed by signal SIG%1 (%2)")
            .arg(QString::fromLatin1(name), QString::fromLocal8Bit(strsignal(signal)));
#endif
    return SolverProcess::tr("killed by signal %1").arg(signal);
}

SolverProcess::SolverProcess(QObject* parent) : QObject(parent)
{
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        if (!m_process)
            return;
        m_timedOut = true;
        m_process->kill();
    });
}

SolverProcess::~SolverProcess()
{
    if (m_process)
        stop(m_process);
}

void SolverProcess::stop(QProcess* process)
{
    disconnect(process, nullptr, this, nullptr);
    process->kill();
    process->waitForFinished(2000); // SIGKILL: reaped at once
    process->deleteLater();
    if (m_process == process)
        m_process = nullptr;
    m_deadline.stop();
}

void SolverProcess::start(const SolveRequest& request)
{
    start(QByteArray::fromStdString(solveRequestToJson(request)));
}

void SolverProcess::start(const QByteArray& requestJson)
{
    if (m_process)
        stop(m_process); // superseded: its outcome is of an older snapshot
    m_timedOut = m_cancelled = false;
    m_stdout.clear();
    m_stderr.clear();
    m_outcome = {};
    m_startedMs = QDateTime::currentMSecsSinceEpoch();
    QStringList tried;
    const QString worker = findSolverWorker(&tried);
    auto* process = new QProcess(this);
    m_process = process;
    if (worker.isEmpty()) {
        // Reported from the event loop, as every other outcome.
        QMetaObject::invokeMethod(
            this,
            [this, process, tried] {
                if (m_process != process)
                    return;
                process->deleteLater();
                m_process = nullptr;
                fail(tr("the solver worker %1 was not found (looked at %2; set %3 to its path)")
                         .arg(kWorkerName, tried.join(QStringLiteral(", ")),
                              QString::fromLatin1(kSolverWorkerVariable)));
            },
            Qt::QueuedConnection);
        return;
    }
    connect(process, &QProcess::readyReadStandardOutput, this,
            [this, process] { m_stdout += process->readAllStandardOutput(); });
    connect(process, &QProcess::readyReadStandardError, this, [this, process] {
        m_stderr += process->readAllStandardError();
        if (m_stderr.size() > kStderrKeptBytes)
            m_stderr = m_stderr.right(kStderrKeptBytes);
    });
    connect(process, &QProcess::finished, this, &SolverProcess::processFinished);
    connect(process, &QProcess::errorOccurred, this, &SolverProcess::processError);
    process->start(worker, {kWorkerCommand});
    // Buffered until the process runs; the channel closes once it is written.
    process->write(requestJson);
    process->closeWriteChannel();
    m_deadline.start(m_timeLimitMs);
}

void SolverProcess::cancel()
{
    if (!m_process)
        return;
    m_cancelled = true;
    m_process->kill(); // finished() follows from processFinished
}

void SolverProcess::processError(QProcess::ProcessError error)
{
    // Every other error is followed by finished(); a failed start is not.
    if (error != QProcess::FailedToStart || !m_process)
        return;
    const QString message = m_process->errorString();
    m_process->deleteLater();
    m_process = nullptr;
    m_deadline.stop();
    fail(tr("the solver worker could not be started: %1").arg(message));
}

void SolverProcess::processFinished(int exitCode, QProcess::ExitStatus status)
{
    if (!m_process)
        return;
    m_stdout += m_process->readAllStandardOutput();
    m_stderr += m_process->readAllStandardError();
    m_process->deleteLater();
    m_process = nullptr;
    m_deadline.stop();
    if (m_cancelled) {
        Outcome outcome;
        outcome.cancelled = true;
        finish(std::move(outcome));
        return;
    }
    if (m_timedOut) {
        fail(tr("no answer within %1 s (the worker was stopped)").arg(m_timeLimitMs / 1000.0));
        return;
    }
    // On Unix, Qt reports the signal's number as the exit code of a crash.
    if (status == QProcess::CrashExit) {
        fail(describeSignal(exitCode));
        return;
    }
    if (exitCode != 0) {
        fail(tr("the worker exited with status %1").arg(exitCode));
        return;
    }
    auto reply = parseSolveReply(std::string_view(m_stdout.constData(), size_t(m_stdout.size())));
    if (!reply) {
        fail(tr("the worker's answer is not a solve reply: %1")
                 .arg(QString::fromStdString(reply.error().issues.front().toString())));
        return;
    }
    Outcome outcome;
    outcome.result = std::move(reply.value().result);
    outcome.refused = std::move(reply.value().refused);
    outcome.workerSeconds = reply.value().workerSeconds;
    if (!outcome.result && outcome.refused.empty()) {
        fail(tr("the worker's reply holds neither a plan nor a reason"));
        return;
    }
    finish(std::move(outcome));
}

QString SolverProcess::stderrTail() const
{
    QStringList lines = QString::fromLocal8Bit(m_stderr).split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.back().trimmed().isEmpty())
        lines.removeLast();
    if (lines.size() > kStderrTailLines)
        lines = lines.mid(lines.size() - kStderrTailLines);
    return lines.join(QLatin1Char('\n'));
}

void SolverProcess::fail(const QString& reason)
{
    Outcome outcome;
    outcome.failure = ExactSolverFailure{reason.toStdString(), stderrTail().toStdString()};
    finish(std::move(outcome));
}

void SolverProcess::finish(Outcome outcome)
{
    outcome.roundTripSeconds = double(QDateTime::currentMSecsSinceEpoch() - m_startedMs) / 1000.0;
    m_outcome = std::move(outcome);
    emit finished();
}

namespace {

Result<bool> saveText(const QString& path, const QByteArray& bytes)
{
    // The one writer of exports (io/export_target): exclusive temporary, checked, renamed.
    return writeExportFile(QFile::encodeName(path).toStdString(), bytes.toStdString());
}

/// The model as MPS, written by a worker (the model builder and CoinMpsIO
/// are solver code too).
Result<bool> writeMpsInWorker(const SolveRequest& request, const QString& path)
{
    const QString worker = findSolverWorker();
    if (worker.isEmpty())
        return Error("the solver worker fleetplanner-cli was not found");
    QProcess process;
    process.start(worker, {kWorkerCommand, QStringLiteral("--write-mps"), path});
    process.write(QByteArray::fromStdString(solveRequestToJson(request)));
    process.closeWriteChannel();
    if (!process.waitForFinished(kMpsExportTimeoutMs)) {
        process.kill();
        process.waitForFinished(2000);
        return Error("the solver worker did not write the model: " +
                     process.errorString().toStdString());
    }
    if (process.exitStatus() == QProcess::CrashExit)
        return Error("the solver worker, writing the model, was " +
                     describeSignal(process.exitCode()).toStdString());
    const QByteArray out = process.readAllStandardOutput();
    auto reply = parseSolveReply(std::string_view(out.constData(), size_t(out.size())));
    if (!reply)
        return reply.error();
    if (!reply.value().refused.empty())
        return Error(reply.value().refused);
    return true;
}

} // namespace

Result<QStringList> exportSolverBugReport(const SolveRequest& request,
                                          const std::optional<ExactSolverFailure>& failure,
                                          const QString& folder)
{
    const QDir dir(folder);
    if (!dir.exists() && !QDir().mkpath(folder))
        return Error({Issue{folder.toStdString(), {}, {}, "the folder could not be created"}});
    QStringList written;
    std::vector<Issue> problems;
    const auto save = [&](const QString& name, const QByteArray& bytes) {
        auto saved = saveText(dir.filePath(name), bytes);
        if (saved)
            written << dir.filePath(name);
        else
            problems.insert(problems.end(), saved.error().issues.begin(),
                            saved.error().issues.end());
    };
    save(QStringLiteral("project.fleetplan.json"),
         QByteArray::fromStdString(projectToJsonText(request.project)));
    save(QStringLiteral("solve-request.json"),
         QByteArray::fromStdString(solveRequestToJson(request)));
    QString report = QStringLiteral("FleetPlanner %1: the exact solver on this input\n\n")
                         .arg(QString::fromStdString(fleet::versionString()));
    if (failure)
        report += QStringLiteral("Failure: %1\n\nLast lines on stderr:\n%2\n\n")
                      .arg(QString::fromStdString(failure->reason),
                           QString::fromStdString(failure->stderrTail));
    report +=
        QStringLiteral("Reproduce:\n  fleetplanner-cli solve-worker < solve-request.json\n"
                       "  fleetplanner-cli solve project.fleetplan.json%1 --mps model.mps\n")
            .arg(request.scenario.empty() ? QString()
                                          : QStringLiteral(" --scenario '%1'")
                                                .arg(QString::fromStdString(request.scenario)));
    save(QStringLiteral("failure.txt"), report.toUtf8());
    const QString mps = dir.filePath(QStringLiteral("model.mps"));
    if (auto model = writeMpsInWorker(request, mps); model)
        written << mps;
    else
        problems.push_back(Issue{mps.toStdString(),
                                 {},
                                 {},
                                 "the model could not be written: " + model.error().messages()});
    if (!problems.empty())
        return Error(std::move(problems));
    return written;
}

} // namespace fleet::gui
