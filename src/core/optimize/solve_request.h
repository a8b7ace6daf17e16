#pragma once

// The solver worker's protocol: the app sends one request document on the
// worker's stdin (the project's canonical JSON, the scenario and the solve
// options) and reads one reply document from its stdout (the answer, or the
// issues that refused the model). The worker is `fleetplanner-cli
// solve-worker`; a solver that aborts then ends the worker, not the app.

#include "model/project.h"
#include "optimize/regime_mix.h"
#include "util/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleet {

inline constexpr std::string_view kSolveRequestFormat = "fleetplanner-solve-request";
inline constexpr std::string_view kSolveReplyFormat = "fleetplanner-solve-reply";
inline constexpr int kSolveProtocolVersion = 1;

struct SolveRequest
{
    Project project;      ///< as stated, without the scenario applied
    std::string scenario; ///< id or name; empty for the project as stated
    /// Objective, fast path, time limit and gap; the cancel flag and start
    /// solution are not sent (cancel is killing the worker).
    OptimizeOptions options;
};

std::string solveRequestToJson(const SolveRequest& request);
/// Reads a request; problems name their JSON pointer in "solve request".
Result<SolveRequest> parseSolveRequest(std::string_view text);

struct SolveReply
{
    /// The answer (absent when refused, or when the worker only wrote the model).
    std::optional<RegimeMixResult> result;
    std::vector<Issue> refused; ///< why the request or its model was refused
    double workerSeconds = 0;   ///< from reading the request to writing the reply
};

/// `answer` is the solve's outcome; nullopt when only the model was written.
std::string solveReplyToJson(const std::optional<Result<RegimeMixResult>>& answer,
                             Objective objective, double workerSeconds);
/// Reads a reply. An error here means the reply itself is broken (not a
/// refusal, which is a well-formed reply with `refused` set).
Result<SolveReply> parseSolveReply(std::string_view text);

} // namespace fleet
