#pragma once

// Stable, diff-friendly JSON text: two-space indentation, one member per line,
// members in insertion order, numbers in their shortest round-trip form.

#include <boost/json.hpp>

#include <string>

namespace fleet::json {

std::string toPrettyString(const boost::json::value& value);

/// `object["note"] = note`, only when there is a note (files leave it out).
inline void addNote(boost::json::object& object, const std::string& note)
{
    if (!note.empty())
        object["note"] = note;
}

} // namespace fleet::json
