#pragma once

// The Monte Carlo over the project's input ranges (engine/monte_carlo.h),
// off the GUI thread: started when the inputs settle (a slider drag runs it
// once, at its end), stopped by a newer edit, its figures shown beside the
// KPIs. Its own pool thread drives runRanges, which spreads the draws over
// every core; the KPIs of an edit (RecomputeService's fast part) come first.
// Then the charts' fans (engine/range_curve.h): the cost-per-token bars'
// from the same draws, the cost curve's from a run at each of its points.

#include "engine/monte_carlo.h"
#include "engine/range_curve.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>
#include <string>

namespace fleet::gui {

using RangeRunPtr = std::shared_ptr<const RangeRun>;
using ChartBandsPtr = std::shared_ptr<const ChartBands>;

class RangeService : public QObject
{
    Q_OBJECT

public:
    explicit RangeService(QObject* parent = nullptr);
    ~RangeService() override;

    /// Runs the Monte Carlo of `project` once requests stop for the settle
    /// delay; a run of the same inputs is not repeated. `inputs` names them:
    /// the recompute's generation of the results `project` is of (one number
    /// per edit; comparing the projects' text instead wrote the whole project
    /// on the GUI thread at every request: 3.3 MB at 10,000 workloads, about
    /// 50–100 ms of CPU, as `fleetplanner-cli export` writes it).
    /// A project without ranges gives a null run at once.
    void request(std::shared_ptr<const Project> project, quint64 inputs);
    /// A newer edit: the running run stops, its figures are dropped.
    void cancel();
    void setDraws(int draws) { m_draws = draws; }
    void setSettleDelayMs(int ms) { m_settle.setInterval(ms); }
    /// Draws a point of the cost curve's fan (kCurveBandDraws; tests fewer).
    void setCurveDraws(int draws) { m_curveDraws = draws; }
    bool busy() const { return m_running || m_banding || m_pending != nullptr; }
    RangeRunPtr latest() const { return m_latest; }
    ChartBandsPtr latestBands() const { return m_latestBands; }

signals:
    /// A run began: the figures shown are of earlier inputs.
    void started();
    /// The run of the newest inputs (null: the project has no ranges).
    void ready(fleet::gui::RangeRunPtr run);
    /// The charts' fans of the newest inputs, after ready(); `inputs`: the
    /// request's name of the inputs they are of (null bands: no ranges).
    void bandsReady(fleet::gui::ChartBandsPtr bands, quint64 inputs);

private:
    void startPending();
    void done();
    void startBands();
    void bandsDone();

    /// The KPIs' run, and the cost-per-token fans from its draws.
    struct Job
    {
        std::shared_ptr<const Project> project;
        std::shared_ptr<RangeRun> run;
        std::shared_ptr<ChartBands> bands; ///< the cost curve's once bandsDone
    };
    QFutureWatcher<std::shared_ptr<Job>> m_watcher;
    QFutureWatcher<std::shared_ptr<Job>> m_bandWatcher;
    QThreadPool m_pool;
    QTimer m_settle;
    std::shared_ptr<const Project> m_pending;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_pendingInputs = 0;
    quint64 m_runningInputs = 0; ///< the inputs being run (request's `inputs`)
    quint64 m_latestInputs = 0;  ///< … of m_latest
    RangeRunPtr m_latest;
    std::shared_ptr<Job> m_toBand; ///< the run whose curve fan follows
    ChartBandsPtr m_latestBands;   ///< of m_latestBandsInputs
    quint64 m_latestBandsInputs = 0;
    bool m_running = false;
    bool m_banding = false;
    int m_draws = kDefaultDraws;
    int m_curveDraws = kCurveBandDraws;
};

} // namespace fleet::gui
