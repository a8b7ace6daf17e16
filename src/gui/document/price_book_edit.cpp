#include "document/price_book_edit.h"

#include "model/price_fields.h"
#include "store/catalog_writer.h"

#include <QDate>

#include <boost/json.hpp>

#include <algorithm>

namespace fleet::gui {

namespace {

bool isIdentifier(const std::string& id)
{
    if (id.empty() || id.size() > 64 || !(id[0] >= 'a' && id[0] <= 'z'))
        return false;
    return std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    });
}

/// The "/sources" edit that adds the user source, when `citation` cites it
/// and the project does not define it yet.
std::optional<FieldEdit> userSourceEdit(const Project& project, const std::string& source)
{
    if (source != kUserSourceId || project.catalog().source(kUserSourceId))
        return std::nullopt;
    boost::json::array sources;
    for (const SourceInfo& own : project.ownSources)
        sources.push_back(sourceToDocumentJson(own));
    sources.push_back(sourceToDocumentJson(userEnteredSource()));
    return FieldEdit{"/sources", boost::json::value(std::move(sources))};
}

PriceCitation completed(PriceCitation citation)
{
    if (citation.source.empty())
        citation.source = kUserSourceId;
    if (citation.asOf.empty())
        citation.asOf = todayIsoDate();
    return citation;
}

} // namespace

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

SourceInfo userEnteredSource()
{
    SourceInfo source;
    source.id = kUserSourceId;
    source.title = "Entered by the user";
    source.publisher = "FleetPlanner user";
    source.kind = "assumption";
    source.note = "Prices typed into FleetPlanner without a published source; each carries the "
                  "date it was entered.";
    return source;
}

std::string todayIsoDate()
{
    return QDate::currentDate().toString(Qt::ISODate).toStdString();
}

SourcedValue citedFigure(double value, const PriceCitation& citation,
                         const std::optional<SourcedValue>& was)
{
    if (was && was->value == value)
        return *was;
    const PriceCitation cited = completed(citation);
    return SourcedValue{value, cited.source, cited.asOf, cited.note};
}

Result<std::vector<FieldEdit>> setPriceEdits(const Project& project, const std::string& bookId,
                                             const std::string& gpuId, Plan plan,
                                             std::optional<HourlyPrice> hourly,
                                             std::optional<OwnedCost> owned,
                                             const PriceCitation& citation)
{
    const PriceBook* found = project.catalog().priceBook(bookId);
    if (!found)
        return Error("book: there is no price book \"" + bookId + "\"");
    if (!project.catalog().gpu(gpuId))
        return Error("GPU: \"" + gpuId + "\" is not in the catalog");
    if (plan == Plan::Owned ? !owned : !hourly)
        return Error(std::string("price: a ") + std::string(planKey(plan)) +
                     " price needs its figures");
    const PriceCitation cited = completed(citation);
    PriceBook book = *found;
    auto entry = std::find_if(book.gpus.begin(), book.gpus.end(),
                              [&](const GpuPrices& p) { return p.gpuId == gpuId; });
    if (entry == book.gpus.end()) {
        book.gpus.push_back(GpuPrices{});
        entry = book.gpus.end() - 1;
        entry->gpuId = gpuId;
    }
    std::vector<std::string> sources;
    if (plan == Plan::Owned) {
        entry->owned = *owned;
        for (const OwnedFigureField& figure : ownedFigureFields())
            if (ownedFigureApplies(figure, *owned))
                sources.push_back((*owned.*figure.member).source);
    } else {
        HourlyPrice price = *hourly;
        price.source = cited.source;
        price.asOf = cited.asOf;
        if (price.note.empty())
            price.note = cited.note;
        if (plan != Plan::Spot)
            price.interruptionsPerHour.reset();
        entry->hourly(plan) = price;
        sources.push_back(price.source);
    }
    std::vector<FieldEdit> edits;
    if (std::find(sources.begin(), sources.end(), kUserSourceId) != sources.end())
        if (auto added = userSourceEdit(project, kUserSourceId))
            edits.push_back(std::move(*added));
    edits.push_back(ownPriceBookEdit(project, book.id, book));
    return edits;
}

