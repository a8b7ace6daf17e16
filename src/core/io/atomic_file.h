#pragma once

// Files that are replaced whole or not at all: write beside, sync, rename.
// Temporaries are created exclusively (never through a planted symlink),
// under unpredictable names of one strict pattern, with the mode, owner and
// ACL of the file they replace.

#include "util/result.h"

#include <functional>
#include <string>

namespace fleet {

/// A new, empty, exclusively created file beside a target; removed on
/// destruction unless released (after a successful rename).
class TemporaryFile
{
public:
    TemporaryFile(std::string path, int fd) : m_path(std::move(path)), m_fd(fd) {}
    TemporaryFile(TemporaryFile&& other) noexcept;
    TemporaryFile& operator=(TemporaryFile&&) = delete;
    TemporaryFile(const TemporaryFile&) = delete;
    ~TemporaryFile();

    const std::string& path() const { return m_path; }
    int fd() const { return m_fd; }
    /// Forgets the file (it has been renamed); closes the descriptor.
    void release();

private:
    std::string m_path;
    int m_fd = -1;
};

/// Creates ".NAME.saving-PID-RANDOM.tmp" beside `path` with
/// open(O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC), giving it the mode of
/// the existing `path` (its owner and group too when running as root, and
/// its POSIX ACL), or the umask's default for a new file.
Result<TemporaryFile> createTemporaryBeside(const std::string& path);

/// True when `name` (a file name, no folder) is exactly what
/// createTemporaryBeside makes for `targetName` (or SQLite's -journal, -wal
/// or -shm file of one); the process id is returned.
bool parseTemporaryName(const std::string& name, const std::string& targetName, long* pid);

/// Flushes a file's (or, with `directory`, a directory's) data to the disk.
bool syncPath(const std::string& path, bool directory);

/// Moves the finished `temporary` over `path` (after syncing it), then syncs
/// the folder. On failure the temporary is removed and `path` is untouched.
Result<bool> replaceWith(TemporaryFile& temporary, const std::string& path);

/// Removes temporary files left beside `path` by saves whose process no
/// longer runs — only files that match createTemporaryBeside's pattern exactly.
void removeStaleTemporaries(const std::string& path);

/// Checks a finished temporary file (given its path) before it replaces the
/// target: a zip container re-opened and read, for one.
using TemporaryCheck = std::function<Result<bool>(const std::string&)>;

/// Writes `contents` to `path` through a temporary file and a rename: the
/// temporary is written, synced, measured (its size must be contents.size())
/// and, with `check`, checked; any failure removes it and leaves `path` as it was.
Result<bool> writeFileAtomically(const std::string& path, const std::string& contents,
                                 const TemporaryCheck& check = {});

/// Has `write` fill a fresh temporary beside `path` (given its name; for a
/// library that opens files itself), then renames it over `path`.
Result<bool> writeThroughTemporary(const std::string& path,
                                   const std::function<Result<bool>(const std::string&)>& write);

} // namespace fleet
