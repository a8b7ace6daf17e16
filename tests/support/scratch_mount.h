#pragma once

// A file system of a test's own (issue 33): a small tmpfs, to fill the disk,
// or a read-only bind mount of a folder. Both need root (CAP_SYS_ADMIN); a
// test that cannot mount skips, saying why (ScratchMount::why()).

#include <QDir>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <sys/mount.h>
#include <unistd.h>

namespace fleet::test {

class ScratchMount
{
public:
    /// A tmpfs of `sizeKb` KiB at a fresh folder.
    static ScratchMount tmpfs(int sizeKb)
    {
        ScratchMount mount;
        if (!mount.prepare())
            return mount;
        const std::string options = "size=" + std::to_string(sizeKb) + "k";
        if (::mount("tmpfs", mount.m_path.c_str(), "tmpfs", 0, options.c_str()) != 0)
            return mount.failed("mount -t tmpfs");
        mount.m_mounted = true;
        return mount;
    }

    /// `folder`, bound read-only at a fresh folder.
    static ScratchMount readOnlyView(const QString& folder)
    {
        ScratchMount mount;
        if (!mount.prepare())
            return mount;
        const QByteArray source = QDir(folder).absolutePath().toLocal8Bit();
        if (::mount(source.constData(), mount.m_path.c_str(), nullptr, MS_BIND, nullptr) != 0)
            return mount.failed("mount --bind");
        mount.m_mounted = true;
        if (::mount(nullptr, mount.m_path.c_str(), nullptr, MS_BIND | MS_REMOUNT | MS_RDONLY,
                    nullptr) != 0)
            return mount.failed("mount -o remount,bind,ro");
        return mount;
    }

    ScratchMount(ScratchMount&& other) noexcept
        : m_folder(std::move(other.m_folder)), m_path(std::move(other.m_path)),
          m_mounted(other.m_mounted), m_why(std::move(other.m_why))
    {
        other.m_mounted = false;
    }
    ScratchMount& operator=(ScratchMount&&) = delete;
    ~ScratchMount()
    {
        if (m_mounted)
            ::umount2(m_path.c_str(), MNT_DETACH);
    }

    bool ok() const { return m_mounted && m_why.isEmpty(); }
    /// Why there is no mount (for QSKIP).
    QString why() const { return m_why; }
    QString path() const { return QString::fromStdString(m_path); }
    QString filePath(const QString& name) const { return path() + QLatin1Char('/') + name; }

private:
    ScratchMount() : m_folder(std::make_unique<QTemporaryDir>()) {}

    bool prepare()
    {
        if (::geteuid() != 0) {
            m_why = QStringLiteral("not running as root: no file system of the test's own can "
                                   "be mounted");
            return false;
        }
        if (!m_folder->isValid()) {
            m_why = QStringLiteral("no temporary folder for the mount");
            return false;
        }
        m_path = QDir(m_folder->path()).absolutePath().toStdString();
        return true;
    }

    ScratchMount&& failed(const char* what)
    {
        m_why = QStringLiteral("%1 failed: %2 (a container without CAP_SYS_ADMIN?)")
                    .arg(QLatin1String(what), QString::fromLocal8Bit(std::strerror(errno)));
        return std::move(*this);
    }

    std::unique_ptr<QTemporaryDir> m_folder;
    std::string m_path;
    bool m_mounted = false;
    QString m_why;
};

} // namespace fleet::test
