#include "io/export_target.h"

#include "io/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <sys/mman.h>
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
                             const std::vector<std::string>& inputs, const TemporaryCheck& check)
{
    if (auto allowed = checkExportTarget(target, inputs); !allowed)
        return allowed.error();
    return writeFileAtomically(target, contents, check);
}

Result<std::string> writtenInMemory(const std::function<Result<bool>(const std::string&)>& write)
{
    const int fd = ::memfd_create("fleetplanner-export", MFD_CLOEXEC);
    if (fd < 0)
        return Error(
            {Issue{"export",
                   {},
                   {},
                   std::string("cannot make an in-memory file: ") + std::strerror(errno)}});
    struct Closer
    {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    // The library opens this name anew (its own offset); the bytes are the memfd's.
    if (auto written = write("/proc/self/fd/" + std::to_string(fd)); !written)
        return written.error();
    std::string bytes;
    char buffer[65536];
    for (off_t offset = 0;;) {
        const ssize_t got = ::pread(fd, buffer, sizeof buffer, offset);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return Error({Issue{"export",
                                {},
                                {},
                                std::string("cannot read the in-memory file back: ") +
                                    std::strerror(errno)}});
        if (got == 0)
            break;
        bytes.append(buffer, std::size_t(got));
        offset += got;
    }
    return bytes;
}

Result<bool> writeExportThrough(const std::string& target,
                                const std::function<Result<bool>(const std::string&)>& write,
                                const std::vector<std::string>& inputs, const TemporaryCheck& check)
{
    if (auto allowed = checkExportTarget(target, inputs); !allowed)
        return allowed.error();
    auto bytes = writtenInMemory(write);
    if (!bytes)
        return bytes.error();
    return writeExportFile(target, bytes.value(), inputs, check);
}

} // namespace fleet
