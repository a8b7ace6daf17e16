// Job mixes from published cluster summaries (simulate/cluster_mix.h,
// data/perf/cluster_mixes.json): the derived parameters give back the
// published figures, and the generated jobs follow the preset within
// sampling error.

#include "engine/evaluate.h"
#include "sample_fixture.h"
#include "simulate/cluster_mix.h"
#include "simulate/project_jobs.h"
#include "simulate/virtual_clusters.h"
#include "support/fleet_test.h"

#include <QtTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

using namespace fleet;

namespace {

double quantile(std::vector<double> values, double q)
{
    const std::size_t at = std::size_t(q * double(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(at), values.end());
    return values[at];
}

/// The mix of `mixes` with this id, or null.
const ClusterMix* mixById(const std::vector<ClusterMix>& mixes, const QString& id)
{
    const auto found = std::ranges::find(mixes, id.toStdString(), &ClusterMix::id);
    return found == mixes.end() ? nullptr : &*found;
}

/// The four Helios clusters, with the log-normal GPU counts and then the
/// published ones (and, `withDay`, with the log-normal and the published
/// day's arrivals).
void heliosRows(bool withDay)
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("publishedGpus");
    QTest::addColumn<bool>("diurnal");
    const char* const ids[] = {"helios-venus", "helios-earth", "helios-saturn", "helios-uranus"};
    for (const char* id : ids)
        QTest::newRow(id) << QString::fromLatin1(id) << false << false;
    for (const char* id : ids)
        QTest::newRow(qPrintable(QStringLiteral("%1, published GPU counts").arg(id)))
            << QString::fromLatin1(id) << true << false;
    if (withDay)
        for (const char* id : ids)
            QTest::newRow(qPrintable(QStringLiteral("%1, published day").arg(id)))
                << QString::fromLatin1(id) << false << true;
}

} // namespace

class TestClusterMix : public QObject
{
    Q_OBJECT

private slots:
    void derivedParametersGiveThePublishedFigures()
    {
        const auto mixes = builtinClusterMixes();
        QVERIFY2(mixes, mixes ? "" : mixes.error().messages().c_str());
        QCOMPARE(mixes.value().size(), std::size_t(5));
        for (const ClusterMix& mix : mixes.value()) {
            QVERIFY(mix.id.starts_with("helios-") || mix.id == "philly");
            QVERIFY(!mix.source.empty());
            // Log-normal run time: median exp(μ), mean exp(μ + σ²/2).
            const double median = std::exp(mix.runMuLnHours);
            const double mean = std::exp(mix.runMuLnHours + mix.runSigma * mix.runSigma / 2);
            QVERIFY2(std::abs(median / mix.publishedMedianRunHours - 1) < 1e-3, mix.id.c_str());
            QVERIFY2(std::abs(mean / mix.publishedMeanRunHours - 1) < 5e-3, mix.id.c_str());
            QVERIFY(std::abs(runHoursQuantile(mix, 0.5) / median - 1) < 1e-9);
            // GPU counts: median 1 (more than half the jobs), and the mean published.
            const std::vector<double> shares = gpuCountShares(mix, mix.maxGpus);
            QVERIFY(shares.front() > 0.5);
            double total = 0, meanGpus = 0;
            for (std::size_t i = 0; i < shares.size(); ++i) {
                total += shares[i];
                meanGpus += shares[i] * std::exp2(double(i));
            }
            QVERIFY(std::abs(total - 1) < 1e-12);
            QVERIFY2(std::abs(meanGpus / mix.publishedMeanGpus - 1) < 1e-3,
                     qPrintable(QStringLiteral("%1: %2").arg(mix.id.c_str()).arg(meanGpus)));
            QCOMPARE(1 << (shares.size() - 1), mix.maxGpus);
        }
    }

