#pragma once
// The sample as it shipped before it carried its measured knee (2026-12-07):
// without the stored measured ceiling and the note's sentence about it. The
// golden files of earlier formats hold this project, and the tests of the
// path without a measurement (planned on the assumed ceiling, said so, and
// measured in the background in the app) start from it.

#include "simulate/measured_ceiling.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"

#include <string>

namespace fleet::test_support {

inline Project unmeasuredSample(const std::string& scenario = {})
{
    Project project = loadSampleProject(scenario).value();
    // Held twice: in the scheduler, and as the setting the writer writes.
    project.scheduler.measuredUtilizationCeiling = {};
    std::erase_if(project.settingOverrides, [](const SettingOverride& o) {
        return o.section == "scheduler/measured_utilization_ceiling";
    });
    project.note = noteWithoutMeasuredCeiling(project.note, project.scheduler.policy);
    return project;
}

/// unmeasuredSample() as the canonical writer writes it.
inline std::string unmeasuredSampleJson()
{
    return projectToJsonText(unmeasuredSample());
}

} // namespace fleet::test_support
