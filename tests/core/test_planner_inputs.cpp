// Issue 27, deliverable 6: the inputs people think in. A training run by its
// wall-clock length (run_days) instead of its tokens; notebooks' active hours
// a day; a batch job's daily window; a segment's stage; an owned GPU priced
// in USD per GPU-hour instead of capex. For each: its row in the field table,
// the reader's rule naming the field (both alternatives named when both are
// given), JSON → model → JSON and JSON → SQLite → JSON byte for byte, and its
// effect on the engine's figures, in the direction docs/MODEL.md states.

#include "engine/evaluate.h"
#include "engine/training.h"
#include "model/fleet_fields.h"
#include "model/price_fields.h"
#include "model/workload_fields.h"
#include "sample_fixture.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"
#include "support/fleet_test.h"

#include <QTemporaryDir>
#include <QtTest>

#include <boost/json.hpp>

#include <cmath>

using namespace fleet;
namespace bj = boost::json;

namespace {

bj::value sampleInputsDocument()
{
    return bj::parse(sampleProjectJson());
}

bj::object& rowOf(bj::value& document, const char* list, const std::string& id)
{
    for (bj::value& item : document.at(list).as_array())
        if (item.at("id").as_string() == id)
            return item.as_object();
    qFatal("no row %s", id.c_str());
}

Project readDocument(const bj::value& document)
{
    auto project = parseProjectValue(document, "inputs.fleetplan.json");
    if (!project)
        qFatal("%s", project.error().toString().c_str());
    return std::move(project).value();
}

/// The message the reader gives at `pointer` (or every message when none is there).
std::string inputRefusalAt(const bj::value& document, const std::string& pointer)
{
    auto project = parseProjectValue(document, "inputs.fleetplan.json");
    if (project)
        return "accepted";
    for (const Issue& issue : project.error().issues)
        if (issue.path == pointer)
            return issue.message;
    return "elsewhere: " + project.error().toString();
}

const DescribedField* describedField(const RecordFields& record, std::string_view key)
{
    for (const DescribedField& field : record.fields)
        if (field.info.key == key)
            return &field;
    return nullptr;
}

double heldHours(const OptionResult& option)
{
    double sum = 0;
    for (const MonthRequirement& month : option.months)
        sum += month.gpuHoursHeld;
    return sum;
}

double busyHours(const OptionResult& option)
{
    double sum = 0;
    for (const MonthRequirement& month : option.months)
        sum += month.gpuHoursBusy;
    return sum;
}

double peakOf(const OptionResult& option)
{
    double peak = 0;
    for (const MonthRequirement& month : option.months)
        peak = std::max(peak, month.peakGpus);
    return peak;
}

double meanOf(const OptionResult& option)
{
    double mean = 0;
    for (const MonthRequirement& month : option.months)
        mean = std::max(mean, month.gpuEquivalents);
    return mean;
}

const OptionResult& chosen(const Evaluation& e, const std::string& id)
{
    const OptionResult* option = test::workload(e, id).chosenOption();
    if (!option)
        qFatal("%s has no option", id.c_str());
    return *option;
}

bool nearlyEqual(double a, double b, double relative = 1e-9)
{
    return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestPlannerInputs : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    /// JSON → model → JSON, and JSON → SQLite → JSON, byte for byte; the
    /// canonical text of the document.
    std::string checkRoundTrips(const bj::value& document)
    {
        const Project project = readDocument(document);
        const std::string text = projectToJsonText(project);
        auto again = parseProject(text, "again.fleetplan.json");
        if (!again)
            qFatal("%s", again.error().toString().c_str());
        if (projectToJsonText(again.value()) != text)
            qFatal("JSON → model → JSON changed the text");
        const std::string file =
            m_dir.filePath(QStringLiteral("inputs-%1.fleetplan").arg(++m_files)).toStdString();
        if (auto saved = saveProjectFile(project, file); !saved)
            qFatal("%s", saved.error().toString().c_str());
        auto reopened = openProjectFile(file);
        if (!reopened)
            qFatal("%s", reopened.error().toString().c_str());
        if (projectToJsonText(reopened.value()) != text)
            qFatal("JSON → SQLite → JSON changed the text");
        return text;
    }
    int m_files = 0;

private slots:
    void theFieldTablesDescribeEachInput()
    {
        const RecordFields& training = workloadRecord(WorkloadKind::Training);
        const DescribedField* days = describedField(training, "run_days");
        QVERIFY(days && days->info.presence == Presence::Unset);
        QVERIFY(std::holds_alternative<std::monostate>(days->defaultValue));
        const DescribedField* tokens = describedField(training, "tokens_per_run");
        QVERIFY(tokens && tokens->info.presence == Presence::OmitWhenDefault);
        const DescribedField* hours =
            describedField(workloadRecord(WorkloadKind::Notebooks), "active_hours_per_day");
        QVERIFY(hours && hours->info.presence == Presence::Unset && hours->info.range.max == 24);
        const DescribedField* window =
            describedField(workloadRecord(WorkloadKind::Batch), "window_hours_per_day");
        QVERIFY(window && window->info.presence == Presence::Unset && window->info.range.max == 24);
        const DescribedField* stage = describedField(segmentRecord(), "stage");
        QVERIFY(stage && stage->info.type == FieldType::Enum && stage->info.options.size() == 3);
        QVERIFY(describedField(segmentRecord(), "isolation_floor")->info.presence ==
                Presence::Unset);
        const DescribedField* owned = describedField(ownedFigureRecord(), "usd_per_gpu_hour");
        QVERIFY(owned && owned->info.presence == Presence::Unset);
        // The stage comes before what it sets, so a stated floor wins on reading.
        const auto& fields = segmentRecord().fields;
        QVERIFY(describedField(segmentRecord(), "stage") <
                describedField(segmentRecord(), "isolation_floor"));
        QVERIFY(fields.size() == segmentFields().size());
    }

    void aRunByItsLengthRunsTheTokensItTakes()
    {
        const Project sample = test::sample();
        const Evaluation base = evaluate(sample);
        const Workload& run = sample.workloads.front();
        QCOMPARE(run.id, std::string("pretrain-70b"));
        const auto& spec = std::get<TrainingSpec>(run.spec);
        // The days its 2 T tokens take on the H100, stated instead: the same run.
        const auto days = runDaysOf(sample, run, spec);
        QVERIFY2(days.ok(), days.ok() ? "" : days.error().toString().c_str());
        QVERIFY(days.value() > 1 && days.value() < 365);
        bj::value document = sampleInputsDocument();
        bj::object& item = rowOf(document, "workloads", "pretrain-70b");
        item.erase("tokens_per_run");
        item["run_days"] = days.value();
        const Project byLength = readDocument(document);
        const auto& lengthSpec = std::get<TrainingSpec>(byLength.workloads.front().spec);
        QVERIFY(lengthSpec.tokensPerRun == 0 && lengthSpec.runDays);
        const auto tokens = runTokens(byLength, byLength.workloads.front(), lengthSpec);
        QVERIFY(tokens.ok());
        QVERIFY2(nearlyEqual(tokens.value(), spec.tokensPerRun, 1e-9),
                 std::to_string(tokens.value()).c_str());
        const Evaluation e = evaluate(byLength);
        QVERIFY(nearlyEqual(heldHours(chosen(e, "pretrain-70b")),
                            heldHours(chosen(base, "pretrain-70b")), 1e-9));
        QVERIFY(nearlyEqual(chosen(e, "pretrain-70b").detail("tokens_per_run"), spec.tokensPerRun,
                            1e-9));
        QVERIFY(nearlyEqual(e.kpis.totalCostUsd, base.kpis.totalCostUsd, 1e-9));
        // Longer runs do more work: twice the days, twice the GPU-hours.
        item["run_days"] = 2 * days.value();
        const Evaluation longer = evaluate(readDocument(document));
        QVERIFY(nearlyEqual(busyHours(chosen(longer, "pretrain-70b")),
                            2 * busyHours(chosen(base, "pretrain-70b")), 1e-9));
        QVERIFY(heldHours(chosen(longer, "pretrain-70b")) >
                heldHours(chosen(base, "pretrain-70b")));
        QVERIFY(longer.kpis.totalCostUsd >= base.kpis.totalCostUsd - 1e-6);
        // Files: the length round-trips; tokens are not written beside it.
        const std::string text = checkRoundTrips(document);
        QVERIFY(text.find("\"run_days\": ") != std::string::npos);
        // (pretrain-70b is the sample's only training workload)
        QCOMPARE(text.find("tokens_per_run"), std::string::npos);
    }

    void aRunStatesItsTokensOrItsLength()
    {
        bj::value both = sampleInputsDocument();
        rowOf(both, "workloads", "pretrain-70b")["run_days"] = 14;
        const std::string bothMessage = inputRefusalAt(both, "/workloads/0/run_days");
        QVERIFY2(bothMessage.find("tokens_per_run") != std::string::npos &&
                     bothMessage.find("run_days") != std::string::npos &&
                     bothMessage.find("not both") != std::string::npos,
                 bothMessage.c_str());
        bj::value neither = sampleInputsDocument();
        rowOf(neither, "workloads", "pretrain-70b").erase("tokens_per_run");
        const std::string neitherMessage = inputRefusalAt(neither, "/workloads/0/tokens_per_run");
        QVERIFY2(neitherMessage.find("required") != std::string::npos &&
                     neitherMessage.find("run_days") != std::string::npos,
                 neitherMessage.c_str());
        bj::value zero = sampleInputsDocument();
        bj::object& item = rowOf(zero, "workloads", "pretrain-70b");
        item.erase("tokens_per_run");
        item["run_days"] = 0;
        QVERIFY2(inputRefusalAt(zero, "/workloads/0/run_days").find("must be") != std::string::npos,
                 inputRefusalAt(zero, "/workloads/0/run_days").c_str());
    }

    void notebookHoursHoldTheirSessionsInThoseHours()
    {
        const Evaluation base = evaluate(test::sample());
        const auto withHours = [](double hours) {
            bj::value document = sampleInputsDocument();
            rowOf(document, "workloads", "dev-notebooks")["active_hours_per_day"] = hours;
            return document;
        };
        const Evaluation eight = evaluate(readDocument(withHours(8)));
        const Evaluation four = evaluate(readDocument(withHours(4)));
        const Evaluation allDay = evaluate(readDocument(withHours(24)));
        // All day is the model without the input, but for the peak: the
        // sessions of all 24 hours are the busiest hour's.
        QVERIFY(nearlyEqual(heldHours(chosen(allDay, "dev-notebooks")),
                            heldHours(chosen(base, "dev-notebooks")), 1e-9));
        // Fewer hours: fewer session-hours held, a higher peak over the mean.
        const OptionResult& e8 = chosen(eight, "dev-notebooks");
        const OptionResult& e4 = chosen(four, "dev-notebooks");
        QVERIFY(heldHours(e4) <= heldHours(e8) + 1e-9);
        QVERIFY(heldHours(e8) < heldHours(chosen(base, "dev-notebooks")));
        QVERIFY(peakOf(e4) >= peakOf(e8) - 1e-9);
        QVERIFY2(nearlyEqual(e8.detail("peak_to_mean_ratio"), 3.0, 1e-12),
                 std::to_string(e8.detail("peak_to_mean_ratio")).c_str());
        QVERIFY(peakOf(e8) >= meanOf(e8) * 3.0 * 0.99);
        // Busy GPU-hours are the work: the same whatever the hours.
        QVERIFY(nearlyEqual(busyHours(e8), busyHours(chosen(base, "dev-notebooks")), 1e-9));
        const std::string text = checkRoundTrips(withHours(8));
        QVERIFY(text.find("\"active_hours_per_day\": 8") != std::string::npos);
        // Busy only while sessions exist.
        bj::value tooBusy = withHours(0.5);
        const std::string message = inputRefusalAt(tooBusy, "/workloads/7/active_fraction");
        QVERIFY2(message.find("active_hours_per_day") != std::string::npos, message.c_str());
        bj::value tooLong = withHours(25);
        QVERIFY(inputRefusalAt(tooLong, "/workloads/7/active_hours_per_day").find("≤ 24") !=
                std::string::npos);
    }

    void aBatchWindowHoldsTheDaysWorkWithinIt()
    {
        const Project sample = test::sample();
        const Evaluation base = evaluate(sample);
        const auto withWindow = [](double hours) {
            bj::value document = sampleInputsDocument();
            rowOf(document, "workloads", "midstage-finetune")["window_hours_per_day"] = hours;
            return document;
        };
        const OptionResult& before = chosen(base, "midstage-finetune");
        const Evaluation six = evaluate(readDocument(withWindow(6)));
        const Evaluation twelve = evaluate(readDocument(withWindow(12)));
        const OptionResult& e6 = chosen(six, "midstage-finetune");
        // The same GPU-hours, held within 6 of 24 hours: peak = mean × 4.
        QVERIFY(nearlyEqual(heldHours(e6), heldHours(before), 1e-9) || e6.regime != before.regime);
        QVERIFY2(peakOf(e6) >= meanOf(e6) * 4 * (1 - 1e-9),
                 (std::to_string(peakOf(e6)) + " vs " + std::to_string(meanOf(e6))).c_str());
        QVERIFY(peakOf(e6) >= peakOf(chosen(twelve, "midstage-finetune")) - 1e-9);
        QVERIFY(peakOf(chosen(twelve, "midstage-finetune")) >= peakOf(before) - 1e-9);
        // A smaller window never costs less.
        QVERIFY(six.kpis.totalCostUsd >= twelve.kpis.totalCostUsd - 1e-6);
        QVERIFY(twelve.kpis.totalCostUsd >= base.kpis.totalCostUsd - 1e-6);
        const std::string text = checkRoundTrips(withWindow(6));
        QVERIFY(text.find("\"window_hours_per_day\": 6") != std::string::npos);
        QVERIFY(inputRefusalAt(withWindow(0), "/workloads/2/window_hours_per_day").find("> 0") !=
                std::string::npos);
    }

    void aSegmentsStageSetsWhatItLeavesOut()
    {
        // The sample's segments are the three stages' defaults — but for
        // network-pooled GPUs, which joined the early stage's after the
        // sample was written: stated by their stage alone, the project is
        // the same but for that regime, and the early stage's extra choice
        // never costs more.
        bj::value document = sampleInputsDocument();
        for (const char* id : {"early-stage", "mid-stage", "enterprise"}) {
            bj::object& segment = rowOf(document, "segments", id);
            segment.erase("isolation_floor");
            segment.erase("allowed_regimes");
            segment["stage"] = std::string(id) == "early-stage" ? "early"
                               : std::string(id) == "mid-stage" ? "mid"
                                                                : "enterprise";
        }
        const Project staged = readDocument(document);
        const Project sample = test::sample();
        // TPU slices joined every stage's (they run only on TPUs).
        const RegimeKind pooled = *regimeFromKey("network_pooled");
        const RegimeKind tpu = *regimeFromKey("tpu_slice");
        for (std::size_t i = 0; i < sample.segments.size(); ++i) {
            QVERIFY(staged.segments[i].isolationFloor == sample.segments[i].isolationFloor);
            std::vector<RegimeKind> expected = sample.segments[i].allowedRegimes;
            if (sample.segments[i].id == "early-stage")
                expected.push_back(pooled);
            expected.push_back(tpu);
            QVERIFY(staged.segments[i].allowedRegimes == expected);
            QVERIFY(staged.segments[i].floorFromStage() && staged.segments[i].regimesFromStage());
        }
        QVERIFY(evaluate(staged).kpis.totalCostUsd <= evaluate(sample).kpis.totalCostUsd + 1e-6);
        const std::string text = checkRoundTrips(document);
        QVERIFY(text.find("\"stage\": \"mid\"") != std::string::npos);
        QCOMPARE(text.find("\"isolation_floor\""), std::string::npos);
        // A stated floor wins over the stage's, and is written.
        bj::object& mid = rowOf(document, "segments", "mid-stage");
        mid["isolation_floor"] = "hardware";
        const Project stated = readDocument(document);
        QVERIFY(stated.segments[1].isolationFloor == IsolationLevel::Hardware);
        QVERIFY(stated.segments[1].regimesFromStage() && !stated.segments[1].floorFromStage());
        QVERIFY(checkRoundTrips(document).find("\"isolation_floor\": \"hardware\"") !=
                std::string::npos);
        // Engine: mid-stage work under an enterprise stage runs only where it allows.
        bj::value moved = sampleInputsDocument();
        bj::object& segment = rowOf(moved, "segments", "mid-stage");
        segment.erase("isolation_floor");
        segment.erase("allowed_regimes");
        segment["stage"] = "enterprise";
        const Project enterprise = readDocument(moved);
        const Evaluation e = evaluate(enterprise);
        for (const Workload& workload : enterprise.workloads)
            if (workload.segmentId == "mid-stage")
                if (const OptionResult* option = test::workload(e, workload.id).chosenOption())
                    QVERIFY(enterprise.segments[1].allows(option->regime));
        // Changing the stage carries what followed it, keeps what was stated.
        Segment changed = stated.segments[1];
        changed.setStage(SegmentStage::Early);
        QVERIFY(changed.isolationFloor == IsolationLevel::Hardware);
        QVERIFY(changed.allowedRegimes == stageDefaults(SegmentStage::Early).allowedRegimes);
        // Without a stage the floor and regimes are required, naming the way out.
        bj::value missing = sampleInputsDocument();
        rowOf(missing, "segments", "enterprise").erase("isolation_floor");
        const std::string message = inputRefusalAt(missing, "/segments/2/isolation_floor");
        QVERIFY2(message.find("required") != std::string::npos &&
                     message.find("stage") != std::string::npos,
                 message.c_str());
        bj::value unknown = sampleInputsDocument();
        rowOf(unknown, "segments", "enterprise")["stage"] = "late";
        QVERIFY(inputRefusalAt(unknown, "/segments/2/stage").find("enterprise") !=
                std::string::npos);
    }

    void anOwnedGpuPricedPerGpuHour()
    {
        const auto figure = [](double value) {
            return bj::object{{"value", value}, {"source", "seed-2024-example"}, {"as_of", "2024"}};
        };
        const bj::object capex{{"capex_usd_per_gpu", figure(30000)},
                               {"amortization_years", figure(4)},
                               {"hosting_usd_per_gpu_month", figure(150)},
                               {"pue", figure(1.3)},
                               {"usd_per_kwh", figure(0.1)}};
        const auto withOwned = [](const bj::object& owned) {
            bj::value document = sampleInputsDocument();
            bj::object& root = document.as_object();
            const bj::object h100{{"gpu", "h100-sxm-80gb"},
                                  {"on_demand", bj::object{{"usd_per_gpu_hour", 2.99},
                                                           {"source", "seed-2024-example"},
                                                           {"as_of", "2024"}}},
                                  {"owned", owned}};
            root["price_books"] = bj::array{bj::object{{"id", "owned-book"},
                                                       {"name", "Owned"},
                                                       {"currency", "USD"},
                                                       {"as_of", "2024"},
                                                       {"gpus", bj::array{h100}}}};
            root["active_price_book"] = "owned-book";
            root["fleet"].as_object()["pools"].as_array()[0].as_object()["plan"] = "owned";
            return document;
        };
        const Project byCapex = readDocument(withOwned(capex));
        const GpuModel& h100 = *byCapex.catalog().gpu("h100-sxm-80gb");
        const double capexPrice = *byCapex.activePriceBook()->usdPerGpuHour(h100, Plan::Owned);
        // Stated as the price the five figures give: the same plan, the same cost.
        bj::object stated{{"usd_per_gpu_hour", figure(capexPrice)}, {"note", "finance's rate"}};
        const Project byRate = readDocument(withOwned(stated));
        QCOMPARE(*byRate.activePriceBook()->usdPerGpuHour(h100, Plan::Owned), capexPrice);
        const Evaluation capexEval = evaluate(byCapex), rateEval = evaluate(byRate);
        QVERIFY(nearlyEqual(rateEval.kpis.totalCostUsd, capexEval.kpis.totalCostUsd, 1e-12));
        // A higher rate never costs less.
        stated["usd_per_gpu_hour"] = figure(capexPrice * 1.5);
        const Evaluation dearer = evaluate(readDocument(withOwned(stated)));
        QVERIFY(dearer.kpis.totalCostUsd > capexEval.kpis.totalCostUsd);
        const std::string text = checkRoundTrips(withOwned(stated));
        QVERIFY(text.find("\"usd_per_gpu_hour\": {") != std::string::npos);
        QCOMPARE(text.find("capex_usd_per_gpu"), std::string::npos);
        // Both ways at once: refused, naming both.
        bj::object both = capex;
        both["usd_per_gpu_hour"] = figure(1.2);
        const std::string message =
            inputRefusalAt(withOwned(both), "/price_books/0/gpus/0/owned/capex_usd_per_gpu");
        QVERIFY2(message.find("usd_per_gpu_hour") != std::string::npos &&
                     message.find("capex_usd_per_gpu") != std::string::npos &&
                     message.find("not both") != std::string::npos,
                 message.c_str());
        bj::object zero{{"usd_per_gpu_hour", figure(0)}};
        QVERIFY(
            inputRefusalAt(withOwned(zero), "/price_books/0/gpus/0/owned/usd_per_gpu_hour/value")
                .find("> 0") != std::string::npos);
    }
};

FLEET_TEST_MAIN(TestPlannerInputs)
#include "test_planner_inputs.moc"
