#include "editors/range_dialog.h"

#include "document/project_document.h"
#include "editors/field_table_model.h"
#include "model/field_input.h"
#include "model/range_fields.h"
#include "model/row_paths.h"
#include "store/field_json.h"
#include "store/project_json_writer.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <boost/json.hpp>

#include <array>

namespace fleet::gui {

namespace {

namespace bj = boost::json;

QString shownText(double stored, const FieldColumn& column)
{
    return QString::number(stored * column.scale, 'g', 8);
}

/// The project's ranges as a JSON list, `path`'s replaced by `range` (or
/// removed when it is null).
bj::array rangesWith(const Project& project, const std::string& path, const InputRange* range)
{
    bj::array ranges;
    bool placed = false;
    for (const InputRange& existing : project.ranges) {
        const InputRange* kept = &existing;
        if (existing.path == path) {
            placed = true;
            if (!range)
                continue;
            kept = range;
        }
        bj::object item;
        writeRecord(item, *kept, rangeFields());
        ranges.push_back(std::move(item));
    }
    if (range && !placed) {
        bj::object item;
        writeRecord(item, *range, rangeFields());
        ranges.push_back(std::move(item));
    }
    return ranges;
}

} // namespace

void editFieldRange(QWidget* parent, ProjectDocument* document, const FieldColumn& column,
                    const std::string& indexPointer)
{
    const Project& project = document->project();
    const bj::value json(projectToJson(project));
    const auto idPath = idPathOf(json, indexPointer);
    const std::string path = idPath ? idPath.value() : indexPointer;
    const InputRange* existing = nullptr;
    for (const InputRange& range : project.ranges)
        if (range.path == path)
            existing = &range;
    boost::system::error_code missing;
    const bj::value* current = json.find_pointer(indexPointer, missing);
    const double value = current && current->is_number() ? current->to_number<double>() : 0.0;

    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Range of %1").arg(column.header));
    auto* form = new QFormLayout(&dialog);
    auto* where = new QLabel(QString::fromStdString(path));
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(QObject::tr("Field"), where);
    const QString unit =
        column.unit.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(column.unit);
    // Without a range yet: ±20 % around the value as a start.
    std::array<QLineEdit*, 3> bounds{};
    const std::array<double, 3> start =
        existing ? std::array<double, 3>{existing->low, existing->likely, existing->high}
                 : std::array<double, 3>{value * 0.8, value, value * 1.2};
    const std::array<QString, 3> names = {QObject::tr("Low"), QObject::tr("Likely"),
                                          QObject::tr("High")};
    for (std::size_t i = 0; i < 3; ++i) {
        bounds[i] = new QLineEdit(shownText(start[i], column));
        bounds[i]->setObjectName(QStringLiteral("range:") + names[i].toLower());
        form->addRow(names[i] + unit, bounds[i]);
    }
    auto* shape = new QComboBox;
    for (RangeShape s : {RangeShape::Triangular, RangeShape::Uniform, RangeShape::Pert})
        shape->addItem(QString::fromUtf8(rangeShapeKey(s).data()), int(s));
    if (existing)
        shape->setCurrentIndex(shape->findData(int(existing->shape)));
    form->addRow(QObject::tr("Distribution"), shape);
    auto* note = new QLineEdit(existing ? QString::fromStdString(existing->note) : QString());
    note->setPlaceholderText(QObject::tr("Where the figures come from"));
    form->addRow(QObject::tr("Note"), note);
    auto* refusal = new QLabel;
    refusal->setWordWrap(true);
    refusal->setForegroundRole(QPalette::BrightText);
    refusal->setVisible(false);
    form->addRow(refusal);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    QPushButton* remove = existing ? buttons->addButton(QObject::tr("Remove range"),
                                                        QDialogButtonBox::DestructiveRole)
                                   : nullptr;
    form->addRow(buttons);
    const auto refuse = [&](const QString& why) {
        refusal->setText(QObject::tr("Refused: %1").arg(why));
        refusal->setVisible(true);
    };
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (remove)
        QObject::connect(remove, &QPushButton::clicked, &dialog, [&] {
            const auto refused =
                document->edit(QObject::tr("Remove the range of %1").arg(column.header),
                               {{"/ranges", bj::value(rangesWith(project, path, nullptr))}});
            if (refused)
                return refuse(*refused);
            dialog.accept();
        });
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        // Kept alive for InputField's views while the texts are read.
        const std::string label = column.header.toStdString(), unitText = column.unit.toStdString();
        const InputField typed{label, unitText, column.scale};
        std::array<double, 3> stored{};
        for (std::size_t i = 0; i < 3; ++i) {
            auto parsed = parseFieldInput(typed, bounds[i]->text().toStdString());
            if (!parsed)
                return refuse(names[i] + QStringLiteral(": ") +
                              QString::fromStdString(parsed.error().toString()));
            stored[i] = parsed.value().stored;
        }
        InputRange range{path,
                         stored[0],
                         stored[1],
                         stored[2],
                         RangeShape(shape->currentData().toInt()),
                         note->text().toStdString()};
        const auto refused =
            document->edit(QObject::tr("Set the range of %1").arg(column.header),
                           {{"/ranges", bj::value(rangesWith(project, path, &range))}});
        if (refused)
            return refuse(*refused);
        dialog.accept();
    });
    dialog.exec();
}

} // namespace fleet::gui
