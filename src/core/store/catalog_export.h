#pragma once

// The catalog as JSON, for `fleetplanner-cli catalog --json` and scripts:
// every figure as {"value", "source", "as_of"}, every source resolved.

#include "model/catalog.h"

#include <boost/json.hpp>

namespace fleet {

boost::json::object catalogToJson(const Catalog& catalog);

} // namespace fleet
