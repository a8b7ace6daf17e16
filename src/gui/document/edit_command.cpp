#include "document/edit_command.h"

#include "document/project_document.h"
#include "store/project_json_writer.h"

#include <boost/json.hpp>

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace fleet::gui {

namespace {

namespace bj = boost::json;

template <typename Row> using RowsOf = std::vector<Row>& (*)(Project&);

std::vector<Workload>& workloadRows(Project& p)
{
    return p.workloads;
}
std::vector<FleetPool>& poolRows(Project& p)
{
    return p.fleet.pools;
}
std::vector<Segment>& segmentRows(Project& p)
{
    return p.segments;
}
std::vector<Tenant>& tenantRows(Project& p)
{
    return p.tenants;
}
std::vector<Scenario>& scenarioList(Project& p)
{
    return p.scenarios;
}
std::vector<SourceInfo>& sourceList(Project& p)
{
    return p.ownSources;
}
std::vector<PriceBook>& bookList(Project& p)
{
    return p.ownPriceBooks;
}

/// The fields of one row of a list, before and after (Tiled's ChangeProperty).
template <typename Row> class ChangeRow final : public ProjectStep
{
public:
    ChangeRow(std::string list, RowsOf<Row> rows, std::size_t index, Row before, Row after)
        : m_list(std::move(list)), m_rows(rows), m_index(index), m_before(std::move(before)),
          m_after(std::move(after))
    {}
    void apply(Project& project, bool forward) const override
    {
        m_rows(project)[m_index] = forward ? m_after : m_before;
    }
    std::string target() const override { return "row " + m_list + " " + std::to_string(m_index); }
    bool absorb(const ProjectStep& later) override
    {
        m_after = static_cast<const ChangeRow&>(later).m_after;
        return true;
    }
    std::unique_ptr<ProjectStep> clone() const override
    {
        return std::make_unique<ChangeRow>(*this);
    }

private:
    std::string m_list;
    RowsOf<Row> m_rows;
    std::size_t m_index;
    Row m_before;
    Row m_after;
};

/// Rows [at, at + removed) of a list replaced by `inserted`: rows added,
/// removed, duplicated or moved (Tiled's AddRemoveMapObjects). Never merges.
template <typename Row> class AddRemoveRows final : public ProjectStep
{
public:
    AddRemoveRows(std::string list, RowsOf<Row> rows, std::size_t at, std::vector<Row> removed,
                  std::vector<Row> inserted)
        : m_list(std::move(list)), m_rows(rows), m_at(at), m_removed(std::move(removed)),
          m_inserted(std::move(inserted))
    {}
    void apply(Project& project, bool forward) const override
    {
        std::vector<Row>& rows = m_rows(project);
        const std::vector<Row>& gone = forward ? m_removed : m_inserted;
        const std::vector<Row>& come = forward ? m_inserted : m_removed;
        const auto at = rows.begin() + std::ptrdiff_t(m_at);
        rows.erase(at, at + std::ptrdiff_t(gone.size()));
        rows.insert(rows.begin() + std::ptrdiff_t(m_at), come.begin(), come.end());
    }
    std::string target() const override { return "rows " + m_list; }
    bool absorb(const ProjectStep&) override { return false; }
    std::unique_ptr<ProjectStep> clone() const override
    {
        return std::make_unique<AddRemoveRows>(*this);
    }

private:
    std::string m_list;
    RowsOf<Row> m_rows;
    std::size_t m_at;
    std::vector<Row> m_removed;
    std::vector<Row> m_inserted;
};

/// A short list kept whole (the scenarios, the project's own sources and
/// price books): its value before and after.
template <typename Item> class ChangeList final : public ProjectStep
{
public:
    ChangeList(std::string name, RowsOf<Item> list, std::vector<Item> before,
               std::vector<Item> after)
        : m_name(std::move(name)), m_list(list), m_before(std::move(before)),
          m_after(std::move(after))
    {}
    void apply(Project& project, bool forward) const override
    {
        m_list(project) = forward ? m_after : m_before;
    }
    std::string target() const override { return "list " + m_name; }
    bool absorb(const ProjectStep& later) override
    {
        m_after = static_cast<const ChangeList&>(later).m_after;
        return true;
    }
    std::unique_ptr<ProjectStep> clone() const override
    {
        return std::make_unique<ChangeList>(*this);
    }

private:
    std::string m_name;
    RowsOf<Item> m_list;
    std::vector<Item> m_before;
    std::vector<Item> m_after;
};

/// The lists a project's shell leaves out: rows, scenarios, own sources and books.
struct Lists
{
    std::vector<Workload> workloads;
    std::vector<FleetPool> pools;
    std::vector<Segment> segments;
    std::vector<Tenant> tenants;
    std::vector<Scenario> scenarios;
    std::vector<SourceInfo> sources;
    std::vector<PriceBook> books;
};

Lists takeLists(Project& p)
{
    return {std::exchange(p.workloads, {}),    std::exchange(p.fleet.pools, {}),
            std::exchange(p.segments, {}),     std::exchange(p.tenants, {}),
            std::exchange(p.scenarios, {}),    std::exchange(p.ownSources, {}),
            std::exchange(p.ownPriceBooks, {})};
}

void putLists(Project& p, Lists&& lists)
{
    p.workloads = std::move(lists.workloads);
    p.fleet.pools = std::move(lists.pools);
    p.segments = std::move(lists.segments);
    p.tenants = std::move(lists.tenants);
    p.scenarios = std::move(lists.scenarios);
    p.ownSources = std::move(lists.sources);
    p.ownPriceBooks = std::move(lists.books);
}

/// `project` without the lists (its name, horizon, settings, the catalog it
/// shares): what no row step holds.
Project shellOf(Project& project)
{
    Lists lists = takeLists(project);
    Project shell = project;
    putLists(project, std::move(lists));
    return shell;
}

/// The project's own fields and settings (every member but the lists),
/// before and after, with the catalog when the edit changed the prices (the
/// catalog merges the project's own books); otherwise the project keeps the
/// catalog it has, equal in content. Holds any member a project gains, so an
/// edit of it is undone too.
class ChangeShell final : public ProjectStep
{
public:
    ChangeShell(Project before, Project after, bool withCatalog)
        : m_before(std::move(before)), m_after(std::move(after)), m_withCatalog(withCatalog)
    {
        if (!m_withCatalog) { // the steps hold no copy of it
            m_before.setCatalog({});
            m_after.setCatalog({});
        }
    }
    void apply(Project& project, bool forward) const override
    {
        Lists lists = takeLists(project);
        const Project kept = project; // the shell alone: its catalog is shared, not copied
        project = forward ? m_after : m_before;
        if (!m_withCatalog)
            project.setCatalog(kept.catalog());
        putLists(project, std::move(lists));
    }
    std::string target() const override { return "shell"; }
    bool absorb(const ProjectStep& later) override
    {
        const auto& next = static_cast<const ChangeShell&>(later);
        if (next.m_withCatalog != m_withCatalog)
            return false;
        m_after = next.m_after;
        return true;
    }
    std::unique_ptr<ProjectStep> clone() const override
    {
        return std::make_unique<ChangeShell>(*this);
    }

private:
    Project m_before;
    Project m_after;
    bool m_withCatalog;
};

using Steps = std::vector<std::unique_ptr<ProjectStep>>;

const bj::array& arrayAt(const bj::object& document, std::initializer_list<std::string_view> path)
{
    static const bj::array none;
    const bj::value* at = nullptr;
    const bj::object* object = &document;
    for (std::string_view key : path) {
        at = object ? object->if_contains(key) : nullptr;
        object = at ? at->if_object() : nullptr;
    }
    const bj::array* array = at ? at->if_array() : nullptr;
    return array ? *array : none;
}

/// Steps for row list `list`: each changed row when the rows are the same
/// ones, else the run of rows between the common head and tail replaced.
/// Rows are compared in their canonical JSON (what the file says).
template <typename Row>
void rowSteps(Steps& steps, const std::string& list, RowsOf<Row> rowsOf, Project& before,
              Project& after, const bj::array& was, const bj::array& is)
{
    std::vector<Row>& old = rowsOf(before);
    std::vector<Row>& now = rowsOf(after);
    if (old.size() == now.size()) {
        for (std::size_t i = 0; i < old.size(); ++i)
            if (i >= was.size() || i >= is.size() || was[i] != is[i])
                steps.push_back(
                    std::make_unique<ChangeRow<Row>>(list, rowsOf, i, old[i], std::move(now[i])));
        return;
    }
    std::size_t head = 0;
    const std::size_t shorter = std::min(was.size(), is.size());
    while (head < shorter && was[head] == is[head])
        ++head;
    std::size_t tail = 0;
    while (tail < shorter - head && was[was.size() - 1 - tail] == is[is.size() - 1 - tail])
        ++tail;
    std::vector<Row> removed(old.begin() + std::ptrdiff_t(head), old.end() - std::ptrdiff_t(tail));
    std::vector<Row> inserted(std::make_move_iterator(now.begin() + std::ptrdiff_t(head)),
                              std::make_move_iterator(now.end() - std::ptrdiff_t(tail)));
    steps.push_back(std::make_unique<AddRemoveRows<Row>>(list, rowsOf, head, std::move(removed),
                                                         std::move(inserted)));
}

template <typename Item>
void listStep(Steps& steps, const std::string& name, RowsOf<Item> listOf, Project& before,
              Project& after)
{
    steps.push_back(
        std::make_unique<ChangeList<Item>>(name, listOf, listOf(before), std::move(listOf(after))));
}

bool sameAt(const bj::object& was, const bj::object& is, std::string_view key)
{
    const bj::value* a = was.if_contains(key);
    const bj::value* b = is.if_contains(key);
    return (!a && !b) || (a && b && *a == *b);
}

/// The keys of the canonical document the shell holds: every one but the lists.
bool shellKey(std::string_view key)
{
    for (std::string_view list : {"workloads", "segments", "tenants", "scenarios", "sources",
                                  "price_books", "fleet", "format", "format_version"})
        if (key == list)
            return false;
    return true;
}

bool sameShell(const bj::object& was, const bj::object& is)
{
    for (const bj::object* document : {&was, &is})
        for (const auto& member : *document)
            if (shellKey(member.key()) && !sameAt(was, is, member.key()))
                return false;
    // The fleet's own fields (its mode), without its pools.
    const auto fleetOf = [](const bj::object& document) {
        const bj::value* fleet = document.if_contains("fleet");
        bj::object own = fleet && fleet->is_object() ? fleet->as_object() : bj::object();
        own.erase("pools");
        return own;
    };
    return fleetOf(was) == fleetOf(is);
}

} // namespace

Steps stepsBetween(Project& before, Project& after, const ProjectChange& change)
{
    Steps steps;
    if (change.scope == ProjectChange::Scope::Row && change.list == "/workloads" &&
        change.row >= 0 && std::size_t(change.row) < before.workloads.size()) {
        // The edit reached one workload's fields and nothing else.
        const auto row = std::size_t(change.row);
        steps.push_back(std::make_unique<ChangeRow<Workload>>(change.list, workloadRows, row,
                                                              before.workloads[row],
                                                              std::move(after.workloads[row])));
        return steps;
    }
    const bj::object was = projectToJson(before);
    const bj::object is = projectToJson(after);
    rowSteps<FleetPool>(steps, "/fleet/pools", poolRows, before, after,
                        arrayAt(was, {"fleet", "pools"}), arrayAt(is, {"fleet", "pools"}));
    rowSteps<Segment>(steps, "/segments", segmentRows, before, after, arrayAt(was, {"segments"}),
                      arrayAt(is, {"segments"}));
    rowSteps<Tenant>(steps, "/tenants", tenantRows, before, after, arrayAt(was, {"tenants"}),
                     arrayAt(is, {"tenants"}));
    rowSteps<Workload>(steps, "/workloads", workloadRows, before, after,
                       arrayAt(was, {"workloads"}), arrayAt(is, {"workloads"}));
    if (!sameAt(was, is, "scenarios"))
        listStep<Scenario>(steps, "scenarios", scenarioList, before, after);
    const bool samePrices = sameAt(was, is, "sources") && sameAt(was, is, "price_books");
    if (!samePrices) {
        listStep<SourceInfo>(steps, "sources", sourceList, before, after);
        listStep<PriceBook>(steps, "price_books", bookList, before, after);
    }
    if (!samePrices || !sameShell(was, is)) {
        // What is left of `after` without its lists (moved into the steps
        // above, or equal to before's) is its shell.
        (void)takeLists(after);
        steps.push_back(
            std::make_unique<ChangeShell>(shellOf(before), std::move(after), !samePrices));
    }
    return steps;
}

EditCommand::EditCommand(ProjectDocument* document, std::vector<std::unique_ptr<ProjectStep>> steps,
                         const QString& text, ProjectChange change, int mergeKey, int interaction)
    : QUndoCommand(text), m_document(document), m_steps(std::move(steps)),
      m_change(std::move(change)), m_mergeKey(mergeKey), m_interaction(interaction)
{}

void EditCommand::undo()
{
    apply(false);
}

void EditCommand::redo()
{
    apply(true); // also on push: the stack applies the edit
}

void EditCommand::apply(bool forward)
{
    // The steps' copies say how to replay the change on a worker's copy of
    // the project (the recompute service's), at the cost of the edit.
    auto replay = std::make_shared<ProjectReplay>();
    replay->forward = forward;
    for (const auto& step : m_steps)
        replay->steps.push_back(step->clone());
    replay->applyTo(m_document->projectForUndo());
    m_document->projectReplaced(m_change, std::move(replay));
}

bool EditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const EditCommand*>(other);
    if (m_mergeKey < 0 || next->m_mergeKey != m_mergeKey || next->m_interaction != m_interaction)
        return false;
    const auto reshapes = [](const Steps& steps) {
        return std::any_of(steps.begin(), steps.end(),
                           [](const auto& step) { return step->target().starts_with("rows "); });
    };
    if (reshapes(m_steps) || reshapes(next->m_steps))
        return false; // rows added or removed shift the rows later steps name
    Steps merged;     // this step's, changed only when every part merges
    // Each target's step found by its name (a slider's step changes 5,500
    // rows of a 10,000-workload project: searching the list for each was
    // 15 million comparisons of built strings on the GUI thread).
    std::unordered_map<std::string, std::size_t> byTarget;
    for (const auto& step : m_steps) {
        byTarget.emplace(step->target(), merged.size());
        merged.push_back(step->clone());
    }
    for (const auto& later : next->m_steps) {
        const std::string target = later->target();
        const auto same = byTarget.find(target);
        if (same == byTarget.end()) {
            byTarget.emplace(target, merged.size());
            merged.push_back(later->clone());             // its `before` is this step's `after`
        } else if (!merged[same->second]->absorb(*later)) // keeps the first step's `before`
            return false;
    }
    m_steps = std::move(merged);
    const bool sameRow = m_change.scope == ProjectChange::Scope::Row &&
                         next->m_change.scope == ProjectChange::Scope::Row &&
                         m_change.list == next->m_change.list && m_change.row == next->m_change.row;
    if (!sameRow)
        m_change = {};
    return true;
}

