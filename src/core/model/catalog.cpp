#include "model/catalog.h"

namespace fleet {

namespace {
template <typename T> const T* findById(const std::vector<T>& list, const std::string& id)
{
    for (const T& item : list)
        if (item.id == id)
            return &item;
    return nullptr;
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

} // namespace fleet
