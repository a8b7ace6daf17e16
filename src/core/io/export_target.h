#pragma once

// Where an export may be written (issue 33, item 1 in part): never through a
// symbolic link planted at the target, never over a file the command reads
// (the project itself included); then whole or not at all, through
// atomic_file's exclusive temporary and rename, as project saves are. Every
// export goes through here: none opens its output file itself.

#include "io/atomic_file.h"
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

/// checkExportTarget, then `contents` written through an exclusive
/// temporary, synced, measured, checked (`check`, when given) and renamed
/// over `target` (writeFileAtomically): the old file stays untouched on failure.
Result<bool> writeExportFile(const std::string& target, const std::string& contents,
                             const std::vector<std::string>& inputs = {},
                             const TemporaryCheck& check = {});

/// For a library that writes a file by name (CoinMpsIO, libxlsxwriter):
/// `write` is given the name of an anonymous in-memory file to fill; its
/// bytes are returned. The library never opens the export's target nor a
/// file beside it.
Result<std::string> writtenInMemory(const std::function<Result<bool>(const std::string&)>& write);

/// writtenInMemory, then writeExportFile with what `write` produced.
Result<bool> writeExportThrough(const std::string& target,
                                const std::function<Result<bool>(const std::string&)>& write,
                                const std::vector<std::string>& inputs = {},
                                const TemporaryCheck& check = {});

} // namespace fleet
