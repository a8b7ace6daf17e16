#include "project_generator.h"

namespace fleet::testing {

namespace {
const char* const kWords[] = {"GPU",        "plan",      "Überlauf",    "容量",    "cost",
                              "\"quoted\"", "tab\there", "line\nbreak", "ünïcödé", "😀"};
}

std::string ProjectGenerator::text(const std::string& stem)
{
    std::string result = stem;
    const int words = integer(0, 3);
    for (int i = 0; i < words; ++i)
        result += std::string(" ") + kWords[integer(0, 9)];
    return result;
}

Workload ProjectGenerator::workload(int index, const Project& project)
{
    Workload w;
    w.id = "w" + std::to_string(index);
    w.name = text("Workload " + std::to_string(index));
    w.segmentId =
        project.segments[static_cast<std::size_t>(integer(0, int(project.segments.size()) - 1))].id;
    w.startMonth = coin(0.7) ? 1 : integer(1, project.horizonMonths);
    w.endMonth = coin(0.7) ? 0 : integer(w.startMonth, project.horizonMonths);
    if (coin(0.3))
        w.note = text("note");
    switch (integer(0, 3)) {
    case 0: {
        TrainingSpec s;
        s.activeParams = uniform(1e8, 5e11);
        if (coin(0.3))
            s.totalParams = s.activeParams * uniform(1.0, 8.0);
        s.tokensPerRun = uniform(1e9, 1e13);
        s.gpusPerJob = integer(1, 2048);
        s.efficiency = uniform(0.05, 0.7);
        s.measure = coin() ? EfficiencyMeasure::Mfu : EfficiencyMeasure::HfuWithRecompute;
        s.precision = coin() ? Precision::Bf16 : Precision::Fp8;
        s.runsPerMonth = uniform(0.1, 4);
        if (coin(0.3))
            s.checkpointIntervalMin = uniform(1, 240);
        s.priority = coin(0.5) ? 0 : integer(-10, 10);
        w.spec = s;
        break;
    }
    case 1: {
        InferenceSpec s;
        s.params = uniform(1e8, 4e11);
        s.precision = coin() ? Precision::Bf16 : Precision::Fp8;
        s.requestsPerSecond = uniform(0.1, 2000);
        s.inputTokens = std::round(uniform(0, 8000));
        s.outputTokens = std::round(uniform(1, 2000));
        s.tpotMs = uniform(5, 200);
        s.ttftMs = uniform(50, 10000);
        if (coin(0.5))
            s.growthPerMonth = uniform(-0.2, 0.3);
        if (coin(0.3))
            s.kvBytesPerToken = uniform(1e4, 1e6);
        w.spec = s;
        break;
    }
    case 2: {
        NotebookSpec s;
        s.users = integer(1, 5000);
        s.gpusPerUser = coin() ? 1.0 : uniform(0.25, 4);
        s.activeFraction = uniform(0.01, 1.0);
        s.meanIdleGapMin = uniform(1, 600);
        s.idleTimeoutMin = coin(0.3) ? 0.0 : uniform(1, 120);
        s.memoryGbPerSession = uniform(1, 160);
        w.spec = s;
        break;
    }
    default: {
        BatchSpec s;
        s.gpuHoursPerMonth = uniform(1, 1e6);
        s.referenceGpuId = coin() ? "h100-sxm-80gb" : "a100-sxm-80gb";
        s.gpusPerJob = integer(1, 64);
        s.memoryGbPerGpu = uniform(1, 80);
        s.preemptible = coin();
        s.checkpointIntervalMin = uniform(1, 120);
        w.spec = s;
        break;
    }
    }
    if (coin(0.3))
        w.choice.regime = kAllRegimes[static_cast<std::size_t>(integer(0, 5))];
    if (coin(0.2))
        w.choice.gpuId = "h100-sxm-80gb";
    if (coin(0.1))
        w.choice.profile = "3g.40gb";
    if (coin(0.2))
        w.choice.plan = Plan::OnDemand;
    return w;
}

Project ProjectGenerator::next()
{
    Project p;
    const int serial = m_serial++;
    p.name = text("Project " + std::to_string(serial));
    if (coin())
        p.description = text("Description");
    if (coin(0.3))
        p.note = text("Note");
    p.horizonMonths = integer(1, 36);
    if (coin())
        p.startMonth =
            "20" + std::to_string(integer(26, 35)) + "-0" + std::to_string(integer(1, 9));
    p.catalog = m_base.catalog;
    p.activePriceBookId = "example-2024";
    if (coin(0.4)) {
        SourceInfo source{
            "own-source", text("Customer quote"),     "ACME", coin() ? "https://example.com/q" : "",
            "seed",       coin() ? text("note") : "", "test"};
        p.ownSources.push_back(source);
        PriceBook book;
        book.id = "own-book";
        book.name = text("Own book");
        book.asOf = "2026-11";
        book.description = coin() ? text("about") : "";
        GpuPrices prices;
        prices.gpuId = "h100-sxm-80gb";
        prices.onDemand = HourlyPrice{uniform(1, 10), "own-source", "2026-11", std::nullopt,
                                      coin() ? text("n") : ""};
        if (coin())
            prices.spot =
                HourlyPrice{uniform(0.5, 3), "own-source", "2026-10", uniform(0, 0.01), ""};
        if (coin()) {
            const auto figure = [&](double value) {
                return SourcedValue{value, "own-source", "2026", coin() ? text("f") : ""};
            };
            prices.owned = OwnedCost{figure(uniform(10000, 40000)), figure(uniform(3, 6)),
                                     figure(uniform(50, 300)),      figure(uniform(1.05, 1.6)),
                                     figure(uniform(0.03, 0.2)),    coin() ? text("o") : ""};
        }
        if (coin())
            prices.note = text("priced");
        book.gpus.push_back(prices);
        p.ownPriceBooks.push_back(book);
        p.catalog.sources.push_back(source);
        p.catalog.priceBooks.push_back(book);
        if (coin())
            p.activePriceBookId = "own-book";
    }
    p.fleet.mode = coin() ? FleetMode::Fixed : FleetMode::Size;
    const int pools = p.fleet.mode == FleetMode::Fixed ? integer(1, 3) : integer(0, 2);
    for (int i = 0; i < pools; ++i)
        p.fleet.pools.push_back({"pool" + std::to_string(i), "h100-sxm-80gb", integer(0, 5000),
                                 Plan::OnDemand, integer(1, 8), coin(0.3) ? text("pool") : ""});
    p.scheduler.policy = kAllPolicies[static_cast<std::size_t>(integer(0, 2))];
    if (coin(0.3))
        p.settingOverrides.push_back(
            {"assumptions", "gpu_mtbf_hours", std::to_string(integer(1000, 90000))});
    if (coin(0.3))
        p.settingOverrides.push_back(
            {"regimes/time_sliced", "max_tenants_per_gpu", std::to_string(integer(2, 16))});
    if (coin(0.3))
        p.settingOverrides.push_back({"scheduler/utilization_ceiling", "naive", "0.5"});
    const int segments = integer(1, 4);
    for (int i = 0; i < segments; ++i) {
        Segment s;
        s.id = "seg" + std::to_string(i);
        s.name = text("Segment");
        s.isolationFloor = static_cast<IsolationLevel>(integer(0, 2));
        const int regimes = integer(1, 6);
        for (int r = 0; r < regimes; ++r)
            s.allowedRegimes.push_back(kAllRegimes[static_cast<std::size_t>(r)]);
        s.preemptible = coin(0.3);
        s.priceUsdPerGpuHour = uniform(0, 10);
        if (coin(0.3))
            s.note = text("segment");
        p.segments.push_back(std::move(s));
    }
    const int workloads = integer(0, 12);
    for (int i = 0; i < workloads; ++i)
        p.workloads.push_back(workload(i, p));
    const int scenarios = integer(0, 3);
    for (int i = 0; i < scenarios; ++i) {
        Scenario scenario{
            "sc" + std::to_string(i), text("Scenario"), coin() ? text("what if") : "", {}};
        scenario.overrides.push_back({"/name", "\"renamed " + std::to_string(i) + "\""});
        if (!p.workloads.empty())
            scenario.overrides.push_back({"/workloads/0/note", "\"from a scenario\""});
        p.scenarios.push_back(std::move(scenario));
    }
    return p;
}

} // namespace fleet::testing
