#include "simulate/cluster_simulator.h"

#include <cmath>
#include <limits>
#include <random>

// Synthetic job streams and the queueing formula the simulator is checked against.

namespace fleet {

std::vector<SimJob> syntheticJobs(const ClusterShape& cluster, int jobGpus, double meanHours,
                                  double load, int count, std::uint64_t seed, int jobSlices)
{
    std::mt19937_64 random(seed);
    const double gpus = double(cluster.nodes) * cluster.gpusPerNode;
    // Offered load ρ = λ · K · H ÷ C, so λ = ρ · C ÷ (K · H) jobs per hour,
    // K being GPUs per job (a fraction for fractional requests).
    const double perJob = jobSlices > 0 ? double(jobSlices) / cluster.slicesPerGpu : jobGpus;
    const double arrivalRate = load * gpus / (perJob * meanHours);
    std::exponential_distribution<double> gap(arrivalRate);
    std::exponential_distribution<double> duration(1.0 / meanHours);
    std::vector<SimJob> jobs;
    jobs.reserve(std::size_t(count));
    double now = 0;
    for (int i = 0; i < count; ++i) {
        now += gap(random);
        SimJob job;
        job.arrivalHours = now;
        job.durationHours = duration(random);
        job.gpus = jobSlices > 0 ? 1 : jobGpus;
        job.slices = jobSlices;
        jobs.push_back(job);
    }
    return jobs;
}

double erlangCMeanWait(int servers, double arrivalRate, double serviceRate)
{
    const double a = arrivalRate / serviceRate; // offered load in servers
    const double rho = a / servers;
    if (rho >= 1.0)
        return std::numeric_limits<double>::infinity();
    // Σ_{k<c} a^k/k! and a^c/c!, in a numerically stable running product.
    double term = 1.0, sum = 0.0;
    for (int k = 0; k < servers; ++k) {
        sum += term;
        term *= a / double(k + 1);
    }
    const double top = term / (1.0 - rho);
    const double probabilityOfWaiting = top / (sum + top);
    return probabilityOfWaiting / (servers * serviceRate - arrivalRate);
}

} // namespace fleet
