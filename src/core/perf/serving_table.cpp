#include "perf/serving_table.h"

#include "perf/json_rules.h"
#include "perf/perf_data.h"

namespace fleet {

namespace {

/// An entry that names the GPU whose compute die it shares: everything but
/// its GPU, source and date comes from that entry (resolved once all are read).
void readSharedDieEfficiency(json::Reader& r, const boost::json::object& o, const std::string& path,
                             ServingEfficiency& e)
{
    r.checkKeys(o, path, {"gpu", "precision", "stack", "same_compute_die_as", "source", "as_of"},
                {"note"});
    e.sameComputeDieAs = r.string(o, "same_compute_die_as", path).value_or("");
    if (e.sameComputeDieAs == e.gpuId)
        r.report(path + "/same_compute_die_as", "must name another GPU than the entry's own");
}

void readOwnEfficiency(json::Reader& r, const boost::json::object& o, const std::string& path,
                       ServingEfficiency& e)
{
    r.checkKeys(o, path,
                {"gpu", "precision", "stack", "memory_bandwidth", "decode_compute",
                 "prefill_compute", "source", "as_of"},
                {"kv_cache_fraction_of_free", "moe_attention_data_parallel",
                 "expert_load_imbalance", "expert_load_imbalance_fitted_on", "note",
                 "fit_references"});
    const json::NumberRule fraction = perf::range(0, true, 1);
    e.memoryBandwidth = r.number(o, "memory_bandwidth", path, fraction).value_or(0);
    e.decodeCompute = r.number(o, "decode_compute", path, fraction).value_or(0);
    e.prefillCompute = r.number(o, "prefill_compute", path, fraction).value_or(0);
    e.kvCacheFractionOfFree =
        r.number(o, "kv_cache_fraction_of_free", path, perf::range(0, true, 1), false).value_or(0);
    e.moeAttentionDataParallel =
        r.boolean(o, "moe_attention_data_parallel", path, false).value_or(false);
    e.expertLoadImbalance =
        r.number(o, "expert_load_imbalance", path, perf::range(1, false, 16), false).value_or(1.0);
    if (o.contains("expert_load_imbalance") && !e.moeAttentionDataParallel)
        r.report(path + "/expert_load_imbalance",
                 "applies to expert parallelism: needs moe_attention_data_parallel true");
    if (const auto* on = r.object(o, "expert_load_imbalance_fitted_on", path, false)) {
        const std::string at = path + "/expert_load_imbalance_fitted_on";
        r.checkKeys(*on, at, {"gpus", "experts"}, {});
        e.imbalanceFitGpus = r.integer(*on, "gpus", at, 2, 4096).value_or(0);
        e.imbalanceFitExperts = r.integer(*on, "experts", at, 2, 4096).value_or(0);
    }
    if (o.contains("expert_load_imbalance") != o.contains("expert_load_imbalance_fitted_on"))
        r.report(path + "/expert_load_imbalance_fitted_on",
                 "expert_load_imbalance needs the layout it was fitted on (gpus and experts), "
                 "and the layout needs the figure");
    e.fitReferences = perf::fitReferences(r, o, path);
}

void readEfficiency(json::Reader& r, const boost::json::object& o, const std::string& path,
                    ServingTable& table)
{
    ServingEfficiency e;
    e.gpuId = r.string(o, "gpu", path).value_or("");
    r.setEntry(e.gpuId);
    const std::string precision = r.string(o, "precision", path).value_or("");
    if (auto p = precisionFromKey(precision))
        e.precision = *p;
    else
        r.report(path + "/precision", "must be bf16, fp8 or fp4");
    e.stack = r.string(o, "stack", path).value_or("");
    if (o.contains("same_compute_die_as"))
        readSharedDieEfficiency(r, o, path, e);
    else
        readOwnEfficiency(r, o, path, e);
    e.source = r.string(o, "source", path).value_or("");
    e.asOf = r.string(o, "as_of", path).value_or("");
    r.setEntry("");
    table.efficiencies.push_back(std::move(e));
}

/// A GPU built on another's compute die (same chip, other memory) runs at that
/// GPU's fractions under the same stack and precision: they are fractions of
/// the catalog's own peaks, so its bandwidth and memory still count. The entry
/// named must carry figures of its own (no chains).
void resolveSharedDies(json::Reader& r, ServingTable& table)
{
    for (std::size_t i = 0; i < table.efficiencies.size(); ++i) {
        ServingEfficiency& e = table.efficiencies[i];
        if (e.sameComputeDieAs.empty())
            continue;
        const ServingEfficiency* own = nullptr;
        for (const ServingEfficiency& other : table.efficiencies)
            if (other.gpuId == e.sameComputeDieAs && other.precision == e.precision &&
                other.stack == e.stack && other.sameComputeDieAs.empty())
                own = &other;
        if (!own) {
            r.setEntry(e.gpuId);
            r.report(json::pointer("/efficiency", i) + "/same_compute_die_as",
                     "must name a GPU with its own entry at the same precision and stack (" +
                         e.sameComputeDieAs + " has none)");
            r.setEntry("");
            continue;
        }
        e.memoryBandwidth = own->memoryBandwidth;
        e.decodeCompute = own->decodeCompute;
        e.prefillCompute = own->prefillCompute;
        e.kvCacheFractionOfFree = own->kvCacheFractionOfFree;
        e.moeAttentionDataParallel = own->moeAttentionDataParallel;
        e.expertLoadImbalance = own->expertLoadImbalance;
        e.imbalanceFitGpus = own->imbalanceFitGpus;
        e.imbalanceFitExperts = own->imbalanceFitExperts;
    }
}

void readInterconnect(json::Reader& r, const boost::json::object& o, const std::string& path,
                      ServingTable& table)
{
    r.checkKeys(o, path,
                {"link", "allreduce_latency_us", "bandwidth_share", "max_tensor_parallel", "source",
                 "as_of"},
                {"fallback_gb_per_s", "note", "fit_references"});
    InterconnectCost c;
    c.link = r.string(o, "link", path).value_or("");
    r.setEntry(c.link);
    c.latencySeconds =
        r.number(o, "allreduce_latency_us", path, perf::range(0, false, 1e5)).value_or(0) * 1e-6;
    c.bandwidthShare = r.number(o, "bandwidth_share", path, perf::range(0, true, 1)).value_or(0);
    c.fallbackGbPerS =
        r.number(o, "fallback_gb_per_s", path, perf::range(0, true, 1e5), false).value_or(0);
    c.maxTensorParallel = r.integer(o, "max_tensor_parallel", path, 1, 64).value_or(1);
    c.source = r.string(o, "source", path).value_or("");
    c.asOf = r.string(o, "as_of", path).value_or("");
    c.fitReferences = perf::fitReferences(r, o, path);
    r.setEntry("");
    table.interconnects.push_back(std::move(c));
}

void readStackHost(json::Reader& r, const boost::json::object& o, const std::string& path,
                   ServingTable& table)
{
    r.checkKeys(o, path, {"stack", "host_us_per_sequence_step", "source", "as_of"},
                {"note", "fit_references"});
    StackHost h;
    h.stack = r.string(o, "stack", path).value_or("");
    r.setEntry(h.stack);
    for (const StackHost& other : table.stackHosts)
        if (other.stack == h.stack)
            r.report(path + "/stack", "names a stack another entry already names");
    h.secondsPerSequenceStep =
        r.number(o, "host_us_per_sequence_step", path, perf::range(0, false, 1e4)).value_or(0) *
        1e-6;
    h.source = r.string(o, "source", path).value_or("");
    h.asOf = r.string(o, "as_of", path).value_or("");
    h.fitReferences = perf::fitReferences(r, o, path);
    r.setEntry("");
    table.stackHosts.push_back(std::move(h));
}

void readScaleOut(json::Reader& r, const boost::json::object& o, ServingTable& table)
{
    const std::string path = "/scale_out";
    r.checkKeys(o, path, {"gb_per_s_per_gpu", "bandwidth_share", "latency_us", "source", "as_of"},
                {"note"});
    ScaleOutNetwork& n = table.scaleOut;
    n.gbPerSPerGpu = r.number(o, "gb_per_s_per_gpu", path, perf::range(0, true, 1e5)).value_or(0);
    n.bandwidthShare = r.number(o, "bandwidth_share", path, perf::range(0, true, 1)).value_or(0);
    n.latencySeconds =
        r.number(o, "latency_us", path, perf::range(0, false, 1e5)).value_or(0) * 1e-6;
    n.source = r.string(o, "source", path).value_or("");
    n.asOf = r.string(o, "as_of", path).value_or("");
}

} // namespace

Result<ServingTable> parseServingTable(std::string_view text, const std::string& file)
{
    auto parsed = json::parse(text, file);
    if (!parsed)
        return parsed.error();
    json::Reader r(file);
    const auto* root = r.asObject(parsed.value(), "");
    if (!root)
        return Error(r.issues());
    r.checkKeys(
        *root, "",
        {"format", "format_version", "default_stack", "efficiency", "interconnects", "scale_out"},
        {"description", "stack_hosts"});
    ServingTable table;
    if (const auto* stacks = r.object(*root, "default_stack", "")) {
        r.checkKeys(*stacks, "/default_stack", {"nvidia", "amd"}, {});
        table.nvidiaStack = r.string(*stacks, "nvidia", "/default_stack").value_or("");
        table.amdStack = r.string(*stacks, "amd", "/default_stack").value_or("");
    }
    if (const auto* list = r.array(*root, "efficiency", ""))
        for (std::size_t i = 0; i < list->size(); ++i)
            if (const auto* o = r.asObject((*list)[i], json::pointer("/efficiency", i)))
                readEfficiency(r, *o, json::pointer("/efficiency", i), table);
    resolveSharedDies(r, table);
    if (const auto* list = r.array(*root, "stack_hosts", "", false))
        for (std::size_t i = 0; i < list->size(); ++i)
            if (const auto* o = r.asObject((*list)[i], json::pointer("/stack_hosts", i)))
                readStackHost(r, *o, json::pointer("/stack_hosts", i), table);
    if (const auto* network = r.object(*root, "scale_out", ""))
        readScaleOut(r, *network, table);
    if (const auto* list = r.array(*root, "interconnects", ""))
        for (std::size_t i = 0; i < list->size(); ++i)
            if (const auto* o = r.asObject((*list)[i], json::pointer("/interconnects", i)))
                readInterconnect(r, *o, json::pointer("/interconnects", i), table);
    if (r.failed())
        return Error(r.issues());
    return table;
}

const ServingTable& builtinServingTable()
{
    static const ServingTable table = [] {
        auto parsed = parseServingTable(perfDataFile("serving.json"), "built-in:perf/serving.json");
        return parsed ? parsed.value() : ServingTable{};
    }();
    return table;
}

std::string defaultStack(const GpuModel& gpu)
{
    const ServingTable& table = builtinServingTable();
    return gpu.vendor == Vendor::Amd ? table.amdStack : table.nvidiaStack;
}

const StackHost* findStackHost(const GpuModel& gpu, std::string_view stack)
{
    // The default stacks are NVIDIA's and AMD's; a TPU's serving host was
    // never measured, so it gets no host figure unless a stack is named.
    if (stack.empty() && gpu.vendor == Vendor::Google)
        return nullptr;
    const std::string wanted = stack.empty() ? defaultStack(gpu) : std::string(stack);
    for (const StackHost& h : builtinServingTable().stackHosts)
        if (h.stack == wanted)
            return &h;
    return nullptr;
}

const ServingEfficiency* findServingEfficiency(const GpuModel& gpu, Precision precision,
                                               std::string_view stack)
{
    const std::string wanted = stack.empty() ? defaultStack(gpu) : std::string(stack);
    for (const ServingEfficiency& e : builtinServingTable().efficiencies)
        if (e.gpuId == gpu.id && e.precision == precision && e.stack == wanted)
            return &e;
    return nullptr;
}

const InterconnectCost* findInterconnect(const GpuModel& gpu)
{
    const InterconnectCost* best = nullptr;
    for (const InterconnectCost& c : builtinServingTable().interconnects)
        if (gpu.scaleUpLink.rfind(c.link, 0) == 0 && (!best || c.link.size() > best->link.size()))
            best = &c;
    return best;
}

} // namespace fleet
