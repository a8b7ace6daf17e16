#include "sweep_command.h"

#include "cli_support.h"
#include "io/export_target.h"
#include "io/json_writer.h"
#include "sweep/sweep_backends.h"
#include "sweep/sweep_collect.h"
#include "sweep/sweep_spec.h"
#include "sweep/sweep_task.h"
#include "sweep_command_support.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <thread>

namespace fleet::cli {

namespace {

using namespace fleet::sweep;
using namespace fleet::cli::sweepcli;

const char* const kSweepUsage =
    "Usage: fleetplanner-cli sweep plan|run|task|collect SWEEP [OPTIONS]\n"
    "\n"
    "  plan SWEEP [--no-measure] [--json]\n"
    "        The sweep's points and tasks, and its CPU time (one task of each command\n"
    "        measured, times the count).\n"
    "  run SWEEP --backend local --out DIR [--jobs N]\n"
    "        Every task on this machine's cores; finished tasks are not run again.\n"
    "  run SWEEP --backend slurm --out DIR [--chunk K] [--partition P] [--time-minutes M]\n"
    "        [--max-running N] [--cli PATH] [--dry-run | --wait [--timeout S]]\n"
    "        Write OUT/sweep.sbatch (a job array, K tasks per element) and submit it.\n"
    "  run SWEEP --backend k8s --out DIR --image IMAGE [--chunk K] [--parallelism P]\n"
    "        [--volume-claim PVC --mount-path PATH] [--cli PATH] [--dry-run]\n"
    "        Write OUT/job.json, an Indexed Job to apply with kubectl.\n"
    "  task SWEEP --out DIR (--index I | --chunk K (--element E | --element-env VAR))\n"
    "        Run one task, or the K tasks of array element E (what the clusters run).\n"
    "  collect SWEEP --out DIR --results FILE.sqlite [--allow-missing]\n"
    "        Merge the task results into one SQLite file; missing and failed tasks are\n"
    "        reported by index.\n"
    "\n"
    "The sweep file's format is in docs/SWEEPS.md (schema: data/schema/sweep.schema.json).\n";

/// The arguments with "sweep SUB" made one command word, as parseOrExit expects.
QStringList subcommandArgs(const QStringList& args)
{
    QStringList rest = args;
    rest[1] = QStringLiteral("sweep ") + rest[2];
    rest.removeAt(2);
    return rest;
}

std::optional<SweepSpec> loadSpec(const QCommandLineParser& parser, const QString& sub)
{
    if (parser.positionalArguments().isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli sweep %1: SWEEP (a sweep file) is required\n")
                     .arg(sub));
        return std::nullopt;
    }
    auto spec = loadSweepFile(parser.positionalArguments().first().toStdString());
    if (!spec) {
        printIssues(sub, spec.error());
        return std::nullopt;
    }
    return std::move(spec).value();
}

std::optional<Loaded> loadAll(const QCommandLineParser& parser, const QString& sub)
{
    auto spec = loadSpec(parser, sub);
    if (!spec)
        return std::nullopt;
    auto base = loadSweepBase(*spec);
    if (!base) {
        printIssues(sub, base.error());
        return std::nullopt;
    }
    return Loaded{std::move(*spec), std::move(base).value()};
}

bool requireOut(const QCommandLineParser& parser, const QString& sub)
{
    if (parser.value(QStringLiteral("out")).isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli sweep %1: --out DIR (the results folder) is "
                                "required\n")
                     .arg(sub));
        return false;
    }
    return true;
}

/// CPU seconds of one task of each command (the first point's), measured.
std::vector<double> measureCommands(const Loaded& loaded)
{
    std::vector<double> cost;
    for (std::int64_t i = 0; i < loaded.spec.tasksPerPoint; ++i) {
        const TaskRef task = taskAt(loaded.spec, i);
        if (task.command < cost.size())
            continue; // one seed of a simulate stands for the others
        double before = processCpuSeconds();
        (void)runTask(loaded.spec, loaded.base, i);
        double spent = processCpuSeconds() - before;
        if (spent < 0.5) { // a quick task: timed again, without the first run's warm-up
            before = processCpuSeconds();
            (void)runTask(loaded.spec, loaded.base, i);
            spent = processCpuSeconds() - before;
        }
        cost.push_back(spent);
    }
    return cost;
}

