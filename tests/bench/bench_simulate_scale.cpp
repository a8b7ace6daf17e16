// `fleetplanner-cli simulate PROJECT --json` at scale (issue 28): the largest
// property projects (tests/gui/test_property_projects.cpp's generator, wide,
// seed 7919 × index + 1; project 1825 is 12,589 GPUs, 120 months, its job work
// 19.6 × its job GPUs) and scripts/scaled_project.py's 1,000- and
// 10,000-workload projects (bench.sh writes them to build/bench-data and
// passes that folder in FLEET_SCALED_DIR). Each run is the CLI itself, in a
// child process: the time and peak memory printed are that run's. Prints the
// median of the repeats (CPU seconds, wall seconds, peak MB) against the goal
// (≤ 10 s, ≤ 1 GB). A benchmark, not a test.
//
// `bench_simulate_scale --write-property N FILE` writes property project N
// (as the property test's FLEET_PROPERTY_ONLY=N does), to run it by hand.

#include "core/project_generator.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"

#include <algorithm>
#include <benchmark/benchmark.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

/// The property projects to run: 1825, the one issue 28 found costing
/// 160 s and 553 MB (the property run's slowest simulate).
constexpr int kPropertyProjects[] = {1825};

std::string dataDir()
{
    const char* dir = std::getenv("FLEET_SCALED_DIR");
    return dir ? dir : "build/bench-data";
}

/// Property project `index` as the property test generates it (one
/// generator per project, wide), in JSON.
std::string propertyProjectText(int index)
{
    const auto base = fleet::loadSampleProject();
    if (!base)
        return {};
    fleet::testing::ProjectGenerator generator(base.value(), 7919u * unsigned(index) + 1, true);
    return fleet::projectToJsonText(generator.next());
}

/// The file of property project `index`, written on first use.
std::string propertyProjectPath(int index)
{
    const std::string path = dataDir() + "/property-" + std::to_string(index) + ".fleetplan.json";
    struct stat info
    {};
    if (stat(path.c_str(), &info) != 0)
        std::ofstream(path) << propertyProjectText(index);
    return path;
}

struct ChildRun
{
    double seconds = 0;    ///< wall time
    double cpuSeconds = 0; ///< user + system time
    double peakMb = 0;     ///< peak resident memory
    bool ok = false;
};

/// `fleetplanner-cli simulate PATH --json`, output discarded.
ChildRun simulateInChild(const std::string& path)
{
    ChildRun run;
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        std::freopen("/dev/null", "w", stdout);
        execl(FLEET_CLI_PATH, FLEET_CLI_PATH, "simulate", path.c_str(), "--json",
              static_cast<char*>(nullptr));
        _exit(127);
    }
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

/// Per project name, each repeat's run.
std::map<std::string, std::vector<ChildRun>> runs;

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

void measure(benchmark::State& state, const std::string& name, const std::string& path)
{
    ChildRun last;
    for (auto _ : state) {
        last = simulateInChild(path);
        if (!last.ok) {
            state.SkipWithError(("simulate failed on " + path).c_str());
            return;
        }
        state.SetIterationTime(last.seconds);
        runs[name].push_back(last);
    }
    state.counters["cpu_s"] = last.cpuSeconds;
    state.counters["peak_MB"] = last.peakMb;
}

void BM_SimulateProperty(benchmark::State& state)
{
    const int index = int(state.range(0));
    measure(state, "property project " + std::to_string(index), propertyProjectPath(index));
}

void BM_SimulateScaled(benchmark::State& state)
{
    const int workloads = int(state.range(0));
    measure(state, "scaled " + std::to_string(workloads) + " workloads",
            dataDir() + "/scaled-" + std::to_string(workloads) + ".fleetplan.json");
}

void propertyArgs(benchmark::internal::Benchmark* b)
{
    for (int index : kPropertyProjects)
        b->Arg(index);
}

BENCHMARK(BM_SimulateProperty)
    ->Apply(propertyArgs)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_SimulateScaled)
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
    if (argc == 4 && std::strcmp(argv[1], "--write-property") == 0) {
        std::ofstream(argv[3]) << propertyProjectText(std::atoi(argv[2]));
        return 0;
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    for (const auto& [name, repeats] : runs) {
        std::vector<double> wall, cpu, peak;
        for (const ChildRun& run : repeats) {
            wall.push_back(run.seconds);
            cpu.push_back(run.cpuSeconds);
            peak.push_back(run.peakMb);
        }
        std::printf("simulate, %-28s median %.2f s CPU, %.2f s wall, peak %.0f MB "
                    "(goal ≤ 10 s, ≤ 1,024 MB)\n",
                    name.c_str(), median(cpu), median(wall), median(peak));
    }
    return 0;
}
