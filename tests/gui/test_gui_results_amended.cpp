// What reaches the results after they are shown — a packing replay
// (setPacking), the charts' fans (setBands), the optimizer's answer when the
// results shown changed while it ran — is set on a copy of them made off the
// GUI thread (RecomputeService::amendShown). None of it is lost when the
// results shown change while the copy is made, none is shown on results older
// than those shown (every results shown after a replay carry it), and a
// replay replaced before its copy is done is never shown.

#include "compute/packing_report.h"
#include "compute/recompute_service.h"
#include "gui_test_support.h"
#include "store/project_json.h"
#include "support/fleet_test.h"
#include "support/scaled_sample.h"

#include <QtTest>

#include <functional>
#include <memory>
#include <vector>

using namespace fleet;
using namespace fleet::gui;

namespace {

/// A replay of its own (only its address is compared).
std::shared_ptr<const PackingReport> newReplay(const QString& source)
{
    auto report = std::make_shared<PackingReport>();
    report->source = source;
    return report;
}

/// Every results the service showed (resultsReady, optimizerReady,
/// bandsReady), in order.
class ShownResults
{
public:
    explicit ShownResults(RecomputeService& service)
    {
        const auto record = [this](const ResultsPtr& results) { m_shown.push_back(results); };
        QObject::connect(&service, &RecomputeService::resultsReady, &service, record);
        QObject::connect(&service, &RecomputeService::optimizerReady, &service, record);
        QObject::connect(&service, &RecomputeService::bandsReady, &service, record);
    }

    /// How many of the results shown `holds`.
    int count(const std::function<bool(const PlanResults&)>& holds) const
    {
        return int(std::count_if(m_shown.begin(), m_shown.end(),
                                 [&](const ResultsPtr& results) { return holds(*results); }));
    }

    /// Every results shown from the first that `holds` on holds it too: ""
    /// or which did not, by its place in the order shown.
    QString keptFromFirst(const std::function<bool(const PlanResults&)>& holds) const
    {
        bool shown = false;
        for (std::size_t i = 0; i < m_shown.size(); ++i) {
            if (holds(*m_shown[i]))
                shown = true;
            else if (shown)
                return QStringLiteral("results %1 of %2 shown without it")
                    .arg(i + 1)
                    .arg(m_shown.size());
        }
        return shown ? QString() : QStringLiteral("never shown");
    }

private:
    std::vector<ResultsPtr> m_shown;
};

} // namespace

class TestGuiResultsAmended : public QObject
{
    Q_OBJECT

private slots:
    /// A replay and the fans shown while the optimizer's fast path runs change
    /// the results shown. Its answer completes those (a copy made off the GUI
    /// thread), not the results it started beside, which lack both. The
    /// answer is held (setOptimizerGate) until both are shown: run beside
    /// other tests, the fast path of 1,000 workloads ended before the replay
    /// at times, and the path was not tested.
    void anAnswerArrivingAfterAReplayKeepsTheReplayAndTheFans()
    {
        RecomputeService service;
        service.setSlowEnabled(false);
        const auto gate = std::make_shared<QSemaphore>(0);
        service.setOptimizerGate(gate);
        ShownResults shown(service);
        int answers = 0;
        connect(&service, &RecomputeService::optimizerReady, this, [&] { ++answers; });
        service.request(test_support::scaledSample(1000), {});
        QTRY_VERIFY_WITH_TIMEOUT(service.upToDate() && service.optimizerBusy(), test::kPatienceMs);
        const auto replay = newReplay(QStringLiteral("pods.csv on nodes.csv"));
        service.setPacking(replay);
        QTRY_VERIFY_WITH_TIMEOUT(service.latest()->packing == replay, test::kPatienceMs);
        const auto bands = std::make_shared<const ChartBands>();
        service.setBands(bands, service.shownGeneration());
        QTRY_VERIFY_WITH_TIMEOUT(service.latest()->bands == bands, test::kPatienceMs);
        QCOMPARE(answers, 0);

        gate->release();
        QTRY_VERIFY_WITH_TIMEOUT(answers == 1, test::kPatienceMs);
        const PlanResults& latest = *service.latest();
        QVERIFY(latest.optimizerCurrent);
        QVERIFY(latest.optimizer.has_value() || !latest.optimizerRefusal.empty());
        QVERIFY(latest.packing == replay);
        QVERIFY(latest.bands == bands && latest.bandsCurrent);
        const QString replayKept =
            shown.keptFromFirst([&](const PlanResults& r) { return r.packing == replay; });
        QVERIFY2(replayKept.isEmpty(), qPrintable(replayKept));
        const QString bandsKept =
            shown.keptFromFirst([&](const PlanResults& r) { return r.bands == bands; });
        QVERIFY2(bandsKept.isEmpty(), qPrintable(bandsKept));
        QCOMPARE(shown.count([](const PlanResults& r) { return r.optimizerCurrent; }), 1);
        QCOMPARE(service.optimizerBusy(), false);
        gate->release(16); // a run started meanwhile never holds the service's end
    }

