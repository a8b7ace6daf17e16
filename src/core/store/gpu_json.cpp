#include "store/gpu_json.h"

#include "model/mig_layout.h"
#include "store/tpu_slices_json.h"

#include <set>

namespace fleet {

namespace bj = boost::json;
using json::NumberRule;
using json::pointer;

SourcedFields::SourcedFields(json::Reader& reader, std::vector<Reference>& sourceReferences)
    : m_reader(reader), m_references(sourceReferences)
{}

void SourcedFields::citeSource(const bj::object& object, const std::string& path,
                               std::string& source, std::string& asOf)
{
    if (auto id = m_reader.string(object, "source", path)) {
        source = *id;
        m_references.push_back(
            {Issue{m_reader.file(), pointer(path, "source"), m_reader.entry(), {}}, *id});
    }
    if (auto date = m_reader.string(object, "as_of", path)) {
        if (isValidAsOfDate(*date))
            asOf = *date;
        else
            m_reader.report(pointer(path, "as_of"),
                            "must be a date YYYY, YYYY-MM or YYYY-MM-DD; got \"" + *date + "\"");
    }
}

std::optional<SourcedValue> SourcedFields::sourced(const bj::object& parent, std::string_view key,
                                                   const std::string& path, const NumberRule& rule,
                                                   bool required)
{
    const bj::object* figure = m_reader.object(parent, key, path, required);
    if (!figure)
        return std::nullopt;
    const std::string figurePath = pointer(path, key);
    m_reader.checkKeys(*figure, figurePath, {"value", "source", "as_of"}, {"note"});
    SourcedValue result;
    result.note = m_reader.string(*figure, "note", figurePath, false).value_or("");
    const auto value = m_reader.number(*figure, "value", figurePath, rule);
    citeSource(*figure, figurePath, result.source, result.asOf);
    if (!value)
        return std::nullopt;
    result.value = *value;
    return result;
}

namespace {

// Ranges that catch unit mistakes (a monthly price where an hourly one belongs,
// MB for GB) as well as typing slips.
const NumberRule kMemoryGb{0, true, 4096, false, "(GB)"};
const NumberRule kBandwidthGbPerS{0, true, 100000, false, "(GB/s)"};
const NumberRule kTflops{0, true, 100000, false, "(dense TFLOPS)"};
const NumberRule kTdpW{0, true, 5000, false, "(W)"};
const NumberRule kLinkGbPerS{0, true, 100000, false, "(GB/s)"};
// One GPU (a PCIe card) up to a rack-scale domain (NVL72; NVL576 is announced).
const NumberRule kDomainGpus{1, false, 576, true, "(GPUs in one NVLink domain)"};

/// One GPU entry: its figures, then its MIG profiles or AMD partition modes.
class GpuEntryParser
{
public:
    GpuEntryParser(json::Reader& reader, SourcedFields& fields) : m_reader(reader), m_fields(fields)
    {}

