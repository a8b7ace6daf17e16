// libFuzzer target: opening a .fleetplan (SQLite) file — header, identity,
// schema version and migration, quick_check, schema comparison, rows — and
// the canonical round trip of what it accepts.
//
// openProjectFile takes a path (it checks the file, may back it up beside
// itself to migrate it, and opens it with SQLite), so each input is written
// to a file in a folder of this process's own, emptied after every input.
// (A save round trip is not checked here: fuzz_project_json does that.)

#include "fuzz_check.h"
#include "store/project_sqlite.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string path = (fleet::fuzz::scratchFolder() / "input.fleetplan").string();
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
    fleet::fuzz::emptyScratchFolder();
    return 0;
}
