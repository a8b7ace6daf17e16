#include "store/export_target.h"

#include "store/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace fleet {

namespace {

Error exportRefused(const std::string& target, std::string why)
{
    return Error({Issue{target, {}, {}, std::move(why) + "; nothing was written"}});
}

/// What the symbolic link at `path` points to, as stored in the link.
std::string linkTarget(const std::string& path)
{
    std::string target(4096, '\0');
    const ssize_t size = ::readlink(path.c_str(), target.data(), target.size());
    if (size < 0)
        return "?";
    target.resize(std::size_t(size));
    return target;
}

} // namespace

Result<bool> checkExportTarget(const std::string& target, const std::vector<std::string>& inputs)
{
    struct stat link = {};
    if (::lstat(target.c_str(), &link) != 0)
        return true; // nothing there yet (or an unreachable folder, which the write reports)
    if (S_ISLNK(link.st_mode))
        return exportRefused(target, "is a symbolic link (to " + linkTarget(target) +
                                         "); an export never writes through a link: remove it "
                                         "or name another file");
    for (const std::string& input : inputs) {
        struct stat read = {};
        if (::stat(input.c_str(), &read) != 0)
            continue;
        if (read.st_dev == link.st_dev && read.st_ino == link.st_ino)
            return exportRefused(target, "is " + input +
                                             ", a file this command reads (same device and "
                                             "inode); an export never overwrites its input: "
                                             "name another file");
    }
    return true;
}

Result<bool> writeExportFile(const std::string& target, const std::string& contents,
                             const std::vector<std::string>& inputs)
{
    if (auto allowed = checkExportTarget(target, inputs); !allowed)
        return allowed.error();
    return writeFileAtomically(target, contents);
}

Result<bool> writeExportThrough(const std::string& target,
                                const std::function<Result<bool>(const std::string&)>& write,
                                const std::vector<std::string>& inputs)
{
    if (auto allowed = checkExportTarget(target, inputs); !allowed)
        return allowed.error();
    return writeThroughTemporary(target, write);
}

} // namespace fleet
