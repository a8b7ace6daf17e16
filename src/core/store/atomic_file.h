#pragma once

// Files that are replaced whole or not at all: write beside, sync, rename.

#include "util/result.h"

#include <string>

namespace fleet {

/// A unique temporary name in the same directory as `path`.
std::string temporaryPathBeside(const std::string& path);

/// Flushes a file's (or, with `directory`, a directory's) data to the disk.
/// POSIX fsync; where it is missing, the rename alone is relied on.
bool syncPath(const std::string& path, bool directory);

/// Moves the finished `temporary` over `path` (after syncing it), then syncs
/// the directory. On failure `temporary` is removed and `path` is untouched.
Result<bool> replaceWith(const std::string& temporary, const std::string& path);

/// Removes temporary files left beside `path` by saves whose process no
/// longer runs (a save killed mid-way leaves its temporary file, never a
/// broken `path`).
void removeStaleTemporaries(const std::string& path);

/// Writes `contents` to `path` through a temporary file and a rename.
Result<bool> writeFileAtomically(const std::string& path, const std::string& contents);

} // namespace fleet
