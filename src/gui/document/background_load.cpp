#include "document/background_load.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QtConcurrent>

namespace fleet::gui {

Result<Project> loadProjectResponsively(const QString& path)
{
    QFutureWatcher<Result<Project>> watcher;
    QEventLoop loop;
    QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    watcher.setFuture(QtConcurrent::run([file = path.toStdString()] { return loadProject(file); }));
    if (!watcher.isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    return watcher.future().takeResult();
}

} // namespace fleet::gui
