// libFuzzer target: the catalog reader (a user's --catalog file, the format of
// data/catalog/*.json and data/pricebooks/*.json), then merging it over the
// built-in catalog and checking its cross-references.

#include "store/catalog_json.h"
#include "store/catalog_loader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto document = fleet::parseCatalogDocument(text, "fuzz-catalog.json");
    if (!document)
        return 0;
    std::vector<fleet::CatalogDocument> documents;
    documents.push_back(std::move(document).value());
    (void)fleet::loadCatalogWith(std::move(documents));
    return 0;
}
