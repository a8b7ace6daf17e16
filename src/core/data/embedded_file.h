#pragma once

// A data file compiled into the binary (see cmake/FleetEmbed.cmake).

#include <span>
#include <string_view>

namespace fleet {

struct EmbeddedFile
{
    std::string_view name;     ///< e.g. "catalog/gpus.json"
    std::string_view contents; ///< the file's bytes
};

} // namespace fleet

namespace fleet::builtin {
/// The catalog and price books shipped in the binary, in load order.
std::span<const fleet::EmbeddedFile> embeddedFiles();
} // namespace fleet::builtin

namespace fleet::samples {
/// The bundled sample project(s).
std::span<const fleet::EmbeddedFile> embeddedFiles();
} // namespace fleet::samples

namespace fleet::templates {
/// The bundled project templates, named "<id>.fleetplan.json".
std::span<const fleet::EmbeddedFile> embeddedFiles();
} // namespace fleet::templates
