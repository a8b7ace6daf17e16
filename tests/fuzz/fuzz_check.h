#pragma once

// What a fuzz target asserts besides "no crash": a project the reader accepts
// survives its own canonical JSON (the form `export` writes) unchanged. A
// broken property aborts, so libFuzzer keeps the input as a crash.

#include "model/project.h"

#include <string_view>

namespace fleet::fuzz {

/// Writes `project` as canonical JSON, reads it back and writes it again:
/// aborts, naming the problem, unless the reader accepts it and both texts
/// are equal.
void checkCanonicalRoundTrip(const Project& project, std::string_view origin);

} // namespace fleet::fuzz
