// The project reader's rules for input ranges (model/input_range.h): each
// names a numeric field the way a scenario does, once; low ≤ likely ≤ high;
// and every bound keeps the field's own rule.

#include "model/range_fields.h"
#include "model/range_target.h"
#include "store/field_json.h"
#include "store/project_parser.h"

#include <set>

namespace fleet::detail {

namespace bj = boost::json;
using json::pointer;

namespace {

/// At most this many ranges: each is a dimension of the Monte Carlo.
constexpr std::size_t kMaxRanges = 1000;

} // namespace

void ProjectParser::parseRanges(const bj::object& top)
{
    const bj::array* ranges = m_reader.array(top, "ranges", "", false);
    if (!ranges)
        return;
    if (ranges->size() > kMaxRanges) {
        m_reader.report("/ranges", "holds " + std::to_string(ranges->size()) + " ranges; at most " +
                                       std::to_string(kMaxRanges));
        return;
    }
    std::set<std::string> paths;
    for (std::size_t i = 0; i < ranges->size(); ++i) {
        const std::string path = pointer("/ranges", i);
        const bj::object* item = m_reader.asObject((*ranges)[i], path);
        if (!item)
            continue;
        const std::size_t before = m_reader.issues().size();
        InputRange range =
            readRecord(m_reader, *item, path, rangeFields(), m_project, {}, {}, false);
        if (m_reader.issues().size() != before)
            continue; // a missing or malformed bound: nothing more to check
        if (!paths.insert(range.path).second) {
            m_reader.report(pointer(path, "path"),
                            "a second range of " + range.path + "; a field has one range");
            continue;
        }
        auto target = rangeTarget(m_project, range.path);
        if (!target) {
            m_reader.report(pointer(path, "path"), range.path + " " + target.error().toString());
            continue;
        }
        const RangeTarget& field = target.value();
        if (range.low > range.high) {
            m_reader.report(pointer(path, "low"),
                            "is " + fieldNumberText(range.low) + ", above high (" +
                                fieldNumberText(range.high) + "): low ≤ likely ≤ high");
            continue;
        }
        if (range.likely < range.low || range.likely > range.high)
            m_reader.report(pointer(path, "likely"),
                            "is " + fieldNumberText(range.likely) + ", outside low " +
                                fieldNumberText(range.low) + " … high " +
                                fieldNumberText(range.high) + ": low ≤ likely ≤ high");
        for (const auto& [key, value] : {std::pair<const char*, double>{"low", range.low},
                                         {"likely", range.likely},
                                         {"high", range.high}})
            if (std::string broken = ruleBroken(field.rule, value); !broken.empty())
                m_reader.report(pointer(path, key), "is " + fieldNumberText(value) + ", but " +
                                                        field.label + " " + broken);
        m_project.ranges.push_back(std::move(range));
    }
}

} // namespace fleet::detail
