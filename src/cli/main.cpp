// fleetplanner-cli: every FleetPlanner capability, headless.

#include "calibrate_command.h"
#include "catalog_command.h"
#include "chart_command.h"
#include "cli_support.h"
#include "deck_command.h"
#include "evaluate_command.h"
#include "fields_command.h"
#include "inference_command.h"
#include "measure_ceiling_command.h"
#include "pack_command.h"
#include "project_commands.h"
#include "replay_command.h"
#include "service_sim_command.h"
#include "simulate_command.h"
#include "solve_command.h"
#include "solve_worker_command.h"
#include "sweep_command.h"
#include "tco_command.h"
#include "training_command.h"
#include "version.h"
#include "workbook_command.h"

#include <QApplication>
#include <QCoreApplication>

#include <memory>
#include <new>
#include <optional>

namespace {

// Qt's offscreen platform warns on every start when XDG_RUNTIME_DIR is unset
// (as under CI or sudo); it is harmless for a tool that opens no window, and
// would bury the command's own messages on stderr.
QtMessageHandler g_defaultMessageHandler = nullptr;

void quietMessageHandler(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg &&
        message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
        return;
    if (g_defaultMessageHandler)
        g_defaultMessageHandler(type, context, message);
}

// UTF-8 (2×): read with QString::fromUtf8, never fromLatin1, which would
// encode it twice (2Ã\u0097).
const char* const kUsage =
    "Usage: fleetplanner-cli COMMAND [OPTIONS]\n"
    "\n"
    "Commands:\n"
    "  catalog [--json] [--catalog FILE]...\n"
    "        List the GPUs (specs, partition profiles) and the price books.\n"
    "  training --gpu ID --params N --tokens D [--gpus G] [--mfu M] [--precision bf16|fp8]\n"
    "        [--recompute] [--async-checkpoint] [--pipeline-stages P] [--micro-batches M]\n"
    "        [--plan PLAN] [--price-book ID] [--json]\n"
    "        GPU-hours, wall clock, checkpoints and cost of one training run.\n"
    "  inference --gpu ID --params N --precision bf16|fp8 --rps R --input-tokens I\n"
    "        --output-tokens O [--tpot-ms T] [--ttft-ms F] [--regime R] [--profile P] [--json]\n"
    "        Batch, replicas, GPUs and cost per million output tokens of a service.\n"
    "  evaluate PROJECT [--scenario NAME] [--measure-ceiling [--seeds N]] [--json]\n"
    "        KPIs of a project (PROJECT :sample is the bundled sample), and per workload\n"
    "        its options with GPU-hours and cost, planned on the measured utilization\n"
    "        ceiling when it is of these inputs (else the assumed one, said).\n"
    "  measure-ceiling PROJECT -o FILE [--seeds N]\n"
    "        Simulate the knee of the project's policy and store it as the measured\n"
    "        ceiling of its current inputs (evaluate and the app plan on it).\n"
    "  solve PROJECT [--scenario NAME] [--time-limit S] [--gap G] [--objective cost|margin]\n"
    "        [--mps FILE] [--json]\n"
    "        Choose the regime mix with COIN-OR CBC.\n"
    "  simulate PROJECT [--policy P] [--loads FROM:TO:STEP] [--days D] [--seed S] [--json]\n"
    "        The project's utilization frontier and knee per scheduling policy.\n"
    "  simulate --synthetic --gpus C [--gpus-per-node G] [--job-gpus K | --job-slices K\n"
    "        --slices-per-gpu S] [--mean-hours H] --load RHO [--jobs N] [--policy P] [--json]\n"
    "        Simulate a cluster under a placement policy (synthetic jobs).\n"
    "  simulate-service PROJECT WORKLOAD [--hours H] [--seed S] [--json]\n"
    "        An inference service's first month, request by request, on its dedicated and\n"
    "        preemptible overflow replicas (or its prefill and decode pools when served\n"
    "        disaggregated): achieved preemption rate and TTFT SLA.\n"
    "  pack --nodes FILE --pods FILE [--policy P] [--load L] [--seeds 42-51] [--json]\n"
    "        Replay a pod list under packing policies: the GPUs fragmentation strands.\n"
    "  replay --jobs FILE [--format sacct|k8s|csv] [--columns MAP] [--tenant account|user]\n"
    "        PROJECT [--policy P] [--json]\n"
    "        A real cluster's job log: what ran, per tenant, and replayed on PROJECT's fleet.\n"
    "  new -o FILE [--name TEXT] [--horizon-months N] [--start-month YYYY-MM]\n"
    "        [--price-book ID] [--fleet-mode fixed|size]\n"
    "        Write an empty project (.fleetplan or .fleetplan.json): no pools, segments or\n"
    "        workloads yet.\n"
    "  new --sample -o FILE           Write the bundled sample project.\n"
    "  new --template ID -o FILE      Write a built-in template (new --list-templates lists "
    "them).\n"
    "  import FILE.json -o FILE.fleetplan   Convert a JSON project to a project file.\n"
    "  export FILE.fleetplan -o FILE.json   Write a project file as canonical JSON.\n"
    "  validate FILE                  Check that a project file (either form) opens cleanly.\n"
    "  fields [--json]                The input fields of each record (workload kinds, pools,\n"
    "        segments): type, range, default, unit and help.\n"
    "  chart [PROJECT] --kind KIND [--scenario NAME] [--format png|svg|pdf] -o FILE\n"
    "        [--width W] [--height H] [--scale 1|2] [--slide]\n"
    "        Render a chart of the app to a file, without a display.\n"
    "  chart PROJECT --all [--scenario NAME] -o FOLDER\n"
    "        Every chart (PNG at 2×, SVG, PDF) into a folder, named by kind and scenario.\n"
    "  deck PROJECT [--scenario NAME] -o FILE.pptx|FILE.pdf\n"
    "        A slide deck: title, one slide per chart, KPIs by scenario, assumptions.\n"
    "  workbook PROJECT [--scenario NAME] -o FILE.xlsx\n"
    "        The results as an Excel workbook, with native charts.\n"
    "  calibrate [--family ID] [--json]\n"
    "        The engine beside every stored public measurement: tool, published, ratio.\n"
    "  tco [--gpu ID] [--set KEY=VALUE]... [--json]\n"
    "        The cost of owning a GPU per GPU-hour, component by component, with sources.\n"
    "  sweep plan|run|task|collect SWEEP ...\n"
    "        Thousands of scenarios and seeds: on local cores, as a Slurm job array or a\n"
    "        Kubernetes Indexed Job, collected into one SQLite file (sweep --help).\n"
    "\n"
    "Internal (started by the app):\n"
    "  solve-worker [--write-mps FILE]  One solve request (JSON) on stdin, its reply on stdout.\n"
    "\n"
    "Options:\n"
    "  -h, --help     Show this help; 'fleetplanner-cli COMMAND --help' for a command's options.\n"
    "  -v, --version  Show the version and the libraries it was built with.\n"
    "\n"
    "Exit status: 0 success; 1 a user error (message on stderr); 2 an internal error.\n";

/// Runs `command`; nothing when there is no such command.
std::optional<int> dispatch(const QString& command, const QStringList& args)
{
    using namespace fleet::cli;
    if (command == QLatin1String("catalog"))
        return runCatalogCommand(args);
    if (command == QLatin1String("chart"))
        return runChartCommand(args);
    if (command == QLatin1String("workbook"))
        return runWorkbookCommand(args);
    if (command == QLatin1String("deck"))
        return runDeckCommand(args);
    if (command == QLatin1String("training"))
        return runTrainingCommand(args);
    if (command == QLatin1String("inference"))
        return runInferenceCommand(args);
    if (command == QLatin1String("evaluate"))
        return runEvaluateCommand(args);
    if (command == QLatin1String("measure-ceiling"))
        return runMeasureCeilingCommand(args);
    if (command == QLatin1String("solve"))
        return runSolveCommand(args);
    if (command == QLatin1String("solve-worker"))
        return runSolveWorkerCommand(args);
    if (command == QLatin1String("simulate"))
        return runSimulateCommand(args);
    if (command == QLatin1String("simulate-service"))
        return runServiceSimCommand(args);
    if (command == QLatin1String("pack"))
        return runPackCommand(args);
    if (command == QLatin1String("replay"))
        return runReplayCommand(args);
    if (command == QLatin1String("new"))
        return runNewCommand(args);
    if (command == QLatin1String("import"))
        return runImportCommand(args);
    if (command == QLatin1String("export"))
        return runExportCommand(args);
    if (command == QLatin1String("validate"))
        return runValidateCommand(args);
    if (command == QLatin1String("fields"))
        return runFieldsCommand(args);
    if (command == QLatin1String("calibrate"))
        return runCalibrateCommand(args);
    if (command == QLatin1String("tco"))
        return runTcoCommand(args);
    if (command == QLatin1String("sweep"))
        return runSweepCommand(args);
    return std::nullopt;
}

} // namespace

