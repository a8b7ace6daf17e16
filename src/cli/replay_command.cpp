#include "replay_command.h"

#include "cli_support.h"
#include "joblog/log_measures.h"
#include "joblog/log_replay.h"
#include "joblog/metering_export.h"
#include "joblog/tenant_metering.h"
#include "metering_text.h"

#include <QCommandLineParser>

#include <boost/json.hpp>

#include <cmath>
#include <map>

namespace fleet::cli {

namespace {

namespace bj = boost::json;
using namespace fleet::joblog;

bj::object simulationJson(const SimulationResult& r)
{
    return {{"utilization", r.utilization},       {"useful_utilization", r.usefulUtilization},
            {"mean_wait_hours", r.meanWaitHours}, {"p95_wait_hours", r.p95WaitHours},
            {"wait_to_run", r.waitToRun},         {"completed_jobs", r.completedJobs},
            {"split_gangs", r.splitGangs},        {"measured_hours", r.measuredHours}};
}

/// Of a tenant of the log, the GPU-hours it held as logged.
double loggedGpuHours(const LogMeasures& m, const std::string& tenant)
{
    for (const TenantUse& t : m.tenants)
        if (t.tenant == tenant)
            return t.gpuHours;
    return 0;
}

/// Per tenant, as logged and as replayed (arrivals as logged, whole run).
bj::array replayTenantsJson(const LogMeasures& m, const LogReplay& replay)
{
    bj::array out;
    const auto& simulated = replay.asLogged.tenants;
    for (std::size_t i = 0; i < replay.tenants.size() && i < simulated.size(); ++i)
        out.push_back(bj::object{{"tenant", replay.tenants[i]},
                                 {"weight", replay.tenantWeights[i]},
                                 {"logged_gpu_hours", loggedGpuHours(m, replay.tenants[i])},
                                 {"simulated_gpu_hours", simulated[i].runGpuHours},
                                 {"simulated_share", simulated[i].share},
                                 {"simulated_mean_wait_hours", simulated[i].meanWaitHours},
                                 {"preemptions", simulated[i].preemptions}});
    return out;
}

bj::object toJson(const QString& file, const JobLog& log, const LogMeasures& m,
                  const LogReplay& replay, const Result<Metering>& metering)
{
    bj::array tenants;
    for (const TenantUse& t : m.tenants)
        tenants.push_back(bj::object{{"tenant", t.tenant},
                                     {"jobs", t.jobs},
                                     {"gpu_hours", t.gpuHours},
                                     {"share", t.share},
                                     {"mean_wait_hours", t.meanWaitHours},
                                     {"peak_gpus", t.peakGpus}});
    bj::array frontier;
    for (const ReplayPoint& p : replay.frontier) {
        bj::object point = simulationJson(p.result);
        point["arrival_scale"] = p.arrivalScale;
        point["offered_load"] = p.offeredLoad;
        frontier.push_back(std::move(point));
    }
    return {{"file", file.toStdString()},
            {"format", std::string(logFormatKey(log.format))},
            {"jobs", bj::object{{"ran", std::int64_t(log.jobs.size())},
                                {"steps_skipped", log.steps},
                                {"never_ran", log.neverRan},
                                {"unfinished", log.unfinished},
                                {"without_gpus", log.withoutGpus},
                                {"duplicates_counted_once", log.duplicateRows}}},
            {"measured", bj::object{{"span_hours", m.spanHours},
                                    {"gpu_hours", m.gpuHours},
                                    {"mean_busy_gpus", m.meanBusyGpus},
                                    {"peak_busy_gpus", m.peakBusyGpus},
                                    {"utilization", m.utilization},
                                    {"mean_wait_hours", m.meanWaitHours},
                                    {"p95_wait_hours", m.p95WaitHours},
                                    {"mean_run_hours", m.meanRunHours},
                                    {"tenants", std::move(tenants)}}},
            {"replay", bj::object{{"policy", std::string(placementPolicyKey(replay.policy))},
                                  {"nodes", replay.cluster.nodes},
                                  {"gpus_per_node", replay.cluster.gpusPerNode},
                                  {"jobs", replay.jobs},
                                  {"too_large", replay.tooLarge},
                                  {"as_logged", simulationJson(replay.asLogged)},
                                  {"tenants", replayTenantsJson(m, replay)},
                                  {"frontier", std::move(frontier)}}},
            {"metering", metering ? meteringJson(metering.value())
                                  : bj::object{{"error", metering.error().toString()}}}};
}

void printText(const QString& file, const JobLog& log, const LogMeasures& m,
               const LogReplay& replay, const Result<Metering>& metering)
{
    const int fleetGpus = replay.cluster.nodes * replay.cluster.gpusPerNode;
    QString out = QStringLiteral("Job log %1 (%2): %L3 jobs ran on GPUs")
                      .arg(file, QString::fromUtf8(logFormatKey(log.format).data()))
                      .arg(qlonglong(log.jobs.size()));
    QStringList left;
    if (log.steps)
        left << QStringLiteral("%L1 job steps counted with their jobs").arg(log.steps);
    if (log.neverRan)
        left << QStringLiteral("%L1 never started").arg(log.neverRan);
    if (log.unfinished)
        left << QStringLiteral("%L1 still running").arg(log.unfinished);
    if (log.withoutGpus)
        left << QStringLiteral("%L1 held no GPU").arg(log.withoutGpus);
    if (log.duplicateRows)
        left << QStringLiteral("%L1 repeated rows counted once").arg(log.duplicateRows);
    out += left.isEmpty()
               ? QStringLiteral(".\n")
               : QStringLiteral("; left out: %1.\n").arg(left.join(QStringLiteral(", ")));
    out += QStringLiteral("\nMeasured from the log (what ran):\n");
    out += QStringLiteral("  span %1, %L2 GPU-hours, %3 GPUs busy on average (peak %4)\n")
               .arg(hoursText(m.spanHours))
               .arg(m.gpuHours, 0, 'f', 0)
               .arg(m.meanBusyGpus, 0, 'f', 1)
               .arg(m.peakBusyGpus, 0, 'f', 1);
    out += QStringLiteral("  utilization of the project's %L1 GPUs: %2\n")
               .arg(fleetGpus)
               .arg(percentText(m.utilization));
    out +=
        QStringLiteral("  wait: mean %1, p95 %2; mean run %3\n")
            .arg(hoursText(m.meanWaitHours), hoursText(m.p95WaitHours), hoursText(m.meanRunHours));
    out += QStringLiteral("\nPer tenant:\n  %1 %2 %3 %4 %5 %6\n")
               .arg(QStringLiteral("tenant"), -24)
               .arg(QStringLiteral("jobs"), 8)
               .arg(QStringLiteral("GPU-hours"), 12)
               .arg(QStringLiteral("share"), 8)
               .arg(QStringLiteral("mean wait"), 10)
               .arg(QStringLiteral("peak GPUs"), 10);
    for (const TenantUse& t : m.tenants)
        out += QStringLiteral("  %1 %2 %3 %4 %5 %6\n")
                   .arg(QString::fromStdString(t.tenant).left(24), -24)
                   .arg(QStringLiteral("%L1").arg(t.jobs), 8)
                   .arg(QStringLiteral("%L1").arg(t.gpuHours, 0, 'f', 0), 12)
                   .arg(percentText(t.share), 8)
                   .arg(hoursText(t.meanWaitHours), 10)
                   .arg(QString::number(t.peakGpus, 'f', 1), 10);
    out += QStringLiteral("\nReplayed on the project's fleet (%1 nodes × %2 GPUs, %3): %L4 jobs")
               .arg(replay.cluster.nodes)
               .arg(replay.cluster.gpusPerNode)
               .arg(QString::fromUtf8(placementPolicyKey(replay.policy).data()))
               .arg(replay.jobs);
    if (replay.tooLarge)
        out += QStringLiteral(" (%L1 larger than the fleet left out)").arg(replay.tooLarge);
    out +=
        QStringLiteral("\n  as logged: utilization %1, wait mean %2, p95 %3\n")
            .arg(percentText(replay.asLogged.utilization), hoursText(replay.asLogged.meanWaitHours),
                 hoursText(replay.asLogged.p95WaitHours));
    out += QStringLiteral("  per tenant, as logged and replayed:\n    %1 %2 %3 %4 %5 %6\n")
               .arg(QStringLiteral("tenant"), -22)
               .arg(QStringLiteral("weight"), 7)
               .arg(QStringLiteral("logged GPU-h"), 13)
               .arg(QStringLiteral("replayed GPU-h"), 15)
               .arg(QStringLiteral("mean wait"), 10)
               .arg(QStringLiteral("preempted"), 10);
    const auto& simulated = replay.asLogged.tenants;
    for (std::size_t i = 0; i < replay.tenants.size() && i < simulated.size(); ++i)
        out +=
            QStringLiteral("    %1 %2 %3 %4 %5 %6\n")
                .arg(QString::fromStdString(replay.tenants[i]).left(22), -22)
                .arg(QString::number(replay.tenantWeights[i], 'g', 3), 7)
                .arg(QStringLiteral("%L1").arg(loggedGpuHours(m, replay.tenants[i]), 0, 'f', 0), 13)
                .arg(QStringLiteral("%L1").arg(simulated[i].runGpuHours, 0, 'f', 0), 15)
                .arg(hoursText(simulated[i].meanWaitHours), 10)
                .arg(QStringLiteral("%L1").arg(simulated[i].preemptions), 10);
    out += QStringLiteral("\nArrival rate scaled (the frontier of this mix):\n  %1 %2 %3 %4 %5\n")
               .arg(QStringLiteral("arrivals"), 9)
               .arg(QStringLiteral("offered"), 9)
               .arg(QStringLiteral("utilization"), 12)
               .arg(QStringLiteral("mean wait"), 10)
               .arg(QStringLiteral("wait/run"), 9);
    for (const ReplayPoint& p : replay.frontier)
        out += QStringLiteral("  %1 %2 %3 %4 %5\n")
                   .arg(QStringLiteral("×%1").arg(p.arrivalScale, 0, 'f', 2), 9)
                   .arg(percentText(p.offeredLoad), 9)
                   .arg(percentText(p.result.utilization), 12)
                   .arg(hoursText(p.result.meanWaitHours), 10)
                   .arg(QString::number(p.result.waitToRun, 'f', 2), 9);
    out += meteringText(metering);
    printOut(out);
}

/// Reads NAME=NUMBER,… into `out`, each number above 0; the problem, or "".
QString readNamedNumbers(const QString& value, const QString& what, const QString& noun,
                         std::map<std::string, double>* out)
{
    for (const QString& pair : value.split(QLatin1Char(','))) {
        const qsizetype eq = pair.lastIndexOf(QLatin1Char('='));
        bool ok = false;
        const double number = eq > 0 ? pair.mid(eq + 1).trimmed().toDouble(&ok) : 0.0;
        if (eq <= 0 || !ok || !(number > 0) || !std::isfinite(number))
            return QStringLiteral("'%1' must be NAME=%2 with a %3 above 0").arg(pair, what, noun);
        (*out)[pair.left(eq).trimmed().toStdString()] = number;
    }
    return {};
}

} // namespace

int runReplayCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Read a real cluster's job log — Slurm's `sacct --parsable2` output, a pod list with\n"
        "creation, scheduling and deletion times, or any CSV with mapped columns — and show\n"
        "what ran (GPU-hours, utilization, waits, per tenant); then replay it in the simulator\n"
        "on PROJECT's fleet, as logged and with its arrival rate scaled."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("jobs"), QStringLiteral("The job log."), QStringLiteral("FILE")},
        {QStringLiteral("format"),
         QStringLiteral("sacct (default; run sacct --parsable2 --allocations "
                        "--format=JobID,Account,User,Submit,Start,End,AllocTRES,State), k8s (a "
                        "pod list: name, qos, creation_time, scheduled_time, deletion_time, "
                        "num_gpu, gpu_milli, pod_phase) or csv (id, tenant, submit, start, end, "
                        "gpus)."),
         QStringLiteral("F")},
        {QStringLiteral("columns"),
         QStringLiteral("k8s or csv: FIELD=COLUMN,… for id, tenant, submit, start, end, gpus, "
                        "gpu_milli, state."),
         QStringLiteral("MAP")},
        {QStringLiteral("tenant"),
         QStringLiteral("sacct: whose a job is, account (default) or user."), QStringLiteral("T")},
        {QStringLiteral("policy"),
         QStringLiteral("fifo, naive, topology_aware (default), predictive_preemption or "
                        "weighted_fair (the log's tenants share by weight)."),
         QStringLiteral("P")},
        {QStringLiteral("tenant-weights"),
         QStringLiteral("weighted_fair: NAME=W,… cost weights of the log's tenants (others 1)."),
         QStringLiteral("MAP")},
        {QStringLiteral("chargeback"),
         QStringLiteral("Who pays for committed GPUs no job held: proportional (default; each "
                        "tenant by its GPU-seconds in the month), quota (by --tenant-quotas) or "
                        "central (a separate line)."),
         QStringLiteral("RULE")},
        {QStringLiteral("tenant-quotas"),
         QStringLiteral("NAME=GPUS,… the log's tenants' quotas, for --chargeback quota."),
         QStringLiteral("MAP")},
        {QStringLiteral("sla-wait-hours"),
         QStringLiteral("Per tenant, the share of jobs that started within this wait."),
         QStringLiteral("H")},
        {QStringLiteral("csv"),
         QStringLiteral(
             "Write the per-tenant metering, one row per tenant per month, as CSV "
             "with OpenCost's allocation field names. A text cell starting with =, +, -, @, "
             "tab or CR gets a leading apostrophe (never a formula)."),
         QStringLiteral("FILE")},
        {QStringLiteral("json"), QStringLiteral("Print JSON.")},
        {QStringLiteral("scenario"), QStringLiteral("Apply this scenario of PROJECT first."),
         QStringLiteral("NAME")},
    });
    parser.addPositionalArgument(QStringLiteral("PROJECT"),
                                 QStringLiteral("The project whose fleet the log is replayed on "
                                                "(:sample for the bundled sample)."));
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    const auto fail = [](const QString& message) {
        printErr(QStringLiteral("fleetplanner-cli replay: %1\n").arg(message));
        return int(UserError);
    };
    if (!parser.isSet(QStringLiteral("jobs")))
        return fail(QStringLiteral("--jobs FILE is required"));
    if (parser.positionalArguments().isEmpty())
        return fail(QStringLiteral("PROJECT is required: the fleet the log is replayed on"));
    const QString formatKey = parser.isSet(QStringLiteral("format"))
                                  ? parser.value(QStringLiteral("format"))
                                  : QStringLiteral("sacct");
    const auto format = logFormatFromKey(formatKey.toStdString());
    if (!format)
        return fail(QStringLiteral("--format must be sacct, k8s or csv; got '%1'").arg(formatKey));
    SacctTenant tenant = SacctTenant::Account;
    if (parser.isSet(QStringLiteral("tenant"))) {
        const QString t = parser.value(QStringLiteral("tenant"));
        if (t != QStringLiteral("account") && t != QStringLiteral("user"))
            return fail(QStringLiteral("--tenant must be account or user; got '%1'").arg(t));
        if (*format != LogFormat::Sacct)
            return fail(QStringLiteral("--tenant applies to --format sacct; map the tenant's "
                                       "column with --columns tenant=COLUMN"));
        tenant = t == QStringLiteral("user") ? SacctTenant::User : SacctTenant::Account;
    }
    pack::ColumnMap columns;
    if (parser.isSet(QStringLiteral("columns"))) {
        if (*format == LogFormat::Sacct)
            return fail(QStringLiteral("--columns applies to --format k8s or csv: sacct's columns "
                                       "have fixed names"));
        auto map = pack::parseColumnMap(parser.value(QStringLiteral("columns")).toStdString(),
                                        *format == LogFormat::Pods ? podListColumns()
                                                                   : defaultCsvColumns());
        if (!map)
            return fail(QStringLiteral("--columns: %1")
                            .arg(QString::fromStdString(map.error().toString())));
        columns = map.value();
    }
    PlacementPolicy policy = PlacementPolicy::TopologyAware;
    if (parser.isSet(QStringLiteral("policy"))) {
        const auto chosen =
            placementPolicyFromKey(parser.value(QStringLiteral("policy")).toStdString());
        if (!chosen)
            return fail(QStringLiteral("--policy must be fifo, naive, topology_aware, "
                                       "predictive_preemption or weighted_fair; got '%1'")
                            .arg(parser.value(QStringLiteral("policy"))));
        policy = *chosen;
    }
    std::map<std::string, double> tenantWeights;
    if (parser.isSet(QStringLiteral("tenant-weights"))) {
        const QString error =
            readNamedNumbers(parser.value(QStringLiteral("tenant-weights")),
                             QStringLiteral("WEIGHT"), QStringLiteral("weight"), &tenantWeights);
        if (!error.isEmpty())
            return fail(QStringLiteral("--tenant-weights: ") + error);
    }
    MeteringOptions metering;
    const bool meteringAsked = parser.isSet(QStringLiteral("chargeback")) ||
                               parser.isSet(QStringLiteral("tenant-quotas")) ||
                               parser.isSet(QStringLiteral("sla-wait-hours")) ||
                               parser.isSet(QStringLiteral("csv"));
    if (const QString error = readMeteringOptions(parser, &metering); !error.isEmpty())
        return fail(error);
    if (parser.isSet(QStringLiteral("tenant-quotas"))) {
        const QString error =
            readNamedNumbers(parser.value(QStringLiteral("tenant-quotas")), QStringLiteral("GPUS"),
                             QStringLiteral("number of GPUs"), &metering.quotaGpus);
        if (!error.isEmpty())
            return fail(QStringLiteral("--tenant-quotas: ") + error);
        if (metering.rule != Chargeback::Quota)
            return fail(QStringLiteral("--tenant-quotas applies to --chargeback quota"));
    }
    const auto project = loadProjectArgument(parser, QStringLiteral("replay"), &exitCode);
    if (!project)
        return exitCode;
    const QString file = parser.value(QStringLiteral("jobs"));
    auto log = loadJobLog(file.toStdString(), *format, columns, tenant);
    if (!log) {
        printErr(QString::fromStdString(log.error().toString()) + QLatin1Char('\n'));
        return UserError;
    }
    for (const Issue& warning : log.value().warnings)
        printErr(QStringLiteral("fleetplanner-cli replay: warning: %1\n")
                     .arg(QString::fromStdString(warning.toString())));
    auto replay = replayLog(log.value(), *project, policy, kReplayScales, tenantWeights);
    if (!replay)
        return fail(QString::fromStdString(replay.error().toString()));
    const int fleetGpus = replay.value().cluster.nodes * replay.value().cluster.gpusPerNode;
    const LogMeasures measures = measureLog(log.value(), fleetGpus);
    const Result<Metering> meter = meterTenants(log.value(), *project, metering);
    // Asked for, metering that cannot be done is an error; otherwise the
    // replay is shown and the metering says why it is missing.
    if (!meter && meteringAsked)
        return fail(QString::fromStdString(meter.error().toString()));
    if (parser.isSet(QStringLiteral("csv"))) {
        const QString error = writeMeteringCsv(meter.value(), parser);
        if (!error.isEmpty())
            return fail(error);
    }
    if (parser.isSet(QStringLiteral("json")))
        printJson(toJson(file, log.value(), measures, replay.value(), meter));
    else
        printText(file, log.value(), measures, replay.value(), meter);
    return Ok;
}

} // namespace fleet::cli
