#pragma once

// Text that enters FleetPlanner from a file must be UTF-8: the JSON writer,
// Qt's strings and SQLite's TEXT all assume it, and a project that opens but
// cannot be exported is a project lost.

#include <cstddef>
#include <optional>
#include <string_view>

namespace fleet {

/// The offset of the first byte that is not part of well-formed UTF-8
/// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), or
/// nullopt when `text` is valid.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

} // namespace fleet
