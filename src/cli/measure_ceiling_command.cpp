#include "measure_ceiling_command.h"

#include "cli_support.h"
#include "engine/evaluate.h"
#include "knee_seeds_option.h"
#include "project_commands.h"
#include "simulate/measured_ceiling.h"
#include "simulate/planned_ceiling.h"
#include "simulate/project_knee.h"
#include "simulate_knee_text.h"
#include "store/project_edit.h"

#include <QDateTime>

namespace fleet::cli {

namespace {
const QString kCommand = QStringLiteral("measure-ceiling");
}

int runMeasureCeilingCommand(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral(
            "Simulate the knee of the project's scheduler policy (loads %1, %2 days, the median of "
            "the seeds' knees from %3) and store it as the measured utilization ceiling of the "
            "project's current inputs, with their fingerprint in the note. The assumed ceiling "
            "stays as it is; evaluate and the app plan on the measured one while the inputs are "
            "the same, unless scheduler.ceiling_source pins the assumed one. A frontier without "
            "a knee within the loads is recorded too (in the note, for these inputs): the "
            "assumed ceiling then stands, and the project says so.")
            .arg(QString::fromLatin1(kDefaultProjectLoads))
            .arg(kDefaultSimulationDays)
            .arg(kDefaultSimulationSeed));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("PROJECT"),
                                 QStringLiteral("The project file, or :sample."));
    parser.addOptions({
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("The project to write (.fleetplan or .fleetplan.json; may be PROJECT "
                        "itself: written whole or not at all)."),
         QStringLiteral("FILE")},
        kneeSeedsOption(QStringLiteral("the knee")),
    });
    int exitCode = Ok;
    if (!parseOrExit(parser, args, 1, &exitCode))
        return exitCode;
    if (!parser.isSet(QStringLiteral("output"))) {
        printErr(QStringLiteral("fleetplanner-cli measure-ceiling: -o FILE is required (the "
                                "project to write; PROJECT itself to update it)\n"));
        return UserError;
    }
    const auto project = loadProjectArgument(parser, kCommand, &exitCode);
    if (!project)
        return exitCode;
    int seeds = kDefaultKneeSeeds;
    if (!readKneeSeeds(parser, kCommand, &seeds))
        return UserError;
    // Measured on the project as stated, on its assumed ceiling, as simulate measures it.
    const Evaluation evaluation = evaluate(*project);
    const ProjectCluster cluster = projectCluster(*project, evaluation);
    if (cluster.nominalLoad <= 0) {
        printErr(QStringLiteral("fleetplanner-cli measure-ceiling: nothing measured: the project "
                                "has no training or batch work to simulate\n"));
        return UserError;
    }
    const std::vector<double> loads = defaultProjectLoads();
    const SeededFrontier seeded = seededProjectFrontier(
        *project, evaluation, cluster, placementPolicyOf(project->scheduler.policy), loads,
        kDefaultSimulationDays, kDefaultSimulationSeed, seeds);
    const auto measured = measuredCeiling(seeded.frontier);
    const CeilingProvenance provenance =
        seededProvenance("by fleetplanner-cli measure-ceiling",
                         QDateTime::currentDateTimeUtc().date().toString(Qt::ISODate).toStdString(),
                         loads, kDefaultSimulationDays, seeded);
    if (!measured && kneeBound(seeded.frontier) == KneeBound::AboveSweep) {
        // No knee within the loads: a result for these inputs, recorded, so
        // that the project says its assumed ceiling stands rather than asking
        // for this measurement again.
        const auto edited = applyFieldEdits(
            *project, noKneeEdits(*project, project->scheduler.policy, provenance), project->name);
        if (!edited) {
            printErr(QStringLiteral("fleetplanner-cli measure-ceiling: the record was refused: "
                                    "%1\n")
                         .arg(QString::fromStdString(edited.error().toString())));
            return UserError;
        }
        printOut(QStringLiteral("No knee of %1 within loads %2 to %3 (seeds %4 to %5): no class "
                                "of jobs waited longer than it ran. Recorded for inputs %6: the "
                                "project plans on its assumed ceiling, %7; fleetplanner-cli "
                                "simulate PROJECT --loads FROM:TO:STEP sweeps other loads.\n")
                     .arg(QString::fromUtf8(policyKey(project->scheduler.policy).data()))
                     .arg(loads.front(), 0, 'f', 2)
                     .arg(loads.back(), 0, 'f', 2)
                     .arg(kDefaultSimulationSeed)
                     .arg(kDefaultSimulationSeed + std::uint64_t(seeds) - 1)
                     .arg(QString::fromStdString(measuredInputsFingerprint(*project)))
                     .arg(project->scheduler.ceiling(), 0, 'f', 2));
        return writeProject(kCommand, edited.value().project,
                            parser.value(QStringLiteral("output")));
    }
    if (!measured) {
        // measure-ceiling sweeps the default loads only: say where a wider
        // sweep is, and what is planned on meanwhile.
        printErr(QStringLiteral("fleetplanner-cli measure-ceiling: nothing written: %1\n"
                                "The project plans on its assumed ceiling, %2; fleetplanner-cli "
                                "simulate PROJECT --loads FROM:TO:STEP sweeps other loads.\n")
                     .arg(QString::fromStdString(measured.error().messages()))
                     .arg(project->scheduler.ceiling(), 0, 'f', 2));
        return UserError;
    }
    const auto edited = applyFieldEdits(
        *project, measurementEdits(*project, measured.value(), provenance), project->name);
    if (!edited) {
        printErr(QStringLiteral("fleetplanner-cli measure-ceiling: the measured ceiling %1 was "
                                "refused: %2\n")
                     .arg(measured.value().ceiling)
                     .arg(QString::fromStdString(edited.error().toString())));
        return UserError;
    }
    const Project& stored = edited.value().project;
    QString sentence =
        QString::fromStdString(plannedCeilingSentence(plannedCeiling(stored), std::string()));
    sentence[0] = sentence[0].toUpper();
    printOut(QStringLiteral("Measured the knee of %1: useful utilization %2 at load %3 (seeds "
                            "%4 to %5, knees %6 to %7), for inputs %8\n%9\n")
                 .arg(QString::fromUtf8(policyKey(measured.value().policy).data()))
                 .arg(measured.value().ceiling, 0, 'f', 3)
                 .arg(measured.value().kneeLoad, 0, 'f', 2)
                 .arg(kDefaultSimulationSeed)
                 .arg(kDefaultSimulationSeed + std::uint64_t(seeds) - 1)
                 .arg(provenance.lowKnee, 0, 'f', 3)
                 .arg(provenance.highKnee, 0, 'f', 3)
                 .arg(QString::fromStdString(measuredInputsFingerprint(stored)))
                 .arg(sentence));
    return writeProject(kCommand, stored, parser.value(QStringLiteral("output")));
}

} // namespace fleet::cli
