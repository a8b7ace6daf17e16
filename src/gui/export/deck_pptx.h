#pragma once

// Writing DeckSlides as a PowerPoint file: the Office Open XML parts a
// presentation needs (content types, relationships, presentation, master,
// layout, theme, slides, notes, media), zipped with libzip. Not QuaZip: its
// bundled minizip exports zipOpen3 and friends, which then replace the system
// minizip that libxlsxwriter calls, and the workbook export crashes in the
// same process.

#include "export/deck_export.h"

namespace fleet::gui {

/// Writes the deck as .pptx through io/export_target: refused over any
/// of `inputs`, checked as a zip before it replaces `path`.
bool writePptx(const std::vector<DeckSlide>& slides, const QString& title, const QString& path,
               QString* error, const std::vector<std::string>& inputs = {});

} // namespace fleet::gui
