#pragma once

// The bundled sample, and one workload of an evaluation by id, for the core
// tests that check figures on them (test_evaluate, test_service_queueing);
// a tenant row for the tests of tenants.

#include "engine/evaluation.h"
#include "store/project_json.h"

#include <QtTest>

#include <string>
#include <vector>

namespace fleet::test {

/// The sample project, `scenario` applied ("" for the base); fatal if it
/// does not load, since every check after it would be meaningless.
inline Project sample(const std::string& scenario = {})
{
    auto project = loadSampleProject(scenario);
    if (!project)
        qFatal("sample project does not load: %s", project.error().toString().c_str());
    return std::move(project).value();
}

/// The evaluation of workload `id`; fatal if it has none.
inline const WorkloadEvaluation& workload(const Evaluation& e, const std::string& id)
{
    for (const WorkloadEvaluation& w : e.workloads)
        if (w.id == id)
            return w;
    qFatal("no workload %s", id.c_str());
}

/// The sample with its workloads repeated (new ids and names) until there
/// are `count`: a large project of the sample's kinds of work.
inline Project sampleWith(std::size_t count)
{
    Project project = sample();
    const std::vector<Workload> base = project.workloads;
    for (std::size_t i = 0; project.workloads.size() < count; ++i) {
        Workload copy = base[i % base.size()];
        copy.id += "-" + std::to_string(i);
        copy.name += " " + std::to_string(i);
        project.workloads.push_back(std::move(copy));
    }
    return project;
}

/// A tenant row `id` of `segment`: `count` alike tenants, no quota, weight 1.
inline Tenant tenant(std::string id, std::string segment, int count = 1)
{
    Tenant t;
    t.id = std::move(id);
    t.name = t.id;
    t.segmentId = std::move(segment);
    t.count = count;
    return t;
}

} // namespace fleet::test
