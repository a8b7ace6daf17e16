#include "compute/recompute_service.h"

#include <QtConcurrent/QtConcurrentRun>

namespace fleet::gui {

namespace {
constexpr int kSettleMs = 600;
}

RecomputeService::RecomputeService(QObject* parent) : QObject(parent)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    connect(&m_settle, &QTimer::timeout, this, &RecomputeService::startSlow);
    connect(&m_fast, &QFutureWatcher<ResultsPtr>::finished, this, &RecomputeService::fastDone);
    connect(&m_slow, &QFutureWatcher<ResultsPtr>::finished, this, &RecomputeService::slowDone);
}

RecomputeService::~RecomputeService()
{
    if (m_cancel)
        m_cancel->store(true);
    m_fast.waitForFinished();
    m_slow.waitForFinished();
}

void RecomputeService::request(const Project& project, const QString& scenario)
{
    Request request{project, scenario, ++m_generation};
    m_settle.stop();
    if (m_slow.isRunning() && m_cancel)
        m_cancel->store(true); // its snapshot is out of date
    if (m_fast.isRunning())
        m_pending = std::move(request); // only the newest waits
    else
        startFast(std::move(request));
}

void RecomputeService::startFast(Request request)
{
    m_fastGeneration = request.generation;
    m_fast.setFuture(QtConcurrent::run([request = std::move(request)]() -> ResultsPtr {
        auto results = std::make_shared<PlanResults>(
            computePlanResults(request.project, request.scenario.toStdString()));
        OptimizeOptions options;
        options.fastPath = true;
        results->optimizer = optimizeRegimeMix(results->project, options);
        return results;
    }));
}

void RecomputeService::fastDone()
{
    ResultsPtr results = m_fast.result();
    if (m_pending) {
        Request next = std::move(*m_pending);
        m_pending.reset();
        startFast(std::move(next)); // this result is already stale
        return;
    }
    if (m_latest && !m_latest->frontiers.empty()) {
        // Keep the last frontiers on screen, marked as not current.
        auto merged = std::make_shared<PlanResults>(*results);
        merged->frontiers = m_latest->frontiers;
        merged->frontiersCurrent = false;
        results = merged;
    }
    m_latest = results;
    m_shownGeneration = m_fastGeneration;
    emit resultsReady(m_latest);
    if (m_slowEnabled)
        m_settle.start();
}

void RecomputeService::settleNow()
{
    m_settle.stop();
    startSlow();
}

void RecomputeService::startSlow()
{
    if (!m_latest || m_fast.isRunning() || m_pending)
        return;
    if (m_slow.isRunning()) {
        m_settle.start(); // the cancelled one is still winding down
        return;
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_slowGeneration = m_fastGeneration;
    emit slowStarted();
    ResultsPtr base = m_latest;
    auto cancel = m_cancel;
    QPointer<RecomputeService> self(this);
    m_slow.setFuture(QtConcurrent::run([base, cancel, self]() -> ResultsPtr {
        auto results = std::make_shared<PlanResults>(*base);
        const auto report = [&](double fraction) {
            if (self)
                QMetaObject::invokeMethod(self, [self, fraction] {
                    if (self)
                        emit self->slowProgress(fraction);
                });
        };
        // The exact solve first (a fifth of the work), then the simulations.
        auto exact = optimizeRegimeMixAsync(results->project, OptimizeOptions{}, cancel);
        results->optimizer = exact.get();
        report(0.2);
        results->frontiers = computeFrontiers(results->project, results->evaluation, cancel.get(),
                                              [&](double done) { report(0.2 + 0.8 * done); });
        results->frontiersCurrent = !cancel->load();
        return results;
    }));
}

void RecomputeService::slowDone()
{
    ResultsPtr results = m_slow.result();
    const bool cancelled = !results->frontiersCurrent || m_slowGeneration != m_generation;
    if (!cancelled) {
        m_latest = results;
        emit resultsReady(m_latest);
    }
    emit slowFinished(cancelled);
}

void RecomputeService::cancelSlow()
{
    m_settle.stop();
    if (m_cancel)
        m_cancel->store(true);
}

} // namespace fleet::gui
