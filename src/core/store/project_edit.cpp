#include "store/project_edit.h"

#include "io/json_pointer.h"
#include "io/json_reader.h"
#include "model/row_paths.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/workload_json.h"

#include <boost/json.hpp>

#include <exception>
#include <map>
#include <optional>

namespace fleet {

namespace bj = boost::json;

namespace {

constexpr std::string_view kWorkloads = "/workloads";

/// The workload rows the edits change fields of (not the id, not whole
/// rows), each with its edits in their order; nullopt when some edit is of
/// another kind.
std::optional<std::map<std::size_t, std::vector<FieldEdit>>>
workloadRowsEdited(const Project& project, const std::vector<FieldEdit>& edits)
{
    std::map<std::size_t, std::vector<FieldEdit>> rows;
    for (const FieldEdit& edit : edits) {
        auto tokens = json::splitPointer(edit.first);
        if (!tokens || tokens.value().size() < 3 || tokens.value()[0] != "workloads" ||
            tokens.value()[2] == "id")
            return std::nullopt;
        const std::string& index = tokens.value()[1];
        if (index.empty() || index.size() > 9 || (index.size() > 1 && index[0] == '0') ||
            index.find_first_not_of("0123456789") != std::string::npos)
            return std::nullopt;
        const std::size_t i = std::stoul(index);
        if (i >= project.workloads.size())
            return std::nullopt;
        rows[i].push_back(edit);
    }
    return rows;
}

/// The workload row every edit changes a field of, when they all change
/// fields (not the id, not the whole row) of one and the same row.
std::optional<std::size_t> singleWorkloadRow(const Project& project,
                                             const std::vector<FieldEdit>& edits)
{
    const auto rows = workloadRowsEdited(project, edits);
    if (!rows || rows->size() != 1)
        return std::nullopt;
    return rows->begin()->first;
}

/// Whether some scenario could see a change to workload `row`: it overrides
/// that row, or a part of the project the row's rules read (segments, the
/// horizon, the catalog), or something unknown.
bool aScenarioSees(const Project& project, std::size_t row)
{
    const std::string& id = project.workloads[row].id;
    const std::string position = std::to_string(row); // a format 1 path names rows by position
    for (const InputRange& range : project.ranges)    // its bounds are checked against the row
        if (rowIdOf(range.path, kWorkloads) == id)
            return true;
    for (const Scenario& scenario : project.scenarios)
        for (const ScenarioOverride& entry : scenario.overrides) {
            if (auto named = rowIdOf(entry.path, kWorkloads))
                if (*named == id || *named == position)
                    return true;
            auto tokens = json::splitPointer(entry.path);
            if (!tokens || tokens.value().empty())
                return true;
            const std::string& top = tokens.value()[0];
            if (top != "workloads" && top != "fleet" && top != "scheduler" && top != "regimes" &&
                top != "assumptions" && top != "active_price_book" && top != "name" &&
                top != "description" && top != "note")
                return true;
        }
    return false;
}

} // namespace

namespace {

/// Workload `row` of `project` with `edits` (fields of that row) applied,
/// re-read alone by the reader files go through, in the project's context.
Result<Workload> rereadWorkloadRow(const Project& project, std::size_t row,
                                   const std::vector<FieldEdit>& edits, const std::string& file)
{
    const std::string rowPointer = std::string(kWorkloads) + "/" + std::to_string(row);
    bj::value item = workloadToJson(project.workloads[row]);
    for (const auto& [pointer, value] : edits) {
        auto set = json::setAtPointer(item, pointer.substr(rowPointer.size()), value, true);
        if (!set)
            return Error({Issue{file, pointer, {}, set.error().toString()}});
    }
    json::Reader reader(file);
    const bj::object* object = item.if_object();
    std::optional<Workload> workload =
        object ? parseWorkload(reader, *object, rowPointer, project) : std::nullopt;
    if (reader.failed())
        return Error(reader.issues());
    if (!workload)
        return Error({Issue{file, rowPointer, {}, "is not a workload the reader accepts"}});
    return std::move(*workload);
}

/// applyFieldEdits's path for edits of fields of several workload rows that
/// no scenario sees (a what-if slider's: every inference service): each
/// row re-read alone in a copy of the project, instead of writing the whole
/// project as JSON and reading it back (the GUI thread's cost of a slider
/// step at 10,000 workloads). Nullopt: not an edit of that kind.
std::optional<Result<EditedProject>> editWorkloadRows(const Project& project,
                                                      const std::vector<FieldEdit>& edits,
                                                      const std::string& file)
{
    const auto rows = workloadRowsEdited(project, edits);
    if (!rows || rows->empty())
        return std::nullopt;
    for (const auto& entry : *rows)
        if (aScenarioSees(project, entry.first))
            return std::nullopt;
    EditedProject edited{project, {}};
    for (const auto& [row, rowEdits] : *rows) {
        auto workload = rereadWorkloadRow(project, row, rowEdits, file);
        if (!workload)
            return Result<EditedProject>(workload.error());
        edited.project.workloads[row] = std::move(workload).value();
    }
    return Result<EditedProject>(std::move(edited));
}

} // namespace

std::optional<Result<EditedRow>> editWorkloadRow(const Project& project,
                                                 const std::vector<FieldEdit>& edits,
                                                 const std::string& file)
{
    const auto row = singleWorkloadRow(project, edits);
    if (!row || aScenarioSees(project, *row))
        return std::nullopt;
    auto workload = rereadWorkloadRow(project, *row, edits, file);
    if (!workload)
        return Result<EditedRow>(workload.error());
    return Result<EditedRow>(
        EditedRow{std::move(workload).value(),
                  {ProjectChange::Scope::Row, std::string(kWorkloads), int(*row)}});
}

Result<EditedProject> applyFieldEdits(const Project& project, const std::vector<FieldEdit>& edits,
                                      const std::string& file)
{
    // The core boundary: nothing a value holds escapes as an exception.
    try {
        if (auto fast = editWorkloadRow(project, edits, file)) {
            // The row re-read alone.
            if (!*fast)
                return fast->error();
            EditedProject edited{project, fast->value().change};
            edited.project.workloads[std::size_t(edited.change.row)] =
                std::move(fast->value().workload);
            return edited;
        }
        if (auto rows = editWorkloadRows(project, edits, file))
            return std::move(*rows);
        bj::value document = projectToJson(project);
        for (const auto& [pointer, value] : edits) {
            auto set = json::setAtPointer(document, pointer, value, true);
            if (!set)
                return Error({Issue{file, pointer, {}, set.error().toString()}});
        }
        auto changed = parseProjectValue(document, file);
        if (!changed)
            return changed.error();
        return EditedProject{std::move(changed).value(), {}};
    } catch (const std::exception& e) {
        return Error({Issue{file, {}, {}, std::string("the edit cannot be applied: ") + e.what()}});
    }
}

} // namespace fleet
