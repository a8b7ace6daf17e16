#pragma once

// The open project: its inputs, the undo stack every edit goes through, the
// file it lives in, and autosave. An edit names a field by its JSON pointer in
// the canonical project document (`/workloads/3/tokens_per_run`); the change
// is validated by the same reader that opens files (store/project_edit.h: a
// change to one workload re-reads that workload alone), so a refused edit
// comes back with the field and the rule, and nothing changes.

#include "model/project.h"
#include "store/project_edit.h"

#include <QFuture>
#include <QObject>
#include <QString>

#include <boost/json/value.hpp>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QTimer;
class QUndoStack;

namespace fleet {
class MeasuredKnees;
}

namespace fleet::gui {

/// One field's new value: JSON pointer → value.
using FieldEdit = fleet::FieldEdit;

class ProjectStep;

/// How one change turned the project of revision `from` into the next: the
/// undo steps it applied (edit_command.h), to be replayed on a copy of that
/// project. A worker's copy of the inputs follows the document this way, at
/// the cost of the edit rather than of the project.
struct ProjectReplay
{
    quint64 from = 0;
    std::vector<std::shared_ptr<const ProjectStep>> steps;
    bool forward = true; ///< redone (steps in order) or undone (in reverse)
    void applyTo(Project& project) const;
};

class ProjectDocument : public QObject
{
    Q_OBJECT

public:
    explicit ProjectDocument(Project project, QString path = {}, QObject* parent = nullptr);
    ~ProjectDocument() override;

    /// The baseline: the project as stated, what the file holds.
    const Project& project() const { return m_project; }
    /// What the editors show and edits are computed against: the baseline
    /// or, while a scenario is shown, the project with that scenario applied
    /// (scenarioProject()), so that an edit made there shows its new value
    /// where it was typed. Edits still name rows of project(): both have the
    /// same rows.
    const Project& shownProject() const { return scenarioProject(); }
    QUndoStack* undoStack() const { return m_undo; }
    QString path() const { return m_path; } ///< empty: never saved (the sample, a new project)
    QString displayName() const;            ///< file name, or the project's name
    bool isModified() const;

    /// Applies `edits` as one undo step named `text`. While a scenario is
    /// shown, the edits become that scenario's overrides (one step; the
    /// baseline does not change), and an edit no override can express (rows
    /// added, removed, reordered or renamed) is refused, saying to switch to
    /// the baseline. With `mergeKey` ≥ 0, consecutive edits with the same key
    /// merge into one step until endInteraction() (a slider drag is one
    /// step). Returns the reason when the edit is refused: then nothing has
    /// changed.
    std::optional<QString> edit(const QString& text, const std::vector<FieldEdit>& edits,
                                int mergeKey = -1);
    /// Ends a merging interaction (slider released, spin box left).
    void endInteraction() { ++m_interaction; }
    int interaction() const { return m_interaction; }

    /// The scenario the views show and edits go to ("" for the baseline).
    QString scenario() const { return m_scenario; }
    void setScenario(const QString& scenario);
    /// The shown scenario's name (its id when it has none).
    QString scenarioLabel() const;
    /// The project with the shown scenario applied: what the editors, the
    /// charts and the what-if sliders show. project() when no scenario is
    /// shown, or when the scenario cannot be applied or would change which
    /// rows there are (its edits name rows of project()).
    const Project& scenarioProject() const;
    /// scenarioProject() while a scenario is shown and applies (what the
    /// recompute may take instead of applying it again); null otherwise.
    const Project* appliedScenarioProject() const;

    /// A read-only document refuses every edit with `reason` (a project
    /// salvaged from a damaged file: it is kept with Save As, which makes it
    /// an ordinary document). Empty: editable.
    void setReadOnly(const QString& reason) { m_readOnly = reason; }
    QString readOnlyReason() const { return m_readOnly; }

