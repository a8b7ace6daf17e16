#include "perf/references.h"

#include "perf/json_rules.h"
#include "perf/perf_data.h"

#include <unordered_set>

namespace fleet {

namespace {

/// The key of a system's published figure for a reference of `kind`.
std::string_view publishedKey(ReferenceKind kind)
{
    switch (kind) {
    case ReferenceKind::Training: return "published_gpu_hours";
    case ReferenceKind::TrainingRatio: return "published_samples_per_second";
    case ReferenceKind::Inference:
    case ReferenceKind::InferenceRatio: break;
    }
    return "published_tokens_per_second";
}

MeasuredSystem readSystem(json::Reader& r, const boost::json::object& o, const std::string& path,
                          ReferenceKind kind)
{
    const std::string_view published = publishedKey(kind);
    r.checkKeys(o, path, {"gpu", "gpus", published}, {"stack"});
    MeasuredSystem s;
    s.gpu = r.string(o, "gpu", path).value_or("");
    s.gpus = r.integer(o, "gpus", path, 1, 1000000).value_or(1);
    s.stack = r.string(o, "stack", path, false).value_or("");
    s.published = r.number(o, published, path, perf::range(0, true, 1e12)).value_or(0);
    return s;
}

PerfReference readReference(json::Reader& r, const boost::json::object& o, const std::string& path)
{
    r.checkKeys(o, path, {"id", "family", "set", "kind", "source", "as_of", "model"},
                {"precision", "input_tokens", "output_tokens", "tpot_ms", "ttft_ms",
                 "tensor_parallel", "max_batch", "tokens", "system", "baseline", "note",
                 "tolerance", "tolerance_why"});
    PerfReference ref;
    ref.id = r.identifier(o, "id", path).value_or("");
    r.setEntry(ref.id);
    ref.family = r.string(o, "family", path).value_or("");
    if (const auto use = r.string(o, "set", path)) {
        if (*use == "fit")
            ref.use = ReferenceUse::Fit;
        else if (*use == "held_out")
            ref.use = ReferenceUse::HeldOut;
        else
            r.report(path + "/set", "must be fit (used to choose a factor) or held_out (only "
                                    "checked); got '" +
                                        *use + "'");
    }
    const std::string kind = r.string(o, "kind", path).value_or("");
    if (kind == "inference")
        ref.kind = ReferenceKind::Inference;
    else if (kind == "inference_ratio")
        ref.kind = ReferenceKind::InferenceRatio;
    else if (kind == "training")
        ref.kind = ReferenceKind::Training;
    else if (kind == "training_ratio")
        ref.kind = ReferenceKind::TrainingRatio;
    else
        r.report(path + "/kind", "must be inference, inference_ratio, training or training_ratio");
    ref.source = r.string(o, "source", path).value_or("");
    ref.asOf = r.string(o, "as_of", path).value_or("");
    ref.model = r.string(o, "model", path).value_or("");
    ref.precision = r.string(o, "precision", path, false).value_or("fp8");
    ref.note = r.string(o, "note", path, false).value_or("");
    ref.tolerance = r.number(o, "tolerance", path, perf::range(0, true, 1), false);
    ref.toleranceWhy = r.string(o, "tolerance_why", path, false).value_or("");
    if (ref.tolerance.has_value() == ref.toleranceWhy.empty())
        r.report(path + "/tolerance_why",
                 "a reference's own tolerance needs its reason, and only it");
    const bool training =
        ref.kind == ReferenceKind::Training || ref.kind == ReferenceKind::TrainingRatio;
    const json::NumberRule tokens = perf::range(0, true, 1e7);
    if (!training) {
        ref.inputTokens = r.number(o, "input_tokens", path, tokens).value_or(0);
        ref.outputTokens = r.number(o, "output_tokens", path, tokens).value_or(0);
        for (const char* key : {"tpot_ms", "ttft_ms"})
            if (const auto* v = o.if_contains(key); v && !v->is_null())
                (std::string(key) == "tpot_ms" ? ref.tpotMs : ref.ttftMs) =
                    r.number(o, key, path, perf::range(0, true, 1e7));
        ref.tensorParallel = r.integer(o, "tensor_parallel", path, 0, 64, false).value_or(0);
        ref.maxBatch = r.integer(o, "max_batch", path, 1, 1 << 20, false).value_or(0);
    } else {
        ref.tokens = r.number(o, "tokens", path, perf::range(0, true, 1e16)).value_or(0);
    }
    if (const auto* s = r.object(o, "system", path))
        ref.system = readSystem(r, *s, path + "/system", ref.kind);
    if (ref.kind == ReferenceKind::InferenceRatio || ref.kind == ReferenceKind::TrainingRatio)
        if (const auto* s = r.object(o, "baseline", path))
            ref.baseline = readSystem(r, *s, path + "/baseline", ref.kind);
    r.setEntry("");
    return ref;
}

} // namespace

std::string_view referenceUseKey(ReferenceUse use)
{
    return use == ReferenceUse::HeldOut ? "held_out" : "fit";
}

const PerfReference* ReferenceSet::reference(std::string_view id) const
{
    for (const PerfReference& ref : references)
        if (ref.id == id)
            return &ref;
    return nullptr;
}

const ReferenceFamily* ReferenceSet::family(std::string_view id) const
{
    for (const ReferenceFamily& f : families)
        if (f.id == id)
            return &f;
    return nullptr;
}

namespace {

/// Reads a references document; with `builtin`, as a user's file (see
/// parseUserReferences()).
Result<ReferenceSet> parseReferences(std::string_view text, const std::string& file,
                                     const ReferenceSet* builtin)
{
    auto parsed = json::parse(text, file);
    if (!parsed)
        return parsed.error();
    json::Reader r(file);
    const auto* root = r.asObject(parsed.value(), "");
    if (!root)
        return Error(r.issues());
    r.checkKeys(*root, "", {"format", "format_version", "families", "references"}, {"description"});
    ReferenceSet set;
    if (const auto* list = r.array(*root, "families", ""))
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string path = json::pointer("/families", i);
            const auto* o = r.asObject((*list)[i], path);
            if (!o)
                continue;
            r.checkKeys(*o, path, {"id", "tolerance", "why"}, {});
            ReferenceFamily f;
            f.id = r.identifier(*o, "id", path).value_or("");
            f.tolerance = r.number(*o, "tolerance", path, perf::range(0, true, 1)).value_or(0);
            f.why = r.string(*o, "why", path).value_or("");
            if (builtin && builtin->family(f.id))
                r.report(path + "/id", "'" + f.id +
                                           "' is a built-in family: name yours differently, or "
                                           "leave it out and use the built-in one");
            set.families.push_back(std::move(f));
        }
    if (builtin)
        set.families.insert(set.families.begin(), builtin->families.begin(),
                            builtin->families.end());
    if (const auto* list = r.array(*root, "references", "")) {
        if (builtin && list->size() > kMaxUserReferences)
            r.report("/references", "holds " + std::to_string(list->size()) +
                                        " references; the limit is " +
                                        std::to_string(kMaxUserReferences));
        else {
            // Ids seen so far: a user's file may hold 10,000 references, and
            // a scan of the earlier ones per reference is 50 million compares.
            std::unordered_set<std::string> ids;
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string path = json::pointer("/references", i);
                if (const auto* o = r.asObject((*list)[i], path)) {
                    PerfReference ref = readReference(r, *o, path);
                    if (!set.family(ref.family))
                        r.report(path + "/family",
                                 "names no family of /families" +
                                     std::string(builtin ? " nor a built-in one" : ""));
                    if (!ref.id.empty() && !ids.insert(ref.id).second)
                        r.report(path + "/id", "'" + ref.id + "' names an earlier reference too");
                    if (builtin && builtin->reference(ref.id))
                        r.report(path + "/id", "'" + ref.id +
                                                   "' is a built-in reference's id: name yours "
                                                   "differently");
                    if (builtin && ref.use != ReferenceUse::HeldOut)
                        r.report(path + "/set", "must be held_out: no factor of data/perf was "
                                                "chosen on a measurement of your own");
                    set.references.push_back(std::move(ref));
                }
            }
        }
    }
    if (r.failed())
        return Error(r.issues());
    return set;
}

} // namespace

Result<ReferenceSet> parseReferenceSet(std::string_view text, const std::string& file)
{
    return parseReferences(text, file, nullptr);
}

Result<ReferenceSet> parseUserReferences(std::string_view text, const std::string& file,
                                         const ReferenceSet& builtin)
{
    return parseReferences(text, file, &builtin);
}

Result<ReferenceSet> builtinReferences()
{
    return parseReferenceSet(perfDataFile("references.json"), "built-in:perf/references.json");
}

} // namespace fleet
