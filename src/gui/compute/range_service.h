#pragma once

// The Monte Carlo over the project's input ranges (engine/monte_carlo.h),
// off the GUI thread: started when the inputs settle (a slider drag runs it
// once, at its end), stopped by a newer edit, its figures shown beside the
// KPIs. Its own pool thread drives runRanges, which spreads the draws over
// every core; the KPIs of an edit (RecomputeService's fast part) come first.

#include "engine/monte_carlo.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>
#include <string>

namespace fleet::gui {

using RangeRunPtr = std::shared_ptr<const RangeRun>;

class RangeService : public QObject
{
    Q_OBJECT

public:
    explicit RangeService(QObject* parent = nullptr);
    ~RangeService() override;

    /// Runs the Monte Carlo of `project` once requests stop for the settle
    /// delay; a run of the same inputs is not repeated. A project without
    /// ranges gives a null run at once.
    void request(std::shared_ptr<const Project> project);
    /// A newer edit: the running run stops, its figures are dropped.
    void cancel();
    void setDraws(int draws) { m_draws = draws; }
    void setSettleDelayMs(int ms) { m_settle.setInterval(ms); }
    bool busy() const { return m_running || m_pending != nullptr; }
    RangeRunPtr latest() const { return m_latest; }

signals:
    /// A run began: the figures shown are of earlier inputs.
    void started();
    /// The run of the newest inputs (null: the project has no ranges).
    void ready(fleet::gui::RangeRunPtr run);

private:
    void startPending();
    void done();

    QFutureWatcher<std::shared_ptr<RangeRun>> m_watcher;
    QThreadPool m_pool;
    QTimer m_settle;
    std::shared_ptr<const Project> m_pending;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::string m_runningInputs; ///< the canonical text of the inputs being run
    std::string m_latestInputs;  ///< … of m_latest
    RangeRunPtr m_latest;
    bool m_running = false;
    int m_draws = kDefaultDraws;
};

} // namespace fleet::gui
