#include "store/tpu_slices_json.h"

#include "store/gpu_json.h"

#include <boost/json.hpp>

#include <set>

namespace fleet {

namespace bj = boost::json;
using json::NumberRule;
using json::pointer;

namespace {

// Google's largest pod (v5p) is 8,960 chips; room for a larger one.
constexpr int kMaxPodChips = 100000;
const NumberRule kEfficiency{0, true, 1, false,
                             "(fraction of one slice's throughput, > 0 and ≤ 1)"};

bj::object figureJson(const SourcedValue& figure)
{
    bj::object out{{"value", figure.value}, {"source", figure.source}, {"as_of", figure.asOf}};
    if (!figure.note.empty())
        out["note"] = figure.note;
    return out;
}

} // namespace

TpuSlicing parseTpuSlices(const bj::object& block, const std::string& path, json::Reader& reader,
                          SourcedFields& fields)
{
    reader.checkKeys(block, path,
                     {"topologies", "pod_chips", "multislice_efficiency", "source", "as_of"},
                     {"note"});
    TpuSlicing result;
    fields.citeSource(block, path, result.source, result.asOf);
    reader.string(block, "note", path, false);
    result.podChips = reader.integer(block, "pod_chips", path, 1, kMaxPodChips).value_or(0);
    if (auto efficiency = fields.sourced(block, "multislice_efficiency", path, kEfficiency))
        result.multisliceEfficiency = *efficiency;
    const bj::array* topologies = reader.array(block, "topologies", path);
    if (!topologies)
        return result;
    const std::string listPath = pointer(path, "topologies");
    if (topologies->empty())
        reader.report(listPath, "must list at least one slice topology (e.g. \"2x2\")");
    std::set<std::string> names;
    for (std::size_t i = 0; i < topologies->size(); ++i) {
        const std::string itemPath = pointer(listPath, i);
        const bj::value& value = (*topologies)[i];
        const int chips = value.is_string() ? topologyChips(std::string(value.as_string())) : 0;
        if (chips == 0) {
            reader.report(itemPath, "must be a slice shape of 1 to 3 dimensions joined by \"x\" "
                                    "(\"2x4\", \"2x2x2\")");
            continue;
        }
        TpuTopology topology{std::string(value.as_string()), chips};
        if (!names.insert(topology.name).second) {
            reader.report(itemPath, "lists topology \"" + topology.name + "\" twice");
            continue;
        }
        if (!result.topologies.empty() && chips < result.topologies.back().chips)
            reader.report(itemPath, "\"" + topology.name + "\" (" + std::to_string(chips) +
                                        " chips) comes after \"" + result.topologies.back().name +
                                        "\" (" + std::to_string(result.topologies.back().chips) +
                                        "): list topologies from fewest chips to most");
        if (result.podChips > 0 && chips > result.podChips)
            reader.report(itemPath, "\"" + topology.name + "\" has " + std::to_string(chips) +
                                        " chips, more than pod_chips (" +
                                        std::to_string(result.podChips) + ")");
        result.topologies.push_back(std::move(topology));
    }
    return result;
}

bj::object tpuSlicesToJson(const TpuSlicing& slicing)
{
    bj::array topologies;
    for (const TpuTopology& topology : slicing.topologies)
        topologies.emplace_back(topology.name);
    return {{"topologies", std::move(topologies)},
            {"pod_chips", slicing.podChips},
            {"multislice_efficiency", figureJson(slicing.multisliceEfficiency)},
            {"source", slicing.source},
            {"as_of", slicing.asOf}};
}

} // namespace fleet
