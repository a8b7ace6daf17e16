#pragma once

// What the project fuzz targets assert besides "no crash": a project the
// reader accepts survives its own canonical JSON (the form `export` writes)
// and a save to a .fleetplan unchanged. A broken property aborts, so libFuzzer
// keeps the input as a crash.

#include "model/project.h"

#include <filesystem>
#include <string_view>

namespace fleet::fuzz {

/// Writes `project` as canonical JSON, reads it back and writes it again:
/// aborts, naming the problem, unless the reader accepts it and both texts
/// are equal.
void checkCanonicalRoundTrip(const Project& project, std::string_view origin);

/// Saves `project` as a .fleetplan and opens it again: aborts unless the save
/// succeeds, the file opens, and the canonical JSON is the same.
void checkSaveRoundTrip(const Project& project, std::string_view origin);

/// A folder of this process's own (libFuzzer's -fork and -jobs run several),
/// in $TMPDIR (the fuzz scripts point it at a folder they remove), else in
/// /dev/shm to keep the writes in memory. Removed at a normal exit.
const std::filesystem::path& scratchFolder();

/// Removes every file of scratchFolder().
void emptyScratchFolder();

} // namespace fleet::fuzz
