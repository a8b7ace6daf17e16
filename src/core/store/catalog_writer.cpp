#include "store/catalog_writer.h"

#include "io/json_writer.h"
#include "model/price_fields.h"
#include "store/field_json.h"

namespace fleet {

namespace bj = boost::json;

bj::object figureToJson(const SourcedValue& value)
{
    bj::object item{{"value", value.value}, {"source", value.source}, {"as_of", value.asOf}};
    json::addNote(item, value.note);
    return item;
}

bj::object hourlyPriceToJson(const HourlyPrice& price)
{
    bj::object item;
    writeRecord(item, price, hourlyPriceFields());
    return item;
}

bj::object ownedCostToJson(const OwnedCost& owned)
{
    bj::object item;
    for (const OwnedFigureField& field : ownedFigureFields())
        if (ownedFigureApplies(field, owned))
            item[field.info.key] = figureToJson(owned.*field.member);
    json::addNote(item, owned.note);
    return item;
}

bj::object sourceToDocumentJson(const SourceInfo& source)
{
    bj::object item{{"id", source.id}, {"title", source.title}, {"publisher", source.publisher}};
    if (!source.url.empty())
        item["url"] = source.url;
    item["kind"] = source.kind;
    json::addNote(item, source.note);
    return item;
}

bj::object priceBookToDocumentJson(const PriceBook& book)
{
    bj::array gpus;
    for (const GpuPrices& prices : book.gpus) {
        bj::object entry{{"gpu", prices.gpuId}};
        for (Plan plan : kAllPlans)
            if (plan != Plan::Owned && prices.hourly(plan))
                entry[planKey(plan)] = hourlyPriceToJson(*prices.hourly(plan));
        if (prices.owned)
            entry["owned"] = ownedCostToJson(*prices.owned);
        json::addNote(entry, prices.note);
        gpus.push_back(std::move(entry));
    }
    bj::object item{
        {"id", book.id}, {"name", book.name}, {"currency", book.currency}, {"as_of", book.asOf}};
    if (!book.description.empty())
        item["description"] = book.description;
    item["gpus"] = std::move(gpus);
    return item;
}

} // namespace fleet
