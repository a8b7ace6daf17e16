#include "project_generator.h"

#include "io/json_pointer.h"
#include "model/regime_descriptor.h"
#include "perf/model_table.h"

#include <algorithm>
#include <cmath>

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

double ProjectGenerator::demandScale()
{
    return m_wide ? std::pow(10.0, uniform(-3, 3)) : 1.0;
}

Workload ProjectGenerator::workload(int index, const Project& project)
{
    const double scale = demandScale();
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
        s.runsPerMonth = std::min(1000.0, uniform(0.1, 4) * scale);
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
        s.requestsPerSecond = std::min(1e7, uniform(0.1, 2000) * scale);
        s.inputTokens = std::round(uniform(0, 8000));
        s.outputTokens = std::round(uniform(1, 2000));
        s.tpotMs = uniform(5, 200);
        s.ttftMs = uniform(50, 10000);
        if (coin(0.5))
            s.growthPerMonth = uniform(-0.2, 0.3);
        if (coin(0.3))
            s.kvBytesPerToken = uniform(1e4, 1e6);
        // Format 4: a model of the table (its counts), or an unlisted mixture of experts.
        if (coin(0.2)) {
            const ModelShape& model = pick(builtinModels());
            s.model = model.id;
            s.params = model.activeParams;
            if (coin(0.3))
                s.totalParams = model.totalParams;
        } else if (coin(0.15)) {
            s.totalParams = std::min(1e14, s.params * uniform(1.0, 20.0));
        }
        w.spec = s;
        break;
    }
    case 2: {
        NotebookSpec s;
        s.users = int(std::clamp(integer(1, 5000) * scale, 1.0, 1e7));
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
        s.gpuHoursPerMonth = std::min(1e9, uniform(1, 1e6) * scale);
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
        w.choice.regime =
            allRegimes()[static_cast<std::size_t>(integer(0, int(regimeCount()) - 1))];
    if (coin(0.2))
        w.choice.gpuId = "h100-sxm-80gb";
    if (coin(0.1))
        w.choice.profile = "3g.40gb";
    if (coin(0.2))
        w.choice.plan = Plan::OnDemand;
    if (m_wide) {
        w.choice = {};
        if (coin(0.3))
            w.choice.regime =
                allRegimes()[static_cast<std::size_t>(integer(0, int(regimeCount()) - 1))];
        if (coin(0.3)) {
            const GpuModel& gpu = pick(project.catalog().gpus);
            w.choice.gpuId = gpu.id;
            if (gpu.mig && coin(0.3))
                w.choice.profile = pick(gpu.mig->profiles).name;
        }
        if (coin(0.2))
            w.choice.plan = kAllPlans[static_cast<std::size_t>(integer(0, 4))];
    }
    // A choice the reader refuses is not made: a TPU only under tpu_slice,
    // tpu_slice only on a TPU (issue 30 item 3). No draw is skipped.
    if (w.choice.regime && w.choice.gpuId)
        if (const GpuModel* gpu = project.catalog().gpu(*w.choice.gpuId);
            gpu && !acceleratorMismatch(*w.choice.regime, *gpu).empty())
            w.choice.regime.reset();
    return w;
}

void ProjectGenerator::widen(Project& p)
{
    const int horizons[] = {1, 60, 120};
    if (coin(0.5)) {
        p.horizonMonths = horizons[integer(0, 2)];
        for (Workload& w : p.workloads) {
            w.startMonth = std::min(w.startMonth, p.horizonMonths);
            if (w.endMonth > p.horizonMonths || (w.endMonth != 0 && w.endMonth < w.startMonth))
                w.endMonth = 0;
        }
    }
    std::vector<std::string> books;
    for (const PriceBook& book : p.catalog().priceBooks)
        books.push_back(book.id);
    p.activePriceBookId = pick(books);
    // Pools of every GPU and plan the active book prices (a pool it cannot
    // price is refused by the reader, rightly: that is tested elsewhere).
    const PriceBook& book = *p.catalog().priceBook(p.activePriceBookId);
    std::vector<std::pair<std::string, Plan>> priced;
    for (const GpuPrices& prices : book.gpus)
        for (Plan plan : kAllPlans)
            if (prices.has(plan) && p.catalog().gpu(prices.gpuId))
                priced.emplace_back(prices.gpuId, plan);
    p.fleet.pools.clear();
    const int pools = p.fleet.mode == FleetMode::Fixed ? integer(1, 4) : integer(0, 2);
    const int counts[] = {0, 1, 8, 1'000'000, 10'000'000};
    for (int i = 0; i < pools && !priced.empty(); ++i) {
        const int count = coin(0.3) ? counts[integer(0, 4)] : integer(0, 5000);
        const auto& [gpu, plan] = pick(priced);
        p.fleet.pools.push_back(
            {"pool" + std::to_string(i), gpu, count, plan, coin(0.8) ? 8 : integer(1, 64), ""});
    }
}

