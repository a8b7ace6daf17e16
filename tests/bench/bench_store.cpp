// Open and save a project of 10,000 workloads (goal: median ≤ 300 ms each).
// A benchmark, not a test.

#include "store/project_json.h"
#include "store/project_sqlite.h"

#include <benchmark/benchmark.h>
#include <filesystem>

namespace {

/// The sample project with its eight workloads repeated to 10,000.
fleet::Project largeProject()
{
    fleet::Project project = fleet::loadSampleProject().value();
    const std::vector<fleet::Workload> templates = project.workloads;
    project.workloads.clear();
    for (int i = 0; i < 10000; ++i) {
        fleet::Workload workload = templates[static_cast<std::size_t>(i) % templates.size()];
        workload.id = "w" + std::to_string(i);
        workload.name = templates[static_cast<std::size_t>(i) % templates.size()].name + " #" +
                        std::to_string(i);
        project.workloads.push_back(std::move(workload));
    }
    project.scenarios.clear(); // the sample's scenarios point at workload 7 by index
    return project;
}

const std::string& benchFile()
{
    static const std::string path =
        (std::filesystem::temp_directory_path() / "fleetplanner-bench.fleetplan").string();
    return path;
}

void saveTenThousandWorkloads(benchmark::State& state)
{
    const fleet::Project project = largeProject();
    for (auto _ : state) {
        auto saved = fleet::saveProjectFile(project, benchFile());
        if (!saved)
            state.SkipWithError(saved.error().toString().c_str());
    }
}
BENCHMARK(saveTenThousandWorkloads)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(7)
    ->ReportAggregatesOnly(true);

void openTenThousandWorkloads(benchmark::State& state)
{
    if (!fleet::saveProjectFile(largeProject(), benchFile()))
        state.SkipWithError("could not write the project");
    for (auto _ : state) {
        auto project = fleet::openProjectFile(benchFile());
        if (!project)
            state.SkipWithError(project.error().toString().c_str());
        benchmark::DoNotOptimize(project.ok());
    }
}
BENCHMARK(openTenThousandWorkloads)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(7)
    ->ReportAggregatesOnly(true);

} // namespace

BENCHMARK_MAIN();
