#pragma once

// A damaged project file is not a lost project: what still reads of it is
// offered, read-only, without ever writing to the damaged file.

#include "store/project_salvage.h"
#include "util/result.h"

#include <QString>

#include <optional>

class QWidget;

namespace fleet::gui {

/// When `refusal` is openProjectFile()'s refusal of a damaged `path`, asks
/// whether to open what can be salvaged and, if the user agrees and anything
/// can, returns it (having told what was lost). Otherwise shows the refusal
/// and returns nothing.
std::optional<SalvagedProject> offerSalvage(QWidget* parent, const QString& path,
                                            const Error& refusal);

} // namespace fleet::gui
