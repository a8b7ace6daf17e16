#include "store/project_parser.h"

namespace fleet::detail {

namespace {

struct SectionKey
{
    std::string_view key;
    Section section;
};
constexpr SectionKey kSectionKeys[] = {{"name", TextSection},
                                       {"description", TextSection},
                                       {"note", TextSection},
                                       {"sources", CatalogSection},
                                       {"price_books", CatalogSection},
                                       {"horizon", HorizonSection},
                                       {"active_price_book", ActiveBookSection},
                                       {"scheduler", SchedulerSection},
                                       {"regimes", RegimesSection},
                                       {"assumptions", AssumptionsSection},
                                       {"segments", SegmentsSection},
                                       {"fleet", FleetSection},
                                       {"workloads", WorkloadsSection},
                                       {"tenants", TenantsSection}};

} // namespace

Section sectionOf(std::string_view topKey)
{
    for (const SectionKey& entry : kSectionKeys)
        if (entry.key == topKey)
            return entry.section;
    return OtherSection;
}

unsigned withDependents(unsigned sections)
{
    if (sections & (CatalogSection | OtherSection))
        return AllSections; // everything reads the catalog
    if (sections & (HorizonSection | SegmentsSection))
        sections |= WorkloadsSection;
    if (sections & SegmentsSection)
        sections |= TenantsSection; // a tenant names its segment
    if (sections & ActiveBookSection)
        sections |= FleetSection;
    return sections;
}

std::vector<std::string_view> keysOf(unsigned sections)
{
    std::vector<std::string_view> keys;
    for (const SectionKey& entry : kSectionKeys)
        if (sections & entry.section)
            keys.push_back(entry.key);
    return keys;
}

} // namespace fleet::detail