int main(int argc, char* argv[])
{
    using namespace fleet::cli;
    const QString command = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();

    // Charts are drawn with Qt Widgets, which need a QApplication; the CLI never
    // opens a window, so it always uses the offscreen platform.
    std::unique_ptr<QCoreApplication> app;
    if (command == QLatin1String("chart") || command == QLatin1String("deck")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        g_defaultMessageHandler = qInstallMessageHandler(quietMessageHandler);
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("fleetplanner-cli"));
    QCoreApplication::setApplicationVersion(QString::fromStdString(fleet::versionString()));
    const QStringList args = QCoreApplication::arguments();

    if (command.isEmpty()) {
        printErr(QString::fromUtf8(kUsage));
        return UserError;
    }
    if (command == QLatin1String("--help") || command == QLatin1String("-h") ||
        command == QLatin1String("help")) {
        printOut(QString::fromUtf8(kUsage));
        return Ok;
    }
    if (command == QLatin1String("--version") || command == QLatin1String("-v")) {
        printOut(QStringLiteral("fleetplanner-cli %1\nQt %2\n%3\n")
                     .arg(QString::fromStdString(fleet::versionString()),
                          QString::fromLatin1(qVersion()),
                          QString::fromStdString(fleet::libraryVersions())));
        return Ok;
    }
    // Errors are values inside the core; anything thrown past a command
    // (out of memory, a library's exception) is still an internal error with
    // a message, never std::terminate.
    try {
        if (const auto status = dispatch(command, args))
            return *status;
    } catch (const std::bad_alloc&) {
        printErr(QStringLiteral("fleetplanner-cli %1: out of memory\n").arg(command));
        return InternalError;
    } catch (const std::exception& e) {
        printErr(QStringLiteral("fleetplanner-cli %1: internal error: %2\n")
                     .arg(command, QString::fromLocal8Bit(e.what())));
        return InternalError;
    }
    printErr(QStringLiteral("fleetplanner-cli: unknown command '%1'\n\n").arg(command) +
             QString::fromUtf8(kUsage));
    return UserError;
}
