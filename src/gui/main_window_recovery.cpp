// MainWindow's crash recovery: offering an autosave back, holding the question
// during a presentation, and never losing a recovery file by accident; an
// older project file upgraded in memory, said (read-only where it cannot be written).

#include "document/project_document.h"
#include "main_window.h"
#include "store/project_sqlite.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace fleet::gui {

bool MainWindow::offerRecovery(const QString& recoveryBase, const QString& documentPath)
{
    if (!findRecovery(recoveryBase.toStdString()))
        return false;
    m_pendingRecoveryBase = recoveryBase;
    m_pendingRecoveryPath = documentPath;
    // No modal question in front of an audience: it waits for the end of
    // presentation mode, and the file waits with it.
    if (m_presenting || m_deferRecovery) {
        if (m_document && m_document->recoveryBase() == recoveryBase)
            m_document->setAutosaveSuspended(true);
        return false;
    }
    return askAboutPendingRecovery();
}

bool MainWindow::askAboutPendingRecovery()
{
    const QString base = m_pendingRecoveryBase;
    const QString documentPath = m_pendingRecoveryPath;
    m_pendingRecoveryBase.clear();
    m_pendingRecoveryPath.clear();
    if (m_document)
        m_document->setAutosaveSuspended(false);
    const auto offer = findRecovery(base.toStdString());
    if (!offer)
        return false;
    // "changes to a project that was never saved that were never saved": the
    // project without a file is said in a sentence of its own.
    const QString what =
        documentPath.isEmpty()
            ? tr("FleetPlanner autosaved changes to a project that was never saved.")
            : tr("FleetPlanner autosaved changes to %1 that were never saved.")
                  .arg(QFileInfo(documentPath).fileName());
    const auto answer = QMessageBox::question(
        this, tr("Recover unsaved changes?"),
        tr("%1 Open the autosaved version? (Discard deletes them.)").arg(what),
        QMessageBox::Open | QMessageBox::Discard, QMessageBox::Open);
    if (answer != QMessageBox::Open) {
        discardRecovery(base.toStdString());
        return false;
    }
    auto recovered = openRecovery(*offer);
    if (!recovered) {
        // Never delete what could not be read: it may still be salvaged. It
        // moves aside, where the next autosave cannot overwrite it.
        const QString kept =
            QString::fromStdString(offer->recoveryPath) + QStringLiteral(".unreadable-") +
            QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
        const bool moved = QFile::rename(QString::fromStdString(offer->recoveryPath), kept);
        QMessageBox::warning(
            this, tr("Changes not recovered"),
            tr("The autosaved changes could not be opened:\n\n%1\n\nThe file is kept: %2")
                .arg(QString::fromStdString(recovered.error().toString()),
                     moved ? kept : QString::fromStdString(offer->recoveryPath)));
        return false;
    }
    setProject(std::move(recovered).value(), documentPath);
    m_document->markRecovered();
    return true;
}

void MainWindow::forgetRecoveryOf(const QString& recoveryBase)
{
    // A recovery file still waiting for an answer belongs to the last
    // session, not to this one's discarded changes.
    if (recoveryBase != m_pendingRecoveryBase)
        discardRecovery(recoveryBase.toStdString());
}

void MainWindow::explainUpgradeInMemory(const QString& path)
{
    // An older file was upgraded in memory only (issue 33, item 4): the file
    // is as it was until a save, which keeps it as NAME.v<N> first.
    const auto version = projectFileVersion(QFile::encodeName(path).toStdString());
    if (!version || *version >= kFleetPlanSchemaVersion)
        return;
    const QFileInfo file(path);
    const QByteArray folder = QFile::encodeName(file.absolutePath());
    const bool writable = ::access(QFile::encodeName(path).constData(), W_OK) == 0 &&
                          ::access(folder.constData(), W_OK) == 0;
    if (!writable) {
        const QString why = QString::fromLocal8Bit(std::strerror(errno));
        m_document->setReadOnly(
            tr("read-only: %1 was written by an older FleetPlanner (project format %2) and is "
               "upgraded in memory only; it cannot be written where it is (%3), so File → Save "
               "As keeps the upgraded project as a new file")
                .arg(file.fileName())
                .arg(*version)
                .arg(why));
        updateTitle();
        return;
    }
    statusBar()->showMessage(
        tr("%1 was written by an older FleetPlanner (project format %2): upgraded in memory, the "
           "file is unchanged until you save; saving keeps it as %1.v%2 first")
            .arg(file.fileName())
            .arg(*version),
        15000);
}

} // namespace fleet::gui