    /// A replay and the fans set one right after the other are two copies of
    /// the same results: the second is made again from the results the first
    /// showed, in either order, so both stay on screen.
    void twoAmendmentsOfTheSameResultsBothStay()
    {
        RecomputeService service;
        service.setSlowEnabled(false);
        service.request(loadSampleProject().value(), {});
        QTRY_VERIFY_WITH_TIMEOUT(service.upToDate() && !service.optimizerBusy() &&
                                     service.latest()->optimizerCurrent,
                                 test::kPatienceMs);
        ShownResults shown(service);
        const auto replay = newReplay(QStringLiteral("first"));
        const auto bands = std::make_shared<const ChartBands>();
        service.setPacking(replay);
        service.setBands(bands, service.shownGeneration());
        QTRY_VERIFY_WITH_TIMEOUT(service.latest()->packing == replay &&
                                     service.latest()->bands == bands,
                                 test::kPatienceMs);
        // The other order.
        const auto laterBands = std::make_shared<const ChartBands>();
        const auto laterReplay = newReplay(QStringLiteral("second"));
        service.setBands(laterBands, service.shownGeneration());
        service.setPacking(laterReplay);
        QTRY_VERIFY_WITH_TIMEOUT(service.latest()->packing == laterReplay &&
                                     service.latest()->bands == laterBands,
                                 test::kPatienceMs);
        QVERIFY(service.latest()->bandsCurrent);
        QVERIFY(service.latest()->optimizerCurrent); // the answer shown stays too
        for (const auto& [what, holds] :
             std::vector<std::pair<const char*, std::function<bool(const PlanResults&)>>>{
                 {"the first replay",
                  [&](const PlanResults& r) {
                      return r.packing == replay || r.packing == laterReplay;
                  }},
                 {"the first fans",
                  [&](const PlanResults& r) { return r.bands == bands || r.bands == laterBands; }},
                 {"the later fans", [&](const PlanResults& r) { return r.bands == laterBands; }},
                 {"the later replay",
                  [&](const PlanResults& r) { return r.packing == laterReplay; }}}) {
            const QString kept = shown.keptFromFirst(holds);
            QVERIFY2(kept.isEmpty(), qPrintable(QString::fromLatin1(what) + ": " + kept));
        }
        QCOMPARE(shown.count([](const PlanResults& r) { return !r.optimizerCurrent; }), 0);
    }

    /// A replay replaced before its copy is shown is never shown: the
    /// newer one is, once.
    void aReplacedReplayIsNeverShown()
    {
        RecomputeService service;
        service.setSlowEnabled(false);
        service.request(loadSampleProject().value(), {});
        QTRY_VERIFY_WITH_TIMEOUT(service.upToDate() && !service.optimizerBusy(), test::kPatienceMs);
        ShownResults shown(service);
        const auto older = newReplay(QStringLiteral("older"));
        const auto newer = newReplay(QStringLiteral("newer"));
        service.setPacking(older);
        service.setPacking(newer);
        QTRY_VERIFY_WITH_TIMEOUT(service.latest()->packing == newer, test::kPatienceMs);
        QTest::qWait(50); // nothing else arrives
        QCOMPARE(shown.count([&](const PlanResults& r) { return r.packing == older; }), 0);
        QCOMPARE(shown.count([&](const PlanResults& r) { return r.packing == newer; }), 1);
        QVERIFY(service.latest()->packing == newer);
    }

    /// A replay shown while the slow part runs (its results copied before
    /// the replay) stays on the slow part's results.
    void aReplayShownWhileTheSlowPartRunsStays()
    {
        RecomputeService service;
        service.setKneeSeeds(1);
        service.setSettleDelayMs(0);
        ShownResults shown(service);
        QSignalSpy slowFinished(&service, &RecomputeService::slowFinished);
        service.request(loadSampleProject().value(), {});
        QTRY_VERIFY_WITH_TIMEOUT(service.slowBusy(), test::kPatienceMs);
        const auto replay = newReplay(QStringLiteral("during the slow part"));
        service.setPacking(replay);
        QTRY_VERIFY_WITH_TIMEOUT(service.latest()->packing == replay, test::kPatienceMs);
        QVERIFY2(slowFinished.isEmpty(), "the slow part ended before the replay was shown");
        QTRY_VERIFY_WITH_TIMEOUT(!slowFinished.isEmpty() && !service.slowBusy() &&
                                     service.upToDate(),
                                 test::kPatienceMs);
        QCOMPARE(slowFinished.front().front().toBool(), false); // not cancelled
        QVERIFY(service.latest()->packing == replay);
        const QString kept =
            shown.keptFromFirst([&](const PlanResults& r) { return r.packing == replay; });
        QVERIFY2(kept.isEmpty(), qPrintable(kept));
    }
};

FLEET_TEST_MAIN(TestGuiResultsAmended)
#include "test_gui_results_amended.moc"