EditCommand* makeEditCommand(ProjectDocument* document, EditedRow edited, const QString& text,
                             int mergeKey, int interaction)
{
    const auto row = std::size_t(edited.change.row);
    Steps steps;
    steps.push_back(std::make_unique<ChangeRow<Workload>>(edited.change.list, workloadRows, row,
                                                          document->project().workloads[row],
                                                          std::move(edited.workload)));
    return new EditCommand(document, std::move(steps), text, std::move(edited.change), mergeKey,
                           interaction);
}

EditCommand* makeEditCommand(ProjectDocument* document, EditedProject edited, const QString& text,
                             int mergeKey, int interaction)
{
    auto steps = stepsBetween(document->projectForUndo(), edited.project, edited.change);
    return new EditCommand(document, std::move(steps), text, std::move(edited.change), mergeKey,
                           interaction);
}

EditCommand* makeScenariosEditCommand(ProjectDocument* document, EditedProject edited,
                                      const QString& text, int mergeKey, int interaction)
{
    Steps steps;
    listStep<Scenario>(steps, "scenarios", scenarioList, document->projectForUndo(),
                       edited.project);
    return new EditCommand(document, std::move(steps), text, std::move(edited.change), mergeKey,
                           interaction);
}

EditCommand* makeScenarioCommand(ProjectDocument* document, std::size_t index, Scenario after,
                                 ProjectChange change, const QString& text, int mergeKey,
                                 int interaction)
{
    Steps steps;
    steps.push_back(std::make_unique<ChangeRow<Scenario>>("/scenarios", scenarioList, index,
                                                          document->project().scenarios.at(index),
                                                          std::move(after)));
    return new EditCommand(document, std::move(steps), text, std::move(change), mergeKey,
                           interaction);
}

} // namespace fleet::gui
