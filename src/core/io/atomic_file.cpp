#include "io/atomic_file.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <vector>

namespace fleet {

namespace fs = std::filesystem;

namespace {

constexpr char kMarker[] = ".saving-";
constexpr char kSuffix[] = ".tmp";
constexpr std::size_t kRandomDigits = 16;
/// The target's name is cut so the temporary's stays within NAME_MAX (255).
constexpr std::size_t kMaxStemBytes = 200;
constexpr char kAclAttribute[] = "system.posix_acl_access";

std::string folderOf(const std::string& path)
{
    const fs::path parent = fs::path(path).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

std::string stemOf(const std::string& path)
{
    return fs::path(path).filename().string().substr(0, kMaxStemBytes);
}

std::string randomHex()
{
    std::random_device device; // getrandom(2): unpredictable, so a name cannot be planted ahead
    std::string digits;
    while (digits.size() < kRandomDigits) {
        char chunk[9];
        std::snprintf(chunk, sizeof chunk, "%08x", device());
        digits += chunk;
    }
    return digits.substr(0, kRandomDigits);
}

Error saveError(const std::string& path, std::string message)
{
    return Error({Issue{path, {}, {}, std::move(message) + "; the previous file is untouched"}});
}

/// Gives `fd` the owner, group, mode and access ACL of the file at `path`.
Result<bool> copyAttributes(int fd, const std::string& path, const std::string& temporary)
{
    struct stat target = {};
    if (::stat(path.c_str(), &target) != 0)
        return true; // a new file: the umask's default mode
    // Owner first: chown may clear set-id bits that chmod then restores.
    if (::geteuid() == 0) {
        if (::fchown(fd, target.st_uid, target.st_gid) != 0)
            return saveError(path,
                             "cannot give the temporary file " + temporary +
                                 " the owner of the file it replaces: " + std::strerror(errno));
    } else if (target.st_gid != ::getegid()) {
        // A user may keep the group when they belong to it; otherwise the
        // new file gets the user's group, as any file they create would.
        [[maybe_unused]] const int ignored = ::fchown(fd, static_cast<uid_t>(-1), target.st_gid);
    }
    if (::fchmod(fd, target.st_mode & 07777) != 0)
        return saveError(path,
                         "cannot give the temporary file " + temporary +
                             " the permissions of the file it replaces: " + std::strerror(errno));
    const ssize_t size = ::getxattr(path.c_str(), kAclAttribute, nullptr, 0);
    if (size > 0) {
        std::vector<char> acl(static_cast<std::size_t>(size));
        const ssize_t got = ::getxattr(path.c_str(), kAclAttribute, acl.data(), acl.size());
        if (got > 0 &&
            ::fsetxattr(fd, kAclAttribute, acl.data(), static_cast<std::size_t>(got), 0) != 0)
            return saveError(path, "cannot give the temporary file " + temporary +
                                       " the access list (ACL) of the file it replaces: " +
                                       std::strerror(errno));
    }
    return true;
}

bool writeAll(int fd, const std::string& contents)
{
    std::size_t done = 0;
    while (done < contents.size()) {
        const ssize_t wrote = ::write(fd, contents.data() + done, contents.size() - done);
        if (wrote < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        done += static_cast<std::size_t>(wrote);
    }
    return true;
}

} // namespace

TemporaryFile::TemporaryFile(TemporaryFile&& other) noexcept
    : m_path(std::move(other.m_path)), m_fd(other.m_fd)
{
    other.m_path.clear();
    other.m_fd = -1;
}

TemporaryFile::~TemporaryFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_path.empty())
        ::unlink(m_path.c_str());
}

void TemporaryFile::release()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    m_path.clear();
}

Result<TemporaryFile> createTemporaryBeside(const std::string& path)
{
    const std::string folder = folderOf(path);
    const std::string prefix = "." + stemOf(path) + kMarker + std::to_string(::getpid()) + "-";
    for (int attempt = 0;; ++attempt) {
        const std::string name = (fs::path(folder) / (prefix + randomHex() + kSuffix)).string();
        const int fd =
            ::open(name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0) {
            if (errno == EEXIST && attempt < 8)
                continue; // astronomically unlikely with 64 random bits, but harmless
            return saveError(path, "cannot create a temporary file in " + folder +
                                       " (the folder): " + std::strerror(errno));
        }
        TemporaryFile temporary(name, fd);
        if (auto copied = copyAttributes(fd, path, name); !copied)
            return copied.error();
        return temporary;
    }
}

