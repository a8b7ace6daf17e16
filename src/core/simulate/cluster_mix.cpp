#include "simulate/cluster_mix.h"

#include "perf/perf_data.h"

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <random>

namespace fleet {

namespace {

double normalCdf(double x)
{
    return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

/// The largest power-of-two exponent within `gpus` (2^k ≤ gpus).
int largestExponent(int gpus)
{
    int k = 0;
    while ((2LL << k) <= gpus)
        ++k;
    return k;
}

/// `value` as an object with a non-empty "source" and "read", or null.
const boost::json::object* sourcedObject(const boost::json::value& value)
{
    const auto* o = value.if_object();
    const auto text = [&](const char* key) {
        const auto* v = o ? o->if_contains(key) : nullptr;
        return v && v->is_string() && !v->as_string().empty();
    };
    return text("source") && text("read") ? o : nullptr;
}

/// Reads a mix's "virtual_clusters": either "mean_gpus" (VC id → its GPUs
/// averaged over the trace, each > 0 or 0) or "like" (ids of mixes whose VCs
/// stand in), with "source" and "read". Returns the problem, or "".
std::string parseVirtualClusters(const boost::json::value& value, const std::string& at,
                                 ClusterMix& mix)
{
    const boost::json::object* o = sourcedObject(value);
    if (!o)
        return at + " needs a non-empty source and read (every figure states its source and date)";
    const auto* means = o->if_contains("mean_gpus");
    const auto* like = o->if_contains("like");
    if ((means != nullptr) == (like != nullptr))
        return at + " needs either mean_gpus (VC → GPUs) or like (a list of mix ids)";
    if (means) {
        if (!means->is_object() || means->as_object().empty())
            return at + "/mean_gpus must be a non-empty object of VC → mean GPUs";
        for (const auto& [id, gpus] : means->as_object()) {
            if (!gpus.is_number() || !(gpus.to_number<double>() >= 0))
                return at + "/mean_gpus/" + std::string(id) + " must be a number ≥ 0";
            mix.virtualClusters.push_back({std::string(id), gpus.to_number<double>()});
        }
        return {};
    }
    if (!like->is_array() || like->as_array().empty())
        return at + "/like must be a non-empty list of mix ids";
    for (const auto& id : like->as_array()) {
        if (!id.is_string() || id.as_string().empty())
            return at + "/like must be a non-empty list of mix ids";
        mix.virtualClustersLike.emplace_back(id.as_string());
    }
    return {};
}

/// Reads a mix's "gpu_count_cdf": "gpus" (ascending) and
/// "percent_of_jobs_at_most" (non-decreasing, within 0 to 100), with
/// "source" and "read"; the jobs above the last count take the whole number
/// of 8-GPU nodes that keeps the mix's published mean GPUs. Returns the
/// problem, or "".
std::string parseGpuCountCdf(const boost::json::value& value, const std::string& at,
                             ClusterMix& mix)
{
    const boost::json::object* o = sourcedObject(value);
    if (!o)
        return at + " needs a non-empty source and read (every figure states its source and date)";
    const auto* gpus = o->if_contains("gpus");
    const auto* cdf = o->if_contains("percent_of_jobs_at_most");
    if (!gpus || !cdf || !gpus->is_array() || !cdf->is_array() || gpus->as_array().empty() ||
        gpus->as_array().size() != cdf->as_array().size())
        return at + " needs gpus and percent_of_jobs_at_most, lists of the same length";
    double below = 0, mean = 0;
    int last = 0;
    for (std::size_t i = 0; i < gpus->as_array().size(); ++i) {
        const auto& g = gpus->as_array()[i];
        const auto& c = cdf->as_array()[i];
        const double count = g.is_number() ? g.to_number<double>() : 0;
        const double percent = c.is_number() ? c.to_number<double>() : -1;
        if (count != std::floor(count) || count <= last || percent < below || percent > 100)
            return at +
                   ": gpus must be whole numbers rising from 1, and "
                   "percent_of_jobs_at_most non-decreasing within 0 to 100 (entry " +
                   std::to_string(i) + ")";
        mix.publishedGpuCounts.push_back({int(count), (percent - below) / 100.0});
        mean += int(count) * (percent - below) / 100.0;
        below = percent;
        last = int(count);
    }
    if (below < 100) {
        // The rest: one GPU count, whole 8-GPU nodes above the last step,
        // that keeps the published mean.
        const double rest = (100 - below) / 100.0;
        const double gpusAbove = (mix.publishedMeanGpus - mean) / rest;
        const int nodes = std::max(last / 8 + 1, int(std::lround(gpusAbove / 8)));
        mix.publishedGpuCounts.push_back({nodes * 8, rest});
    }
    return {};
}

/// Reads a mix's "hourly_gpu_job_submissions": "mean_per_hour", 24
/// numbers of at least 0 (hours 0 to 23) not all 0, with "source" and
/// "read"; kept scaled to a mean of 1. Returns the problem, or "".
std::string parseHourlySubmissions(const boost::json::value& value, const std::string& at,
                                   ClusterMix& mix)
{
    const boost::json::object* o = sourcedObject(value);
    if (!o)
        return at + " needs a non-empty source and read (every figure states its source and date)";
    const auto* perHour = o->if_contains("mean_per_hour");
    if (!perHour || !perHour->is_array() || perHour->as_array().size() != 24)
        return at + "/mean_per_hour must be a list of 24 numbers (hours 0 to 23)";
    double sum = 0;
    for (std::size_t h = 0; h < 24; ++h) {
        const auto& v = perHour->as_array()[h];
        const double count = v.is_number() ? v.to_number<double>() : -1;
        if (!(count >= 0) || !std::isfinite(count))
            return at + "/mean_per_hour/" + std::to_string(h) + " must be a number of at least 0";
        mix.hourlySubmissions.push_back(count);
        sum += count;
    }
    if (!(sum > 0))
        return at + "/mean_per_hour must not be all 0";
    for (double& share : mix.hourlySubmissions)
        share *= 24.0 / sum;
    return {};
}

} // namespace

Result<std::vector<ClusterMix>> parseClusterMixes(std::string_view text, std::string_view file)
{
    const std::string where(file);
    boost::system::error_code ec;
    const boost::json::value doc = boost::json::parse(text, ec);
    if (ec || !doc.is_object())
        return Error(where + ": not a JSON object");
    const auto* list = doc.as_object().if_contains("mixes");
    if (!list || !list->is_array() || list->as_array().empty())
        return Error(where + ": mixes must be a non-empty array");
    std::vector<ClusterMix> mixes;
    for (const boost::json::value& entry : list->as_array()) {
        const std::string at = where + ": mixes/" + std::to_string(mixes.size());
        if (!entry.is_object())
            return Error(at + " must be an object");
        const auto& o = entry.as_object();
        const auto stringField = [&](const char* key) -> const boost::json::string* {
            const auto* v = o.if_contains(key);
            return v && v->is_string() && !v->as_string().empty() ? &v->as_string() : nullptr;
        };
        for (const char* key : {"id", "label", "source", "as_of"})
            if (!stringField(key))
                return Error(at + "/" + key +
                             " must be a non-empty string (every figure states "
                             "its source and date)");
        const auto number = [&](const char* object, const char* key, double& out) -> bool {
            const auto* group = o.if_contains(object);
            const auto* v =
                group && group->is_object() ? group->as_object().if_contains(key) : nullptr;
            if (!v || !v->is_number())
                return false;
            out = v->to_number<double>();
            return std::isfinite(out);
        };
        ClusterMix mix;
        mix.id = std::string(*stringField("id"));
        mix.label = std::string(*stringField("label"));
        mix.source = std::string(*stringField("source"));
        double medianSeconds = 0, meanSeconds = 0, maxGpus = 0;
        if (!number("published", "median_run_seconds", medianSeconds) ||
            !number("published", "mean_run_seconds", meanSeconds) ||
            !number("published", "mean_gpus", mix.publishedMeanGpus) || medianSeconds <= 0 ||
            meanSeconds < medianSeconds || mix.publishedMeanGpus < 1)
            return Error(at + "/published needs median_run_seconds > 0, mean_run_seconds ≥ it "
                              "and mean_gpus ≥ 1");
        // Optional, all three or none: the figures a cluster's own wait is
        // checked against (docs/MODEL.md, "Delivered load").
        double queueSeconds = 0, gpuSeconds = 0, traceDays = 0, clusterGpus = 0;
        const bool queue = number("published", "mean_queue_seconds", queueSeconds);
        if (queue != number("published", "gpu_seconds", gpuSeconds) ||
            queue != number("published", "trace_days", traceDays) ||
            (queue && (!number("published", "cluster_gpus", clusterGpus) || queueSeconds < 0 ||
                       gpuSeconds <= 0 || traceDays <= 0 || clusterGpus < 1 ||
                       clusterGpus != std::floor(clusterGpus))))
            return Error(at + "/published: mean_queue_seconds ≥ 0, gpu_seconds > 0 and "
                              "trace_days > 0 go together, with cluster_gpus a whole number ≥ 1");
        if (queue) {
            mix.publishedClusterGpus = int(clusterGpus);
            mix.publishedLoad = gpuSeconds / (clusterGpus * traceDays * 86400.0);
            mix.publishedWaitToRun = queueSeconds / meanSeconds;
        }
        mix.publishedMedianRunHours = medianSeconds / 3600.0;
        mix.publishedMeanRunHours = meanSeconds / 3600.0;
        if (!number("run_hours_lognormal", "mu_ln_hours", mix.runMuLnHours) ||
            !number("run_hours_lognormal", "sigma", mix.runSigma) || mix.runSigma <= 0 ||
            mix.runSigma > 5)
            return Error(at + "/run_hours_lognormal needs mu_ln_hours and 0 < sigma ≤ 5");
        if (!number("gpus_lognormal_powers_of_two", "sigma", mix.gpuSigma) ||
            !number("gpus_lognormal_powers_of_two", "max_gpus", maxGpus) || mix.gpuSigma <= 0 ||
            mix.gpuSigma > 5 || maxGpus < 1 || maxGpus > 65536 ||
            maxGpus != std::exp2(std::round(std::log2(maxGpus))))
            return Error(at + "/gpus_lognormal_powers_of_two needs 0 < sigma ≤ 5 and max_gpus a "
                              "power of two from 1 to 65536");
        mix.maxGpus = int(maxGpus);
        if (const auto* cdf = o.if_contains("gpu_count_cdf")) {
            auto problem = parseGpuCountCdf(*cdf, at + "/gpu_count_cdf", mix);
            if (!problem.empty())
                return Error(problem);
        }
        if (const auto* hourly = o.if_contains("hourly_gpu_job_submissions")) {
            auto problem = parseHourlySubmissions(*hourly, at + "/hourly_gpu_job_submissions", mix);
            if (!problem.empty())
                return Error(problem);
        }
        if (const auto* vcs = o.if_contains("virtual_clusters")) {
            auto problem = parseVirtualClusters(*vcs, at + "/virtual_clusters", mix);
            if (!problem.empty())
                return Error(problem);
        }
        mixes.push_back(std::move(mix));
    }
    return mixes;
}

Result<std::vector<ClusterMix>> builtinClusterMixes()
{
    return parseClusterMixes(perfDataFile("cluster_mixes.json"),
                             "built-in:perf/cluster_mixes.json");
}

std::vector<double> gpuCountShares(const ClusterMix& mix, int capGpus)
{
    const int top = largestExponent(std::max(1, std::min(mix.maxGpus, capGpus)));
    // X = 2^round(log2 x) is 2^i when ln x lies within (i ± ½)·ln 2; the
    // ends take the tails (the largest size everything above it).
    // Without the jobs that do not fit, the shares are renormalized.
    std::vector<double> shares;
    double below = 0;
    for (int i = 0; i <= top; ++i) {
        const double upTo = i == top && !mix.onlyJobsThatFit
                                ? 1.0
                                : normalCdf((i + 0.5) * std::log(2.0) / mix.gpuSigma);
        shares.push_back(upTo - below);
        below = upTo;
    }
    for (double& share : shares)
        share /= below;
    return shares;
}

double runHoursQuantile(const ClusterMix& mix, double q)
{
    // The normal quantile by bisection on the CDF (q within (0, 1)).
    double lo = -40, hi = 40;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (normalCdf(mid) < q ? lo : hi) = mid;
    }
    return std::exp(mix.runMuLnHours + mix.runSigma * (lo + hi) / 2);
}

double GpuCountTable::mean() const
{
    double mean = 0;
    for (std::size_t i = 0; i < gpus.size(); ++i)
        mean += shares[i] * gpus[i];
    return mean;
}

GpuCountTable gpuCountTable(const ClusterMix& mix, int capGpus)
{
    GpuCountTable table;
    if (!mix.usePublishedGpuCounts || mix.publishedGpuCounts.empty()) {
        table.shares = gpuCountShares(mix, capGpus);
        for (std::size_t i = 0; i < table.shares.size(); ++i)
            table.gpus.push_back(1 << i);
        return table;
    }
    const int cap = std::max(1, capGpus);
    double kept = 0;
    for (const ClusterMix::GpuCount& count : mix.publishedGpuCounts) {
        if (count.gpus > cap && mix.onlyJobsThatFit)
            break;
        const int gpus = std::min(count.gpus, cap);
        if (table.gpus.empty() || table.gpus.back() != gpus) {
            table.gpus.push_back(gpus);
            table.shares.push_back(0);
        }
        table.shares.back() += count.share;
        kept += count.share;
    }
    for (double& share : table.shares)
        share /= kept;
    return table;
}

MixSampler::MixSampler(const ClusterMix& mix, int capGpus)
    : m_hours(mix.runMuLnHours, mix.runSigma),
      m_meanHours(std::exp(mix.runMuLnHours + mix.runSigma * mix.runSigma / 2))
{
    const GpuCountTable table = gpuCountTable(mix, capGpus);
    m_gpus = table.gpus;
    m_size = std::discrete_distribution<int>(table.shares.begin(), table.shares.end());
    m_meanGpus = table.mean();
}

std::vector<SimJob> clusterMixJobs(const ClusterShape& cluster, const ClusterMix& mix, double load,
                                   int count, std::uint64_t seed)
{
    const int capacity = cluster.nodes * cluster.gpusPerNode;
    MixSampler sampler(mix, capacity);
    const double arrivalRate = load * capacity / (sampler.meanGpus() * sampler.meanHours());
    std::mt19937_64 random(seed);
    std::exponential_distribution<double> gap(arrivalRate);
    std::vector<SimJob> jobs;
    jobs.reserve(std::size_t(std::max(0, count)));
    double now = 0;
    for (int i = 0; i < count; ++i) {
        now += gap(random);
        SimJob job;
        job.arrivalHours = now;
        job.durationHours = sampler.hours(random);
        job.gpus = sampler.gpus(random);
        jobs.push_back(job);
    }
    return jobs;
}

std::vector<SimJob> clusterMixInService(const ClusterShape& cluster, const ClusterMix& mix,
                                        double load, std::uint64_t seed)
{
    const int capacity = cluster.nodes * cluster.gpusPerNode;
    MixSampler sampler(mix, capacity);
    // λ·E[hours] jobs in service on average: ρ·C ÷ E[GPUs]. Their own seed,
    // so that the stream after them is clusterMixJobs()'s for `seed`.
    std::mt19937_64 random(seed ^ 0x9e3779b97f4a7c15ull);
    const double mean = load * capacity / sampler.meanGpus();
    const int count = mean > 0 ? std::poisson_distribution<int>(mean)(random) : 0;
    std::uniform_real_distribution<double> elapsed(0.0, 1.0);
    std::vector<SimJob> jobs(std::size_t(std::max(0, count)));
    for (SimJob& job : jobs) {
        job.gpus = sampler.gpus(random);
        job.durationHours = sampler.lengthBiasedHours(random) * (1.0 - elapsed(random));
    }
    // Largest first: an empty cluster takes the gangs before the small jobs
    // fragment it, as the steady state it stands for would hold them.
    std::stable_sort(jobs.begin(), jobs.end(),
                     [](const SimJob& a, const SimJob& b) { return a.gpus > b.gpus; });
    return jobs;
}

namespace {

/// The load `jobs` offer over the window the simulator measures (from the
/// arrival of the first job past the warm-up to the last arrival), with the
/// arrivals at or after `firstStream` stretched by `stretch` (then through
/// the day's shape `perHour`, if any): each job's
/// GPU-hours within the window, ÷ (GPUs × the window).
double offeredInWindow(const std::vector<SimJob>& jobs, std::size_t firstStream, double stretch,
                       int capacity, const std::vector<double>& perHour)
{
    const auto at = [&](std::size_t i) {
        return i >= firstStream ? diurnalClockHours(jobs[i].arrivalHours * stretch, perHour)
                                : jobs[i].arrivalHours;
    };
    const std::size_t skip = std::size_t(double(jobs.size()) * kDefaultWarmupFraction);
    const double from = at(std::min(skip, jobs.size() - 1)), to = at(jobs.size() - 1);
    if (to <= from)
        return 0;
    double gpuHours = 0;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const double start = at(i);
        const double inside = std::min(start + jobs[i].durationHours, to) - std::max(start, from);
        if (inside > 0)
            gpuHours += inside * jobs[i].gpus;
    }
    return gpuHours / (double(capacity) * (to - from));
}

} // namespace

