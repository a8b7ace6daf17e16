#pragma once

// Writing DeckSlides as a PowerPoint file: the Office Open XML parts a
// presentation needs (content types, relationships, presentation, master,
// layout, theme, slides, notes, media), zipped with QuaZip.

#include "export/deck_export.h"

namespace fleet::gui {

bool writePptx(const std::vector<DeckSlide>& slides, const QString& title, const QString& path,
               QString* error);

} // namespace fleet::gui