    GpuModel parse(const bj::object& item, const std::string& path, const std::string& id)
    {
        m_reader.checkKeys(item, path,
                           {"id", "name", "vendor", "memory_gb", "memory_bandwidth_gb_per_s",
                            "bf16_dense_tflops", "scale_up_link"},
                           {"tdp_w", "fp8_dense_tflops", "fp4_dense_tflops",
                            "scale_up_link_gb_per_s", "nvlink_domain_gpus", "mig", "amd_partitions",
                            "family", "tpu_slices", "note"});
        GpuModel gpu;
        gpu.id = id;
        gpu.name = m_reader.string(item, "name", path).value_or("");
        m_reader.string(item, "note", path, false);
        if (auto vendor = m_reader.string(item, "vendor", path)) {
            if (*vendor == "nvidia")
                gpu.vendor = Vendor::Nvidia;
            else if (*vendor == "amd")
                gpu.vendor = Vendor::Amd;
            else if (*vendor == "google")
                gpu.vendor = Vendor::Google;
            else
                m_reader.report(pointer(path, "vendor"),
                                "must be \"nvidia\", \"amd\" or \"google\"; got \"" + *vendor +
                                    "\"");
        }
        if (auto family = m_reader.string(item, "family", path, false)) {
            if (*family == "tpu")
                gpu.family = AcceleratorFamily::Tpu;
            else if (*family != "gpu")
                m_reader.report(pointer(path, "family"),
                                "must be \"gpu\" or \"tpu\"; got \"" + *family + "\"");
        }
        gpu.memoryGb = sourced(item, "memory_gb", path, kMemoryGb).value_or(SourcedValue{});
        gpu.memoryBandwidthGbPerS =
            sourced(item, "memory_bandwidth_gb_per_s", path, kBandwidthGbPerS)
                .value_or(SourcedValue{});
        gpu.bf16DenseTflops =
            sourced(item, "bf16_dense_tflops", path, kTflops).value_or(SourcedValue{});
        gpu.fp8DenseTflops = sourced(item, "fp8_dense_tflops", path, kTflops, false);
        if (gpu.fp8DenseTflops && gpu.bf16DenseTflops.value > 0 &&
            gpu.fp8DenseTflops->value < gpu.bf16DenseTflops.value)
            m_reader.report(pointer(path, "fp8_dense_tflops"),
                            "must be ≥ bf16_dense_tflops (FP8 tensor throughput is at least "
                            "BF16's on every GPU that has it)");
        gpu.fp4DenseTflops = sourced(item, "fp4_dense_tflops", path, kTflops, false);
        if (gpu.fp4DenseTflops && !gpu.fp8DenseTflops)
            m_reader.report(
                pointer(path, "fp4_dense_tflops"),
                "needs fp8_dense_tflops (every GPU with FP4 tensor cores has FP8 ones)");
        else if (gpu.fp4DenseTflops && gpu.fp4DenseTflops->value < gpu.fp8DenseTflops->value)
            m_reader.report(pointer(path, "fp4_dense_tflops"),
                            "must be ≥ fp8_dense_tflops (FP4 tensor throughput is at least "
                            "FP8's on every GPU that has it)");
        // Google states no TDP for its TPUs; a GPU's is required (owned TCO's power).
        gpu.tdpW = sourced(item, "tdp_w", path, kTdpW, !gpu.isTpu()).value_or(SourcedValue{});
        gpu.scaleUpLink = m_reader.string(item, "scale_up_link", path).value_or("");
        gpu.scaleUpLinkGbPerS = sourced(item, "scale_up_link_gb_per_s", path, kLinkGbPerS, false);
        // A file that states no domain (catalogs written before the field)
        // gets a board's 8 GPUs behind a scale-up link, else one GPU.
        gpu.nvlinkDomainGpus = gpu.scaleUpLinkGbPerS ? 8 : 1;
        if (auto domain = sourced(item, "nvlink_domain_gpus", path, kDomainGpus, false)) {
            gpu.nvlinkDomainGpus = static_cast<int>(domain->value);
            gpu.nvlinkDomainSource = domain->source;
            gpu.nvlinkDomainAsOf = domain->asOf;
            if (gpu.nvlinkDomainGpus > 1 && !gpu.scaleUpLinkGbPerS)
                m_reader.report(pointer(path, "nvlink_domain_gpus"),
                                "must be 1 when the GPU states no scale_up_link_gb_per_s (GPUs "
                                "without a scale-up link share no NVLink domain)");
        }
        if (const bj::object* mig = m_reader.object(item, "mig", path, false)) {
            if (gpu.vendor != Vendor::Nvidia)
                m_reader.report(pointer(path, "mig"), "MIG partitions exist only on NVIDIA GPUs");
            gpu.mig = parseMig(*mig, pointer(path, "mig"), gpu.memoryGb.value);
        }
        if (const bj::object* amd = m_reader.object(item, "amd_partitions", path, false)) {
            if (gpu.vendor != Vendor::Amd)
                m_reader.report(pointer(path, "amd_partitions"),
                                "AMD compute × memory partitions exist only on AMD GPUs");
            gpu.amdPartitions = parseAmd(*amd, pointer(path, "amd_partitions"));
        }
        parseTpu(item, path, gpu);
        gpu.originFile = m_reader.file();
        return gpu;
    }

