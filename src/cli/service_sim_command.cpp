#include "service_sim_command.h"

#include "cli_support.h"
#include "engine/evaluate.h"
#include "engine/queueing.h"
#include "simulate/disaggregated_service.h"
#include "simulate/service_simulator.h"

#include <QCommandLineParser>

#include <boost/json.hpp>

#include <cmath>

namespace fleet::cli {

namespace {

namespace bj = boost::json;

bj::value numberOrNull(double value)
{
    return std::isfinite(value) ? bj::value(value) : bj::value(nullptr);
}

/// One pool of a disaggregated service: simulated mean and p99 beside the
/// engine's, and the share of requests within the pool's target.
QString poolLine(const QString& what, const ServiceSimulationReport& simulated,
                 const TtftQueueing& engine, const QString& target, double targetMs)
{
    return QStringLiteral("  %1: mean %2 ms, p99 %3 ms (engine's M/M/c: %4 ms, %5 ms); %6 (%7 "
                          "ms) for %8 % of requests\n")
        .arg(what)
        .arg(simulated.meanTtftMs, 0, 'f', 1)
        .arg(simulated.p99TtftMs, 0, 'f', 1)
        .arg(engine.meanTtftMs, 0, 'f', 1)
        .arg(engine.p99TtftMs, 0, 'f', 1)
        .arg(target)
        .arg(targetMs, 0, 'f', 0)
        .arg(simulated.slaMetFraction * 100.0, 0, 'f', 3);
}

/// A disaggregated service: both pools, each beside the engine's M/M/c figures.
int runDisaggregated(const Project& project, const Workload& workload, const OptionResult& option,
                     double hours, std::uint64_t seed, bool json)
{
    auto input = firstMonthOfDisaggregatedService(project, workload, option);
    if (!input) {
        printErr("simulate-service: " + QString::fromStdString(input.error().toString()) + "\n");
        return UserError;
    }
    const DisaggregatedServiceInput& in = input.value();
    const DisaggregatedServiceReport r = simulateDisaggregatedService(in, hours, seed);
    // The engine's queues for the same month (engine/disaggregated.cpp).
    const TtftQueueing engineTtft =
        ttftQueueing(in.prefill.dedicatedReplicas, 1, 1.0 / in.prefill.meanSlotSeconds,
                     in.prefill.prefillMs, in.prefill.requestsPerSecond);
    const TtftQueueing engineDecode = ttftQueueing(
        in.decode.dedicatedReplicas, in.decode.slotsPerReplica,
        option.detail("decode_requests_per_second_per_replica"), 0.0, in.decode.requestsPerSecond);
    if (json) {
        printJson(bj::object{{"workload", workload.id},
                             {"serving", "disaggregated"},
                             {"prefill_instances", in.prefill.dedicatedReplicas},
                             {"decode_replicas", in.decode.dedicatedReplicas},
                             {"slots_per_decode_replica", in.decode.slotsPerReplica},
                             {"overflow_replicas", 0},
                             {"requests_per_second", in.prefill.requestsPerSecond},
                             {"hours", hours},
                             {"requests", r.prefill.requests},
                             {"ttft_mean_ms", r.prefill.meanTtftMs},
                             {"ttft_p99_ms", r.prefill.p99TtftMs},
                             {"ttft_target_ms", in.prefill.ttftTargetMs},
                             {"sla_met_fraction", r.prefill.slaMetFraction},
                             {"decode_wait_mean_ms", r.decode.meanTtftMs},
                             {"decode_wait_p99_ms", r.decode.p99TtftMs},
                             {"tpot_target_ms", in.decode.ttftTargetMs},
                             {"decode_wait_within_tpot_fraction", r.decode.slaMetFraction},
                             {"engine_ttft_mean_ms", numberOrNull(engineTtft.meanTtftMs)},
                             {"engine_ttft_p99_ms", numberOrNull(engineTtft.p99TtftMs)},
                             {"engine_decode_wait_mean_ms", numberOrNull(engineDecode.meanTtftMs)},
                             {"engine_decode_wait_p99_ms", numberOrNull(engineDecode.p99TtftMs)}});
        return Ok;
    }
    QString out = QStringLiteral("%1: disaggregated, %2 prefill instances + %3 decode replicas of "
                                 "%4 slots, %5 requests/s, %6 h simulated (%7 requests)\n")
                      .arg(QString::fromStdString(workload.id))
                      .arg(in.prefill.dedicatedReplicas)
                      .arg(in.decode.dedicatedReplicas)
                      .arg(in.decode.slotsPerReplica)
                      .arg(in.prefill.requestsPerSecond, 0, 'f', 2)
                      .arg(hours, 0, 'g', 4)
                      .arg(r.prefill.requests, 0, 'f', 0);
    out += poolLine(QStringLiteral("TTFT (prefill queue, prefill, KV transfer)"), r.prefill,
                    engineTtft, QStringLiteral("within the TTFT target"), in.prefill.ttftTargetMs);
    out += poolLine(QStringLiteral("wait for a decode slot"), r.decode, engineDecode,
                    QStringLiteral("within one TPOT"), in.decode.ttftTargetMs);
    out +=
        QStringLiteral("  no overflow replicas: a disaggregated service's pools are dedicated\n");
    printOut(out);
    return Ok;
}

} // namespace

int runServiceSimCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Simulate an inference service's first month request by request on the replicas the "
        "engine sized: dedicated and preemptible overflow, or a disaggregated service's prefill "
        "and decode pools. Reports the achieved preemption rate "
        "and the TTFT SLA beside the engine's figures.");
    parser.addHelpOption();
    parser.addPositionalArgument("project", "Project file, or :sample");
    parser.addPositionalArgument("workload", "Id of an inference workload");
    const QCommandLineOption hoursOption("hours", "Simulated hours (default 1).", "H", "1");
    const QCommandLineOption seedOption("seed", "Random seed (default 1).", "S", "1");
    const QCommandLineOption jsonOption("json", "Print JSON.");
    const QCommandLineOption scenarioOption("scenario", "Apply a scenario.", "ID");
    parser.addOptions({hoursOption, seedOption, jsonOption, scenarioOption});
    addCatalogOption(parser);
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 2, &exitCode))
        return exitCode;
    if (parser.positionalArguments().size() != 2) {
        printErr("simulate-service: give PROJECT and WORKLOAD\n");
        return UserError;
    }
    double hours = 1;
    if (!numberOption(parser, "simulate-service", "hours", 0, 1000, false, false, &hours))
        return UserError;
    bool seedOk = false;
    const qulonglong seed = parser.value(seedOption).toULongLong(&seedOk);
    if (!seedOk) {
        printErr("simulate-service: --seed must be a whole number ≥ 0; got '" +
                 parser.value(seedOption) + "'\n");
        return UserError;
    }
    const auto project = loadProjectArgument(parser, "simulate-service", &exitCode);
    if (!project)
        return exitCode;
    const std::string id = parser.positionalArguments().at(1).toStdString();
    const Workload* workload = nullptr;
    for (const Workload& w : project->workloads)
        if (w.id == id)
            workload = &w;
    if (!workload) {
        printErr("simulate-service: the project has no workload \"" + QString::fromStdString(id) +
                 "\"\n");
        return UserError;
    }
    const Evaluation evaluation = evaluate(*project);
    const OptionResult* option = nullptr;
    for (const WorkloadEvaluation& w : evaluation.workloads)
        if (w.id == id)
            option = w.chosenOption();
    if (!option) {
        printErr("simulate-service: workload \"" + QString::fromStdString(id) +
                 "\" has no feasible option\n");
        return UserError;
    }
    if (option->detail("serving_disaggregated") > 0)
        return runDisaggregated(*project, *workload, *option, hours, seed,
                                parser.isSet(jsonOption));
    auto input = firstMonthOfService(*project, *workload, *option);
    if (!input) {
        printErr("simulate-service: " + QString::fromStdString(input.error().toString()) + "\n");
        return UserError;
    }
    ServiceSimulationInput in = std::move(input).value();
    in.hours = hours;
    in.seed = seed;
    const ServiceSimulationReport r = simulateService(in);
    // The engine's M/M/c figures for this month (its details give the worst month).
    const int replicas = in.dedicatedReplicas + in.overflowReplicas;
    const double perReplica = option->detail("requests_per_second_per_replica");
    const TtftQueueing engine =
        ttftQueueing(replicas, in.slotsPerReplica, perReplica, in.prefillMs, in.requestsPerSecond);
    const TtftQueueing enginePreempted = ttftQueueing(
        in.dedicatedReplicas + in.overflowReplicas * (1.0 - option->overflowPreemptionRate),
        in.slotsPerReplica, perReplica, in.prefillMs, in.requestsPerSecond);
    const double engineP99 = engine.p99TtftMs;
    const double engineP99Preempted = enginePreempted.p99TtftMs;
    if (parser.isSet(jsonOption)) {
        printJson(
            bj::object{{"workload", id},
                       {"dedicated_replicas", in.dedicatedReplicas},
                       {"overflow_replicas", in.overflowReplicas},
                       {"slots_per_replica", in.slotsPerReplica},
                       {"requests_per_second", in.requestsPerSecond},
                       {"hours", in.hours},
                       {"requests", r.requests},
                       {"ttft_mean_ms", r.meanTtftMs},
                       {"ttft_p99_ms", r.p99TtftMs},
                       {"ttft_target_ms", in.ttftTargetMs},
                       {"sla_met_fraction", r.slaMetFraction},
                       {"interrupted_fraction", r.interruptedFraction},
                       {"preemptions", r.preemptions},
                       {"achieved_preemption_rate", r.achievedPreemptionRate},
                       {"modelled_preemption_rate", option->overflowPreemptionRate},
                       {"engine_ttft_mean_ms", numberOrNull(engine.meanTtftMs)},
                       {"engine_ttft_p99_ms", numberOrNull(engineP99)},
                       {"engine_ttft_p99_ms_with_preemption", numberOrNull(engineP99Preempted)}});
        return Ok;
    }
    QString out = QStringLiteral("%1: %2 dedicated + %3 overflow replicas of %4 slots, %5 "
                                 "requests/s, %6 h simulated (%7 requests)\n")
                      .arg(QString::fromStdString(id))
                      .arg(in.dedicatedReplicas)
                      .arg(in.overflowReplicas)
                      .arg(in.slotsPerReplica)
                      .arg(in.requestsPerSecond, 0, 'f', 2)
                      .arg(in.hours, 0, 'g', 4)
                      .arg(r.requests, 0, 'f', 0);
    out += QStringLiteral("  TTFT: mean %1 ms, p99 %2 ms (engine's M/M/c: %3 ms, %4 ms; %5 ms "
                          "with the overflow's preemption); target %6 ms met by %7 % of requests\n")
               .arg(r.meanTtftMs, 0, 'f', 1)
               .arg(r.p99TtftMs, 0, 'f', 1)
               .arg(engine.meanTtftMs, 0, 'f', 1)
               .arg(engineP99, 0, 'f', 1)
               .arg(engineP99Preempted, 0, 'f', 1)
               .arg(in.ttftTargetMs, 0, 'f', 0)
               .arg(r.slaMetFraction * 100.0, 0, 'f', 3);
    if (in.overflowReplicas > 0)
        out += QStringLiteral("  overflow: %1 evictions, achieved preemption rate %2 % of the "
                              "overflow's time (engine's %3 %); %4 % of requests started over\n")
                   .arg(r.preemptions, 0, 'f', 0)
                   .arg(r.achievedPreemptionRate * 100.0, 0, 'f', 3)
                   .arg(option->overflowPreemptionRate * 100.0, 0, 'f', 3)
                   .arg(r.interruptedFraction * 100.0, 0, 'f', 3);
    else
        out += QStringLiteral("  no overflow replicas in the first month\n");
    printOut(out);
    return Ok;
}

} // namespace fleet::cli
