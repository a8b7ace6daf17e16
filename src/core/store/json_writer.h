#pragma once

// Stable, diff-friendly JSON text: two-space indentation, one member per line,
// members in insertion order, numbers in their shortest round-trip form.

#include <boost/json.hpp>

#include <string>

namespace fleet::json {

std::string toPrettyString(const boost::json::value& value);

} // namespace fleet::json
