// libFuzzer target: opening a .fleetplan (SQLite) file — header, identity,
// schema version and migration, quick_check, schema comparison, rows — and
// the canonical round trip of what it accepts.
//
// openProjectFile takes a path (it checks the file, may back it up beside
// itself to migrate it, and opens it with SQLite), so each input is written
// to a file in a folder of this process's own, emptied after every input.

#include "fuzz_check.h"

#include "store/project_sqlite.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

/// A folder unique to this process (libFuzzer's -fork and -jobs run several),
/// in $TMPDIR (the fuzz scripts point it at a folder they remove), else in
/// /dev/shm to keep the writes in memory.
fs::path makeScratchFolder()
{
    std::error_code ec;
    const char* tmpdir = std::getenv("TMPDIR");
    const fs::path base = tmpdir && *tmpdir              ? fs::path(tmpdir)
                          : fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm")
                                                             : fs::temp_directory_path();
    std::string pattern = (base / "fleet-fuzz-sqlite-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
        std::abort();
    return pattern;
}

/// Removes the folder when the process exits normally.
struct ScratchFolder
{
    fs::path path = makeScratchFolder();
    ~ScratchFolder()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const ScratchFolder scratch;
    const fs::path& folder = scratch.path;
    const std::string path = (folder / "input.fleetplan").string();
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
        if (!out)
            std::abort();
    }
    auto project = fleet::openProjectFile(path);
    if (project)
        fleet::fuzz::checkCanonicalRoundTrip(project.value(), "SQLite");
    // Backups (NAME.v<N>), temporaries and -wal/-shm files go with the input.
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec))
        fs::remove(entry.path(), ec);
    return 0;
}
