#pragma once

// The check a zip container (.xlsx, .pptx) passes before it replaces its
// target (issue 33, item 1): re-opened with libzip's consistency check and
// every entry read to its end, so its CRC-32 and size are verified.

#include "util/result.h"

#include <string>

namespace fleet::gui {

/// Ok when the zip file at `path` opens, passes ZIP_CHECKCONS and every
/// entry reads whole with a matching CRC; otherwise the entry and libzip's reason.
Result<bool> checkZipFile(const std::string& path);

/// The same check on zip bytes in memory.
Result<bool> checkZipBytes(const std::string& bytes);

} // namespace fleet::gui
