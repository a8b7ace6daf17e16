#include "solve_worker_command.h"

#include "cli_support.h"
#include "io/export_target.h"
#include "optimize/solve_request.h"
#include "simulate/planned_ceiling.h"
#include "store/project_json.h"

#include <QFile>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>

#ifdef _WIN32
#include <io.h>
#define FLEET_DUP _dup
#define FLEET_DUP2 _dup2
#define FLEET_WRITE _write
#else
#include <unistd.h>
#define FLEET_DUP ::dup
#define FLEET_DUP2 ::dup2
#define FLEET_WRITE ::write
#endif

namespace fleet::cli {

namespace {

/// A request is at most a project file's size (64 MiB) and its wrapping.
constexpr std::size_t kMaxRequestBytes = 65u * 1024u * 1024u;

/// Test-only behaviour, so that tests can make the worker fail on purpose
/// without depending on a real solver bug or on timing: "abort" calls
/// std::abort() where the solve would start, "hang" never answers (until
/// killed), "garbage" answers with something that is not a reply, "exit"
/// exits with status 3 without a reply.
const char* const kTestHookVariable = "FLEET_SOLVER_WORKER_TEST";

/// Solver libraries may print on stdout; the reply must be the only thing
/// there. Stdout's descriptor is kept for the reply, and descriptor 1 is
/// pointed at stderr for everything else.
class ReplyChannel
{
public:
    ReplyChannel()
    {
        std::fflush(stdout);
        m_fd = FLEET_DUP(1);
        FLEET_DUP2(2, 1);
    }

    void write(const std::string& text) const
    {
        std::size_t done = 0;
        while (done < text.size()) {
            const auto written =
                FLEET_WRITE(m_fd, text.data() + done, static_cast<unsigned>(text.size() - done));
            if (written <= 0)
                return;
            done += static_cast<std::size_t>(written);
        }
    }

private:
    int m_fd = -1;
};

std::optional<std::string> readStdin()
{
    std::string text;
    char buffer[65536];
    std::size_t count = 0;
    while ((count = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) {
        text.append(buffer, count);
        if (text.size() > kMaxRequestBytes)
            return std::nullopt;
    }
    return text;
}

void runTestHook()
{
    const char* hook = std::getenv(kTestHookVariable);
    if (!hook)
        return;
    const std::string mode = hook;
    if (mode == "abort") {
        printErr(QStringLiteral("solve-worker: test hook: aborting where the solve starts\n"));
        std::abort();
    }
    if (mode == "hang") {
        printErr(QStringLiteral("solve-worker: test hook: hanging until killed\n"));
        for (;;)
            std::this_thread::sleep_for(std::chrono::hours(1));
    }
    if (mode == "exit") {
        printErr(QStringLiteral("solve-worker: test hook: exiting with status 3\n"));
        std::exit(3);
    }
}

} // namespace

int runSolveWorkerCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Internal: the app's solver process. Reads one solve request (JSON) on "
                       "stdin and writes\none reply (JSON) on stdout; exit status 0 when a reply "
                       "was written. A solver that aborts\nends this process, not the app."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("write-mps"),
                      QStringLiteral("Write the request's model as free MPS instead of solving."),
                      QStringLiteral("FILE")});
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 0, &exitCode))
        return exitCode;
    const auto started = std::chrono::steady_clock::now();
    const ReplyChannel reply;
    const auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    };
    const auto answer = [&](const std::optional<Result<RegimeMixResult>>& outcome,
                            Objective objective) {
        reply.write(solveReplyToJson(outcome, objective, elapsed()));
        return Ok;
    };
    const auto text = readStdin();
    if (!text)
        return answer(Result<RegimeMixResult>(Error("the solve request is larger than 65 MiB")),
                      Objective::Cost);
    auto request = parseSolveRequest(*text);
    if (!request)
        return answer(Result<RegimeMixResult>(request.error()), Objective::Cost);
    const OptimizeOptions& options = request.value().options;
    const Project& stated = request.value().project;
    const bool scenario = !request.value().scenario.empty();
    auto applied =
        scenario ? applyScenario(stated, request.value().scenario) : Result<Project>(stated);
    if (!applied)
        return answer(Result<RegimeMixResult>(applied.error()), options.objective);
    // Planned on the ceiling `solve` and evaluate plan on (the measured knee
    // of these inputs unless pinned), so that the worker's answer is solve's.
    // The app sends its project already on its planned ceiling (a knee it
    // measured this session included); planning it again keeps that.
    const Result<Project> project = onPlannedCeiling(
        applied.value(), plannedCeiling(applied.value(), scenario ? &stated : nullptr));
    if (parser.isSet(QStringLiteral("write-mps"))) {
        // Through the one writer (io/export_target): in memory, then an exclusive
        // temporary, checked and renamed; never through a planted link.
        const Milp milp = buildRegimeMixMilp(project.value(), options.objective);
        auto written = writeExportThrough(
            QFile::encodeName(parser.value(QStringLiteral("write-mps"))).toStdString(),
            [&](const std::string& memory) { return writeMps(milp, memory); });
        if (!written)
            return answer(Result<RegimeMixResult>(written.error()), options.objective);
        return answer(std::nullopt, options.objective);
    }
    if (const char* hook = std::getenv(kTestHookVariable); hook && std::string(hook) == "garbage") {
        reply.write("this is not a solve reply\n");
        return Ok;
    }
    runTestHook();
    return answer(optimizeRegimeMix(project.value(), options), options.objective);
}

} // namespace fleet::cli
