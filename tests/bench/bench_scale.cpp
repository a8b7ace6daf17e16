// A customer-sized model (issue 28): `evaluate` (the engine and the
// optimizer's fast path, as `fleetplanner-cli evaluate` runs them) at 100,
// 1,000 and 10,000 workloads, and the solve to a 1 % gap at 1,000 and 10,000
// with its peak memory. The projects are the files scripts/scaled_project.py
// writes (the sample's eight workloads repeated to N, size mode, seed 7):
// bench.sh writes them to build/bench-data and passes that folder in
// FLEET_SCALED_DIR. Each size runs in a child process, so the peak memory
// printed is that solve's, not the benchmark's. Prints the median of the
// repeats, its goal, and the growth exponent from 1,000 to 10,000. A
// benchmark, not a test.

#include "engine/evaluate.h"
#include "optimize/regime_mix.h"
#include "store/project_json.h"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

std::string projectPath(int workloads)
{
    const char* dir = std::getenv("FLEET_SCALED_DIR");
    return std::string(dir ? dir : "build/bench-data") + "/scaled-" + std::to_string(workloads) +
           ".fleetplan.json";
}

struct ChildRun
{
    double seconds = 0;    ///< wall time of the work in the child
    double cpuSeconds = 0; ///< the child's user + system time
    double peakMb = 0;     ///< the child's peak resident memory
    bool ok = false;
};

/// Runs `work` in a forked child and reports its time and peak memory.
template <typename Work> ChildRun inChild(Work&& work)
{
    ChildRun run;
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0)
        _exit(work() ? 0 : 1);
    int status = 0;
    rusage usage{};
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid)
        return run;
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                     double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    run.peakMb = double(usage.ru_maxrss) / 1024.0; // kB on Linux
    run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return run;
}

/// Per benchmark and size, each repeat's wall and CPU seconds (the checks
/// are timed in CPU seconds, which a busy machine does not inflate).
std::map<std::string, std::map<int, std::vector<ChildRun>>> runs;

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

/// One benchmark's repeats: `run` (true when it gave an answer) in a child per
/// iteration, its time, CPU and peak memory recorded under `kind`.
template <typename Run>
void measureInChild(benchmark::State& state, const char* kind, const char* failure, Run run)
{
    const int workloads = int(state.range(0));
    const std::string path = projectPath(workloads);
    ChildRun last;
    for (auto _ : state) {
        last = inChild([&] { return run(path); });
        if (!last.ok) {
            state.SkipWithError((failure + path).c_str());
            return;
        }
        state.SetIterationTime(last.seconds);
        runs[kind][workloads].push_back(last);
    }
    state.counters["cpu_s"] = last.cpuSeconds;
    state.counters["peak_MB"] = last.peakMb;
}

/// `fleetplanner-cli evaluate`: load, the engine, the fast path.
void BM_Evaluate(benchmark::State& state)
{
    measureInChild(state, "evaluate", "could not evaluate ", [](const std::string& path) {
        const auto project = fleet::loadProjectFile(path);
        if (!project)
            return false;
        const fleet::Evaluation evaluation = fleet::evaluate(project.value());
        benchmark::DoNotOptimize(evaluation.kpis.totalCostUsd);
        fleet::OptimizeOptions options;
        options.fastPath = true;
        return bool(fleet::optimizeRegimeMix(project.value(), options));
    });
}
BENCHMARK(BM_Evaluate)
    ->Arg(100)
    ->Arg(1000)
    ->Arg(10000)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

/// `fleetplanner-cli solve --gap 0.01`.
void BM_Solve(benchmark::State& state)
{
    measureInChild(state, "solve", "no plan for ", [](const std::string& path) {
        const auto project = fleet::loadProjectFile(path);
        if (!project)
            return false;
        fleet::OptimizeOptions options;
        options.solve.relativeGap = 0.01;
        options.solve.timeLimitSeconds = 60;
        const auto solved = fleet::optimizeRegimeMix(project.value(), options);
        return solved && !solved.value().assignments.empty();
    });
}
BENCHMARK(BM_Solve)
    ->Arg(1000)
    ->Arg(10000)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);

} // namespace

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    const std::map<std::string, std::map<int, double>> goals = {
        {"evaluate", {{100, 1.0}, {1000, 1.0}, {10000, 20.0}}}, // 10,000: 1 s × 10^1.3
        {"solve", {{1000, 2.0}, {10000, 10.0}}}};
    for (const auto& [what, bySize] : runs) {
        std::map<int, double> cpu;
        for (const auto& [workloads, repeats] : bySize) {
            std::vector<double> wall, used, peak;
            for (const ChildRun& run : repeats) {
                wall.push_back(run.seconds);
                used.push_back(run.cpuSeconds);
                peak.push_back(run.peakMb);
            }
            cpu[workloads] = median(used);
            const auto goal = goals.at(what).find(workloads);
            std::printf("%-8s %6d workloads: median %.2f s CPU, %.2f s wall, peak %.0f MB "
                        "(goal ≤ %.0f s%s)\n",
                        what.c_str(), workloads, cpu[workloads], median(wall), median(peak),
                        goal != goals.at(what).end() ? goal->second : 0.0,
                        what == "solve" && workloads == 10000 ? ", ≤ 1 GB" : "");
        }
        if (cpu.count(1000) && cpu.count(10000) && cpu.at(1000) > 0) {
            const double ratio = cpu.at(10000) / cpu.at(1000);
            std::printf("%-8s growth 1,000 → 10,000: CPU time × %.1f, exponent %.2f%s\n",
                        what.c_str(), ratio, std::log10(ratio),
                        what == "evaluate" ? " (goal ≤ 1.3)" : "");
        }
    }
    return 0;
}
