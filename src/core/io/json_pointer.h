#pragma once

// JSON Pointer (RFC 6901) writes on Boost.JSON values, for scenario overrides.

#include "util/result.h"

#include <boost/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace fleet::json {

/// The unescaped reference tokens of `pointer` ("/a~1b/0" → {"a/b", "0"}),
/// or why it is not a JSON pointer.
Result<std::vector<std::string>> splitPointer(std::string_view pointer);

/// The pointer made of `tokens`, each escaped ('~' → "~0", '/' → "~1").
std::string joinPointer(const std::vector<std::string>& tokens);

/// Sets the value at `pointer` in `root`. Every step but the last must exist
/// (unless `createObjects`: then missing object members on the way are
/// created as empty objects, as the app does when it first overrides a
/// default); the last may name a new member of an existing object. Array
/// indices must be in range. A null `value` at a member of an object removes
/// the member instead (JSON Merge Patch's rule, RFC 7386): how an optional
/// field is cleared, by an edit or a scenario. Fails with the reason, leaving
/// `root` unchanged.
Result<bool> setAtPointer(boost::json::value& root, const std::string& pointer,
                          boost::json::value value, bool createObjects = false);

} // namespace fleet::json
