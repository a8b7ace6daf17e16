#pragma once

// The project validator, section by section: the one place where every rule
// of a project document is checked (JSON files, SQLite rows and edits in the
// app all come here). A scenario re-checks only the sections it changes.

#include "io/json_reader.h"
#include "model/project.h"

#include <boost/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace fleet::detail {

/// The sections of a project document, as bits. A section's rules may read
/// what earlier sections set (the catalog, the horizon, the segments).
enum Section : unsigned
{
    TextSection = 1u << 0,    ///< name, description, note
    CatalogSection = 1u << 1, ///< sources, price_books
    HorizonSection = 1u << 2,
    ActiveBookSection = 1u << 3,
    SchedulerSection = 1u << 4,
    RegimesSection = 1u << 5,
    AssumptionsSection = 1u << 6,
    SegmentsSection = 1u << 7,
    FleetSection = 1u << 8,
    WorkloadsSection = 1u << 9,
    TenantsSection = 1u << 10,
    OtherSection = 1u << 11, ///< format, scenarios, ranges or an unknown key
    AllSections = (1u << 12) - 1,
};

/// The section a top-level key belongs to.
Section sectionOf(std::string_view topKey);
/// `sections` and every section whose rules read them.
unsigned withDependents(unsigned sections);
/// The top-level keys of `sections`.
std::vector<std::string_view> keysOf(unsigned sections);

class ProjectParser
{
public:
    explicit ProjectParser(const std::string& file) : m_reader(file) {}

    /// Checks the whole document (scenarios are read, not applied).
    Result<Project> parse(const boost::json::value& root);

    /// Re-checks only `sections` of `top` (a document holding at least their
    /// keys) over `skeleton`, the state a valid project's other sections left.
    std::vector<Issue> checkSections(const boost::json::object& top, unsigned sections,
                                     Project skeleton);

private:
    json::Reader m_reader;
    Project m_project;

    void checkTopKeys(const boost::json::object& top, bool all);
    void record(std::string section, std::string_view key, const boost::json::value& value);
    void checkFormat(const boost::json::object& top);
    /// The built-in catalog with the project's own sources and price books over it.
    bool loadCatalog(const boost::json::object& top);
    void parseText(const boost::json::object& top);
    void parseHorizon(const boost::json::object& top);
    void parseActivePriceBook(const boost::json::object& top);
    void parseScheduler(const boost::json::object& top);
    void parseRegimes(const boost::json::object& top);
    void parseAssumptions(const boost::json::object& top);
    void parseSegments(const boost::json::object& top);
    void parseFleet(const boost::json::object& top);
    void parseWorkloads(const boost::json::object& top);
    void parseTenants(const boost::json::object& top);
    void parseScenarios(const boost::json::object& top);
    void parseRanges(const boost::json::object& top);
};

} // namespace fleet::detail
