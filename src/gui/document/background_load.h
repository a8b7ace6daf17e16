#pragma once

// A project file read on a worker thread while the GUI thread waits in an
// event loop that repaints and runs timers but holds user input back until
// the file is read (QEventLoop::ExcludeUserInputEvents: held, not dropped).
// Reading a 10,000-workload file takes about 150 ms of CPU; read on the GUI
// thread it froze the window for that long on every open (issue 28).

#include "store/project_json.h"

#include <QString>

namespace fleet::gui {

/// loadProject(path) run on a worker thread; returns when it has finished.
Result<Project> loadProjectResponsively(const QString& path);

} // namespace fleet::gui
