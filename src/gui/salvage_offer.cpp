#include "salvage_offer.h"

#include "store/project_sqlite.h"

#include <QMessageBox>
#include <QObject>

namespace fleet::gui {

std::optional<SalvagedProject> offerSalvage(QWidget* parent, const QString& path,
                                            const Error& refusal)
{
    const QString why = QString::fromStdString(refusal.toString());
    if (!isDamagedFileRefusal(refusal)) {
        QMessageBox::warning(parent, QObject::tr("Project not opened"),
                             QObject::tr("%1 could not be opened:\n\n%2").arg(path, why));
        return std::nullopt;
    }
    const auto answer = QMessageBox::question(
        parent, QObject::tr("Damaged project"),
        QObject::tr("%1 is damaged:\n\n%2\n\nOpen what can still be read, read-only? The damaged "
                    "file is not changed; File → Save As keeps the salvaged project as a new "
                    "file.")
            .arg(path, why),
        QMessageBox::Open | QMessageBox::Cancel, QMessageBox::Open);
    if (answer != QMessageBox::Open)
        return std::nullopt;
    auto salvaged = salvageProjectFile(path.toStdString());
    if (!salvaged) {
        QMessageBox::warning(parent, QObject::tr("Nothing to salvage"),
                             QObject::tr("Nothing of %1 could be read:\n\n%2")
                                 .arg(path, QString::fromStdString(salvaged.error().toString())));
        return std::nullopt;
    }
    if (!salvaged.value().lost.empty()) {
        QStringList lost;
        for (const std::string& line : salvaged.value().lost)
            lost << QString::fromStdString(line);
        QMessageBox box(QMessageBox::Information, QObject::tr("Salvaged, with losses"),
                        QObject::tr("%n part(s) of %1 could not be read and are missing from "
                                    "the salvaged project (Show Details lists them).",
                                    nullptr, int(lost.size()))
                            .arg(path),
                        QMessageBox::Ok, parent);
        box.setDetailedText(lost.join(QLatin1Char('\n')));
        box.exec();
    }
    return std::move(salvaged).value();
}

} // namespace fleet::gui