    /// A TPU's slices; a TPU is never a MIG or AMD partition, and only a TPU has slices.
    void parseTpu(const bj::object& item, const std::string& path, GpuModel& gpu)
    {
        const bj::object* slices = m_reader.object(item, "tpu_slices", path, false);
        if (!gpu.isTpu()) {
            if (slices)
                m_reader.report(
                    pointer(path, "tpu_slices"),
                    "TPU slices exist only on TPUs (an entry with \"family\": \"tpu\")");
            return;
        }
        if (!slices)
            m_reader.report(pointer(path, "tpu_slices"),
                            "is required for a TPU (\"family\": \"tpu\"): its slice topologies are "
                            "the unit the tpu_slice regime allocates");
        else
            gpu.tpuSlices =
                parseTpuSlices(*slices, pointer(path, "tpu_slices"), m_reader, m_fields);
        if (gpu.mig)
            m_reader.report(pointer(path, "mig"),
                            "a TPU has no MIG partitions: its chips are allocated as slices");
        if (gpu.amdPartitions)
            m_reader.report(pointer(path, "amd_partitions"),
                            "a TPU has no AMD partitions: its chips are allocated as slices");
    }

    MigPartitioning parseMig(const bj::object& mig, const std::string& path, double gpuMemoryGb)
    {
        m_reader.checkKeys(mig, path,
                           {"compute_slices", "memory_slices", "profiles", "source", "as_of"},
                           {"total_sms", "note"});
        MigPartitioning result;
        citeSource(mig, path, result.source, result.asOf);
        m_reader.string(mig, "note", path, false);
        result.computeSlices = m_reader.integer(mig, "compute_slices", path, 1, 16).value_or(0);
        result.memorySlices = m_reader.integer(mig, "memory_slices", path, 1, 16).value_or(0);
        result.totalSms = m_reader.integer(mig, "total_sms", path, 1, 10000, false);
        const bj::array* profiles = m_reader.array(mig, "profiles", path);
        if (!profiles || result.computeSlices == 0 || result.memorySlices == 0)
            return result;
        if (profiles->empty())
            m_reader.report(pointer(path, "profiles"), "must list at least one profile");
        std::set<std::string> names;
        for (std::size_t i = 0; i < profiles->size(); ++i) {
            const std::string profilePath = pointer(pointer(path, "profiles"), i);
            const bj::object* item = m_reader.asObject((*profiles)[i], profilePath);
            if (!item)
                continue;
            auto profile = parseMigProfile(*item, profilePath, result, gpuMemoryGb);
            if (!profile)
                continue;
            if (!names.insert(profile->name).second)
                m_reader.report(pointer(profilePath, "name"),
                                "duplicate profile \"" + profile->name + "\"");
            if (profile->streamingMultiprocessors && !result.totalSms)
                m_reader.report(pointer(profilePath, "sms"),
                                "needs the GPU's total_sms in the mig block");
            else if (profile->streamingMultiprocessors &&
                     *profile->streamingMultiprocessors > *result.totalSms)
                m_reader.report(pointer(profilePath, "sms"),
                                "must not exceed the GPU's total_sms (" +
                                    std::to_string(*result.totalSms) + ")");
            result.profiles.push_back(std::move(*profile));
            checkInstanceLimit(result, static_cast<int>(result.profiles.size()) - 1, profilePath);
        }
        return result;
    }

