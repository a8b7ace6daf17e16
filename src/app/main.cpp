// fleetplanner: the desktop application.

#include "document/project_document.h"
#include "main_window.h"
#include "store/project_json.h"
#include "version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("FleetPlanner"));
    QApplication::setOrganizationName(QStringLiteral("FleetPlanner"));
    QApplication::setApplicationVersion(QString::fromStdString(fleet::versionString()));
    QApplication::setDesktopFileName(QStringLiteral("org.fleetplanner.FleetPlanner"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QObject::tr("Capacity and cost planner for GPU fleets."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption presentOption(
        QStringLiteral("present"),
        QObject::tr("Start in presentation mode (full screen, drivers and charts; Esc leaves)."));
    parser.addOption(presentOption);
    parser.addPositionalArgument(
        QStringLiteral("PROJECT"),
        QObject::tr("A project (.fleetplan or .fleetplan.json) to open, or a collected sweep "
                    "result (.sqlite) to open read-only; default: the bundled sample."));
    parser.process(app);

    fleet::gui::MainWindow window;
    // A demo starts without a question in front of the audience; a recovery
    // offer waits for the end of presentation mode.
    if (parser.isSet(presentOption))
        window.deferRecoveryOffers();
    QString path = parser.positionalArguments().value(0, QStringLiteral(":sample"));
    // A collected sweep result opens in its own window, over the sample.
    QString sweepResult;
    if (fleet::gui::isSweepResultPath(path)) {
        sweepResult = path;
        path = QStringLiteral(":sample");
    }
    bool opened = false;
    if (path != QLatin1String(":sample"))
        opened = window.openFile(path);
    if (!opened) {
        auto sample = fleet::loadSampleProject();
        if (!sample) {
            QMessageBox::critical(nullptr, QObject::tr("FleetPlanner cannot start"),
                                  QString::fromStdString(sample.error().toString()));
            return 1;
        }
        window.setProject(std::move(sample).value());
        // Changes to the sample (or a new project) that were never saved.
        window.offerRecovery(window.document()->recoveryBase(), QString());
    }
    window.showFitted();
    if (!sweepResult.isEmpty())
        window.openSweepResult(sweepResult);
    if (parser.isSet(presentOption))
        window.setPresenting(true);
    return app.exec();
}
