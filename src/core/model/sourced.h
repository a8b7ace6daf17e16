#pragma once

// A figure together with where it comes from: every number in the catalog and
// the price books carries a source id (see SourceInfo) and an as-of date.

#include <optional>
#include <string>

namespace fleet {

struct SourcedValue
{
    double value = 0.0;
    std::string source; ///< id of a SourceInfo in the catalog
    std::string asOf;   ///< ISO date, "YYYY", "YYYY-MM" or "YYYY-MM-DD"
    std::string note;   ///< optional remark kept with the figure

    bool operator==(const SourcedValue&) const = default;
};

/// A publication that figures cite.
struct SourceInfo
{
    std::string id;
    std::string title;
    std::string publisher;
    std::string url;  ///< may be empty when the source is not on the web
    std::string kind; ///< "primary", "secondary", "derived", "seed" or "assumption"
    std::string note;
    std::string originFile;

    bool operator==(const SourceInfo&) const = default;
};

/// True for "2024", "2024-09" and "2024-09-30" with a valid month and day.
bool isValidAsOfDate(const std::string& text);

} // namespace fleet
