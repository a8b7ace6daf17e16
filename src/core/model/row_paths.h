#pragma once

// Paths that name a row of a list by its id, never by its position (project
// format version 2). A scenario override such as
//
//     /fleet/pools/h100-reserved/count
//     /workloads/chat-70b/requests_per_second
//     /segments/enterprise/price_usd_per_gpu_hour
//
// keeps naming the same row when rows are inserted, removed or reordered in
// front of it. The token after a row list is the row's "id" (RFC 6901
// escaped); every other path (/scheduler/policy, /assumptions/…) is an
// ordinary JSON pointer. Format version 1 named rows by position
// ("/workloads/7/users"); idPathOf() turns such a path into its v2 form.

#include "util/result.h"

#include <boost/json/fwd.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace fleet {

/// The lists whose rows a path names by id: "/fleet/pools", "/workloads", "/segments",
/// "/tenants".
std::span<const std::string_view> rowLists();

/// The ordinary JSON pointer (rows by position) that `idPath` names in
/// `document`: "/workloads/chat-70b/users" → "/workloads/3/users". Fails,
/// naming the list and the id, when no row has that id.
Result<std::string> indexPathOf(const boost::json::value& document, std::string_view idPath);

/// The id path of an ordinary JSON pointer into `document`:
/// "/workloads/3/users" → "/workloads/chat-70b/users". Fails when the
/// position is out of range or the row has no id.
Result<std::string> idPathOf(const boost::json::value& document, std::string_view indexPath);

/// The row of `list` ("/workloads") that `idPath` names, if it names one.
std::optional<std::string> rowIdOf(std::string_view idPath, std::string_view list);

/// `idPath` with row `oldId` of `list` renamed `newId`; unchanged when it
/// names another row or no row.
std::string renamedPath(std::string_view idPath, std::string_view list, std::string_view oldId,
                        std::string_view newId);

} // namespace fleet