int runPlan(const QStringList& args)
{
    const QString sub = QStringLiteral("plan");
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("The sweep's points and tasks, and an estimate of its CPU time."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("SWEEP"), QStringLiteral("The sweep file."));
    parser.addOptions({{QStringLiteral("no-measure"),
                        QStringLiteral("Do not run one task of each command to time it.")},
                       {QStringLiteral("json"), QStringLiteral("Print JSON.")}});
    int exitCode = Ok;
    if (!parseOrExit(parser, subcommandArgs(args), 1, &exitCode))
        return exitCode;
    auto loaded = loadAll(parser, sub);
    if (!loaded)
        return UserError;
    const SweepSpec& spec = loaded->spec;
    std::vector<double> cost;
    if (!parser.isSet(QStringLiteral("no-measure")))
        cost = measureCommands(*loaded);
    double total = 0;
    boost::json::array commands;
    QString text = QStringLiteral("Sweep %1 over %2\n").arg(q(spec.name), q(spec.projectPath));
    text += QStringLiteral("  %1 point%2 (%3)\n")
                .arg(spec.points)
                .arg(spec.points == 1 ? QString() : QStringLiteral("s"))
                .arg(spec.combine == Combine::Grid ? QStringLiteral("every combination")
                                                   : QStringLiteral("zipped"));
    boost::json::array inputs;
    for (const SweepInput& input : spec.inputs) {
        text += QStringLiteral("    %1: %2 value%3 (%4)\n")
                    .arg(q(input.name))
                    .arg(input.values.size())
                    .arg(input.values.size() == 1 ? QString() : QStringLiteral("s"))
                    .arg(q(input.path));
        inputs.push_back(boost::json::object{{"name", input.name},
                                             {"path", input.path},
                                             {"values", std::int64_t(input.values.size())}});
    }
    for (std::size_t c = 0; c < spec.commands.size(); ++c) {
        const SweepCommand& command = spec.commands[c];
        const std::int64_t perPoint =
            command.kind == CommandKind::Simulate ? std::int64_t(command.seeds.size()) : 1;
        const std::int64_t tasks = perPoint * spec.points;
        const bool measured = c < cost.size();
        const double each = measured ? cost[c] : 0.0;
        total += each * double(tasks);
        text +=
            QStringLiteral("  %1 (%2): %3 task%4 per point, %5 in all%6\n")
                .arg(q(command.id), q(std::string(commandKey(command.kind))))
                .arg(perPoint)
                .arg(perPoint == 1 ? QString() : QStringLiteral("s"))
                .arg(tasks)
                .arg(measured ? QStringLiteral("; %1 CPU per task (measured)").arg(seconds(each))
                              : QString());
        commands.push_back(boost::json::object{
            {"id", command.id},
            {"command", std::string(commandKey(command.kind))},
            {"tasks", tasks},
            {"cpu_seconds_per_task", measured ? boost::json::value(each) : boost::json::value()}});
    }
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const double meanTask = spec.taskCount() > 0 ? total / double(spec.taskCount()) : 0;
    const int chunk = spec.chunk > 0 ? spec.chunk : chunkFor(spec.taskCount(), meanTask);
    text += QStringLiteral("  %1 tasks\n").arg(spec.taskCount());
    if (!cost.empty())
        text += QStringLiteral("  CPU time: %1 (%2 on this machine's %3 cores; one task of each "
                               "command measured, times the count)\n")
                    .arg(seconds(total), seconds(total / cores))
                    .arg(cores);
    text += QStringLiteral("  cluster: %1 tasks per array element, %2 element(s) "
                           "(docs/SWEEPS.md, \"Chunking\")\n")
                .arg(chunk)
                .arg(elementCount(spec, chunk));
    if (parser.isSet(QStringLiteral("json"))) {
        printJson(boost::json::object{
            {"name", spec.name},
            {"project", spec.projectPath},
            {"points", spec.points},
            {"tasks", spec.taskCount()},
            {"inputs", std::move(inputs)},
            {"commands", std::move(commands)},
            {"cpu_seconds", cost.empty() ? boost::json::value() : boost::json::value(total)},
            {"chunk", chunk},
            {"elements", elementCount(spec, chunk)}});
        return Ok;
    }
    printOut(text);
    return Ok;
}