std::vector<SimJob> clusterMixSteadyJobs(const ClusterShape& cluster, const ClusterMix& mix,
                                         double load, int count, std::uint64_t seed)
{
    std::vector<SimJob> jobs = clusterMixInService(cluster, mix, load, seed);
    const std::size_t firstStream = jobs.size();
    const std::vector<SimJob> stream = clusterMixJobs(cluster, mix, load, count, seed);
    jobs.insert(jobs.end(), stream.begin(), stream.end());
    if (jobs.size() < 2 || load <= 0)
        return jobs;
    // One run of a heavy tail offers a load well off its expectation (a few
    // long, large jobs hold much of the work): the arrivals are stretched or
    // pressed, alike, until the jobs drawn offer the load asked over the
    // window measured (bisection on ln stretch within ×1/4 to ×4; the offered
    // load falls as the arrivals stretch).
    // With the day's shape, the stream is drawn at one rate and each arrival
    // then moved to the clock time at which the day's rates bring as many.
    const int capacity = cluster.nodes * cluster.gpusPerNode;
    const std::vector<double> none;
    const std::vector<double>& perHour = mix.useDiurnalArrivals ? mix.hourlySubmissions : none;
    double low = std::log(0.25), high = std::log(4.0);
    for (int i = 0; i < 40; ++i) {
        const double mid = (low + high) / 2;
        (offeredInWindow(jobs, firstStream, std::exp(mid), capacity, perHour) > load ? low : high) =
            mid;
    }
    const double stretch = std::exp((low + high) / 2);
    for (std::size_t i = firstStream; i < jobs.size(); ++i)
        jobs[i].arrivalHours = diurnalClockHours(jobs[i].arrivalHours * stretch, perHour);
    return jobs;
}

double diurnalClockHours(double operationalHours, const std::vector<double>& perHour)
{
    if (perHour.size() != 24 || operationalHours <= 0)
        return operationalHours;
    // A whole day of the shape brings 24 hours' arrivals at the mean rate.
    const double days = std::floor(operationalHours / 24.0);
    double left = operationalHours - days * 24.0;
    for (std::size_t h = 0; h < 24; ++h) {
        if (left < perHour[h])
            return days * 24.0 + double(h) + left / perHour[h];
        left -= perHour[h];
    }
    return (days + 1) * 24.0; // rounding at the day's end
}

double overallWaitToRun(const SimulationResult& result)
{
    const double jobs = double(result.nodeJobs.jobs + result.gangs.jobs);
    if (jobs <= 0)
        return 0;
    const double run = (double(result.nodeJobs.jobs) * result.nodeJobs.meanRunHours +
                        double(result.gangs.jobs) * result.gangs.meanRunHours) /
                       jobs;
    const double wait = (double(result.nodeJobs.jobs) * result.nodeJobs.meanWaitHours +
                         double(result.gangs.jobs) * result.gangs.meanWaitHours) /
                        jobs;
    return run > 0 ? wait / run : 0;
}

} // namespace fleet