    std::optional<MigProfile> parseMigProfile(const bj::object& item, const std::string& path,
                                              const MigPartitioning& mig, double gpuMemoryGb)
    {
        m_reader.checkKeys(item, path,
                           {"name", "compute_slices", "memory_slices", "memory_gb", "max_instances",
                            "placements", "source", "as_of"},
                           {"media_extensions", "sms", "note"});
        MigProfile profile;
        bool complete = true;
        auto take = [&](auto optional, auto& field) {
            if (optional)
                field = *optional;
            else
                complete = false;
        };
        take(m_reader.string(item, "name", path), profile.name);
        take(m_reader.integer(item, "compute_slices", path, 1, mig.computeSlices),
             profile.computeSlices);
        take(m_reader.integer(item, "memory_slices", path, 1, mig.memorySlices),
             profile.memorySlices);
        const NumberRule memoryRule{0, true, gpuMemoryGb > 0 ? gpuMemoryGb : 4096, false,
                                    "(GB; at most the GPU's memory_gb)"};
        take(m_reader.number(item, "memory_gb", path, memoryRule), profile.memoryGb);
        take(m_reader.integer(item, "max_instances", path, 1, 64), profile.maxInstances);
        profile.mediaExtensions =
            m_reader.boolean(item, "media_extensions", path, false).value_or(false);
        profile.streamingMultiprocessors = m_reader.integer(item, "sms", path, 1, 1000, false);
        m_reader.string(item, "note", path, false);
        citeSource(item, path, profile.source, profile.asOf);
        if (const bj::array* placements = m_reader.array(item, "placements", path)) {
            const std::string placementsPath = pointer(path, "placements");
            if (placements->empty())
                m_reader.report(placementsPath, "must list at least one start memory slice");
            for (std::size_t i = 0; i < placements->size(); ++i) {
                const auto& value = (*placements)[i];
                if (!value.is_int64() || value.as_int64() < 0 ||
                    value.as_int64() >= mig.memorySlices) {
                    m_reader.report(pointer(placementsPath, i),
                                    "must be a start memory slice from 0 to " +
                                        std::to_string(mig.memorySlices - 1));
                    complete = false;
                    continue;
                }
                profile.placements.push_back(static_cast<int>(value.as_int64()));
            }
        } else {
            complete = false;
        }
        if (!complete)
            return std::nullopt;
        for (std::size_t i = 0; i < profile.placements.size(); ++i) {
            const int start = profile.placements[i];
            if (!fitsGpu(mig, profile, start))
                m_reader.report(pointer(pointer(path, "placements"), i),
                                "an instance of " + std::to_string(profile.computeSlices) +
                                    " compute and " + std::to_string(profile.memorySlices) +
                                    " memory slices cannot start at slice " +
                                    std::to_string(start) + ": the GPU has compute slices 0–" +
                                    std::to_string(mig.computeSlices - 1) +
                                    " and memory slices 0–" + std::to_string(mig.memorySlices - 1));
        }
        return profile;
    }

    void checkInstanceLimit(const MigPartitioning& mig, int index, const std::string& path)
    {
        const MigProfile& profile = mig.profiles[static_cast<std::size_t>(index)];
        for (int start : profile.placements)
            if (!fitsGpu(mig, profile, start))
                return; // already reported
        const int placeable = maxDisjointInstances(mig, index);
        if (profile.maxInstances > placeable)
            m_reader.report(pointer(path, "max_instances"),
                            "states " + std::to_string(profile.maxInstances) +
                                " instances, but only " + std::to_string(placeable) +
                                " can be placed without overlap by the listed placements");
    }

