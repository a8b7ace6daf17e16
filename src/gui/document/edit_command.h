#pragma once

// Undo steps that hold what an edit changed, not the project. An edit is
// split into steps, one kind per kind of change (as Tiled's ChangeProperty,
// AddRemoveMapObject, …): the fields of one row (ChangeRow), rows added or
// removed from a list (AddRemoveRows), a scenario list changed (scenarios),
// and the project's own settings, prices and header (the "shell": the
// project without its row lists). Each step keeps the before and after of
// its part alone, so the memory of an undo step grows with the edit, not
// with the number of workloads. Steps of one interaction (a slider drag)
// merge into one.

#include "model/project.h"
#include "store/project_edit.h"

#include <QUndoCommand>

#include <memory>
#include <string>
#include <vector>

namespace fleet::gui {

class ProjectDocument;

/// One kind of change to the inputs: its part before and after.
class ProjectStep
{
public:
    virtual ~ProjectStep() = default;
    /// Sets the part to its value after the edit (`forward`) or before it.
    virtual void apply(Project& project, bool forward) const = 0;
    /// What the step changes ("row /workloads 3", "shell"): steps of a drag
    /// that change the same target merge.
    virtual std::string target() const = 0;
    /// Takes `later`'s after value (same target); false when it cannot.
    virtual bool absorb(const ProjectStep& later) = 0;
    virtual std::unique_ptr<ProjectStep> clone() const = 0;
};

/// The steps that turn `before` into `after` (`change` says what the edit
/// reached: one row, or anything). Takes what the steps hold out of
/// `after`, which is left unspecified; `before` is left as it was.
std::vector<std::unique_ptr<ProjectStep>> stepsBetween(Project& before, Project& after,
                                                       const ProjectChange& change);

/// An undo step: the steps of one edit, applied to the document's project.
class EditCommand : public QUndoCommand
{
public:
    EditCommand(ProjectDocument* document, std::vector<std::unique_ptr<ProjectStep>> steps,
                const QString& text, ProjectChange change, int mergeKey, int interaction);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeKey; }
    bool mergeWith(const QUndoCommand* other) override;

    const std::vector<std::unique_ptr<ProjectStep>>& steps() const { return m_steps; }

private:
    /// Redoes (`forward`) or undoes the steps on the document's project.
    void apply(bool forward);

    ProjectDocument* m_document;
    std::vector<std::unique_ptr<ProjectStep>> m_steps;
    ProjectChange m_change; ///< what differs between before and after
    int m_mergeKey;
    int m_interaction;
};

/// The undo step of an edit that turns the document's project into
/// `edited` (not yet applied: pushing the step applies it).
EditCommand* makeEditCommand(ProjectDocument* document, EditedProject edited, const QString& text,
                             int mergeKey, int interaction);
/// The same for an edit of the project's scenarios alone (every edit's path
/// under /scenarios: a scenario's overrides recorded while it is shown, the
/// Scenarios page): one step of the scenario list, the rest of `edited`
/// not compared (writing both projects as JSON to compare them was a third
/// of such an edit's time at 10,000 workloads).
EditCommand* makeScenariosEditCommand(ProjectDocument* document, EditedProject edited,
                                      const QString& text, int mergeKey, int interaction);
/// The same for scenario `index` becoming `after` (its other fields as they
/// were): one step of that scenario alone; `change` says what the project
/// with the scenario applied changed.
EditCommand* makeScenarioCommand(ProjectDocument* document, std::size_t index, Scenario after,
                                 ProjectChange change, const QString& text, int mergeKey,
                                 int interaction);
/// The same for an edit of one workload's fields (the project is not copied).
EditCommand* makeEditCommand(ProjectDocument* document, EditedRow edited, const QString& text,
                             int mergeKey, int interaction);

} // namespace fleet::gui
