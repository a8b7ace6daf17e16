#include "perf/gpu_power.h"

#include "perf/perf_data.h"

#include <boost/json.hpp>

#include <cmath>
#include <string>

namespace fleet {

Result<double> parseIdleFractionOfTdp(std::string_view text, std::string_view file)
{
    const std::string where(file);
    boost::system::error_code ec;
    const boost::json::value doc = boost::json::parse(text, ec);
    if (ec || !doc.is_object())
        return Error(where + ": not a JSON object");
    const auto* figure = doc.as_object().if_contains("idle_fraction_of_tdp");
    if (!figure || !figure->is_object())
        return Error(where + ": idle_fraction_of_tdp must be an object with value, source, as_of");
    const auto& fields = figure->as_object();
    const auto* value = fields.if_contains("value");
    if (!value || !value->is_number())
        return Error(where + ": idle_fraction_of_tdp/value must be a number");
    const double fraction = value->to_number<double>();
    if (!std::isfinite(fraction) || fraction < 0 || fraction >= 1)
        return Error(where + ": idle_fraction_of_tdp/value must be at least 0 and below 1");
    const auto* source = fields.if_contains("source");
    const auto* asOf = fields.if_contains("as_of");
    if (!source || !source->is_string() || source->as_string().empty() || !asOf ||
        !asOf->is_string() || asOf->as_string().empty())
        return Error(where + ": idle_fraction_of_tdp must state its source and as_of");
    return fraction;
}

Result<double> idleFractionOfTdp()
{
    return parseIdleFractionOfTdp(perfDataFile("gpu_power.json"), "built-in:perf/gpu_power.json");
}

} // namespace fleet
