#include "document/price_book_edit.h"

#include "store/catalog_writer.h"

#include <boost/json.hpp>

namespace fleet::gui {

FieldEdit ownPriceBookEdit(const Project& project, const std::string& id,
                           const std::optional<PriceBook>& book)
{
    boost::json::array books;
    for (const PriceBook& own : project.ownPriceBooks)
        if (own.id != id)
            books.push_back(priceBookToDocumentJson(own));
    if (book)
        books.push_back(priceBookToDocumentJson(*book));
    return {"/price_books", boost::json::value(std::move(books))};
}

} // namespace fleet::gui
