// `fleetplanner-cli sweep run` on a cluster: a Slurm job array submitted
// with sbatch, or a Kubernetes Indexed Job written for kubectl
// (docs/SWEEPS.md).

#include "cli_support.h"
#include "io/export_target.h"
#include "sweep/sweep_backends.h"
#include "sweep_command_support.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>

namespace fleet::cli::sweepcli {

using namespace fleet::sweep;

namespace {

/// fleetplanner-cli as a cluster node runs it: --cli, or this executable.
std::string cliPath(const QCommandLineParser& parser)
{
    return parser.isSet(QStringLiteral("cli"))
               ? QFileInfo(parser.value(QStringLiteral("cli"))).absoluteFilePath().toStdString()
               : QCoreApplication::applicationFilePath().toStdString();
}

std::optional<ClusterJob> clusterJob(const Loaded& loaded, const QCommandLineParser& parser)
{
    const QString sub = QStringLiteral("run");
    ClusterJob job;
    job.cli = cliPath(parser);
    job.sweepFile =
        QFileInfo(parser.positionalArguments().first()).absoluteFilePath().toStdString();
    job.outDir = QFileInfo(parser.value(QStringLiteral("out"))).absoluteFilePath().toStdString();
    const auto chunk = wholeOption(parser, sub, QStringLiteral("chunk"), 1, 1'000'000,
                                   loaded.spec.chunk > 0 ? loaded.spec.chunk
                                                         : chunkFor(loaded.spec.taskCount(), 0.1));
    const auto minutes = wholeOption(parser, sub, QStringLiteral("time-minutes"), 1, 525600, 0);
    const auto running = wholeOption(parser, sub, QStringLiteral("max-running"), 1, 1'000'000, 0);
    const auto parallelism =
        wholeOption(parser, sub, QStringLiteral("parallelism"), 1, 100'000, 16);
    const auto cpus = wholeOption(parser, sub, QStringLiteral("cpus-per-task"), 1, 1024, 1);
    if (!chunk || !minutes || !running || !parallelism || !cpus)
        return std::nullopt;
    job.chunk = int(*chunk);
    job.timeMinutes = int(*minutes);
    job.maxRunning = int(*running);
    job.parallelism = int(*parallelism);
    job.cpusPerTask = int(*cpus);
    job.partition = parser.value(QStringLiteral("partition")).toStdString();
    job.image = parser.value(QStringLiteral("image")).toStdString();
    job.volumeClaim = parser.value(QStringLiteral("volume-claim")).toStdString();
    job.mountPath = parser.value(QStringLiteral("mount-path")).toStdString();
    return job;
}

bool writeBesideResults(const std::string& path, const std::string& contents, const SweepSpec& spec)
{
    QDir().mkpath(QFileInfo(q(path)).absolutePath());
    auto written = writeExportFile(path, contents, {spec.file, spec.projectPath});
    if (!written) {
        printErr(
            QStringLiteral("fleetplanner-cli sweep run: %1\n").arg(q(written.error().toString())));
        return false;
    }
    return true;
}

} // namespace

int runSlurm(const Loaded& loaded, const QCommandLineParser& parser)
{
    const auto job = clusterJob(loaded, parser);
    if (!job)
        return UserError;
    const std::string script = slurmBatchScript(loaded.spec, *job);
    if (parser.isSet(QStringLiteral("dry-run"))) {
        printOut(q(script));
        return Ok;
    }
    const std::string path = job->outDir + "/sweep.sbatch";
    // Slurm does not make the folder of --output: the elements' logs need it.
    QDir().mkpath(q(job->outDir + "/slurm"));
    if (!writeBesideResults(path, script, loaded.spec))
        return UserError;
    const bool wait = parser.isSet(QStringLiteral("wait"));
    const auto timeout = wholeOption(parser, QStringLiteral("run"), QStringLiteral("timeout"), 1,
                                     30 * 24 * 3600, 24 * 3600);
    if (!timeout)
        return UserError;
    QStringList sbatchArgs{QStringLiteral("--parsable")};
    if (wait)
        sbatchArgs << QStringLiteral("--wait");
    sbatchArgs << q(path);
    QProcess sbatch;
    const QString program = parser.isSet(QStringLiteral("sbatch"))
                                ? parser.value(QStringLiteral("sbatch"))
                                : QStringLiteral("sbatch");
    sbatch.start(program, sbatchArgs);
    if (!sbatch.waitForStarted(30000)) {
        printErr(QStringLiteral("fleetplanner-cli sweep run: %1 could not be started (%2); the "
                                "script is at %3: submit it with sbatch on a login node\n")
                     .arg(program, sbatch.errorString(), q(path)));
        return UserError;
    }
    // sbatch --parsable prints "ID" or "ID;CLUSTER"; through a pipe its output
    // is buffered, so with --wait the id is read when it ends.
    const int limitMs = wait ? int(std::min<std::int64_t>(*timeout * 1000, INT32_MAX)) : 120000;
    if (!sbatch.waitForFinished(limitMs)) {
        sbatch.kill();
        sbatch.waitForFinished(5000);
        printErr(QStringLiteral("fleetplanner-cli sweep run: %1 did not end within %2 s (with "
                                "--wait: the job is still queued or running, and goes on; see "
                                "squeue)\n")
                     .arg(program)
                     .arg(limitMs / 1000));
        return UserError;
    }
    const QString jobId = QString::fromUtf8(sbatch.readAllStandardOutput())
                              .trimmed()
                              .section(QLatin1Char('\n'), 0, 0)
                              .section(QLatin1Char(';'), 0, 0);
    bool numeric = false;
    jobId.toLongLong(&numeric);
    if (!numeric) {
        printErr(QStringLiteral("fleetplanner-cli sweep run: sbatch did not submit the job "
                                "(exit status %1): %2\n")
                     .arg(sbatch.exitCode())
                     .arg(QString::fromUtf8(sbatch.readAllStandardError()).trimmed()));
        return UserError;
    }
    if (!wait) {
        printOut(QStringLiteral("Submitted Slurm job %1: %2 array elements of %3 tasks (script "
                                "%4). Collect when it ends: fleetplanner-cli sweep collect "
                                "SWEEP --out %5 --results FILE\n")
                     .arg(jobId)
                     .arg(elementCount(loaded.spec, job->chunk))
                     .arg(job->chunk)
                     .arg(q(path), q(job->outDir)));
        return Ok;
    }
    int exitCode = Ok;
    printOut(QStringLiteral("Slurm job %1 ended (sbatch --wait exit status %2).\n")
                 .arg(jobId)
                 .arg(sbatch.exitCode()) +
             finishedLine(loaded.spec, job->outDir, &exitCode));
    return exitCode;
}

int runKubernetes(const Loaded& loaded, const QCommandLineParser& parser)
{
    auto job = clusterJob(loaded, parser);
    if (!job)
        return UserError;
    if (job->image.empty()) {
        printErr(QStringLiteral("fleetplanner-cli sweep run: --backend k8s needs --image (a "
                                "container image holding fleetplanner-cli)\n"));
        return UserError;
    }
    if (job->volumeClaim.empty() != job->mountPath.empty()) {
        printErr(QStringLiteral("fleetplanner-cli sweep run: --volume-claim and --mount-path go "
                                "together (the claim holding the sweep and its results, and "
                                "where it is mounted)\n"));
        return UserError;
    }
    if (!parser.isSet(QStringLiteral("cli")))
        job->cli = "fleetplanner-cli"; // on the image's PATH
    const std::string manifest =
        json::toPrettyString(kubernetesIndexedJob(loaded.spec, *job)) + "\n";
    if (parser.isSet(QStringLiteral("dry-run"))) {
        printOut(q(manifest));
        return Ok;
    }
    const std::string path = job->outDir + "/job.json";
    if (!writeBesideResults(path, manifest, loaded.spec))
        return UserError;
    printOut(QStringLiteral("Wrote %1: an Indexed Job of %2 completions of %3 tasks. Run it with "
                            "kubectl apply -f %1; collect when it completes.\n")
                 .arg(q(path))
                 .arg(elementCount(loaded.spec, job->chunk))
                 .arg(job->chunk));
    return Ok;
}

} // namespace fleet::cli::sweepcli
