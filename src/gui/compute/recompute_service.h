#pragma once

// Recomputes what the views show, off the GUI thread. Every request runs the
// fast part (engine, sensitivity, scenarios, optimizer fast path) at once; a
// newer request supersedes an older one (only the latest pending snapshot
// runs, results of stale ones are dropped). When requests stop for a moment,
// the slow part follows (exact solve, frontier simulations) with progress,
// and can be cancelled.

#include "compute/plan_results.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>

namespace fleet::gui {

using ResultsPtr = std::shared_ptr<const PlanResults>;

class RecomputeService : public QObject
{
    Q_OBJECT

public:
    explicit RecomputeService(QObject* parent = nullptr);
    ~RecomputeService() override;

    /// Recompute for this snapshot (scenario "" for the project as stated).
    void request(const Project& project, const QString& scenario);
    /// Stops the slow part; its partial results are dropped.
    void cancelSlow();
    /// Runs the slow part now instead of after the settle delay.
    void settleNow();
    void setSettleDelayMs(int ms) { m_settle.setInterval(ms); }
    void setSlowEnabled(bool enabled) { m_slowEnabled = enabled; }

    ResultsPtr latest() const { return m_latest; }
    bool fastBusy() const { return m_fast.isRunning() || m_pending.has_value(); }
    bool slowBusy() const { return m_slow.isRunning(); }
    /// The latest results are of the newest request (the fast part).
    bool upToDate() const { return !fastBusy() && m_shownGeneration == m_generation; }

signals:
    void resultsReady(fleet::gui::ResultsPtr results);
    void slowStarted();
    void slowProgress(double fraction);
    void slowFinished(bool cancelled);

private:
    struct Request
    {
        Project project;
        QString scenario;
        quint64 generation = 0;
    };
    void startFast(Request request);
    void fastDone();
    void startSlow();
    void slowDone();

    QFutureWatcher<ResultsPtr> m_fast;
    QFutureWatcher<ResultsPtr> m_slow;
    std::optional<Request> m_pending;
    quint64 m_generation = 0;      ///< of the newest request
    quint64 m_fastGeneration = 0;  ///< of the fast job running
    quint64 m_slowGeneration = 0;  ///< of the slow job running
    quint64 m_shownGeneration = 0; ///< of m_latest
    ResultsPtr m_latest;
    QTimer m_settle;
    bool m_slowEnabled = true;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace fleet::gui