    AmdPartitioning parseAmd(const bj::object& amd, const std::string& path)
    {
        m_reader.checkKeys(
            amd, path,
            {"compute_units", "compute_modes", "memory_modes", "valid_pairs", "source", "as_of"},
            {"note"});
        AmdPartitioning result;
        citeSource(amd, path, result.source, result.asOf);
        m_reader.string(amd, "note", path, false);
        result.computeUnits = m_reader.integer(amd, "compute_units", path, 1, 100000).value_or(0);
        if (const bj::array* modes = m_reader.array(amd, "compute_modes", path)) {
            for (std::size_t i = 0; i < modes->size(); ++i) {
                const std::string modePath = pointer(pointer(path, "compute_modes"), i);
                const bj::object* item = m_reader.asObject((*modes)[i], modePath);
                if (!item)
                    continue;
                m_reader.checkKeys(*item, modePath, {"name", "partitions"}, {});
                AmdComputeMode mode;
                mode.name = m_reader.string(*item, "name", modePath).value_or("");
                mode.partitions =
                    m_reader.integer(*item, "partitions", modePath, 1, 64).value_or(0);
                if (result.computeUnits > 0 && mode.partitions > 0 &&
                    result.computeUnits % mode.partitions != 0)
                    m_reader.report(pointer(modePath, "partitions"),
                                    "must divide compute_units (" +
                                        std::to_string(result.computeUnits) + ") evenly");
                result.computeModes.push_back(mode);
            }
        }
        if (const bj::array* modes = m_reader.array(amd, "memory_modes", path)) {
            for (std::size_t i = 0; i < modes->size(); ++i) {
                const std::string modePath = pointer(pointer(path, "memory_modes"), i);
                const bj::object* item = m_reader.asObject((*modes)[i], modePath);
                if (!item)
                    continue;
                m_reader.checkKeys(*item, modePath, {"name", "numa_domains"}, {});
                AmdMemoryMode mode;
                mode.name = m_reader.string(*item, "name", modePath).value_or("");
                mode.numaDomains =
                    m_reader.integer(*item, "numa_domains", modePath, 1, 64).value_or(0);
                result.memoryModes.push_back(mode);
            }
        }
        if (const bj::array* pairs = m_reader.array(amd, "valid_pairs", path)) {
            if (pairs->empty())
                m_reader.report(pointer(path, "valid_pairs"), "must list at least one pair");
            for (std::size_t i = 0; i < pairs->size(); ++i)
                parseAmdPair((*pairs)[i], pointer(pointer(path, "valid_pairs"), i), result);
        }
        return result;
    }

    void parseAmdPair(const bj::value& value, const std::string& pairPath, AmdPartitioning& amd)
    {
        const bj::object* item = m_reader.asObject(value, pairPath);
        if (!item)
            return;
        m_reader.checkKeys(*item, pairPath, {"compute", "memory"}, {"vendor_validated"});
        AmdModePair pair;
        pair.compute = m_reader.string(*item, "compute", pairPath).value_or("");
        pair.memory = m_reader.string(*item, "memory", pairPath).value_or("");
        pair.vendorValidated =
            m_reader.boolean(*item, "vendor_validated", pairPath, false).value_or(false);
        const AmdComputeMode* compute = amd.computeMode(pair.compute);
        const AmdMemoryMode* memory = amd.memoryMode(pair.memory);
        if (!compute)
            m_reader.report(pointer(pairPath, "compute"),
                            "names no compute mode listed in compute_modes");
        if (!memory)
            m_reader.report(pointer(pairPath, "memory"),
                            "names no memory mode listed in memory_modes");
        // A mode whose own count was refused (missing, 0, misspelt key)
        // holds 0: the pair's check would divide by it, and its problem is
        // already reported.
        if (compute && memory && compute->partitions > 0 && memory->numaDomains > 0 &&
            compute->partitions % memory->numaDomains != 0)
            m_reader.report(pairPath, pair.compute + " has " + std::to_string(compute->partitions) +
                                          " partitions, which cannot be spread evenly over " +
                                          pair.memory + "'s " +
                                          std::to_string(memory->numaDomains) + " memory domains");
        amd.validPairs.push_back(pair);
    }

private:
    json::Reader& m_reader;
    SourcedFields& m_fields;

    void citeSource(const bj::object& object, const std::string& path, std::string& source,
                    std::string& asOf)
    {
        m_fields.citeSource(object, path, source, asOf);
    }

    std::optional<SourcedValue> sourced(const bj::object& parent, std::string_view key,
                                        const std::string& path, const NumberRule& rule,
                                        bool required = true)
    {
        return m_fields.sourced(parent, key, path, rule, required);
    }
};

} // namespace

GpuModel parseGpuEntry(const bj::object& item, const std::string& path, const std::string& id,
                       json::Reader& reader, SourcedFields& fields)
{
    return GpuEntryParser(reader, fields).parse(item, path, id);
}

} // namespace fleet
