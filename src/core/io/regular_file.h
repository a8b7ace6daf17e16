#pragma once

// Reading a user's file safely: the file is opened without blocking and
// checked to be a regular file on the opened descriptor before any byte is
// read, so a named pipe, a device or a directory is refused at once instead
// of hanging the reader (and no one can swap the file between check and read).

#include "util/result.h"

#include <cstddef>
#include <string>

namespace fleet {

/// The whole of `path` (at most `maxBytes`), or why it cannot be read.
Result<std::string> readRegularFile(const std::string& path, std::size_t maxBytes);

/// The first `count` bytes of `path` (fewer when the file is shorter), with
/// the same checks; used to tell file formats apart by their header.
Result<std::string> readRegularFileHead(const std::string& path, std::size_t count);

/// Copies the regular file `from` into the existing file `to` (truncated;
/// never through a symlink at `to`).
Result<bool> copyRegularFile(const std::string& from, const std::string& to);

/// Refuses anything but an existing regular file (after following symlinks),
/// without opening it: for paths handed to a library that opens them itself.
Result<bool> checkRegularFile(const std::string& path);

} // namespace fleet