    void generatedJobsFollowThePreset()
    {
        const auto mixes = builtinClusterMixes();
        QVERIFY(mixes);
        const ClusterShape cluster{128, 8, 1.25, 1}; // 1,024 GPUs
        constexpr int kJobs = 200'000;
        for (const ClusterMix& mix : mixes.value()) {
            const std::vector<SimJob> jobs = clusterMixJobs(cluster, mix, 0.7, kJobs, 42);
            QCOMPARE(int(jobs.size()), kJobs);
            std::vector<double> hours;
            std::vector<int> bySize(16, 0);
            for (const SimJob& job : jobs) {
                hours.push_back(job.durationHours);
                QVERIFY(job.gpus >= 1 && job.gpus <= 1024 &&
                        std::has_single_bit(unsigned(job.gpus)));
                ++bySize[std::size_t(std::countr_zero(unsigned(job.gpus)))];
            }
            // Quantiles of a log-normal sample: ln q̂ has standard error
            // √(q(1−q)) ÷ (φ(z_q)·√n) × σ — about 0.8 % (median) and 1.3 %
            // (p90) here; 4 of them allowed.
            const double n = kJobs;
            const double medianError = 4 * 1.2533 * mix.runSigma / std::sqrt(n);
            const double p90Error = 4 * std::sqrt(0.09) / (0.1755 * std::sqrt(n)) * mix.runSigma;
            const double median = quantile(hours, 0.5), p90 = quantile(hours, 0.9);
            QVERIFY2(std::abs(std::log(median / runHoursQuantile(mix, 0.5))) < medianError,
                     qPrintable(QStringLiteral("%1 median %2 h").arg(mix.id.c_str()).arg(median)));
            QVERIFY2(std::abs(std::log(p90 / runHoursQuantile(mix, 0.9))) < p90Error,
                     qPrintable(QStringLiteral("%1 p90 %2 h").arg(mix.id.c_str()).arg(p90)));
            // GPU-count shares within 4 binomial standard errors.
            const std::vector<double> shares = gpuCountShares(mix, 1024);
            for (std::size_t i = 0; i < shares.size(); ++i) {
                const double observed = bySize[i] / n;
                const double error = 4 * std::sqrt(shares[i] * (1 - shares[i]) / n) + 1e-4;
                QVERIFY2(std::abs(observed - shares[i]) < error,
                         qPrintable(QStringLiteral("%1: %2 GPUs %3 vs %4")
                                        .arg(mix.id.c_str())
                                        .arg(1 << i)
                                        .arg(observed)
                                        .arg(shares[i])));
            }
        }
    }

    void phillyMatchesItsPublishedSummary()
    {
        // Philly as summarised in InternLM/AcmeTrace's cluster_summary.csv:
        // 112,956 GPU jobs, run time median 874 s and mean 18,006 s, GPUs
        // median 1, mean 1.928, largest 128.
        const auto mixes = builtinClusterMixes();
        QVERIFY(mixes);
        const auto found = std::ranges::find(mixes.value(), std::string("philly"), &ClusterMix::id);
        QVERIFY(found != mixes.value().end());
        const ClusterMix& philly = *found;
        QVERIFY(philly.source.find("AcmeTrace") != std::string::npos);
        QCOMPARE(philly.publishedMedianRunHours, 874.0 / 3600);
        QCOMPARE(philly.publishedMeanRunHours, 18006.055 / 3600);
        QCOMPARE(philly.publishedMeanGpus, 1.928);
        QCOMPARE(philly.maxGpus, 128);

        constexpr int kJobs = 200'000;
        const double n = kJobs;
        const std::vector<SimJob> jobs =
            clusterMixJobs(ClusterShape{128, 8, 1.25, 1}, philly, 0.7, kJobs, 7);
        std::vector<double> hours;
        std::vector<int> gpus;
        double sumHours = 0, sumLn = 0, sumGpus = 0, sumGpus2 = 0;
        for (const SimJob& job : jobs) {
            hours.push_back(job.durationHours);
            gpus.push_back(job.gpus);
            sumHours += job.durationHours;
            sumLn += std::log(job.durationHours);
            sumGpus += job.gpus;
            sumGpus2 += double(job.gpus) * job.gpus;
        }
        const double sigma = philly.runSigma;
        // Median: the sample median's ln has standard error √(π/2)·σ/√n
        // (0.7 % here); 4 of them allowed.
        const double median = quantile(hours, 0.5);
        QVERIFY2(std::abs(std::log(median / philly.publishedMedianRunHours)) <
                     4 * 1.2533 * sigma / std::sqrt(n),
                 qPrintable(QStringLiteral("median %1 h").arg(median)));
        // Mean, as the log-normal's: exp(mean ln + var ln / 2) from the
        // sample; by the delta method its ln has standard error
        // σ/√n · √(1 + σ²/2) (1.1 % here); 4 of them allowed.
        double varLn = 0;
        const double meanLn = sumLn / n;
        for (double h : hours)
            varLn += (std::log(h) - meanLn) * (std::log(h) - meanLn);
        varLn /= n - 1;
        const double fittedMean = std::exp(meanLn + varLn / 2);
        QVERIFY2(std::abs(std::log(fittedMean / philly.publishedMeanRunHours)) <
                     4 * sigma / std::sqrt(n) * std::sqrt(1 + sigma * sigma / 2),
                 qPrintable(QStringLiteral("fitted mean %1 h").arg(fittedMean)));
        // The plain sample mean: its standard error is the log-normal's
        // coefficient of variation √(e^σ² − 1) ÷ √n (4.6 % here, the tail
        // is heavy); 4 of them allowed.
        const double sampleMean = sumHours / n;
        QVERIFY2(std::abs(sampleMean / philly.publishedMeanRunHours - 1) <
                     4 * std::sqrt(std::expm1(sigma * sigma) / n),
                 qPrintable(QStringLiteral("sample mean %1 h").arg(sampleMean)));
        // GPUs: median 1, mean within 4 standard errors of the published
        // 1.928 (the 0.001 of the fit's rounding added), none above 128.
        std::ranges::nth_element(gpus, gpus.begin() + kJobs / 2);
        QCOMPARE(gpus[kJobs / 2], 1);
        const double meanGpus = sumGpus / n;
        const double sdGpus = std::sqrt(sumGpus2 / n - meanGpus * meanGpus);
        QVERIFY2(std::abs(meanGpus - philly.publishedMeanGpus) < 4 * sdGpus / std::sqrt(n) + 1e-3,
                 qPrintable(QStringLiteral("mean GPUs %1").arg(meanGpus)));
        QVERIFY(*std::ranges::max_element(gpus) <= 128);
    }

