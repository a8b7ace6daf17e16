#pragma once

// What a real cluster ran: the job accounting of a Slurm cluster
// (`sacct --parsable2`), a Kubernetes pod list with creation, scheduling and
// deletion times (the openb format of Alibaba's GPU trace), or any CSV whose
// columns are mapped onto the same fields. Each job has a tenant (a Slurm
// account or user, a pod's namespace or QoS class), when it was submitted,
// started and ended, and the GPUs it held. docs/MODEL.md, "Replaying a job log".

#include "pack/trace.h"
#include "util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleet::joblog {

enum class LogFormat
{
    Sacct, ///< `sacct --parsable2` (fields separated by `|`, a header row)
    Pods,  ///< a pod list with times (openb columns), "k8s" on the command line
    Csv    ///< any CSV, its columns mapped (defaultCsvColumns())
};
std::optional<LogFormat> logFormatFromKey(std::string_view key); ///< "sacct", "k8s", "csv"
std::string_view logFormatKey(LogFormat format);

struct LoggedJob
{
    std::string id;
    std::string tenant;
    std::string state;   ///< as the log says it (COMPLETED, FAILED, Running…); may be empty
    double submitS = 0;  ///< seconds on the log's clock
    double startS = 0;   ///< ≥ submitS
    double endS = 0;     ///< ≥ startS
    int gpus = 0;        ///< GPUs held (1 for a share of one GPU)
    int gpuMilli = 1000; ///< per GPU, in thousandths; < 1000: a share of one GPU
    /// A later run of a job evicted before (a simulated run, joblog/
    /// simulated_log.h): its GPU-seconds are metered, but it is not another
    /// job and its wait is not a queueing wait.
    bool resumed = false;
    /// In double: a million GPUs of 1000 thousandths each overflow an int.
    double gpuEquivalents() const { return double(gpus) * gpuMilli / 1000.0; }
};

/// The jobs that ran and held GPUs, and what the reader left out, counted.
struct JobLog
{
    LogFormat format = LogFormat::Sacct;
    std::vector<LoggedJob> jobs;
    std::int64_t steps = 0;       ///< sacct job steps (123.batch, 123.0): their job is counted
    std::int64_t neverRan = 0;    ///< no start time (pending, cancelled before it started)
    std::int64_t unfinished = 0;  ///< started but no end time yet (still running)
    std::int64_t withoutGpus = 0; ///< held no GPU (CPU-only work)
    /// Rows that repeat an earlier row exactly (same job id, same fields):
    /// counted once. A job id on two different rows is refused.
    std::int64_t duplicateRows = 0;
    std::vector<Issue> warnings; ///< what was read but should be known (duplicateRows)
};

/// Whose a sacct job is: its account (the default) or its user.
enum class SacctTenant
{
    Account,
    User
};

/// Reads `sacct --parsable2` output with a header row. Required columns:
/// JobID, Submit, Start, End, AllocTRES (GPUs from gres/gpu), State, and
/// Account or User. Each problem names the file, the line and the field.
Result<JobLog> parseSacct(std::string_view text, const std::string& file,
                          SacctTenant tenant = SacctTenant::Account);

/// The fields of a CSV job log and their columns: id, tenant, submit, start,
/// end, gpus, and optionally gpu_milli and state. Times are seconds or ISO
/// 8601 date-times ("2026-03-01T10:00:00", with "Z" or "+02:00" optional).
const pack::ColumnMap& defaultCsvColumns();
/// openb's pod-list columns: name, qos (as the tenant), creation_time,
/// scheduled_time, deletion_time, num_gpu, gpu_milli, pod_phase.
const pack::ColumnMap& podListColumns();

/// Reads a CSV job log whose columns `columns` maps (pods: podListColumns()).
Result<JobLog> parseJobCsv(std::string_view text, const std::string& file,
                           const pack::ColumnMap& columns, LogFormat format = LogFormat::Csv);

/// Reads the file at `path` in `format`; `columns` maps a CSV's or a pod
/// list's columns (empty: the format's defaults).
Result<JobLog> loadJobLog(const std::string& path, LogFormat format,
                          const pack::ColumnMap& columns = {},
                          SacctTenant tenant = SacctTenant::Account);

/// Seconds from a time as logs write it: a number of seconds, or an ISO 8601
/// date-time (UTC unless it states an offset). nullopt when it is neither.
std::optional<double> parseLogTime(std::string_view text);

} // namespace fleet::joblog