int runLocal(const Loaded& loaded, const QCommandLineParser& parser)
{
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const auto jobs =
        wholeOption(parser, QStringLiteral("run"), QStringLiteral("jobs"), 1, 1024, cores);
    if (!jobs)
        return UserError;
    const std::string out = parser.value(QStringLiteral("out")).toStdString();
    QElapsedTimer clock;
    clock.start();
    const double cpuBefore = processCpuSeconds();
    const LocalRunReport report =
        runTasks(loaded.spec, loaded.base, out, 0, loaded.spec.taskCount(), int(*jobs));
    const double wall = double(clock.nsecsElapsed()) * 1e-9;
    const double cpu = processCpuSeconds() - cpuBefore;
    for (const std::string& error : report.writeErrors)
        printErr(QStringLiteral("fleetplanner-cli sweep run: %1\n").arg(q(error)));
    int exitCode = report.writeErrors.empty() ? Ok : UserError;
    QString text = QStringLiteral("Ran %1 tasks (%2 already finished, skipped) on %3 threads in "
                                  "%4, %5 CPU")
                       .arg(report.ran)
                       .arg(report.skipped)
                       .arg(*jobs)
                       .arg(seconds(wall), seconds(cpu));
    if (report.ran > 0)
        text += QStringLiteral(" (%1 CPU per task)").arg(seconds(cpu / double(report.ran)));
    text += QStringLiteral("\n");
    text += finishedLine(loaded.spec, out, &exitCode);
    printOut(text);
    return exitCode;
}

int runRun(const QStringList& args)
{
    const QString sub = QStringLiteral("run");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run a sweep: on this machine's cores, as a Slurm job array or a Kubernetes Indexed "
        "Job. Every task writes its own result file into OUT/tasks; finished tasks are not run "
        "again."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("SWEEP"), QStringLiteral("The sweep file."));
    parser.addOptions({
        {QStringLiteral("backend"), QStringLiteral("local, slurm or k8s."), QStringLiteral("NAME")},
        {QStringLiteral("out"), QStringLiteral("The results folder (shared with the nodes)."),
         QStringLiteral("DIR")},
        {QStringLiteral("jobs"), QStringLiteral("local: threads (default: every core)."),
         QStringLiteral("N")},
        {QStringLiteral("chunk"),
         QStringLiteral("slurm, k8s: tasks per array element (default: the sweep's chunk, or "
                        "the chunking rule)."),
         QStringLiteral("K")},
        {QStringLiteral("dry-run"), QStringLiteral("slurm, k8s: print what would be written.")},
        {QStringLiteral("wait"), QStringLiteral("slurm: wait for the job to end (sbatch --wait).")},
        {QStringLiteral("timeout"), QStringLiteral("slurm --wait: give up after S seconds."),
         QStringLiteral("S")},
        {QStringLiteral("partition"), QStringLiteral("slurm: the partition."), QStringLiteral("P")},
        {QStringLiteral("time-minutes"), QStringLiteral("slurm: each element's time limit."),
         QStringLiteral("M")},
        {QStringLiteral("max-running"),
         QStringLiteral("slurm: at most N elements at once (--array=…%N)."), QStringLiteral("N")},
        {QStringLiteral("cpus-per-task"), QStringLiteral("slurm, k8s: CPUs per element (1)."),
         QStringLiteral("C")},
        {QStringLiteral("sbatch"), QStringLiteral("slurm: the sbatch program (default sbatch)."),
         QStringLiteral("PATH")},
        {QStringLiteral("cli"),
         QStringLiteral("fleetplanner-cli as the nodes run it (default: this one; k8s: "
                        "fleetplanner-cli on the image's PATH)."),
         QStringLiteral("PATH")},
        {QStringLiteral("image"), QStringLiteral("k8s: the container image."),
         QStringLiteral("IMAGE")},
        {QStringLiteral("parallelism"), QStringLiteral("k8s: pods at once (16)."),
         QStringLiteral("P")},
        {QStringLiteral("volume-claim"),
         QStringLiteral("k8s: the PersistentVolumeClaim holding the sweep and OUT."),
         QStringLiteral("PVC")},
        {QStringLiteral("mount-path"), QStringLiteral("k8s: where the claim is mounted."),
         QStringLiteral("PATH")},
    });
    int exitCode = Ok;
    if (!parseOrExit(parser, subcommandArgs(args), 1, &exitCode))
        return exitCode;
    if (!requireOut(parser, sub))
        return UserError;
    const QString backend = parser.value(QStringLiteral("backend"));
    if (backend != QLatin1String("local") && backend != QLatin1String("slurm") &&
        backend != QLatin1String("k8s")) {
        printErr(QStringLiteral("fleetplanner-cli sweep run: --backend must be local, slurm or "
                                "k8s; got '%1'\n")
                     .arg(backend));
        return UserError;
    }
    auto loaded = loadAll(parser, sub);
    if (!loaded)
        return UserError;
    if (backend == QLatin1String("local"))
        return runLocal(*loaded, parser);
    if (backend == QLatin1String("slurm"))
        return runSlurm(*loaded, parser);
    return runKubernetes(*loaded, parser);
}