void ProjectGenerator::thinkIn(Project& p)
{
    for (Workload& w : p.workloads) {
        if (auto* t = std::get_if<TrainingSpec>(&w.spec); t && coin(0.3)) {
            t->runDays = uniform(0.5, 90);
            t->tokensPerRun = 0;
        } else if (auto* n = std::get_if<NotebookSpec>(&w.spec); n && coin(0.3)) {
            // Busy a of the day within H hours: a ≤ H ÷ 24.
            n->activeHoursPerDay = uniform(std::max(0.5, n->activeFraction * 24), 24);
        } else if (auto* b = std::get_if<BatchSpec>(&w.spec); b && coin(0.3)) {
            b->windowHoursPerDay = uniform(0.5, 24);
        }
    }
    for (Segment& s : p.segments) {
        if (!coin(0.4))
            continue;
        const auto stage = static_cast<SegmentStage>(integer(0, 2));
        if (coin(0.7)) { // the stage's defaults, left out of the file
            s.isolationFloor = stageDefaults(stage).isolationFloor;
            s.allowedRegimes = stageDefaults(stage).allowedRegimes;
        }
        s.stage = stage;
    }
    // The own book's H100 owned by its rate, in place of the five figures
    // (the project's own book and the catalog's copy of it alike).
    for (PriceBook& book : p.ownPriceBooks)
        if (book.id == "own-book") {
            for (GpuPrices& prices : book.gpus)
                if (coin(0.5)) {
                    OwnedCost owned;
                    owned.usdPerGpuHour = {uniform(0.3, 4), "own-source", "2026", ""};
                    prices.owned = owned;
                }
            for (PriceBook& copy : p.mutableCatalog().priceBooks)
                if (copy.id == book.id)
                    copy = book;
        }
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
    p.setCatalog(m_base.catalog());
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
            prices.owned =
                OwnedCost{figure(uniform(10000, 40000)), figure(uniform(3, 6)),
                          figure(uniform(50, 300)),      figure(uniform(1.05, 1.6)),
                          figure(uniform(0.03, 0.2)),    SourcedValue{}, // not stated per GPU-hour
                          coin() ? text("o") : ""};
        }
        if (coin())
            prices.note = text("priced");
        book.gpus.push_back(prices);
        p.ownPriceBooks.push_back(book);
        p.mutableCatalog().sources.push_back(source);
        p.mutableCatalog().priceBooks.push_back(book);
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
        const int regimes = integer(1, int(regimeCount()));
        for (int r = 0; r < regimes; ++r)
            s.allowedRegimes.push_back(allRegimes()[static_cast<std::size_t>(r)]);
        s.preemptible = coin(0.3);
        s.priceUsdPerGpuHour = uniform(0, 10);
        if (coin(0.3))
            s.note = text("segment");
        p.segments.push_back(std::move(s));
    }
    const int workloads = m_wide ? integer(0, 30) : integer(0, 12);
    for (int i = 0; i < workloads; ++i)
        p.workloads.push_back(workload(i, p));
    if (m_wide)
        widen(p);
    const int scenarios = integer(0, 3);
    for (int i = 0; i < scenarios; ++i) {
        Scenario scenario{
            "sc" + std::to_string(i), text("Scenario"), coin() ? text("what if") : "", {}};
        scenario.overrides.push_back({"/name", "\"renamed " + std::to_string(i) + "\""});
        // Format 2: rows named by id (escaped as JSON pointer tokens).
        if (!p.workloads.empty())
            scenario.overrides.push_back(
                {json::joinPointer({"workloads", p.workloads.front().id, "note"}),
                 "\"from a scenario\""});
        if (!p.fleet.pools.empty())
            scenario.overrides.push_back(
                {json::joinPointer({"fleet", "pools", p.fleet.pools.back().id, "note"}),
                 "\"pool note from a scenario\""});
        p.scenarios.push_back(std::move(scenario));
    }
    // Format 3: the segments' tenants, some standing for many, with and
    // without quotas, drawn from a stream of their own so that every other
    // row of this and later projects stays as it was before tenants.
    std::mt19937 tenantRandom(static_cast<unsigned>(serial) * 7919u + 17u);
    std::swap(m_random, tenantRandom);
    const int tenants = integer(0, 3);
    for (int i = 0; i < tenants; ++i) {
        Tenant t;
        t.id = "tenant" + std::to_string(i);
        t.name = text("Tenant");
        t.segmentId = p.segments[static_cast<std::size_t>(integer(0, segments - 1))].id;
        t.count = coin() ? 1 : integer(2, 500);
        if (coin())
            t.quotaGpus = uniform(0.5, 64);
        if (coin())
            t.quotaGpuHoursPerMonth = uniform(10, 50000);
        t.costWeight = coin() ? 1.0 : uniform(0.5, 4);
        t.priorityTier = integer(0, 3);
        if (coin(0.3))
            t.note = text("tenant");
        p.tenants.push_back(std::move(t));
    }
    std::swap(m_random, tenantRandom);
    // Format 5 from a stream of its own too, seeded by the main one's state
    // (which it leaves as it was) so that each seed's projects differ.
    std::mt19937 peek = m_random;
    std::mt19937 inputsRandom(static_cast<unsigned>(peek()) ^ 0x5f5u);
    std::swap(m_random, inputsRandom);
    thinkIn(p);
    std::swap(m_random, inputsRandom);
    return p;
}

} // namespace fleet::testing
