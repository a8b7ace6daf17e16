#include "io/regular_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fleet {

namespace {

std::string kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a folder";
    if (S_ISFIFO(mode))
        return "a named pipe";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    return "not a regular file";
}

std::string notRegular(mode_t mode)
{
    const std::string kind = kindOf(mode);
    return "is " + kind + (kind == "not a regular file" ? "" : ", not a regular file");
}

/// Closes the descriptor when it goes out of scope.
struct Descriptor
{
    int fd = -1;
    ~Descriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

/// Opens `path` for reading without blocking (a FIFO with no writer would
/// block an ordinary open) and checks the descriptor is a regular file.
Result<bool> openRegular(const std::string& path, Descriptor& file, struct stat& status)
{
    file.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (file.fd < 0) {
        const int error = errno;
        if (error == ENOENT)
            return fileError(path, "no such file");
        return fileError(path,
                         std::string("cannot be opened for reading: ") + std::strerror(error));
    }
    if (::fstat(file.fd, &status) != 0)
        return fileError(path, std::string("cannot be examined: ") + std::strerror(errno));
    if (!S_ISREG(status.st_mode))
        return fileError(path, notRegular(status.st_mode));
    // A regular file reads the same with or without O_NONBLOCK; clear it anyway.
    const int flags = ::fcntl(file.fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(file.fd, F_SETFL, flags & ~O_NONBLOCK);
    return true;
}

/// Up to `count` bytes of `fd`, the buffer grown as bytes arrive from the
/// `expected` size (the file's, from fstat): sized to `count` at once, every
/// open of a 300 KB project cleared a 256 MB buffer (14 % of `evaluate` on
/// 1,000 workloads went to that memset and its page faults).
Result<std::string> readUpTo(const std::string& path, int fd, std::size_t count,
                             std::size_t expected)
{
    std::string bytes;
    bytes.resize(std::min(count, std::max<std::size_t>(expected + 1, 4096)));
    std::size_t done = 0;
    while (done < count) {
        if (done == bytes.size())
            bytes.resize(std::min(count, bytes.size() * 2));
        const ssize_t got = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return fileError(path, std::string("cannot be read: ") + std::strerror(errno));
        }
        if (got == 0)
            break;
        done += static_cast<std::size_t>(got);
    }
    bytes.resize(done);
    return bytes;
}

} // namespace

Result<std::string> readRegularFile(const std::string& path, std::size_t maxBytes)
{
    Descriptor file;
    struct stat status = {};
    if (auto opened = openRegular(path, file, status); !opened)
        return opened.error();
    const auto size = static_cast<std::size_t>(status.st_size);
    if (size > maxBytes)
        return fileError(path, "file is " + std::to_string(size) + " bytes; the limit is " +
                                   std::to_string(maxBytes) + " bytes");
    // One byte more than allowed tells a file that grew while being read.
    auto bytes = readUpTo(path, file.fd, maxBytes + 1, size);
    if (bytes && bytes.value().size() > maxBytes)
        return fileError(path, "file grew past the limit of " + std::to_string(maxBytes) +
                                   " bytes while being read");
    return bytes;
}

Result<std::string> readRegularFileHead(const std::string& path, std::size_t count)
{
    Descriptor file;
    struct stat status = {};
    if (auto opened = openRegular(path, file, status); !opened)
        return opened.error();
    return readUpTo(path, file.fd, count, std::size_t(status.st_size));
}

Result<bool> copyRegularFile(const std::string& from, const std::string& to)
{
    Descriptor source;
    struct stat status = {};
    if (auto opened = openRegular(from, source, status); !opened)
        return opened.error();
    Descriptor target;
    target.fd = ::open(to.c_str(), O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
    if (target.fd < 0)
        return fileError(to, std::string("cannot be written: ") + std::strerror(errno));
    char buffer[1 << 16];
    while (true) {
        const ssize_t got = ::read(source.fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return fileError(from, std::string("cannot be read: ") + std::strerror(errno));
        if (got == 0)
            return true;
        for (ssize_t done = 0; done < got;) {
            const ssize_t wrote =
                ::write(target.fd, buffer + done, static_cast<std::size_t>(got - done));
            if (wrote < 0 && errno == EINTR)
                continue;
            if (wrote < 0)
                return fileError(to, std::string("cannot be written: ") + std::strerror(errno));
            done += wrote;
        }
    }
}

Result<bool> checkRegularFile(const std::string& path)
{
    struct stat status = {};
    if (::stat(path.c_str(), &status) != 0) {
        const int error = errno;
        if (error == ENOENT)
            return fileError(path, "no such file");
        return fileError(path, std::string("cannot be examined: ") + std::strerror(error));
    }
    if (!S_ISREG(status.st_mode))
        return fileError(path, notRegular(status.st_mode));
    return true;
}

} // namespace fleet
