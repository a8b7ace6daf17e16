#include "fuzz_check.h"

#include "store/project_json.h"
#include "store/project_json_writer.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace fleet::fuzz {

void checkCanonicalRoundTrip(const Project& project, std::string_view origin)
{
    const std::string written = projectToJsonText(project);
    auto reread = parseProject(written, "round-trip.fleetplan.json");
    if (!reread) {
        std::fprintf(stderr,
                     "fuzz property broken: a project read from %.*s is accepted, but its "
                     "canonical JSON is refused:\n%s\n",
                     int(origin.size()), origin.data(), reread.error().toString().c_str());
        std::abort();
    }
    if (projectToJsonText(reread.value()) != written) {
        std::fprintf(stderr,
                     "fuzz property broken: the canonical JSON of a project read from %.*s "
                     "changes when read and written again\n",
                     int(origin.size()), origin.data());
        std::abort();
    }
}

} // namespace fleet::fuzz
