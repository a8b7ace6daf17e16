// Test helper: saves two different projects to one file, alternately, until
// killed (test_project_store kills it at random moments). After each completed
// save it prints "saved N" on stdout, so the test sees its progress instead of
// guessing from the clock.

#include "store/project_json.h"
#include "store/project_sqlite.h"

#include <cstdio>

int main(int argc, char* argv[])
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: save_loop FILE.fleetplan\n");
        return 1;
    }
    auto a = fleet::loadSampleProject();
    if (!a)
        return 2;
    fleet::Project b = a.value();
    a.value().name = "Save loop A";
    b.name = "Save loop B";
    b.workloads.front().name = "A different name, so the two files differ in content too";
    for (unsigned i = 0;; ++i) {
        auto saved = fleet::saveProjectFile(i % 2 ? b : a.value(), argv[1]);
        if (!saved) {
            std::fprintf(stderr, "%s\n", saved.error().toString().c_str());
            return 3;
        }
        std::printf("saved %u\n", i + 1);
        std::fflush(stdout);
    }
}