Result<std::vector<FieldEdit>> removePriceEdits(const Project& project, const std::string& bookId,
                                                const std::string& gpuId, Plan plan)
{
    const PriceBook* found = project.catalog().priceBook(bookId);
    if (!found)
        return Error("book: there is no price book \"" + bookId + "\"");
    PriceBook book = *found;
    auto entry = std::find_if(book.gpus.begin(), book.gpus.end(),
                              [&](const GpuPrices& p) { return p.gpuId == gpuId; });
    if (entry == book.gpus.end() || !entry->has(plan))
        return Error("price: " + book.id + " has no " + std::string(planKey(plan)) + " price for " +
                     gpuId);
    if (plan == Plan::Owned)
        entry->owned.reset();
    else
        entry->hourly(plan).reset();
    if (std::none_of(kAllPlans.begin(), kAllPlans.end(), [&](Plan p) { return entry->has(p); }))
        book.gpus.erase(entry);
    return std::vector<FieldEdit>{ownPriceBookEdit(project, book.id, book)};
}

Result<std::vector<FieldEdit>> newPriceBookEdits(const Project& project, const std::string& id,
                                                 const std::string& name,
                                                 const std::string& copyFrom)
{
    if (!isIdentifier(id))
        return Error("id: must be 1–64 characters of a–z, 0–9, '-', '_' and '.', starting with "
                     "a letter; got \"" +
                     id + "\"");
    if (project.catalog().priceBook(id))
        return Error("id: a price book \"" + id + "\" exists already");
    if (name.empty())
        return Error("name: must not be empty");
    PriceBook book;
    if (!copyFrom.empty()) {
        const PriceBook* source = project.catalog().priceBook(copyFrom);
        if (!source)
            return Error("copy from: there is no price book \"" + copyFrom + "\"");
        book = *source;
        book.description =
            "Copied from " + source->name + " (" + source->id + ") on " + todayIsoDate() + ".";
    } else {
        book.description = "Created in FleetPlanner on " + todayIsoDate() + ".";
    }
    book.id = id;
    book.name = name;
    book.asOf = todayIsoDate();
    book.originFile.clear();
    return std::vector<FieldEdit>{ownPriceBookEdit(project, id, book)};
}

Result<std::vector<FieldEdit>> dropOwnBookEdits(const Project& project, const Catalog& builtin,
                                                const std::string& id)
{
    const bool own = std::any_of(project.ownPriceBooks.begin(), project.ownPriceBooks.end(),
                                 [&](const PriceBook& book) { return book.id == id; });
    if (!own)
        return Error("/price_books: the project has no book \"" + id + "\" of its own");
    const PriceBook* original = builtin.priceBook(id);
    if (id == project.activePriceBookId) {
        if (!original)
            return Error("/price_books/" + id +
                         ": the book in force cannot be deleted; switch "
                         "to another book first");
        const std::vector<std::string> missing = unpricedPools(project, *original);
        if (!missing.empty()) {
            std::string list;
            for (const std::string& pool : missing)
                list += (list.empty() ? "" : ", ") + pool;
            return Error("/price_books/" + id + ": the built-in book cannot price " + list +
                         ", which the fleet uses; change those pools or keep the project's prices");
        }
    }
    return std::vector<FieldEdit>{ownPriceBookEdit(project, id, std::nullopt)};
}

std::vector<std::string> unpricedPools(const Project& project, const PriceBook& book)
{
    std::vector<std::string> missing;
    for (const FleetPool& pool : project.fleet.pools) {
        const GpuModel* gpu = project.catalog().gpu(pool.gpuId);
        if (!gpu || book.usdPerGpuHour(*gpu, pool.plan))
            continue;
        std::string text = pool.gpuId + " (" + std::string(planKey(pool.plan)) + ")";
        if (std::find(missing.begin(), missing.end(), text) == missing.end())
            missing.push_back(std::move(text));
    }
    return missing;
}

} // namespace fleet::gui
