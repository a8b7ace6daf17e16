#include "catalog_table_model.h"
#include "document/price_book_edit.h"
#include "editors/field_table_model.h"
#include "editors/page_helpers.h"
#include "editors/project_pages.h"
#include "store/project_json_writer.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace fleet::gui {

ProjectPage segmentsPage(ProjectDocument* doc, QWidget* parent)
{
    auto* page = new QWidget(parent);
    auto* layout = new QVBoxLayout(page);
    auto* model = new FieldTableModel(
        doc,
        [](const Project& p) {
            std::vector<int> rows(p.segments.size());
            for (std::size_t i = 0; i < rows.size(); ++i)
                rows[i] = int(i);
            return rows;
        },
        [](const Project& p, int i) {
            return QString::fromStdString(p.segments[std::size_t(i)].id);
        },
        {text(QObject::tr("Name"), QObject::tr("The segment's name"), "segments", "name",
              [](const Project& p, int i) { return p.segments[std::size_t(i)].name; }),
         text(QObject::tr("Isolation floor"),
              QObject::tr("none, memory or hardware: the least isolation its work accepts"),
              "segments", "isolation_floor",
              [](const Project& p, int i) {
                  return std::string(isolationKey(p.segments[std::size_t(i)].isolationFloor));
              }),
         number(QObject::tr("Price"), QObject::tr("USD/GPU-h"),
                QObject::tr("What the segment pays per GPU-hour (margin objective)"), "segments",
                "price_usd_per_gpu_hour",
                [](const Project& p, int i) {
                    return p.segments[std::size_t(i)].priceUsdPerGpuHour;
                })},
        page);
    addTable(layout, QObject::tr("Customer segments"), model);
    return {QObject::tr("Segments"), page, {model}};
}

} // namespace fleet::gui