    /// Writes the project to `path` (.fleetplan, SQLite) atomically; on
    /// success it becomes the document's path, the stack is clean, and the
    /// recovery file is removed. Returns the reason on failure.
    std::optional<QString> saveAs(const QString& path);
    std::optional<QString> save() { return saveAs(m_path); }

    /// Writes the recovery file now, after any autosave under way.
    void autosaveNow();
    /// What the timer does every 30 s while modified: the same on a worker
    /// thread, from a copy of the inputs (unless one is still being written).
    void autosaveInBackground();
    /// Holds autosave off while an older recovery file, not yet answered for,
    /// sits where autosave would write (it would be overwritten).
    void setAutosaveSuspended(bool suspended) { m_autosaveSuspended = suspended; }
    /// The inputs were recovered from an autosave and are on no disk but the
    /// recovery file: the document is unsaved, and no undo or redo makes it
    /// clean again (QUndoStack::resetClean), so quitting always asks.
    void markRecovered();
    /// The project path the recovery file sits beside: the document's, or
    /// "untitled.fleetplan" in the application's data folder.
    QString recoveryBase() const;

    /// Replaces the inputs without an undo step; `change` says what differs
    /// from the inputs before.
    void setProject(Project project, const ProjectChange& change = {});
    /// What the latest `changed()` changed.
    const ProjectChange& lastChange() const { return m_lastChange; }

    /// The inputs to change in place, for undo steps (edit_command.h) alone:
    /// each changes what it holds, then calls projectReplaced().
    Project& projectForUndo() { return m_project; }
    /// After projectForUndo() changed the inputs: drops what was derived
    /// from them and emits changed(). `replay`, when given, says how (its
    /// `from` is set here).
    void projectReplaced(const ProjectChange& change,
                         std::shared_ptr<ProjectReplay> replay = nullptr);

    /// Names the state of project(): a new number after each change, never
    /// the same in two documents of one process.
    quint64 revision() const { return m_revision; }
    /// How the latest change of project() can be replayed on the project of
    /// revision `from`; null when it replaced the project whole (setProject).
    std::shared_ptr<const ProjectReplay> lastReplay() const { return m_lastReplay; }

    /// The knees the app simulated this session (the recompute service's),
    /// so that a view evaluating on its own plans on the ceiling the KPI
    /// panel plans on (simulate/planned_ceiling.h); null when none is kept.
    void setMeasuredKnees(std::shared_ptr<const MeasuredKnees> knees)
    {
        m_knees = std::move(knees);
    }
    std::shared_ptr<const MeasuredKnees> measuredKnees() const { return m_knees; }
    /// A frontier simulated in the background has landed (its knee, if it
    /// has one, is in measuredKnees()): views planned on them look again.
    void noteKneesMeasured() { emit kneesMeasured(); }

signals:
    /// The inputs changed (an edit, undo, redo): recompute. lastChange()
    /// says what changed, for views that refresh only that.
    void changed();
    void scenarioChanged(const QString& scenario);
    void pathChanged(const QString& path);
    void modifiedChanged(bool modified);
    void kneesMeasured();

private:
    /// After a change: whether scenarioProject() was brought up to date at
    /// the cost of the change (scenario_rows.h); false: apply it again.
    bool keepScenarioApplied();

    Project m_project;
    ProjectChange m_lastChange;
    quint64 m_revision = 0;
    std::shared_ptr<const ProjectReplay> m_lastReplay;
    std::shared_ptr<const MeasuredKnees> m_knees;
    QString m_path;
    QString m_scenario;
    QUndoStack* m_undo = nullptr;
    QTimer* m_autosave = nullptr;
    QFuture<void> m_autosaving; ///< autosaveInBackground's write under way
    int m_interaction = 0;
    bool m_autosaveSuspended = false;
    QString m_readOnly;
    mutable std::optional<Project> m_scenarioApplied; ///< scenarioProject(); reset on change
    mutable bool m_scenarioAppliedWhole = false;      ///< it is the scenario applied, not project()
};

} // namespace fleet::gui
