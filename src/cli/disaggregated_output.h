#pragma once

// `fleetplanner-cli inference --serving`: the serving modes and the
// disaggregated pools as text and JSON (docs/MODEL.md, "Disaggregated
// prefill and decode").

#include "engine/disaggregated.h"

#include <QString>
#include <QStringList>

#include <boost/json.hpp>

#include <optional>

namespace fleet::cli {

enum class ServingMode
{
    Colocated,
    Disaggregated,
    Best ///< whichever needs fewer GPUs (colocated on a tie)
};
std::optional<ServingMode> servingModeFromKey(const QString& key);

boost::json::object disaggregatedJson(const DisaggregatedServing& serving,
                                      const DisaggregatedPools& pools);
QString disaggregatedText(const DisaggregatedServing& serving, const DisaggregatedPools& pools,
                          const InferenceSpec& spec);

/// GPUs each mode needs (null: it cannot serve the case) and the fewer.
boost::json::object servingComparisonJson(const double* colocatedGpus,
                                          const double* disaggregatedGpus);
/// The same as a line, with why the other mode cannot serve (`otherReasons`).
QString servingComparisonText(const double* colocatedGpus, const double* disaggregatedGpus,
                              const QStringList& otherReasons);

} // namespace fleet::cli
