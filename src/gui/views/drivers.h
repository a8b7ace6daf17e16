#pragma once

// The what-if drivers a sales engineer drags in a demo: each reads its value
// from the project and turns a new value into field edits of the project
// document, so every move goes through the undo stack and is saved.

#include "document/project_document.h"
#include "views/what_if_note.h"

#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace fleet::gui {

struct Driver
{
    QString key;
    QString label;
    QString suffix; ///< unit shown in the spin box: " ×", " %", " min"
    QString tooltip;
    double min = 0;
    double max = 1;
    double step = 0.01;
    int decimals = 2;
    double displayScale = 1; ///< shown = value × scale (fractions as percent)
    /// The value in the project; nullopt when the project has nothing it drives.
    std::function<std::optional<double>(const Project&)> read;
    std::function<std::vector<FieldEdit>(const Project&, double)> write;
};

/// GPU price multiplier, training MFU, utilization ceiling, inference growth,
/// reserved share, time-slicing overhead, notebook idle timeout.
const std::vector<Driver>& drivers();
const Driver* driver(const QString& key);

} // namespace fleet::gui
