#pragma once

// The columns of a project file's tables and the JSON keys they map to,
// shared by the writer (project_rows_write.cpp) and the reader
// (project_rows_read.cpp) so the two directions cannot drift apart.

#include "model/workload.h"

#include <array>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

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

/// The project table's columns, from model/project_fields.h: a key
/// "horizon/months" reaches into a nested object.
std::vector<Column> projectColumns();
inline const std::vector<Column> kProject = projectColumns();
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
/// A rented price's columns, from its field table (model/price_fields.h).
std::vector<Column> hourlyColumns();
inline const std::vector<Column> kHourly = hourlyColumns();
/// The plans priced in hourly_price (all but owned), by key.
std::vector<std::string> rentedPlanKeys();
/// "ORDER BY CASE name WHEN 'capex_usd_per_gpu' THEN 0 … END": owned figures
/// in their table's order.
std::string ownedFigureOrderSql();
inline constexpr Column kFigure[] = {{"value", "value", Type::Real},
                                     {"source", "source", Type::Text},
                                     {"as_of", "as_of", Type::Text},
                                     {"note", "note", Type::Text}};
/// The columns of the fleet pools' and segments' tables: one per row of their
/// field tables (model/fleet_fields.h) but the enum lists (field_sql.cpp).
std::vector<Column> poolColumns();
std::vector<Column> segmentColumns();
inline const std::vector<Column> kPool = poolColumns();
inline const std::vector<Column> kSegment = segmentColumns();
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
/// The columns of a workload kind's own table: one per row of its field table
/// (model/workload_fields.h), named by the field's key (field_sql.cpp).
std::vector<Column> specColumns(WorkloadKind kind);
inline const std::vector<Column> kTraining = specColumns(WorkloadKind::Training);
inline const std::vector<Column> kInference = specColumns(WorkloadKind::Inference);
inline const std::vector<Column> kNotebooks = specColumns(WorkloadKind::Notebooks);
inline const std::vector<Column> kBatch = specColumns(WorkloadKind::Batch);
/// The tenants' columns, from model/tenant_fields.h (field_sql.cpp).
std::vector<Column> tenantColumns();
inline const std::vector<Column> kTenant = tenantColumns();
/// The input ranges' columns, from model/range_fields.h (field_sql.cpp; format 7).
std::vector<Column> rangeColumns();
inline const std::vector<Column> kRange = rangeColumns();
std::vector<Column> scenarioColumns(); ///< from model/project_fields.h
inline const std::vector<Column> kScenario = scenarioColumns();

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
