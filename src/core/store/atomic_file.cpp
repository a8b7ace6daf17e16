#include "store/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace fleet {

namespace fs = std::filesystem;

std::string temporaryPathBeside(const std::string& path)
{
    static std::atomic<unsigned> counter{0};
    return path + ".saving-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

bool syncPath(const std::string& path, bool directory)
{
    const int fd = ::open(path.c_str(), directory ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

void removeStaleTemporaries(const std::string& path)
{
    const fs::path target(path);
    const fs::path directory = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string prefix = target.filename().string() + ".saving-";
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(directory, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) != 0)
            continue;
        const std::string rest = name.substr(prefix.size());
        const auto dash = rest.find('-');
        const long pid = std::strtol(rest.substr(0, dash).c_str(), nullptr, 10);
        // kill(pid, 0) fails with ESRCH when no such process exists.
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            fs::remove(entry.path(), ec);
    }
}

Result<bool> replaceWith(const std::string& temporary, const std::string& path)
{
    std::error_code ec;
    if (!syncPath(temporary, false)) {
        fs::remove(temporary, ec);
        return Error(
            {Issue{path,
                   {},
                   {},
                   "the new file could not be synced to disk; the previous file is untouched"}});
    }
    fs::rename(temporary, path, ec);
    if (ec) {
        const std::string why = ec.message();
        fs::remove(temporary, ec);
        return Error({Issue{
            path, {}, {}, "could not be replaced: " + why + "; the previous file is untouched"}});
    }
    syncPath(fs::absolute(fs::path(path)).parent_path().string(), true);
    removeStaleTemporaries(path);
    return true;
}

Result<bool> writeFileAtomically(const std::string& path, const std::string& contents)
{
    const std::string temporary = temporaryPathBeside(path);
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
        out.close();
        if (!out) {
            std::error_code ec;
            fs::remove(temporary, ec);
            return Error({Issue{path, {}, {}, "cannot be written"}});
        }
    }
    return replaceWith(temporary, path);
}

} // namespace fleet
