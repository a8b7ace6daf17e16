#pragma once

// Spot capacity: how often a gang is interrupted and what a useful GPU-hour
// costs once the work lost to interruptions is paid for. The one place these
// rules live (docs/MODEL.md, "Spot").

#include "model/assumptions.h"
#include "model/pricing.h"

#include <optional>
#include <string>

namespace fleet {

/// Beyond this share of work lost, spot is refused: at 90 % the effective
/// price is ten times the list price and the work barely advances.
inline constexpr double kSpotMaxLostWorkFraction = 0.9;

/// Instances a gang of `gpus` GPUs spans: ceil(gpus / gpusPerInstance), at least one.
int spotInstancesSpanned(double gpus, double gpusPerInstance);

/// Interruptions per instance-hour of spot `gpuId`: the rate the book's spot
/// offer states (`interruptions_per_hour`) when it states one, else the
/// assumption `spot_interruptions_per_instance_hour`. `book` may be null.
double spotInterruptionsPerInstanceHour(const Assumptions& assumptions, const PriceBook* book,
                                        const std::string& gpuId);

/// Interruptions per hour of a gang of `gpus` GPUs of `gpuId`: the per-instance
/// rate (AWS Spot Instance Advisor states it per instance; the offer's own
/// when stated) times the instances the gang spans.
double spotGangInterruptionsPerHour(const Assumptions& assumptions, const PriceBook* book,
                                    const std::string& gpuId, double gpus);

/// Share of a gang's work lost on spot: its interruptions per hour times the
/// hours each interruption costs (work since the last checkpoint, restart).
double spotLostWorkFraction(const Assumptions& assumptions, const PriceBook* book,
                            const std::string& gpuId, double gpus, double hoursLostPerInterruption);

/// Whether spot leaves enough work done: lost share in [0, kSpotMaxLostWorkFraction).
bool spotWorkable(double lostWorkFraction);

/// GPU-hours held on spot to get `usefulGpuHours` of work done: useful ÷ (1 − lost
/// share). Only for a workable lost share.
double spotGpuHoursHeld(double usefulGpuHours, double lostWorkFraction);

/// What a useful GPU-hour costs on spot: list ÷ (1 − lost share). Absent when
/// spot is not workable.
std::optional<double> spotEffectiveUsdPerGpuHour(double listUsdPerGpuHour, double lostWorkFraction);

} // namespace fleet
