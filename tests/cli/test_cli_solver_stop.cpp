// The solver's stop is said (issue 33, item 5): a CBC child that stops
// answering (SIGSTOP, injected by FLEET_FAULT_SOLVER_STOP=first) is killed at
// its time limit, and `solve` says "stopped" with the time, in text and JSON,
// instead of "feasible" after four times the limit.

#include "cli_run.h"
#include "support/fleet_test.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using fleet::test::CliRun;
using fleet::test::runCli;

namespace {

/// The whole model's limit (6 s) or, on the restricted path, half of it.
const QRegularExpression kKilledAtItsLimit(QStringLiteral("killed at its [36] s limit, "));

/// The sample with its fleet sized, written to `dir`: its rounded LP is
/// 0.008 % above the LP bound, so `--gap 0` sends it to branch and bound. (The
/// sample's fixed fleet solves by rounding alone since on-demand GPUs are
/// paid by the hour, 2026-12-06: its CBC child never started.)
QString sizedSample(const QTemporaryDir& dir)
{
    const QString file = dir.filePath(QStringLiteral("sized.fleetplan.json"));
    if (runCli({"new", "--sample", "-o", file}).exitCode != 0)
        return {};
    QJsonObject project = QJsonDocument::fromJson(fleet::test::fileBytes(file)).object();
    QJsonObject fleet = project.value(QLatin1String("fleet")).toObject();
    fleet.insert(QStringLiteral("mode"), QStringLiteral("size"));
    project.insert(QStringLiteral("fleet"), fleet);
    return fleet::test::writeFileBytes(file, QJsonDocument(project).toJson()) ? file : QString();
}

QProcessEnvironment withStoppedChild()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("FLEET_FAULT_SOLVER_STOP"), QStringLiteral("first"));
    return environment;
}

} // namespace

class TestCliSolverStop : public QObject
{
    Q_OBJECT

private slots:
    void aStoppedChildIsSaidInText()
    {
        const QTemporaryDir dir;
        const QString sample = sizedSample(dir);
        QVERIFY(!sample.isEmpty());
        QElapsedTimer clock;
        clock.start();
        const CliRun run =
            runCli({"solve", sample, "--time-limit", "6", "--gap", "0"}, {}, withStoppedChild());
        const double seconds = double(clock.elapsed()) / 1000.0;
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // A plan all the same (the one the stopped solve started from, or the whole
        // model's after a stopped restricted one), with the LP's bound.
        QVERIFY2(run.out.contains(QStringLiteral("(bound $")), qPrintable(run.out));
        // Killed at its limit (6 s for the whole model, 3 s for a restricted one), not at
        // the hang limit (2 × 6 + 30 s); a few seconds for the LP and the evaluation.
        QVERIFY2(seconds < 25, qPrintable(QString::number(seconds)));
        QVERIFY2(run.out.startsWith(QStringLiteral("Status: stopped (")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QStringLiteral("note: the exact solve was stopped: CBC's "
                                                 "process stopped answering (no sign of life "
                                                 "for ")) &&
                     run.out.contains(kKilledAtItsLimit),
                 qPrintable(run.out));
    }

    void aStoppedChildIsSaidInJson()
    {
        const QTemporaryDir dir;
        const QString sample = sizedSample(dir);
        QVERIFY(!sample.isEmpty());
        const CliRun run = runCli({"solve", sample, "--time-limit", "6", "--gap", "0", "--json"},
                                  {}, withStoppedChild());
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonObject answer = QJsonDocument::fromJson(run.outBytes).object();
        QCOMPARE(answer.value(QLatin1String("status")).toString(), QStringLiteral("stopped"));
        const QString note = answer.value(QLatin1String("solver_note")).toString();
        QVERIFY2(note.contains(QStringLiteral("stopped answering")) &&
                     note.contains(kKilledAtItsLimit),
                 qPrintable(note));
        QVERIFY(answer.value(QLatin1String("solve_seconds")).toDouble() > 2.9);
    }
};

FLEET_TEST_MAIN(TestCliSolverStop)
#include "test_cli_solver_stop.moc"
