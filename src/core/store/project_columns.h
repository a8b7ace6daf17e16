#pragma once

// The columns of a project file's tables and the JSON keys they map to,
// shared by the writer (project_rows_write.cpp) and the reader
// (project_rows_read.cpp) so the two directions cannot drift apart.

#include <array>
#include <initializer_list>
#include <span>
#include <string>

namespace fleet::rows {

enum class Type
{
    Text,
    Real,
    Int,
    Bool,
    Json
};

/// A column and the key of the JSON object it maps to ("choice/gpu" reaches
/// into a nested object).
struct Column
{
    const char* name;
    const char* key;
    Type type;
};

inline constexpr Column kProject[] = {
    {"name", "name", Type::Text},
    {"description", "description", Type::Text},
    {"note", "note", Type::Text},
    {"horizon_months", "horizon/months", Type::Int},
    {"start_month", "horizon/start_month", Type::Text},
    {"active_price_book", "active_price_book", Type::Text},
    {"fleet_mode", "fleet/mode", Type::Text},
    {"scheduler_policy", "scheduler/policy", Type::Text},
};
inline constexpr Column kSource[] = {{"id", "id", Type::Text},
                                     {"title", "title", Type::Text},
                                     {"publisher", "publisher", Type::Text},
                                     {"url", "url", Type::Text},
                                     {"kind", "kind", Type::Text},
                                     {"note", "note", Type::Text}};
inline constexpr Column kPriceBook[] = {{"id", "id", Type::Text},
                                        {"name", "name", Type::Text},
                                        {"currency", "currency", Type::Text},
                                        {"as_of", "as_of", Type::Text},
                                        {"description", "description", Type::Text}};
inline constexpr Column kHourly[] = {
    {"usd_per_gpu_hour", "usd_per_gpu_hour", Type::Real},
    {"source", "source", Type::Text},
    {"as_of", "as_of", Type::Text},
    {"interruptions_per_hour", "interruptions_per_hour", Type::Real},
    {"note", "note", Type::Text}};
inline constexpr Column kFigure[] = {{"value", "value", Type::Real},
                                     {"source", "source", Type::Text},
                                     {"as_of", "as_of", Type::Text},
                                     {"note", "note", Type::Text}};
inline constexpr Column kPool[] = {{"id", "id", Type::Text},
                                   {"gpu", "gpu", Type::Text},
                                   {"count", "count", Type::Int},
                                   {"plan", "plan", Type::Text},
                                   {"gpus_per_node", "gpus_per_node", Type::Int},
                                   {"note", "note", Type::Text}};
inline constexpr Column kSegment[] = {
    {"id", "id", Type::Text},
    {"name", "name", Type::Text},
    {"isolation_floor", "isolation_floor", Type::Text},
    {"preemptible", "preemptible", Type::Bool},
    {"price_usd_per_gpu_hour", "price_usd_per_gpu_hour", Type::Real},
    {"note", "note", Type::Text}};
inline constexpr Column kWorkload[] = {{"id", "id", Type::Text},
                                       {"name", "name", Type::Text},
                                       {"kind", "kind", Type::Text},
                                       {"segment", "segment", Type::Text},
                                       {"start_month", "start_month", Type::Int},
                                       {"end_month", "end_month", Type::Int},
                                       {"choice_gpu", "choice/gpu", Type::Text},
                                       {"choice_regime", "choice/regime", Type::Text},
                                       {"choice_profile", "choice/profile", Type::Text},
                                       {"choice_plan", "choice/plan", Type::Text},
                                       {"note", "note", Type::Text}};
inline constexpr Column kTraining[] = {
    {"active_params", "active_params", Type::Real},
    {"total_params", "total_params", Type::Real},
    {"tokens_per_run", "tokens_per_run", Type::Real},
    {"gpus_per_job", "gpus_per_job", Type::Int},
    {"efficiency", "efficiency", Type::Real},
    {"efficiency_measure", "efficiency_measure", Type::Text},
    {"precision", "precision", Type::Text},
    {"runs_per_month", "runs_per_month", Type::Real},
    {"checkpoint_interval_min", "checkpoint_interval_min", Type::Real},
    {"priority", "priority", Type::Int}};
inline constexpr Column kInference[] = {{"params", "params", Type::Real},
                                        {"precision", "precision", Type::Text},
                                        {"requests_per_second", "requests_per_second", Type::Real},
                                        {"input_tokens", "input_tokens", Type::Real},
                                        {"output_tokens", "output_tokens", Type::Real},
                                        {"tpot_ms", "tpot_ms", Type::Real},
                                        {"ttft_ms", "ttft_ms", Type::Real},
                                        {"growth_per_month", "growth_per_month", Type::Real},
                                        {"kv_bytes_per_token", "kv_bytes_per_token", Type::Real}};
inline constexpr Column kNotebooks[] = {
    {"users", "users", Type::Int},
    {"gpus_per_user", "gpus_per_user", Type::Real},
    {"active_fraction", "active_fraction", Type::Real},
    {"mean_idle_gap_min", "mean_idle_gap_min", Type::Real},
    {"idle_timeout_min", "idle_timeout_min", Type::Real},
    {"memory_gb_per_session", "memory_gb_per_session", Type::Real}};
inline constexpr Column kBatch[] = {
    {"gpu_hours_per_month", "gpu_hours_per_month", Type::Real},
    {"reference_gpu", "reference_gpu", Type::Text},
    {"gpus_per_job", "gpus_per_job", Type::Int},
    {"memory_gb_per_gpu", "memory_gb_per_gpu", Type::Real},
    {"preemptible", "preemptible", Type::Bool},
    {"checkpoint_interval_min", "checkpoint_interval_min", Type::Real}};
inline constexpr Column kScenario[] = {{"id", "id", Type::Text},
                                       {"name", "name", Type::Text},
                                       {"description", "description", Type::Text}};

struct WorkloadTable
{
    const char* kind;
    const char* table;
    std::span<const Column> columns;
};
inline const std::array<WorkloadTable, 4> kWorkloadTables = {
    {{"training", "training_workload", kTraining},
     {"inference", "inference_workload", kInference},
     {"notebooks", "notebook_workload", kNotebooks},
     {"batch", "batch_workload", kBatch}}};

std::string insertSql(const char* table, std::span<const Column> columns,
                      std::initializer_list<const char*> extra);
std::string selectSql(const char* table, std::span<const Column> columns, const char* where);

} // namespace fleet::rows
