#include "model/catalog.h"

#include <algorithm>

namespace fleet {

namespace {
template <typename T> const T* findById(const std::vector<T>& list, const std::string& id)
{
    for (const T& item : list)
        if (item.id == id)
            return &item;
    return nullptr;
}

/// Equal lists of entries when where each was read from is left out: the
/// defaulted comparison of a copy that takes the other's origin, so a member
/// added later is compared without a line here.
template <typename T> bool sameEntries(const std::vector<T>& a, const std::vector<T>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const T& x, const T& y) {
        if (x.originFile == y.originFile)
            return x == y;
        T copy = y;
        copy.originFile = x.originFile;
        return x == copy;
    });
}
/// `book` with what it charges left out (sameContentButCharges).
PriceBook withoutCharges(PriceBook book)
{
    book.description.clear();
    for (GpuPrices& prices : book.gpus) {
        for (Plan plan : kAllPlans)
            if (plan != Plan::Owned && prices.has(plan)) {
                std::optional<HourlyPrice>& hourly = prices.hourly(plan);
                hourly->usdPerGpuHour = 0;
                hourly->note.clear();
            }
        if (prices.owned)
            prices.owned = OwnedCost{};
    }
    return book;
}
} // namespace

const GpuModel* Catalog::gpu(const std::string& id) const
{
    return findById(gpus, id);
}

const PriceBook* Catalog::priceBook(const std::string& id) const
{
    return findById(priceBooks, id);
}

const SourceInfo* Catalog::source(const std::string& id) const
{
    return findById(sources, id);
}

bool sameContent(const Catalog& a, const Catalog& b)
{
    return a.engineDefaults == b.engineDefaults && sameEntries(a.sources, b.sources) &&
           sameEntries(a.gpus, b.gpus) && sameEntries(a.priceBooks, b.priceBooks);
}

bool sameContentButCharges(const Catalog& a, const Catalog& b)
{
    if (!(a.engineDefaults == b.engineDefaults && sameEntries(a.sources, b.sources) &&
          sameEntries(a.gpus, b.gpus) && a.priceBooks.size() == b.priceBooks.size()))
        return false;
    std::vector<PriceBook> offeredA, offeredB;
    for (const PriceBook& book : a.priceBooks)
        offeredA.push_back(withoutCharges(book));
    for (const PriceBook& book : b.priceBooks)
        offeredB.push_back(withoutCharges(book));
    return sameEntries(offeredA, offeredB);
}

} // namespace fleet
