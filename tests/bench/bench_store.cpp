// Open and save a project of 10,000 workloads (goal: median ≤ 300 ms each);
// validate a project of 100, 1,000 and 3,000 scenarios (linear, not quadratic).
// A benchmark, not a test.

#include "store/project_json.h"
#include "store/project_json_writer.h"
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

/// The sample with `count` scenarios, each changing one field of a different section.
std::string projectWithScenarios(int count)
{
    fleet::Project project = fleet::loadSampleProject().value();
    project.scenarios.clear();
    const char* const paths[] = {"/workloads/dev-notebooks/idle_timeout_min",
                                 "/fleet/pools/h100-reserved/count",
                                 "/segments/early-stage/price_usd_per_gpu_hour", "/name"};
    for (int i = 0; i < count; ++i) {
        const std::string path = paths[i % 4];
        const std::string value =
            path == "/name" ? "\"Renamed\"" : std::to_string(i % 4 == 2 ? i % 50 : 100 + i);
        project.scenarios.push_back(
            {"s" + std::to_string(i), "Scenario " + std::to_string(i), {}, {{path, value}}});
    }
    return fleet::projectToJsonText(project);
}

void validateScenarios(benchmark::State& state)
{
    const std::string text = projectWithScenarios(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        auto project = fleet::parseProject(text, "scenarios.fleetplan.json");
        if (!project)
            state.SkipWithError(project.error().toString().c_str());
        benchmark::DoNotOptimize(project.ok());
    }
    state.counters["scenarios"] = static_cast<double>(state.range(0));
}
BENCHMARK(validateScenarios)->Arg(100)->Arg(1000)->Arg(3000)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
