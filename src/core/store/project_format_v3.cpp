#include "store/project_format_v3.h"

#include <string>

namespace fleet {

const char* const kInferenceTableV4 = R"SQL(CREATE TABLE inference_workload (
    workload_id TEXT PRIMARY KEY REFERENCES workload (id) ON DELETE CASCADE,
    model TEXT,
    params REAL NOT NULL CHECK (params > 0 AND params <= 1e14),
    total_params REAL CHECK (total_params > 0 AND total_params <= 1e14),
    precision TEXT NOT NULL CHECK (precision IN ('bf16', 'fp8')),
    requests_per_second REAL NOT NULL CHECK (requests_per_second > 0 AND requests_per_second <= 1e7),
    input_tokens REAL NOT NULL CHECK (input_tokens BETWEEN 0 AND 1e7),
    output_tokens REAL NOT NULL CHECK (output_tokens > 0 AND output_tokens <= 1e6),
    tpot_ms REAL NOT NULL CHECK (tpot_ms > 0 AND tpot_ms <= 1e4),
    ttft_ms REAL NOT NULL CHECK (ttft_ms > 0 AND ttft_ms <= 6e5),
    growth_per_month REAL CHECK (growth_per_month BETWEEN -0.5 AND 10),
    kv_bytes_per_token REAL CHECK (kv_bytes_per_token > 0 AND kv_bytes_per_token <= 1e8)
) STRICT;
)SQL";

Result<bool> addInferenceModelColumns(const sql::Database& db)
{
    // Version 3's columns, all of which version 4 keeps.
    const std::string columns = "workload_id, params, precision, requests_per_second, "
                                "input_tokens, output_tokens, tpot_ms, ttft_ms, "
                                "growth_per_month, kv_bytes_per_token";
    if (auto renamed = db.exec("ALTER TABLE inference_workload RENAME TO inference_workload_v3;");
        !renamed)
        return renamed;
    if (auto created = db.exec(kInferenceTableV4); !created)
        return created;
    if (auto copied = db.exec("INSERT INTO inference_workload (" + columns + ") SELECT " + columns +
                              " FROM inference_workload_v3;");
        !copied)
        return copied;
    return db.exec("DROP TABLE inference_workload_v3;");
}

} // namespace fleet
