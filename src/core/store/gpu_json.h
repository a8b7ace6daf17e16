#pragma once

// Reading one GPU entry of a catalog document ("gpus": its figures, each with
// its source and date, its MIG profiles or AMD partition modes). The
// document around it (format, sources, price books, engine defaults) is read
// by store/catalog_json.cpp.

#include "io/json_reader.h"
#include "store/catalog_json.h"

#include <boost/json/fwd.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleet {

/// The sourced figures of one document, read through its reader: every
/// source id a figure cites is kept, with where it stands, to be checked
/// once all documents are merged (CatalogDocument::sourceReferences).
class SourcedFields
{
public:
    SourcedFields(json::Reader& reader, std::vector<Reference>& sourceReferences);

    /// An object's "source" (kept as a reference) and "as_of" (a date).
    void citeSource(const boost::json::object& object, const std::string& path, std::string& source,
                    std::string& asOf);
    /// A figure: {"value": number, "source": id, "as_of": date}.
    std::optional<SourcedValue> sourced(const boost::json::object& parent, std::string_view key,
                                        const std::string& path, const json::NumberRule& rule,
                                        bool required = true);

private:
    json::Reader& m_reader;
    std::vector<Reference>& m_references;
};

/// The GPU of entry `path` ("/gpus/3"), whose `id` was read and checked;
/// every problem is reported through `reader`, which goes on after one.
GpuModel parseGpuEntry(const boost::json::object& item, const std::string& path,
                       const std::string& id, json::Reader& reader, SourcedFields& fields);

} // namespace fleet
