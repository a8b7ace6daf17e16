#pragma once
// Watches the GUI thread for stalls: a timer due every few milliseconds
// notes the longest gap between its ticks, both on the wall clock and in the
// GUI thread's own CPU time (CLOCK_THREAD_CPUTIME_ID). A busy machine
// stretches the wall-clock gaps without the GUI thread doing anything; the
// CPU gaps grow only with work done on the GUI thread, so a test can assert
// on them without failing on a loaded laptop or CI machine.

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <ctime>

namespace fleet::test_support {

class GuiStallProbe
{
public:
    explicit GuiStallProbe(int intervalMs = 5)
    {
        m_timer.setInterval(intervalMs);
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
    }

    void start()
    {
        m_wall.start();
        m_lastWallMs = 0;
        m_lastCpuMs = threadCpuMs();
        m_longestWallMs = m_longestCpuMs = 0;
        m_timer.start();
    }
    /// The gap up to now counts too.
    void stop()
    {
        tick();
        m_timer.stop();
    }
    /// The gap so far does not count (the caller's own work, a screenshot).
    void restartGap()
    {
        m_lastWallMs = double(m_wall.nsecsElapsed()) / 1e6;
        m_lastCpuMs = threadCpuMs();
    }
    double longestWallMs() const { return m_longestWallMs; }
    double longestCpuMs() const { return m_longestCpuMs; }

    /// The calling thread's CPU time in milliseconds.
    static double threadCpuMs()
    {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
    }

private:
    void tick()
    {
        const double wallMs = double(m_wall.nsecsElapsed()) / 1e6;
        const double cpuMs = threadCpuMs();
        m_longestWallMs = std::max(m_longestWallMs, wallMs - m_lastWallMs);
        m_longestCpuMs = std::max(m_longestCpuMs, cpuMs - m_lastCpuMs);
        m_lastWallMs = wallMs;
        m_lastCpuMs = cpuMs;
    }

    QTimer m_timer;
    QElapsedTimer m_wall;
    double m_lastWallMs = 0;
    double m_lastCpuMs = 0;
    double m_longestWallMs = 0;
    double m_longestCpuMs = 0;
};

} // namespace fleet::test_support
