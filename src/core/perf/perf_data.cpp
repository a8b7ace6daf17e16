#include "perf/perf_data.h"

namespace fleet {

std::string_view perfDataFile(std::string_view name)
{
    for (const EmbeddedFile& file : perfdata::embeddedFiles())
        if (file.name == name)
            return file.contents;
    return {};
}

} // namespace fleet
