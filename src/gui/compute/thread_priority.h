#pragma once

// Background threads of the app take what the GUI thread and the KPIs' thread
// leave of the cores. Qt's thread priorities have no effect on Linux's normal
// scheduler (only IdlePriority does, and an idle thread starves on a busy
// machine), so the thread's nice value is raised instead.

#include <QtGlobal>

#include <algorithm>
#include <cerrno>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace fleet::gui {

/// Raises the calling thread's nice value by `niceness`, once per thread.
inline void lowerThisThreadsPriority(int niceness)
{
#ifdef Q_OS_LINUX
    thread_local bool lowered = false;
    if (lowered)
        return;
    lowered = true;
    const id_t thread = id_t(gettid());
    errno = 0;
    const int current = getpriority(PRIO_PROCESS, thread);
    if (errno == 0)
        setpriority(PRIO_PROCESS, thread, std::min(19, current + niceness));
#else
    Q_UNUSED(niceness);
#endif
}

} // namespace fleet::gui
