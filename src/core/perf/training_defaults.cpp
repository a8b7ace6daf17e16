#include "perf/training_defaults.h"

#include "perf/json_rules.h"
#include "perf/perf_data.h"

#include <algorithm>
#include <cmath>

namespace fleet {

Result<TrainingDefaults> parseTrainingDefaults(std::string_view text, const std::string& file)
{
    auto parsed = json::parse(text, file);
    if (!parsed)
        return parsed.error();
    json::Reader r(file);
    const auto* root = r.asObject(parsed.value(), "");
    if (!root)
        return Error(r.issues());
    r.checkKeys(*root, "",
                {"format", "format_version", "mfu_by_model_size", "checkpoint", "gpus_per_node",
                 "hot_spare_fraction"},
                {"description", "mfu_factor_by_gpu", "mfu_curve_by_gpu", "async_checkpoint"});
    TrainingDefaults d;
    if (const auto* list = r.array(*root, "mfu_by_model_size", "")) {
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string path = json::pointer("/mfu_by_model_size", i);
            const auto* o = r.asObject((*list)[i], path);
            if (!o)
                continue;
            r.checkKeys(*o, path, {"params", "mfu", "source", "as_of"},
                        {"curve", "fit_references"});
            MfuPoint p;
            p.curve = r.string(*o, "curve", path, false).value_or("h100");
            p.fitReferences = perf::fitReferences(r, *o, path);
            p.params = r.number(*o, "params", path, perf::range(1e6, false, 1e14)).value_or(0);
            p.mfu = r.number(*o, "mfu", path, perf::range(0, true, 1)).value_or(0);
            p.source = r.string(*o, "source", path).value_or("");
            r.string(*o, "as_of", path);
            for (auto it = d.mfuBySize.rbegin(); it != d.mfuBySize.rend(); ++it)
                if (it->curve == p.curve) {
                    if (p.params <= it->params)
                        r.report(path + "/params",
                                 "must be larger than the previous point's of curve " + p.curve);
                    break;
                }
            d.mfuBySize.push_back(std::move(p));
        }
        if (d.mfuBySize.empty())
            r.report("/mfu_by_model_size", "needs at least one point");
    }
    if (const auto* list = r.array(*root, "mfu_factor_by_gpu", "", false))
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string path = json::pointer("/mfu_factor_by_gpu", i);
            const auto* o = r.asObject((*list)[i], path);
            if (!o)
                continue;
            r.checkKeys(*o, path, {"gpu", "factor", "source", "as_of"}, {"fit_references"});
            GpuMfuFactor f;
            f.fitReferences = perf::fitReferences(r, *o, path);
            f.gpu = r.string(*o, "gpu", path).value_or("");
            f.factor = r.number(*o, "factor", path, perf::range(0, true, 2)).value_or(1);
            f.source = r.string(*o, "source", path).value_or("");
            r.string(*o, "as_of", path);
            for (const GpuMfuFactor& earlier : d.mfuFactorByGpu)
                if (earlier.gpu == f.gpu)
                    r.report(path + "/gpu", "names a GPU an earlier entry already has");
            d.mfuFactorByGpu.push_back(std::move(f));
        }
    if (const auto* list = r.array(*root, "mfu_curve_by_gpu", "", false))
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string path = json::pointer("/mfu_curve_by_gpu", i);
            const auto* o = r.asObject((*list)[i], path);
            if (!o)
                continue;
            r.checkKeys(*o, path, {"gpu", "curve", "why"}, {});
            GpuMfuCurve c;
            c.gpu = r.string(*o, "gpu", path).value_or("");
            c.curve = r.string(*o, "curve", path).value_or("");
            c.why = r.string(*o, "why", path).value_or("");
            bool known = false;
            for (const MfuPoint& p : d.mfuBySize)
                known = known || p.curve == c.curve;
            if (!known)
                r.report(path + "/curve", "names no curve of /mfu_by_model_size");
            d.curveByGpu.push_back(std::move(c));
        }
    if (const auto* o = r.object(*root, "checkpoint", "")) {
        r.checkKeys(*o, "/checkpoint",
                    {"reference_nodes", "storage_cap_gb_per_s", "source", "as_of"}, {});
        d.scale.checkpointReferenceNodes =
            r.number(*o, "reference_nodes", "/checkpoint", perf::range(0, true, 1e6)).value_or(0);
        d.scale.storageCapGbPerS =
            r.number(*o, "storage_cap_gb_per_s", "/checkpoint", perf::range(0, true, 1e7))
                .value_or(0);
        d.checkpointSource = r.string(*o, "source", "/checkpoint").value_or("");
        r.string(*o, "as_of", "/checkpoint");
    }
    if (const auto* o = r.object(*root, "async_checkpoint", "", false)) {
        r.checkKeys(*o, "/async_checkpoint", {"stall_fraction_of_write", "source", "as_of"}, {});
        d.scale.asyncStallFraction =
            r.number(*o, "stall_fraction_of_write", "/async_checkpoint", perf::range(0, true, 1))
                .value_or(1);
        d.asyncCheckpointSource = r.string(*o, "source", "/async_checkpoint").value_or("");
        r.string(*o, "as_of", "/async_checkpoint");
    }
    d.scale.gpusPerNode = r.integer(*root, "gpus_per_node", "", 1, 1024).value_or(8);
    if (const auto* o = r.object(*root, "hot_spare_fraction", "")) {
        r.checkKeys(*o, "/hot_spare_fraction", {"value", "source", "as_of"}, {});
        d.scale.hotSpareFraction =
            r.number(*o, "value", "/hot_spare_fraction", perf::range(0, false, 1)).value_or(0);
        d.hotSpareSource = r.string(*o, "source", "/hot_spare_fraction").value_or("");
        r.string(*o, "as_of", "/hot_spare_fraction");
    }
    if (r.failed())
        return Error(r.issues());
    return d;
}

const TrainingDefaults& builtinTrainingDefaults()
{
    static const TrainingDefaults defaults = [] {
        auto parsed =
            parseTrainingDefaults(perfDataFile("training.json"), "built-in:perf/training.json");
        return parsed ? parsed.value() : TrainingDefaults{};
    }();
    return defaults;
}

std::string mfuCurveForGpu(std::string_view gpuId)
{
    for (const GpuMfuCurve& c : builtinTrainingDefaults().curveByGpu)
        if (c.gpu == gpuId)
            return c.curve;
    return "h100";
}

double defaultMfuForParams(double params, std::string_view gpuId)
{
    const std::string curve = mfuCurveForGpu(gpuId);
    std::vector<MfuPoint> points;
    for (const MfuPoint& p : builtinTrainingDefaults().mfuBySize)
        if (p.curve == curve)
            points.push_back(p);
    if (points.empty())
        return 0.40;
    if (params <= points.front().params)
        return points.front().mfu;
    if (params >= points.back().params)
        return points.back().mfu;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const MfuPoint& a = points[i];
        const MfuPoint& b = points[i + 1];
        if (params <= b.params) {
            const double t = std::log(params / a.params) / std::log(b.params / a.params);
            return a.mfu + t * (b.mfu - a.mfu);
        }
    }
    return points.back().mfu;
}

double trainingMfuFactor(std::string_view gpuId)
{
    for (const GpuMfuFactor& f : builtinTrainingDefaults().mfuFactorByGpu)
        if (f.gpu == gpuId)
            return f.factor;
    return 1.0;
}

} // namespace fleet
