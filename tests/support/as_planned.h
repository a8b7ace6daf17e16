#pragma once
// A snapshot as every KPI view plans it: on the ceiling plannedCeiling()
// picks (the knee stored for its inputs, else the assumed ceiling). `stated`
// is the project as stated when `project` is one of its scenarios applied.

#include "simulate/planned_ceiling.h"

namespace fleet::test_support {

inline Project asPlanned(const Project& project, const Project* stated = nullptr)
{
    return onPlannedCeiling(project, plannedCeiling(project, stated));
}

} // namespace fleet::test_support
