#pragma once

// A tenant metering as JSON (replay --json) and as CSV, one row per tenant
// per month, with OpenCost's allocation field names for the GPU fields so
// finance tools that read OpenCost's export read it. docs/MODEL.md,
// "Per-tenant metering".

#include "joblog/tenant_metering.h"

#include <boost/json/object.hpp>

#include <string>

namespace fleet::joblog {

/// What a job log lets us measure of memory efficiency, in words.
extern const char* const kMemoryEfficiencyNote;

boost::json::object meteringJson(const Metering& metering);

/// CSV with a header row: name, start, end, minutes, gpuCount,
/// gpuHours, gpuCost, sharedCost, totalCost (OpenCost's allocation fields),
/// then FleetPlanner's month, gpuSeconds, meanWatts, chargeback. One row per
/// tenant per month, then "__idle__" (OpenCost's name for unallocated idle
/// cost) per month: every row's totalCost sums to the fleet's cost.
std::string meteringCsv(const Metering& metering);

} // namespace fleet::joblog
