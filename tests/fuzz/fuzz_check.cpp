#include "fuzz_check.h"

#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace fleet::fuzz {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void broken(std::string_view origin, const std::string& what)
{
    std::fprintf(stderr, "fuzz property broken: a project read from %.*s %s\n", int(origin.size()),
                 origin.data(), what.c_str());
    std::abort();
}

fs::path makeScratchFolder()
{
    std::error_code ec;
    const char* tmpdir = std::getenv("TMPDIR");
    const fs::path base = tmpdir && *tmpdir                  ? fs::path(tmpdir)
                          : fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm")
                                                             : fs::temp_directory_path();
    std::string pattern = (base / "fleet-fuzz-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
        std::abort();
    return pattern;
}

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

const fs::path& scratchFolder()
{
    static const ScratchFolder folder;
    return folder.path;
}

void emptyScratchFolder()
{
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(scratchFolder(), ec))
        fs::remove_all(entry.path(), ec);
}

void checkCanonicalRoundTrip(const Project& project, std::string_view origin)
{
    const std::string written = projectToJsonText(project);
    auto reread = parseProject(written, "round-trip.fleetplan.json");
    if (!reread)
        broken(origin,
               "is accepted, but its canonical JSON is refused:\n" + reread.error().toString());
    if (projectToJsonText(reread.value()) != written)
        broken(origin, "changes when its canonical JSON is read and written again");
}

void checkSaveRoundTrip(const Project& project, std::string_view origin)
{
    const std::string path = (scratchFolder() / "saved.fleetplan").string();
    auto saved = saveProjectFile(project, path);
    if (!saved)
        broken(origin, "is accepted, but saving it fails:\n" + saved.error().toString());
    auto opened = openProjectFile(path);
    if (!opened)
        broken(origin, "is saved, but the saved file is refused:\n" + opened.error().toString());
    if (projectToJsonText(opened.value()) != projectToJsonText(project))
        broken(origin, "changes when saved as a .fleetplan and opened again");
    emptyScratchFolder();
}

} // namespace fleet::fuzz
