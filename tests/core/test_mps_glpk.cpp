// The exported model is the model solved: GLPK (glpsol), a solver independent
// of CBC, reads the MPS file and finds the same optimum.

#include "optimize/regime_mix.h"
#include "store/project_json.h"
#include "support/fleet_test.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace fleet;

class TestMpsGlpk : public QObject
{
    Q_OBJECT

private slots:
    void glpkReproducesTheObjective()
    {
        const Project project = loadSampleProject().value();
        QTemporaryDir dir;
        const QString mps = dir.filePath(QStringLiteral("sample.mps"));
        QVERIFY(writeMps(buildRegimeMixMilp(project, Objective::Cost), mps.toStdString()).ok());
        OptimizeOptions options;
        options.solve.relativeGap = 1e-4;
        options.solve.timeLimitSeconds = 60;
        const RegimeMixResult ours = optimizeRegimeMix(project, options).value();
        QVERIFY(ours.status == SolveStatus::Optimal || ours.status == SolveStatus::Feasible);

        QProcess glpsol;
        glpsol.start(QStringLiteral("glpsol"),
                     {QStringLiteral("--freemps"), mps, QStringLiteral("--tmlim"),
                      QStringLiteral("60"), QStringLiteral("--mipgap"), QStringLiteral("0.001")});
        QVERIFY2(glpsol.waitForFinished(180000), "glpsol did not finish");
        const QString output = QString::fromUtf8(glpsol.readAllStandardOutput());
        // The last "mip = <value>" line is GLPK's best integer solution.
        const auto matches =
            QRegularExpression(QStringLiteral("mip =\\s+([-+0-9.eE]+)")).globalMatch(output);
        double theirs = 0;
        bool found = false;
        for (auto it = matches; it.hasNext();) {
            theirs = it.next().captured(1).toDouble(&found);
        }
        QVERIFY2(found, qPrintable(output.right(2000)));
        qInfo("CBC %.2f, GLPK %.2f", ours.objectiveUsd, theirs);
        // Each solver stops within its gap target (CBC 0.01 %, GLPK 0.1 %) of
        // the same optimum.
        QVERIFY2(std::abs(theirs - ours.objectiveUsd) <= 1e-3 * ours.objectiveUsd,
                 qPrintable(QStringLiteral("CBC %1 vs GLPK %2")
                                .arg(ours.objectiveUsd, 0, 'f', 2)
                                .arg(theirs, 0, 'f', 2)));
    }
};

FLEET_TEST_MAIN(TestMpsGlpk)
#include "test_mps_glpk.moc"
