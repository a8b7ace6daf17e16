#pragma once

// The record tables' SQL as project_schema.cpp spelled it out by hand before
// it was generated from the field tables: existing project files are checked
// against this text, so the generated text must stay byte-identical
// (test_record_fields). Format 5 added a segment's stage and the owned
// figure usd_per_gpu_hour (the step 4 → 5 rebuilds both tables). Schema 8
// dropped segment_regime's CHECK listing the regimes: they are text checked
// against the registry (the step 7 → 8 rebuilds the table).

namespace fleet::test {

/// The pools' and segments' tables as project_schema.cpp spelled them out
/// before they were generated: existing project files are checked against this.
inline const char* const kGoldenPoolAndSegmentTables = R"SQL(CREATE TABLE fleet_pool (
    position INTEGER NOT NULL UNIQUE,
    id TEXT PRIMARY KEY,
    gpu TEXT NOT NULL,
    count INTEGER NOT NULL CHECK (count BETWEEN 0 AND 10000000),
    plan TEXT NOT NULL CHECK (plan IN ('on_demand', 'reserved_1y', 'reserved_3y', 'spot', 'owned')),
    gpus_per_node INTEGER NOT NULL CHECK (gpus_per_node BETWEEN 1 AND 64),
    note TEXT
) STRICT;
CREATE TABLE segment (
    position INTEGER NOT NULL UNIQUE,
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    stage TEXT CHECK (stage IN ('early', 'mid', 'enterprise')),
    isolation_floor TEXT CHECK (isolation_floor IN ('none', 'memory', 'hardware')),
    preemptible INTEGER CHECK (preemptible IN (0, 1)),
    price_usd_per_gpu_hour REAL NOT NULL CHECK (price_usd_per_gpu_hour BETWEEN 0 AND 200),
    note TEXT
) STRICT;
CREATE TABLE segment_regime (
    segment_id TEXT NOT NULL REFERENCES segment (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    regime TEXT NOT NULL,
    PRIMARY KEY (segment_id, position)
) STRICT;
)SQL";

inline const char* const kGoldenProjectTable = R"SQL(CREATE TABLE project (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 4096),
    description TEXT CHECK (length(description) <= 65536),
    note TEXT CHECK (length(note) <= 65536),
    horizon_months INTEGER NOT NULL CHECK (horizon_months BETWEEN 1 AND 120),
    start_month TEXT CHECK (start_month GLOB '[12][0-9][0-9][0-9]-[01][0-9]'),
    active_price_book TEXT NOT NULL,
    fleet_mode TEXT NOT NULL CHECK (fleet_mode IN ('fixed', 'size')),
    scheduler_policy TEXT NOT NULL CHECK (scheduler_policy IN ('naive', 'topology_aware', 'predictive_preemption'))
) STRICT;
)SQL";

inline const char* const kGoldenScenarioTable = R"SQL(CREATE TABLE scenario (
    position INTEGER NOT NULL UNIQUE,
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT
) STRICT;
)SQL";

/// The price entries' tables as project_schema.cpp spelled them out before
/// they were generated from model/price_fields.h.
inline const char* const kGoldenPriceEntryTables = R"SQL(CREATE TABLE hourly_price (
    book_id TEXT NOT NULL,
    gpu TEXT NOT NULL,
    plan TEXT NOT NULL CHECK (plan IN ('on_demand', 'reserved_1y', 'reserved_3y', 'spot')),
    usd_per_gpu_hour REAL NOT NULL CHECK (usd_per_gpu_hour > 0 AND usd_per_gpu_hour <= 200),
    source TEXT NOT NULL,
    as_of TEXT NOT NULL,
    interruptions_per_hour REAL CHECK (interruptions_per_hour BETWEEN 0 AND 10),
    note TEXT,
    PRIMARY KEY (book_id, gpu, plan),
    FOREIGN KEY (book_id, gpu) REFERENCES gpu_price (book_id, gpu) ON DELETE CASCADE
) STRICT;
CREATE TABLE owned_cost (
    book_id TEXT NOT NULL,
    gpu TEXT NOT NULL,
    note TEXT,
    PRIMARY KEY (book_id, gpu),
    FOREIGN KEY (book_id, gpu) REFERENCES gpu_price (book_id, gpu) ON DELETE CASCADE
) STRICT;
CREATE TABLE owned_figure (
    book_id TEXT NOT NULL,
    gpu TEXT NOT NULL,
    name TEXT NOT NULL CHECK (name IN ('capex_usd_per_gpu', 'amortization_years', 'hosting_usd_per_gpu_month', 'pue', 'usd_per_kwh', 'usd_per_gpu_hour')),
    value REAL NOT NULL CHECK (value >= 0),
    source TEXT NOT NULL,
    as_of TEXT NOT NULL,
    note TEXT,
    PRIMARY KEY (book_id, gpu, name),
    FOREIGN KEY (book_id, gpu) REFERENCES owned_cost (book_id, gpu) ON DELETE CASCADE
) STRICT;
)SQL";

} // namespace fleet::test
