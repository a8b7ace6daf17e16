#include "document/project_document.h"

#include "document/edit_command.h"
#include "document/scenario_recorder.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "store/project_sqlite.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>

namespace fleet::gui {

namespace {
constexpr int kAutosaveMs = 30'000;
}

ProjectDocument::ProjectDocument(Project project, QString path, QObject* parent)
    : QObject(parent), m_project(std::move(project)), m_path(std::move(path)),
      m_undo(new QUndoStack(this)), m_autosave(new QTimer(this))
{
    connect(m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    m_autosave->setInterval(kAutosaveMs);
    connect(m_autosave, &QTimer::timeout, this, &ProjectDocument::autosaveNow);
    m_autosave->start();
}

ProjectDocument::~ProjectDocument() = default;

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
    if (!m_recordingScenario.isEmpty() && !m_applyingRecording) { // into the scenario
        auto recorded = recordedEdits(m_project, m_recordingScenario.toStdString(), edits);
        if (!recorded)
            return QString::fromStdString(recorded.error().messages());
        m_applyingRecording = true;
        const auto refused = edit(text, recorded.value(), mergeKey);
        m_applyingRecording = false;
        return refused;
    }
    // The reader that opens files checks the change: every rule, with the
    // field's path in its message.
    auto changed = applyFieldEdits(m_project, edits, m_project.name);
    if (!changed)
        return QString::fromStdString(changed.error().toString());
    m_undo->push(new EditCommand(this, m_project, std::move(changed.value().project), text,
                                 changed.value().change, mergeKey, m_interaction));
    return std::nullopt;
}

namespace {

/// `project` with scenario `id` applied, or `project` itself when the
/// scenario cannot be applied or changes which rows there are.
Project withScenario(const Project& project, const QString& id)
{
    auto applied = applyScenario(project, id.toStdString());
    const auto sameRows = [&project](const Project& shown) {
        return shown.fleet.pools.size() == project.fleet.pools.size() &&
               shown.segments.size() == project.segments.size() &&
               shown.workloads.size() == project.workloads.size();
    };
    return applied && sameRows(applied.value()) ? std::move(applied).value() : project;
}

} // namespace

const Project& ProjectDocument::shownProject() const
{
    if (m_recordingScenario.isEmpty())
        return m_project;
    if (!m_shown)
        m_shown = withScenario(m_project, m_recordingScenario);
    return *m_shown;
}

const Project& ProjectDocument::scenarioProject() const
{
    if (m_scenario.isEmpty())
        return m_project;
    if (!m_scenarioApplied)
        m_scenarioApplied = withScenario(m_project, m_scenario);
    return *m_scenarioApplied;
}

void ProjectDocument::setProject(Project project, const ProjectChange& change)
{
    m_shown.reset();
    m_scenarioApplied.reset();
    m_project = std::move(project);
    m_lastChange = change;
    emit changed();
}

void ProjectDocument::setRecordingScenario(const QString& id)
{
    if (id == m_recordingScenario)
        return;
    m_recordingScenario = id;
    m_shown.reset();
    m_lastChange = {}; // the whole project is shown anew
    emit recordingChanged(id);
    emit changed(); // the editors now show the scenario's values (or the base again)
}

void ProjectDocument::setScenario(const QString& scenario)
{
    if (scenario == m_scenario)
        return;
    m_scenario = scenario;
    m_scenarioApplied.reset();
    m_lastChange = {}; // not the last edit's row: everything the views show may differ
    emit scenarioChanged(scenario);
    emit changed();
}

std::optional<QString> ProjectDocument::saveAs(const QString& path)
{
    if (path.isEmpty())
        return tr("the project has no file yet: use Save As");
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
    if (isModified() && !m_autosaveSuspended)
        (void)autosave(m_project, recoveryBase().toStdString());
}

} // namespace fleet::gui