    /// The Helios GPU-count shares read from the paper's Figure 6a keep the
    /// summary's figures: median 1 GPU, and the mean GPUs per job (the jobs
    /// above 64 GPUs take the whole nodes, at least 72 GPUs, that keep it
    /// best, so within a node times their share).
    void publishedGpuCountsKeepTheSummary()
    {
        const auto mixes = builtinClusterMixes();
        QVERIFY(mixes);
        int helios = 0;
        for (ClusterMix mix : mixes.value()) {
            if (mix.publishedGpuCounts.empty())
                continue;
            ++helios;
            mix.usePublishedGpuCounts = true;
            const GpuCountTable table = gpuCountTable(mix, 1 << 16);
            QCOMPARE(table.gpus.front(), 1);
            QVERIFY2(table.shares.front() >= 0.5, mix.id.c_str());
            QVERIFY(std::ranges::is_sorted(table.gpus));
            const double tail = mix.publishedGpuCounts.back().share;
            QVERIFY2(table.gpus.back() > 64 && table.gpus.back() % 8 == 0, mix.id.c_str());
            QVERIFY2(std::abs(table.mean() - mix.publishedMeanGpus) <= 8 * tail + 1e-9,
                     qPrintable(QStringLiteral("%1: mean %2 GPUs")
                                    .arg(QString::fromStdString(mix.id))
                                    .arg(table.mean())));
            // Cut to a small cluster, the larger jobs take all of it.
            const GpuCountTable cut = gpuCountTable(mix, 16);
            QCOMPARE(cut.gpus.back(), 16);
            QVERIFY(std::abs(std::accumulate(cut.shares.begin(), cut.shares.end(), 0.0) - 1) <
                    1e-12);
        }
        QCOMPARE(helios, 4);
    }