int runTaskCommand(const QStringList& args)
{
    const QString sub = QStringLiteral("task");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Run one task of a sweep (--index), or the tasks of one array element (--chunk with "
        "--element or --element-env): what a Slurm array or a Kubernetes Indexed Job runs. "
        "Finished tasks are skipped. Exit status 1 when a task failed (its result says why)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("SWEEP"), QStringLiteral("The sweep file."));
    parser.addOptions({
        {QStringLiteral("out"), QStringLiteral("The results folder."), QStringLiteral("DIR")},
        {QStringLiteral("index"), QStringLiteral("The task."), QStringLiteral("I")},
        {QStringLiteral("chunk"), QStringLiteral("Tasks per element."), QStringLiteral("K")},
        {QStringLiteral("element"), QStringLiteral("The element: tasks E·K to E·K + K − 1."),
         QStringLiteral("E")},
        {QStringLiteral("element-env"),
         QStringLiteral("Read the element from this environment variable "
                        "(SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX)."),
         QStringLiteral("VAR")},
        {QStringLiteral("jobs"), QStringLiteral("Threads (default 1)."), QStringLiteral("N")},
    });
    int exitCode = Ok;
    if (!parseOrExit(parser, subcommandArgs(args), 1, &exitCode))
        return exitCode;
    if (!requireOut(parser, sub))
        return UserError;
    auto loaded = loadAll(parser, sub);
    if (!loaded)
        return UserError;
    const std::int64_t tasks = loaded->spec.taskCount();
    std::int64_t first = 0, count = 1;
    const bool byIndex = parser.isSet(QStringLiteral("index"));
    const bool byElement =
        parser.isSet(QStringLiteral("element")) || parser.isSet(QStringLiteral("element-env"));
    if (byIndex == byElement || (byElement && !parser.isSet(QStringLiteral("chunk"))) ||
        (parser.isSet(QStringLiteral("element")) && parser.isSet(QStringLiteral("element-env")))) {
        printErr(QStringLiteral("fleetplanner-cli sweep task: give --index I, or --chunk K with "
                                "one of --element E and --element-env VAR\n"));
        return UserError;
    }
    if (byIndex) {
        const auto index = wholeOption(parser, sub, QStringLiteral("index"), 0, tasks - 1, 0);
        if (!index)
            return UserError;
        first = *index;
    } else {
        const auto chunk = wholeOption(parser, sub, QStringLiteral("chunk"), 1, 1'000'000, 1);
        if (!chunk)
            return UserError;
        const std::int64_t elements = (tasks + *chunk - 1) / *chunk;
        QString elementText = parser.value(QStringLiteral("element"));
        QString source = QStringLiteral("--element");
        if (parser.isSet(QStringLiteral("element-env"))) {
            const QString variable = parser.value(QStringLiteral("element-env"));
            elementText = qEnvironmentVariable(variable.toLocal8Bit().constData());
            source = QStringLiteral("the environment variable %1").arg(variable);
        }
        bool ok = false;
        const qlonglong element = elementText.toLongLong(&ok);
        if (!ok || element < 0 || element >= elements) {
            printErr(QStringLiteral("fleetplanner-cli sweep task: %1 must be an element from 0 "
                                    "to %2 (%3 tasks in chunks of %4); got '%5'\n")
                         .arg(source)
                         .arg(elements - 1)
                         .arg(tasks)
                         .arg(*chunk)
                         .arg(elementText));
            return UserError;
        }
        first = element * *chunk;
        count = *chunk;
    }
    const auto jobs = wholeOption(parser, sub, QStringLiteral("jobs"), 1, 1024, 1);
    if (!jobs)
        return UserError;
    const std::string out = parser.value(QStringLiteral("out")).toStdString();
    const LocalRunReport report =
        runTasks(loaded->spec, loaded->base, out, first, count, int(*jobs));
    for (const std::string& error : report.writeErrors)
        printErr(QStringLiteral("fleetplanner-cli sweep task: %1\n").arg(q(error)));
    std::vector<std::int64_t> failed;
    for (std::int64_t i = first; i < std::min(first + count, tasks); ++i)
        if (!taskFinished(loaded->spec, out, i))
            failed.push_back(i);
    printOut(QStringLiteral("Tasks %1 to %2: %3 ran, %4 already finished%5\n")
                 .arg(first)
                 .arg(std::min(first + count, tasks) - 1)
                 .arg(report.ran)
                 .arg(report.skipped)
                 .arg(failed.empty()
                          ? QString()
                          : QStringLiteral("; not finished: ") + q(indexRanges(failed))));
    return failed.empty() && report.writeErrors.empty() ? Ok : UserError;
}

int runCollect(const QStringList& args)
{
    const QString sub = QStringLiteral("collect");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Merge a sweep's task results into one SQLite file: a table per command, one row per "
        "point (and seed) with the inputs that made it. Missing and failed tasks are reported "
        "by index; with missing tasks nothing is written unless --allow-missing."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("SWEEP"), QStringLiteral("The sweep file."));
    parser.addOptions({
        {QStringLiteral("out"), QStringLiteral("The results folder."), QStringLiteral("DIR")},
        {QStringLiteral("results"), QStringLiteral("The SQLite file to write."),
         QStringLiteral("FILE")},
        {QStringLiteral("allow-missing"),
         QStringLiteral("Write the results even when tasks are missing.")},
    });
    int exitCode = Ok;
    if (!parseOrExit(parser, subcommandArgs(args), 1, &exitCode))
        return exitCode;
    if (!requireOut(parser, sub))
        return UserError;
    if (parser.value(QStringLiteral("results")).isEmpty()) {
        printErr(QStringLiteral("fleetplanner-cli sweep collect: --results FILE (the SQLite file "
                                "to write) is required\n"));
        return UserError;
    }
    const auto spec = loadSpec(parser, sub);
    if (!spec)
        return UserError;
    auto report = collectResults(*spec, parser.value(QStringLiteral("out")).toStdString(),
                                 parser.value(QStringLiteral("results")).toStdString(),
                                 parser.isSet(QStringLiteral("allow-missing")));
    if (!report) {
        printErr(QStringLiteral("fleetplanner-cli sweep collect: refused:\n%1\n")
                     .arg(q(report.error().toString())));
        return UserError;
    }
    const CollectReport& r = report.value();
    QString text = QStringLiteral("%1 of %2 tasks collected").arg(r.collected).arg(r.tasks);
    text += r.written ? QStringLiteral(" into %1\n").arg(parser.value(QStringLiteral("results")))
                      : QStringLiteral("; nothing written\n");
    printOut(text);
    if (!r.failed.empty())
        printErr(QStringLiteral("fleetplanner-cli sweep collect: %1 failed task%2 (their rows "
                                "say why): %3\n")
                     .arg(r.failed.size())
                     .arg(r.failed.size() == 1 ? QString() : QStringLiteral("s"))
                     .arg(q(indexRanges(r.failed))));
    if (!r.missing.empty())
        printErr(QStringLiteral("fleetplanner-cli sweep collect: %1 missing task%2 (no result "
                                "file): %3%4\n")
                     .arg(r.missing.size())
                     .arg(r.missing.size() == 1 ? QString() : QStringLiteral("s"))
                     .arg(q(indexRanges(r.missing)))
                     .arg(r.written ? QString()
                                    : QStringLiteral("; run them (sweep run resumes) or "
                                                     "collect with --allow-missing")));
    return r.failed.empty() && r.missing.empty() ? Ok : UserError;
}

} // namespace

int runSweepCommand(const QStringList& args)
{
    const QString sub = args.value(2);
    if (sub == QLatin1String("plan"))
        return runPlan(args);
    if (sub == QLatin1String("run"))
        return runRun(args);
    if (sub == QLatin1String("task"))
        return runTaskCommand(args);
    if (sub == QLatin1String("collect"))
        return runCollect(args);
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        printOut(QString::fromUtf8(kSweepUsage));
        return Ok;
    }
    printErr(
        (sub.isEmpty()
             ? QStringLiteral("fleetplanner-cli sweep: a subcommand is required\n\n")
             : QStringLiteral("fleetplanner-cli sweep: unknown subcommand '%1'\n\n").arg(sub)) +
        QString::fromUtf8(kSweepUsage));
    return UserError;
}

} // namespace fleet::cli
