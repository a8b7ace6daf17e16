#pragma once
// The sample project with its workloads repeated (new ids and names) until
// there are `count`: a project of a customer's size for the app's benchmarks
// and responsiveness tests, built in-process (scripts/scaled_project.py
// writes a file of the same kind with demand spread over the segments).
// From the sample without its stored knee: that knee is of the sample's
// inputs, and a customer's project of this size would not carry a stale one.

#include "store/project_json.h"
#include "support/unmeasured_sample.h"

#include <string>
#include <vector>

namespace fleet::test_support {

inline Project scaledSample(std::size_t count)
{
    Project project = unmeasuredSample();
    const std::vector<Workload> base = project.workloads;
    for (std::size_t i = 0; project.workloads.size() < count; ++i) {
        Workload copy = base[i % base.size()];
        copy.id += "-" + std::to_string(i);
        copy.name += " " + std::to_string(i);
        project.workloads.push_back(std::move(copy));
    }
    return project;
}

} // namespace fleet::test_support
