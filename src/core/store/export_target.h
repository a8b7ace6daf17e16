#pragma once

// Where an export may be written (issue 33, item 1 in part): never through a
// symbolic link planted at the target, never over a file the command reads
// (the project itself included); then whole or not at all, through
// atomic_file's exclusive temporary and rename, as project saves are.

#include "util/result.h"

#include <functional>
#include <string>
#include <vector>

namespace fleet {

/// Refuses `target` when it is a symbolic link (named, with what it points
/// to; dangling or not), or when it is the same file (device and inode) as
/// one of `inputs`, the files the command reads. A target that does not
/// exist yet is fine; `inputs` that do not exist (":sample") are skipped.
Result<bool> checkExportTarget(const std::string& target, const std::vector<std::string>& inputs);

/// checkExportTarget, then `contents` written through a temporary and a
/// rename (writeFileAtomically): the old file stays untouched on failure.
Result<bool> writeExportFile(const std::string& target, const std::string& contents,
                             const std::vector<std::string>& inputs = {});

/// checkExportTarget, then `write` fills a fresh temporary beside `target`
/// (for a library that opens its file itself) that is renamed over it.
Result<bool> writeExportThrough(const std::string& target,
                                const std::function<Result<bool>(const std::string&)>& write,
                                const std::vector<std::string>& inputs = {});

} // namespace fleet