    /// A stream drawn at one rate and passed through the day's shape
    /// (diurnalClockHours) has, in each hour of the day, the share of
    /// arrivals the shape gives it, and over whole days as many arrivals as
    /// before: the published hourly submissions are what arrive, and the
    /// load offered is unchanged.
    void theDaysArrivalsFollowThePublishedHours()
    {
        const auto mixes = builtinClusterMixes();
        QVERIFY(mixes);
        const ClusterMix* venus = mixById(mixes.value(), QStringLiteral("helios-venus"));
        QVERIFY(venus);
        const std::vector<double>& shape = venus->hourlySubmissions;
        QCOMPARE(shape.size(), std::size_t(24));
        QCOMPARE(std::accumulate(shape.begin(), shape.end(), 0.0), 24.0);
        std::mt19937_64 random(7);
        std::exponential_distribution<double> gap(20.0); // 20 an hour
        std::vector<double> perHour(24, 0);
        double now = 0, clock = 0;
        int count = 0;
        while (now < 24.0 * 1000) {
            now += gap(random);
            const double at = diurnalClockHours(now, shape);
            QVERIFY(at >= clock); // order is kept
            clock = at;
            perHour[std::size_t(std::fmod(at, 24.0))] += 1;
            ++count;
        }
        QVERIFY(std::abs(clock - now) < 24.0); // whole days keep their count
        for (std::size_t h = 0; h < 24; ++h) {
            const double expected = shape[h] * count / 24.0;
            QVERIFY2(std::abs(perHour[h] - expected) < 5 * std::sqrt(expected) + 1,
                     qPrintable(QStringLiteral("hour %1: %2 arrivals, expected %3")
                                    .arg(h)
                                    .arg(perHour[h])
                                    .arg(expected)));
        }
        QCOMPARE(diurnalClockHours(5.0, {}), 5.0);
    }

    void heliosClustersAtTheirPublishedLoads_data() { heliosRows(true); }

