#include "document/project_document.h"

#include "document/edit_command.h"
#include "document/scenario_recorder.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"
#include "store/scenario_rows.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>

namespace fleet::gui {

namespace {
constexpr int kAutosaveMs = 30'000;

/// A revision no other state of any document has.
quint64 nextRevision()
{
    static std::atomic<quint64> last{0};
    return ++last;
}
} // namespace

void ProjectReplay::applyTo(Project& project) const
{
    if (forward)
        for (const auto& step : steps)
            step->apply(project, true);
    else
        for (auto step = steps.rbegin(); step != steps.rend(); ++step)
            (*step)->apply(project, false);
}

ProjectDocument::ProjectDocument(Project project, QString path, QObject* parent)
    : QObject(parent), m_project(std::move(project)), m_revision(nextRevision()),
      m_path(std::move(path)), m_undo(new QUndoStack(this)), m_autosave(new QTimer(this))
{
    connect(m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    m_autosave->setInterval(kAutosaveMs);
    connect(m_autosave, &QTimer::timeout, this, &ProjectDocument::autosaveInBackground);
    m_autosave->start();
}

ProjectDocument::~ProjectDocument()
{
    m_autosaving.waitForFinished(); // its file is never written after the document is gone
}

QString ProjectDocument::displayName() const
{
    return m_path.isEmpty() ? QString::fromStdString(m_project.name) : QFileInfo(m_path).fileName();
}

bool ProjectDocument::isModified() const
{
    return !m_undo->isClean();
}

std::optional<QString> ProjectDocument::edit(const QString& text,
                                             const std::vector<FieldEdit>& edits, int mergeKey)
{
    if (!m_readOnly.isEmpty())
        return m_readOnly;
    // While a scenario is shown, an edit made anywhere changes that
    // scenario's overrides and never the baseline (scenario_recorder.h);
    // what no override can say is refused, saying what to do instead.
    std::vector<FieldEdit> routed;
    QString stepText = text;
    if (!m_scenario.isEmpty()) {
        auto recorded = recordedEdits(m_project, m_scenario.toStdString(), edits);
        if (!recorded)
            return QString::fromStdString(recorded.error().messages());
        routed = std::move(recorded).value();
        if (routed.size() != edits.size() || routed.front().first != edits.front().first)
            stepText = tr("%1 (scenario %2)").arg(text, scenarioLabel());
        // Overrides of workload fields: the rows they change checked alone
        // in the project as shown, and the project not re-read.
        const Project* shown = appliedScenarioProject();
        if (auto rows = shown
                            ? scenarioRowsEdit(m_project, *shown, m_scenario.toStdString(), routed)
                            : std::nullopt) {
            if (!*rows)
                return QString::fromStdString(rows->error().toString());
            ScenarioRowsEdit done = std::move(*rows).value();
            m_undo->push(makeScenarioCommand(this, done.index, std::move(done.after),
                                             std::move(done.change), stepText, mergeKey,
                                             m_interaction));
            return std::nullopt;
        }
    }
    const std::vector<FieldEdit>& applied = m_scenario.isEmpty() ? edits : routed;
    // The fields of one workload: that row re-read alone, and the project
    // not copied (the cost of an edit does not grow with the workloads).
    if (auto row = editWorkloadRow(m_project, applied, m_project.name)) {
        if (!*row)
            return QString::fromStdString(row->error().toString());
        m_undo->push(
            makeEditCommand(this, std::move(*row).value(), stepText, mergeKey, m_interaction));
        return std::nullopt;
    }
    // The reader that opens files checks the change: every rule, with the
    // field's path in its message (and every scenario still applies).
    auto changed = applyFieldEdits(m_project, applied, m_project.name);
    if (!changed)
        return QString::fromStdString(changed.error().toString());
    const bool scenariosOnly = std::all_of(applied.begin(), applied.end(), [](const FieldEdit& e) {
        return e.first == "/scenarios" || e.first.rfind("/scenarios/", 0) == 0;
    });
    m_undo->push(scenariosOnly ? makeScenariosEditCommand(this, std::move(changed).value(),
                                                          stepText, mergeKey, m_interaction)
                               : makeEditCommand(this, std::move(changed).value(), stepText,
                                                 mergeKey, m_interaction));
    return std::nullopt;
}

QString ProjectDocument::scenarioLabel() const
{
    const Scenario* shown = m_project.scenario(m_scenario.toStdString());
    return shown && !shown->name.empty() ? QString::fromStdString(shown->name) : m_scenario;
}

namespace {

/// `project` with scenario `id` applied; nullopt when the scenario cannot
/// be applied or changes which rows there are.
std::optional<Project> withScenario(const Project& project, const QString& id)
{
    auto applied = applyScenario(project, id.toStdString());
    const auto sameRows = [&project](const Project& shown) {
        return shown.fleet.pools.size() == project.fleet.pools.size() &&
               shown.segments.size() == project.segments.size() &&
               shown.workloads.size() == project.workloads.size();
    };
    if (!applied || !sameRows(applied.value()))
        return std::nullopt;
    return std::move(applied).value();
}

} // namespace

const Project& ProjectDocument::scenarioProject() const
{
    if (m_scenario.isEmpty())
        return m_project;
    if (!m_scenarioApplied) {
        auto applied = withScenario(m_project, m_scenario);
        m_scenarioAppliedWhole = applied.has_value();
        if (applied)
            m_scenarioApplied = std::move(*applied);
        else
            m_scenarioApplied = m_project;
    }
    return *m_scenarioApplied;
}

const Project* ProjectDocument::appliedScenarioProject() const
{
    if (m_scenario.isEmpty())
        return nullptr;
    const Project& shown = scenarioProject();
    return m_scenarioAppliedWhole ? &shown : nullptr;
}

void ProjectDocument::setProject(Project project, const ProjectChange& change)
{
    m_project = std::move(project);
    projectReplaced(change);
}

void ProjectDocument::projectReplaced(const ProjectChange& change,
                                      std::shared_ptr<ProjectReplay> replay)
{
    const quint64 before = std::exchange(m_revision, nextRevision());
    if (replay)
        replay->from = before;
    m_lastReplay = std::move(replay);
    if (!keepScenarioApplied())
        m_scenarioApplied.reset();
    m_lastChange = change;
    // An undo that takes away the scenario shown (its "New scenario" step)
    // shows the baseline again: edits never go to a scenario that is gone.
    if (!m_scenario.isEmpty() && !m_project.scenario(m_scenario.toStdString())) {
        m_scenario.clear();
        m_lastChange = {};
        emit scenarioChanged(m_scenario);
    }
    emit changed();
}

bool ProjectDocument::keepScenarioApplied()
{
    // A change of the scenario list alone (an edit made while a scenario is
    // shown, its undo, its redo) changes the project as shown in the
    // workload rows whose overrides changed, if that is all: those are
    // re-read, the rest kept (applying the scenario to ten thousand
    // workloads again took the GUI thread ~100 ms per edit).
    if (!m_scenarioApplied || !m_scenarioAppliedWhole || m_scenario.isEmpty() || !m_lastReplay ||
        m_lastReplay->steps.empty())
        return false;
    for (const auto& step : m_lastReplay->steps) {
        const std::string target = step->target();
        if (!target.starts_with("list scenarios") && !target.starts_with("row /scenarios "))
            return false;
    }
    const Scenario* before = m_scenarioApplied->scenario(m_scenario.toStdString());
    const Scenario* after = m_project.scenario(m_scenario.toStdString());
    if (!before || !after || before->id != after->id)
        return false;
    const std::vector<ScenarioOverride> overrides = before->overrides; // `before` is replaced
    return reapplyScenarioRows(m_project, overrides, *after, *m_scenarioApplied).has_value();
}

void ProjectDocument::setScenario(const QString& scenario)
{
    if (scenario == m_scenario)
        return;
    m_scenario = scenario;
    m_scenarioApplied.reset();
    m_lastChange = {}; // not the last edit's row: everything the views show may differ
    endInteraction();  // a drag in the baseline never merges with one in a scenario
    emit scenarioChanged(scenario);
    emit changed();
}

std::optional<QString> ProjectDocument::saveAs(const QString& path)
{
    if (path.isEmpty())
        return tr("the project has no file yet: use Save As");
    // An autosave under way would write its recovery file after the discard below.
    m_autosaving.waitForFinished();
    auto saved = saveProjectFile(m_project, path.toStdString());
    if (!saved)
        return QString::fromStdString(saved.error().toString());
    discardRecovery(recoveryBase().toStdString());
    discardRecovery(path.toStdString());
    const bool moved = path != m_path;
    m_path = path;
    m_readOnly.clear(); // a salvaged project, once saved as its own file, is editable
    m_undo->setClean();
    if (moved)
        emit pathChanged(path);
    return std::nullopt;
}

QString ProjectDocument::recoveryBase() const
{
    if (!m_path.isEmpty())
        return m_path;
    // A project without a file yet (the sample, a new one) recovers from the
    // application's data folder.
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(folder);
    return QDir(folder).filePath(QStringLiteral("untitled.fleetplan"));
}

void ProjectDocument::markRecovered()
{
    m_undo->resetClean(); // emits cleanChanged(false) → modifiedChanged(true)
}

void ProjectDocument::autosaveNow()
{
    m_autosaving.waitForFinished(); // an older one never lands after this one
    if (isModified() && !m_autosaveSuspended)
        (void)autosave(m_project, recoveryBase().toStdString());
}

void ProjectDocument::autosaveInBackground()
{
    if (!isModified() || m_autosaveSuspended || m_autosaving.isRunning())
        return;
    // Written on a worker from a copy (milliseconds to take): writing ten
    // thousand workloads took the GUI thread 110 ms every 30 s.
    m_autosaving = QtConcurrent::run([project = m_project, base = recoveryBase().toStdString()] {
        (void)autosave(project, base);
    });
}

} // namespace fleet::gui
