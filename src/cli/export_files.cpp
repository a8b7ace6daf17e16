#include "export_files.h"

#include "io/export_target.h"

#include <QFile>

namespace fleet::cli {

std::vector<std::string> filesRead(const QCommandLineParser& parser)
{
    std::vector<std::string> files;
    for (const QString& argument : parser.positionalArguments())
        files.push_back(QFile::encodeName(argument).toStdString());
    const QStringList given = parser.optionNames();
    for (const char* option : {"jobs", "nodes", "pods", "catalog"})
        if (given.contains(QLatin1String(option)))
            for (const QString& value : parser.values(QLatin1String(option)))
                files.push_back(QFile::encodeName(value).toStdString());
    return files;
}

QString writeExport(const QCommandLineParser& parser, const QString& option, const QString& path,
                    const std::string& contents)
{
    const auto written =
        writeExportFile(QFile::encodeName(path).toStdString(), contents, filesRead(parser));
    if (written)
        return {};
    return QStringLiteral("%1: cannot write %2")
        .arg(option, QString::fromStdString(written.error().toString()));
}

} // namespace fleet::cli
