// fleetplanner: the desktop application.

#include "main_window.h"
#include "store/catalog_loader.h"
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
    QApplication::setDesktopFileName(QStringLiteral("fleetplanner"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QObject::tr("Capacity and cost planner for GPU fleets."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption catalogOption(
        QStringLiteral("catalog"),
        QObject::tr("Merge a catalog file over the built-in one (repeatable)."),
        QObject::tr("FILE"));
    parser.addOption(catalogOption);
    parser.addPositionalArgument(
        QStringLiteral("PROJECT"),
        QObject::tr("A project (.fleetplan.json) to open; default: the bundled sample."));
    parser.process(app);

    QStringList userFiles = parser.values(catalogOption);
    std::vector<std::string> paths;
    for (const QString& file : userFiles)
        paths.push_back(file.toStdString());
    auto catalog = fleet::loadCatalog(paths);
    if (!catalog && !userFiles.isEmpty()) {
        // A broken user file must not cost the user the app: say what is wrong
        // and go on with the built-in catalog.
        QMessageBox::warning(nullptr, QObject::tr("Catalog file not loaded"),
                             QObject::tr("The catalog files were not loaded; showing the "
                                         "built-in catalog.\n\n%1")
                                 .arg(QString::fromStdString(catalog.error().toString())));
        userFiles.clear();
        catalog = fleet::loadBuiltinCatalog();
    }
    if (!catalog) {
        QMessageBox::critical(nullptr, QObject::tr("FleetPlanner cannot start"),
                              QString::fromStdString(catalog.error().toString()));
        return 1;
    }

    fleet::gui::MainWindow window(std::move(catalog).value(), userFiles);
    const QString projectPath = parser.positionalArguments().value(0, QStringLiteral(":sample"));
    auto project = fleet::loadProject(projectPath.toStdString());
    if (project)
        window.showProject(project.value());
    window.show();
    if (!project)
        QMessageBox::warning(
            &window, QObject::tr("Project not opened"),
            QObject::tr("%1 could not be opened:\n\n%2")
                .arg(projectPath, QString::fromStdString(project.error().toString())));
    return app.exec();
}