    /// Each Helios cluster simulated whole (its published GPUs, 8 a node,
    /// topology-aware placement: Slurm's backfill) at its published GPU
    /// load, over five seeds of 200,000 jobs each: every run delivers the
    /// load asked within 0.03, and the mean wait ÷ mean run (the median over
    /// seeds) is held to the published one within ×2 — which only Saturn
    /// meets (docs/MODEL.md, "Delivered load"), with or without the
    /// published day's arrivals: the others are expected failures until the
    /// simulator models what their waits come from.
    void heliosClustersAtTheirPublishedLoads()
    {
        QFETCH(QString, id);
        QFETCH(bool, publishedGpus);
        QFETCH(bool, diurnal);
        const auto mixes = builtinClusterMixes();
        QVERIFY(mixes);
        const ClusterMix* found = mixById(mixes.value(), id);
        QVERIFY(found);
        ClusterMix mix = *found;
        mix.usePublishedGpuCounts = publishedGpus;
        mix.useDiurnalArrivals = diurnal;
        QVERIFY(mix.publishedLoad > 0.7 && mix.publishedLoad < 0.85);
        QVERIFY(mix.publishedWaitToRun > 0.05 && mix.publishedWaitToRun < 0.22);
        const ClusterShape cluster{(mix.publishedClusterGpus + 4) / 8, 8, 1.25, 1};
        std::vector<double> delivered, waitToRun;
        for (std::uint64_t seed = 42; seed < 47; ++seed) {
            const SimulationResult r = simulateCluster(
                cluster, PlacementPolicy::TopologyAware,
                clusterMixSteadyJobs(cluster, mix, mix.publishedLoad, 200'000, seed));
            delivered.push_back(r.utilization);
            waitToRun.push_back(overallWaitToRun(r));
        }
        const double medianWaitToRun = quantile(waitToRun, 0.5);
        const double ratio = medianWaitToRun / mix.publishedWaitToRun;
        qInfo("%s on %d GPUs: load asked %.3f, delivered %.3f to %.3f (5 seeds); wait ÷ run "
              "%.3f (median of 5 seeds; %.3f to %.3f), published %.3f: ×%.2f",
              mix.id.c_str(), cluster.nodes * 8, mix.publishedLoad,
              *std::ranges::min_element(delivered), *std::ranges::max_element(delivered),
              medianWaitToRun, *std::ranges::min_element(waitToRun),
              *std::ranges::max_element(waitToRun), mix.publishedWaitToRun, ratio);
        for (double d : delivered)
            QVERIFY2(std::abs(d - mix.publishedLoad) < 0.03,
                     qPrintable(QStringLiteral("delivered %1").arg(d)));
        QEXPECT_FAIL("helios-venus", "its median seed waits ×2.6 the published", Continue);
        QEXPECT_FAIL("helios-earth", "one pool of small jobs never waits (published 0.062)",
                     Continue);
        QEXPECT_FAIL("helios-uranus", "its median seed waits ×0.11 the published", Continue);
        // With the published GPU counts (no gangs of 128 to 2,048 GPUs) one
        // pool waits less still: ×0.31, ×0.01, ×0.20, ×0.00.
        for (const char* row :
             {"helios-venus, published GPU counts", "helios-earth, published GPU counts",
              "helios-saturn, published GPU counts", "helios-uranus, published GPU counts"})
            QEXPECT_FAIL(row, "one pool with the published GPU counts waits too little", Continue);
        // With the published day's arrivals (Figure 3b: 1.7 to 9 times as
        // many submissions at the busiest hour as at the quietest) one pool
        // waits about as before, ×3.6, ×0, ×0.66, ×0.13: the long jobs that
        // hold most GPU-hours smooth the day out (docs/MODEL.md, "The day's
        // arrivals").
        QEXPECT_FAIL("helios-venus, published day", "waits ×3.6 the published", Continue);
        QEXPECT_FAIL("helios-earth, published day", "one pool of small jobs never waits", Continue);
        QEXPECT_FAIL("helios-uranus, published day", "waits ×0.13 the published", Continue);
        QVERIFY2(ratio >= 0.5 && ratio <= 2.0, qPrintable(QStringLiteral("×%1").arg(ratio)));
    }

    void heliosClustersAsVirtualClusters_data() { heliosRows(false); }

    /// The same clusters run as their virtual clusters (VCs), each VC its
    /// own pool of 8-GPU nodes with only the jobs that fit it (VC sizes
    /// published for Venus and Earth, assumed like theirs for Saturn and
    /// Uranus; docs/MODEL.md, "Virtual clusters"), every VC at the cluster's
    /// published load, five seeds of 200,000 jobs. Checked: the VCs add up
    /// to the cluster's published GPUs (within each VC's rounding to whole
    /// nodes), the jobs over all VCs keep the published mean GPUs, and each
    /// VC draws no job larger than itself. Measured and printed: with
    /// Poisson arrivals and the log-normal run times, strict VC pools wait
    /// ×50 to ×4,000 the published and cannot carry the load (small VCs'
    /// queues grow without end): expected failures, so that a model that
    /// brings them within ×2 shows.
    void heliosClustersAsVirtualClusters()
    {
        QFETCH(QString, id);
        QFETCH(bool, publishedGpus);
        const auto mixes = builtinClusterMixes();
        QVERIFY(mixes);
        const ClusterMix* found = mixById(mixes.value(), id);
        QVERIFY(found);
        ClusterMix published = *found;
        published.usePublishedGpuCounts = publishedGpus;
        const ClusterMix* mix = &published;
        const auto vcs = virtualClusterGpus(*mix, mixes.value());
        QVERIFY2(vcs, vcs ? "" : vcs.error().messages().c_str());
        const std::vector<int>& vcGpus = vcs.value();
        const int gpus = std::accumulate(vcGpus.begin(), vcGpus.end(), 0);
        QVERIFY2(std::abs(gpus - mix->publishedClusterGpus) <= 4 * int(vcGpus.size()),
                 qPrintable(QStringLiteral("%1 GPUs in VCs").arg(gpus)));
        // The mean GPUs per job over the cluster: Σ GPUs ÷ Σ (GPUs ÷ VC mean).
        const double sigma = virtualClusterGpuSigma(*mix, vcGpus);
        ClusterMix vcMix = *mix;
        vcMix.gpuSigma = sigma;
        vcMix.onlyJobsThatFit = true;
        double rate = 0;
        for (int g : vcGpus) {
            const GpuCountTable table = gpuCountTable(vcMix, g);
            rate += g / table.mean();
            QVERIFY(table.gpus.back() <= g);
        }
        if (publishedGpus) {
            // Jobs larger than their VC are not drawn, so the mean can only fall.
            QVERIFY2(gpus / rate <= mix->publishedMeanGpus + 1e-9,
                     qPrintable(QStringLiteral("mean GPUs %1").arg(gpus / rate)));
        } else {
            // Venus's 6.74 GPUs a job is out of reach when every job must fit
            // its VC (averaged over the trace, the largest holds 152 GPUs):
            // the σ that comes nearest gives 5.46.
            QEXPECT_FAIL("helios-venus", "no log-normal that fits its VCs keeps Venus's mean GPUs",
                         Continue);
            QVERIFY2(std::abs(gpus / rate / mix->publishedMeanGpus - 1) < 0.01,
                     qPrintable(QStringLiteral("mean GPUs %1").arg(gpus / rate)));
        }
        std::vector<double> delivered, waitToRun;
        for (std::uint64_t seed = 42; seed < 47; ++seed) {
            const VirtualClusterRun r = simulateVirtualClusters(
                *mix, vcGpus, PlacementPolicy::TopologyAware, mix->publishedLoad, 200'000, seed);
            delivered.push_back(r.delivered);
            waitToRun.push_back(r.waitToRun);
        }
        const double ratio = quantile(waitToRun, 0.5) / mix->publishedWaitToRun;
        const QString shape = publishedGpus ? QStringLiteral("published GPU counts")
                                            : QStringLiteral("GPU sigma %1").arg(sigma, 0, 'f', 3);
        qInfo("%s as %d VCs, %d GPUs (%s; mean GPUs %.2f): load asked %.3f, delivered %.3f to "
              "%.3f; wait ÷ run %.3f (median of 5 seeds; %.3f to %.3f), published %.3f: ×%.0f",
              mix->id.c_str(), int(vcGpus.size()), gpus, qPrintable(shape), gpus / rate,
              mix->publishedLoad, *std::ranges::min_element(delivered),
              *std::ranges::max_element(delivered), quantile(waitToRun, 0.5),
              *std::ranges::min_element(waitToRun), *std::ranges::max_element(waitToRun),
              mix->publishedWaitToRun, ratio);
        QEXPECT_FAIL("", "strict VC pools under Poisson arrivals wait far longer than published",
                     Continue);
        QVERIFY2(ratio >= 0.5 && ratio <= 2.0, qPrintable(QStringLiteral("×%1").arg(ratio)));
    }

    void aSmallClusterCutsTheLargestJobs()
    {
        const auto mixes = builtinClusterMixes();
        QVERIFY(mixes);
        const std::vector<double> shares = gpuCountShares(mixes.value().front(), 64);
        QCOMPARE(shares.size(), std::size_t(7)); // 1 … 64
        for (const SimJob& job :
             clusterMixJobs(ClusterShape{8, 8, 1.25, 1}, mixes.value().front(), 0.5, 5000, 1))
            QVERIFY(job.gpus <= 64);
    }

    void aProjectsBatchWorkTakesTheMix()
    {
        // The sample's batch work alone, plain and as Helios Earth's jobs.
        Project project = test::sample();
        std::erase_if(project.workloads,
                      [](const Workload& w) { return !std::holds_alternative<BatchSpec>(w.spec); });
        const Evaluation evaluation = evaluate(project);
        const ProjectCluster cluster = projectCluster(project, evaluation);
        const auto mixes = builtinClusterMixes();
        QVERIFY(mixes);
        const ClusterMix& earth = mixes.value()[1];
        QCOMPARE(earth.id, std::string("helios-earth"));
        const auto plain = projectJobs(project, evaluation, cluster, 0.5, 60, 42);
        const auto mixed = projectJobs(project, evaluation, cluster, 0.5, 60, 42,
                                       kDefaultBatchJobHours, 1.0, true, &earth);
        QVERIFY(plain.size() > 1000);
        // The same GPU-hours in expectation, so the job count scales by
        // (plain GPUs × plain hours) ÷ (the mix's mean GPUs × mean hours).
        double plainGpus = 0;
        for (const SimJob& job : plain)
            plainGpus += job.gpus;
        plainGpus /= double(plain.size());
        const MixSampler sampler(earth, cluster.shape.nodes * cluster.shape.gpusPerNode);
        const double expected = double(plain.size()) * plainGpus * kDefaultBatchJobHours /
                                (sampler.meanGpus() * sampler.meanHours());
        QVERIFY2(
            std::abs(double(mixed.size()) / expected - 1) < 0.05,
            qPrintable(QStringLiteral("%1 jobs, %2 expected").arg(mixed.size()).arg(expected)));
        std::vector<double> hours;
        int larger = 0;
        for (const SimJob& job : mixed) {
            QVERIFY(std::has_single_bit(unsigned(job.gpus)));
            larger += job.gpus > 8 ? 1 : 0;
            hours.push_back(job.durationHours);
        }
        QVERIFY(larger > 0); // the heavy tail of gang sizes
        QVERIFY(std::abs(std::log(quantile(hours, 0.5) / earth.publishedMedianRunHours)) < 0.1);
    }

    void badFilesSayWhichFieldAndRule()
    {
        const auto noSource = parseClusterMixes(
            R"({"mixes": [{"id": "x", "label": "x", "as_of": "2020"}]})", "test.json");
        QVERIFY(!noSource);
        QVERIFY2(noSource.error().messages().find("test.json: mixes/0/source must be a non-empty "
                                                  "string") != std::string::npos,
                 noSource.error().messages().c_str());
        const auto badSigma = parseClusterMixes(
            R"({"mixes": [{"id": "x", "label": "x", "source": "s", "as_of": "2020",
                "published": {"median_run_seconds": 10, "mean_run_seconds": 20, "mean_gpus": 2},
                "run_hours_lognormal": {"mu_ln_hours": 0, "sigma": -1}}]})",
            "test.json");
        QVERIFY(!badSigma);
        QVERIFY2(badSigma.error().messages().find("mixes/0/run_hours_lognormal needs "
                                                  "mu_ln_hours and 0 < sigma") != std::string::npos,
                 badSigma.error().messages().c_str());
        const auto badVc = parseClusterMixes(
            R"({"mixes": [{"id": "x", "label": "x", "source": "s", "as_of": "2020",
                "published": {"median_run_seconds": 10, "mean_run_seconds": 20, "mean_gpus": 2},
                "run_hours_lognormal": {"mu_ln_hours": 0, "sigma": 1},
                "gpus_lognormal_powers_of_two": {"sigma": 1, "max_gpus": 8},
                "virtual_clusters": {"source": "s", "read": "2026-12-06",
                                     "mean_gpus": {"vcA": 16, "vcB": -8}}}]})",
            "test.json");
        QVERIFY(!badVc);
        QVERIFY2(badVc.error().messages().find("mixes/0/virtual_clusters/mean_gpus/vcB must be a "
                                               "number ≥ 0") != std::string::npos,
                 badVc.error().messages().c_str());
        const auto badCdf = parseClusterMixes(
            R"({"mixes": [{"id": "x", "label": "x", "source": "s", "as_of": "2020",
                "published": {"median_run_seconds": 10, "mean_run_seconds": 20, "mean_gpus": 2},
                "run_hours_lognormal": {"mu_ln_hours": 0, "sigma": 1},
                "gpus_lognormal_powers_of_two": {"sigma": 1, "max_gpus": 8},
                "gpu_count_cdf": {"source": "s", "read": "2026-12-06", "gpus": [1, 2, 4],
                                  "percent_of_jobs_at_most": [60, 50, 90]}}]})",
            "test.json");
        QVERIFY(!badCdf);
        QVERIFY2(badCdf.error().messages().find("mixes/0/gpu_count_cdf: gpus must be whole "
                                                "numbers rising from 1") != std::string::npos,
                 badCdf.error().messages().c_str());
        const auto badDay = parseClusterMixes(
            R"({"mixes": [{"id": "x", "label": "x", "source": "s", "as_of": "2020",
                "published": {"median_run_seconds": 10, "mean_run_seconds": 20, "mean_gpus": 2},
                "run_hours_lognormal": {"mu_ln_hours": 0, "sigma": 1},
                "gpus_lognormal_powers_of_two": {"sigma": 1, "max_gpus": 8},
                "hourly_gpu_job_submissions": {"source": "s", "read": "2026-12-07",
                    "mean_per_hour": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                      1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1]}}]})",
            "test.json");
        QVERIFY(!badDay);
        QVERIFY2(badDay.error().messages().find("mixes/0/hourly_gpu_job_submissions/"
                                                "mean_per_hour/23 must be a number of at least "
                                                "0") != std::string::npos,
                 badDay.error().messages().c_str());
        // A mix whose VCs are "like" an unknown mix's is refused where it is used.
        ClusterMix like;
        like.id = "y";
        like.publishedClusterGpus = 64;
        like.virtualClustersLike = {"nowhere"};
        const auto unknown = virtualClusterGpus(like, {});
        QVERIFY(!unknown);
        QVERIFY2(unknown.error().messages().find("virtual_clusters/like names nowhere") !=
                     std::string::npos,
                 unknown.error().messages().c_str());
    }
};

FLEET_TEST_MAIN(TestClusterMix)
#include "test_cluster_mix.moc"
