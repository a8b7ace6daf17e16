#pragma once

// JSON Pointer (RFC 6901) writes on Boost.JSON values, for scenario overrides.

#include "util/result.h"

#include <boost/json.hpp>

#include <string>

namespace fleet::json {

/// Sets the value at `pointer` in `root`. Every step but the last must exist
/// (unless `createObjects`: then missing object members on the way are
/// created as empty objects, as the app does when it first overrides a
/// default); the last may name a new member of an existing object. Array
/// indices must be in range. Fails with the reason, leaving `root` unchanged.
Result<bool> setAtPointer(boost::json::value& root, const std::string& pointer,
                          boost::json::value value, bool createObjects = false);

} // namespace fleet::json
