// Memory per undo step is proportional to the edit, not to the project: each
// kind of edit (a workload's cell, a pool's count, the scheduler policy, a
// scenario's override, a workload added) is made a few times on a project of
// many workloads, and the heap the undo stack keeps per step is measured
// (glibc's mallinfo2: bytes in use, all arenas, mmapped blocks included).
// Prints the figures; asserts a bound far below one copy of the project.
//
// FLEET_UNDO_MEMORY_PROJECT=path measures a project file instead of the
// sample repeated to FLEET_UNDO_MEMORY_WORKLOADS (default 2,000) workloads.

#include "document/project_document.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "support/fleet_test.h"

#include <QUndoStack>
#include <QtTest>

#include <boost/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <malloc.h>

using namespace fleet;
using namespace fleet::gui;
namespace bj = boost::json;

namespace {

std::size_t heapInUse()
{
    malloc_trim(0);
    const struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/// The sample with its workloads repeated (new ids) until there are `count`.
Project sampleRepeated(std::size_t count)
{
    Project project = loadSampleProject().value();
    const std::vector<Workload> base = project.workloads;
    for (std::size_t i = 0; project.workloads.size() < count; ++i) {
        Workload copy = base[i % base.size()];
        copy.id += "-" + std::to_string(i);
        copy.name += " " + std::to_string(i);
        project.workloads.push_back(std::move(copy));
    }
    return project;
}

Project projectUnderTest()
{
    if (const char* path = std::getenv("FLEET_UNDO_MEMORY_PROJECT"); path && *path) {
        auto loaded = loadProject(path);
        if (!loaded)
            qFatal("%s", loaded.error().toString().c_str());
        return std::move(loaded).value();
    }
    const char* count = std::getenv("FLEET_UNDO_MEMORY_WORKLOADS");
    return sampleRepeated(count && *count ? std::strtoul(count, nullptr, 10) : 2000);
}

} // namespace

class TestGuiUndoMemory : public QObject
{
    Q_OBJECT

    /// Bytes the undo stack keeps per step of `edit(i)` (i = 0..steps-1).
    static double bytesPerStep(ProjectDocument& doc, int steps,
                               const std::function<std::optional<QString>(int)>& edit)
    {
        doc.undoStack()->clear();
        const std::size_t before = heapInUse();
        for (int i = 0; i < steps; ++i) {
            const auto refused = edit(i);
            if (refused)
                qFatal("refused: %s", qPrintable(*refused));
        }
        const std::size_t after = heapInUse();
        const int kept = doc.undoStack()->count();
        if (kept != steps)
            qFatal("%d steps kept of %d", kept, steps);
        // Undo every step and redo it: the project is the same again.
        const std::string edited = projectToJsonText(doc.project());
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        while (doc.undoStack()->canRedo())
            doc.undoStack()->redo();
        if (projectToJsonText(doc.project()) != edited)
            qFatal("undo then redo does not give the edited project back");
        return (double(after) - double(before)) / steps;
    }

private slots:
    void memoryPerEditIsTheEditsNotTheProjects()
    {
        ProjectDocument doc(projectUnderTest());
        const Project& p = doc.project();
        const std::size_t workloads = p.workloads.size();
        const std::size_t projectBytes = projectToJsonText(p).size();
        constexpr int kSteps = 10;
        // What a whole-project snapshot costs: the undo step of old kept two
        // (before and after; the catalog shared).
        double copyBytes = 0;
        {
            const std::size_t before = heapInUse();
            auto copy = std::make_unique<Project>(p);
            copyBytes = double(heapInUse()) - double(before);
        }

        // A workload's name (every kind has one), a different row each time.
        const double cell = bytesPerStep(doc, kSteps, [&](int i) {
            const std::size_t row = workloads - 1 - std::size_t(i) * 7 % workloads;
            return doc.edit(QStringLiteral("name"), {{"/workloads/" + std::to_string(row) + "/name",
                                                      bj::value("Renamed " + std::to_string(i))}});
        });
        const double pool = bytesPerStep(doc, kSteps, [&](int i) {
            return doc.edit(QStringLiteral("count"),
                            {{"/fleet/pools/0/count", bj::value(std::int64_t(100 + i))}});
        });
        const double project = bytesPerStep(doc, kSteps, [&](int i) {
            return doc.edit(QStringLiteral("note"),
                            {{"/note", bj::value("note " + std::to_string(i))}});
        });
        double scenario = 0;
        if (!p.scenarios.empty() && !p.fleet.pools.empty()) {
            doc.setScenario(QString::fromStdString(p.scenarios.front().id));
            scenario = bytesPerStep(doc, kSteps, [&](int i) {
                return doc.edit(QStringLiteral("count in scenario"),
                                {{"/fleet/pools/0/count", bj::value(std::int64_t(200 + i))}});
            });
            doc.setScenario({});
        }
        const double added = bytesPerStep(doc, kSteps, [&](int i) {
            bj::array list = projectToJson(doc.project()).at("workloads").as_array();
            bj::object copy = list[0].as_object();
            copy["id"] = "added-" + std::to_string(i);
            list.push_back(std::move(copy));
            return doc.edit(QStringLiteral("add"), {{"/workloads", bj::value(std::move(list))}});
        });

        std::printf("undo memory per step, %zu workloads (canonical JSON %zu bytes; one copy "
                    "of the project in memory %.0f bytes):\n"
                    "  workload cell  %10.0f bytes\n"
                    "  pool count     %10.0f bytes\n"
                    "  project note   %10.0f bytes\n"
                    "  scenario edit  %10.0f bytes\n"
                    "  workload added %10.0f bytes\n",
                    workloads, projectBytes, copyBytes, cell, pool, project, scenario, added);
        // One step keeps what it changed: far less than a copy of the project
        // (a whole-project snapshot kept two per step).
        const double bound = 64.0 * 1024;
        QVERIFY2(cell < bound, qPrintable(QString::number(cell)));
        QVERIFY2(pool < bound, qPrintable(QString::number(pool)));
        QVERIFY2(project < bound, qPrintable(QString::number(project)));
        QVERIFY2(scenario < bound, qPrintable(QString::number(scenario)));
        QVERIFY2(added < bound, qPrintable(QString::number(added)));
    }
};

FLEET_TEST_MAIN(TestGuiUndoMemory)
#include "test_gui_undo_memory.moc"
