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

} // namespace fleet
