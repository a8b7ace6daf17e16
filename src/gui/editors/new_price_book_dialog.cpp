#include "editors/new_price_book_dialog.h"

#include "document/price_book_edit.h"
#include "views/error_label.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <boost/json.hpp>

namespace fleet::gui {

NewPriceBookDialog::NewPriceBookDialog(ProjectDocument* document, QWidget* parent)
    : QDialog(parent), m_document(document)
{
    setObjectName(QStringLiteral("newPriceBookDialog"));
    setWindowTitle(tr("New Price Book"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_id = new QLineEdit(QStringLiteral("my-prices"), this);
    m_id->setObjectName(QStringLiteral("bookId"));
    m_id->setToolTip(tr("a–z, 0–9, '-', '_' and '.', starting with a letter"));
    form->addRow(tr("Id:"), m_id);
    m_name = new QLineEdit(tr("My prices"), this);
    m_name->setObjectName(QStringLiteral("bookName"));
    form->addRow(tr("Name:"), m_name);
    m_copyFrom = new QComboBox(this);
    m_copyFrom->setObjectName(QStringLiteral("bookCopyFrom"));
    m_copyFrom->addItem(tr("Nothing — an empty book"), QString());
    for (const PriceBook& book : document->shownProject().catalog().priceBooks)
        m_copyFrom->addItem(tr("Prices of %1").arg(QString::fromStdString(book.name)),
                            QString::fromStdString(book.id));
    form->addRow(tr("Start from:"), m_copyFrom);
    layout->addLayout(form);
    m_error = newErrorLabel(this, QStringLiteral("bookError"));
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create book"));
    connect(buttons, &QDialogButtonBox::accepted, this, &NewPriceBookDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

QString NewPriceBookDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void NewPriceBookDialog::accept()
{
    const Project& project = m_document->shownProject();
    const std::string id = m_id->text().trimmed().toStdString();
    auto edits = newPriceBookEdits(project, id, m_name->text().trimmed().toStdString(),
                                   m_copyFrom->currentData().toString().toStdString());
    std::optional<QString> refusal;
    if (!edits) {
        refusal = QString::fromStdString(edits.error().messages());
    } else {
        // In force at once when it prices every pool (an empty fleet, a full copy).
        const PriceBook* copied =
            project.catalog().priceBook(m_copyFrom->currentData().toString().toStdString());
        PriceBook probe = copied ? *copied : PriceBook{};
        if (unpricedPools(project, probe).empty())
            edits.value().push_back({"/active_price_book", boost::json::value(id)});
        refusal = m_document->edit(tr("New price book %1").arg(QString::fromStdString(id)),
                                   edits.value());
    }
    if (refusal) {
        m_error->setText(tr("Refused: %1").arg(*refusal));
        m_error->show();
        return;
    }
    QDialog::accept();
}

} // namespace fleet::gui
