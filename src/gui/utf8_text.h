#pragma once

// UTF-8 text of the core (std::string, std::string_view) as a QString, written
// once for the editors (four files had their own).

#include <QString>

#include <string_view>

namespace fleet::gui {

inline QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

} // namespace fleet::gui
