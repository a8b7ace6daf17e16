#pragma once

// The performance tables compiled into the binary (data/perf/, embedded by
// src/core/CMakeLists.txt): model shapes, achieved serving efficiency,
// training defaults and the public measurements the engine is checked against.

#include "data/embedded_file.h"

#include <span>
#include <string_view>

namespace fleet::perfdata {
/// data/perf/*.json, by file name ("models.json", ...).
std::span<const fleet::EmbeddedFile> embeddedFiles();
} // namespace fleet::perfdata

namespace fleet {
/// The contents of data/perf/`name`; empty when no such file is embedded.
std::string_view perfDataFile(std::string_view name);
} // namespace fleet
