#pragma once

// Running fleetplanner-cli from a test: its exit status and what it printed.
// FLEET_CLI_PATH is the built executable (tests/CMakeLists.txt).

#include "support/unmeasured_sample.h"

#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace fleet::test {

struct CliRun
{
    int exitCode = -1; ///< -1: crashed, or no answer within a minute
    QString out;
    QString err;
    QByteArray outBytes; ///< stdout as written, for tests of its encoding
    QByteArray errBytes;
};

/// Runs the CLI with `args`, `input` on its stdin and `environment`.
inline CliRun
runCli(const QStringList& args, const QByteArray& input = {},
       const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(FLEET_CLI_PATH), args);
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    CliRun run;
    // Five minutes: the sanitizer build runs the CLI several times slower
    // (simulate of the sample, five seeds, took over a minute there).
    if (!process.waitForFinished(300000) || process.exitStatus() != QProcess::NormalExit) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitCode();
    run.outBytes = process.readAllStandardOutput();
    run.errBytes = process.readAllStandardError();
    run.out = QString::fromUtf8(run.outBytes);
    run.err = QString::fromUtf8(run.errBytes);
    return run;
}

/// The sample as canonical JSON, exported by the CLI into `dir`.
inline QJsonObject exportedSample(const QTemporaryDir& dir)
{
    const QString sqlite = dir.filePath(QStringLiteral("s.fleetplan"));
    const QString json = dir.filePath(QStringLiteral("s.json"));
    if (runCli({"new", "--sample", "-o", sqlite}).exitCode != 0 ||
        runCli({"export", sqlite, "-o", json}).exitCode != 0)
        return {};
    QFile file(json);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

/// The sample without the knee it ships with (support/unmeasured_sample.h),
/// written into `dir`: the project the tests of the unmeasured path start
/// from. Empty when it could not be written.
inline QString unmeasuredSampleFile(const QTemporaryDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("unmeasured.fleetplan.json"));
    const std::string text = test_support::unmeasuredSampleJson();
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.flush())
        return {};
    return path;
}

/// The bytes of the file at `path` (empty when it cannot be read).
inline QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Writes `bytes` to `path`, replacing it; false when any byte did not land.
inline bool writeFileBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.flush();
}

/// A solve-worker request for `project` as the app sends one: the base (no
/// scenario), cost, the exact solve within 1 % and 10 s.
inline QJsonObject solveRequest(const QJsonObject& project)
{
    return QJsonObject{{"format", "fleetplanner-solve-request"},
                       {"format_version", 1},
                       {"scenario", ""},
                       {"options", QJsonObject{{"objective", "cost"},
                                               {"fast_path", false},
                                               {"time_limit_seconds", 10},
                                               {"relative_gap", 0.01}}},
                       {"project", project}};
}

} // namespace fleet::test