bool parseTemporaryName(const std::string& fileName, const std::string& targetName, long* pid)
{
    // SQLite may leave its rollback journal beside a temporary killed mid-save.
    std::string name = fileName;
    for (const char* sidecar : {"-journal", "-wal", "-shm"}) {
        const std::string tail = std::string(kSuffix) + sidecar;
        if (name.size() > tail.size() &&
            name.compare(name.size() - tail.size(), tail.size(), tail) == 0)
            name.resize(name.size() - std::strlen(sidecar));
    }
    const std::string prefix = "." + targetName.substr(0, kMaxStemBytes) + kMarker;
    const std::size_t suffixSize = sizeof kSuffix - 1;
    if (name.size() <= prefix.size() + suffixSize || name.compare(0, prefix.size(), prefix) != 0 ||
        name.compare(name.size() - suffixSize, suffixSize, kSuffix) != 0)
        return false;
    const std::string middle =
        name.substr(prefix.size(), name.size() - prefix.size() - suffixSize); // PID-RANDOM
    const auto dash = middle.find('-');
    if (dash == std::string::npos || dash == 0 || dash > 10 ||
        middle.size() - dash - 1 != kRandomDigits)
        return false;
    for (std::size_t i = 0; i < middle.size(); ++i) {
        const char c = middle[i];
        const bool ok = i < dash ? (c >= '0' && c <= '9')
                                 : i == dash || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        if (!ok)
            return false;
    }
    *pid = std::stol(middle.substr(0, dash));
    return *pid > 0;
}

bool syncPath(const std::string& path, bool directory)
{
    const int fd = ::open(path.c_str(), (directory ? O_RDONLY | O_DIRECTORY : O_RDONLY) |
                                            O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

void removeStaleTemporaries(const std::string& path)
{
    const std::string folder = folderOf(path);
    const std::string targetName = fs::path(path).filename().string();
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        long pid = 0;
        if (!parseTemporaryName(entry.path().filename().string(), targetName, &pid))
            continue;
        if (!entry.is_regular_file(ec) || entry.is_symlink(ec))
            continue;
        // kill(pid, 0) fails with ESRCH when no such process exists.
        if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            fs::remove(entry.path(), ec);
    }
}

Result<bool> replaceWith(TemporaryFile& temporary, const std::string& path)
{
    if (::fsync(temporary.fd()) != 0)
        return saveError(path, "the new file " + temporary.path() +
                                   " could not be synced to disk: " + std::strerror(errno));
    if (::rename(temporary.path().c_str(), path.c_str()) != 0)
        return saveError(path, "cannot be replaced by the new file " + temporary.path() + ": " +
                                   std::strerror(errno));
    temporary.release();
    // Data on disk before the rename makes it visible; the folder entry after it.
    syncPath(folderOf(fs::absolute(fs::path(path)).string()), true);
    removeStaleTemporaries(path);
    return true;
}

Result<bool> writeFileAtomically(const std::string& path, const std::string& contents,
                                 const TemporaryCheck& check)
{
    auto temporary = createTemporaryBeside(path);
    if (!temporary)
        return temporary.error();
    TemporaryFile& file = temporary.value();
    if (!writeAll(file.fd(), contents))
        return saveError(path, "cannot write the temporary file " + file.path() + ": " +
                                   std::strerror(errno));
    // Flushed before it is measured: a full disk may only say so at the flush.
    if (::fsync(file.fd()) != 0)
        return saveError(path, "the new file " + file.path() +
                                   " could not be synced to disk: " + std::strerror(errno));
    struct stat written = {};
    if (::fstat(file.fd(), &written) != 0)
        return saveError(path, "cannot measure the temporary file " + file.path() + ": " +
                                   std::strerror(errno));
    if (written.st_size != static_cast<off_t>(contents.size()))
        return saveError(path, "the temporary file " + file.path() + " holds " +
                                   std::to_string(written.st_size) + " bytes of " +
                                   std::to_string(contents.size()));
    if (check)
        if (auto checked = check(file.path()); !checked)
            return saveError(path, "the temporary file " + file.path() +
                                       " failed its check: " + checked.error().messages());
    return replaceWith(file, path);
}

Result<bool> writeThroughTemporary(const std::string& path,
                                   const std::function<Result<bool>(const std::string&)>& write)
{
    auto temporary = createTemporaryBeside(path);
    if (!temporary)
        return temporary.error();
    if (auto written = write(temporary.value().path()); !written)
        return written.error();
    return replaceWith(temporary.value(), path);
}

} // namespace fleet
