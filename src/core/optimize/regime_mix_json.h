#pragma once

// The regime-mix optimizer's answer as JSON: what `fleetplanner-cli solve
// --json` prints, and what the solver worker process hands back to the app,
// read again without loss (numbers in their shortest round-trip form).

#include "optimize/regime_mix.h"
#include "util/result.h"

#include <boost/json/fwd.hpp>

#include <string>

namespace fleet {

std::string_view objectiveKey(Objective objective); ///< "cost" or "margin"
std::optional<Objective> objectiveFromKey(std::string_view key);
std::optional<SolveStatus> solveStatusFromKey(std::string_view key);

boost::json::object regimeMixResultToJson(const RegimeMixResult& result, Objective objective);

/// Reads what regimeMixResultToJson wrote; every problem names its JSON
/// pointer under `path` in `file`.
Result<RegimeMixResult> regimeMixResultFromJson(const boost::json::value& value,
                                                const std::string& file,
                                                const std::string& path = {});

} // namespace fleet
