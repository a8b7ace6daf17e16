#pragma once

// Project files (.fleetplan): one SQLite database per project. Saves are
// atomic (a new file beside the old one, synced, renamed over it); opening is
// defensive and says exactly why a file is refused.

#include "model/project.h"
#include "store/project_schema.h"
#include "util/result.h"

#include <filesystem>
#include <optional>
#include <span>
#include <string>

namespace fleet {

/// Writes `project` to `path`. Either the whole new project is there
/// afterwards, or the previous file is untouched; never a half-written file.
/// Over a project file of an older schema version N, the file as it was is
/// first kept as `path`.vN (a failure to keep it is a failure to save).
Result<bool> saveProjectFile(const Project& project, const std::string& path);

/// Opens a .fleetplan file: header, application_id, schema version (a newer
/// one is refused, an older one upgraded in memory: nothing is written, the
/// backup NAME.fleetplan.v<N> is kept by the first save over it),
/// integrity_check (a damaged file is refused with its own message; see
/// salvageProjectFile), the schema compared with FleetPlanner's, size limits — then
/// the rows are read and validated like a JSON project.
Result<Project> openProjectFile(const std::string& path, const std::string& scenario = {});

/// The checks of openProjectFile up to the rows: a regular file, a SQLite
/// header, FleetPlanner's identity and a version it reads (migrating an older
/// one), integrity_check, schema and row counts. Opened immutably: nothing is
/// created beside the file and no -wal file is read.
Result<sql::Database> openProjectDatabase(const std::string& path);

/// True when `error` is openProjectFile()'s refusal of a damaged file (one
/// whose readable part salvageProjectFile() may still recover).
bool isDamagedFileRefusal(const Error& error);

/// True when the file starts with SQLite's 16-byte header.
bool looksLikeSqlite(const std::string& path);

/// The schema version of the FleetPlanner project file at `path`, or none
/// when it is not one (missing, not SQLite, another application's, newer).
std::optional<int> projectFileVersion(const std::string& path);

/// Brings a file of schema `fromVersion` up to date with `steps` in place,
/// after copying it to `path.v<fromVersion>`. Exposed for tests;
/// openProjectFile upgrades in memory instead.
Result<bool> migrateProjectFile(const std::string& path, int fromVersion,
                                std::span<const Migration> steps);

// Autosave and crash recovery -------------------------------------------------

/// "NAME.fleetplan.recovery", beside the project.
std::string recoveryPathFor(const std::string& projectPath);
/// Saves `project` to the recovery file (atomically, like any save).
Result<bool> autosave(const Project& project, const std::string& projectPath);

struct RecoveryOffer
{
    std::string recoveryPath;
    std::filesystem::file_time_type savedAt;
};
/// A recovery file newer than the project (or with no project file at all):
/// the previous session ended without saving what it autosaved.
std::optional<RecoveryOffer> findRecovery(const std::string& projectPath);
/// Opens the recovered project (it becomes the project's when saved).
Result<Project> openRecovery(const RecoveryOffer& offer);
/// Removes the recovery file (after a save, or when the user declines it).
void discardRecovery(const std::string& projectPath);

} // namespace fleet
