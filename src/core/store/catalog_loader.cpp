#include "store/catalog_loader.h"

#include "data/embedded_file.h"
#include "io/regular_file.h"
#include "model/owned_tco.h"
#include "model/regime_descriptor.h"
#include "store/catalog_json.h"

namespace fleet {

namespace {

constexpr std::size_t kMaxCatalogFileBytes = 16u * 1024u * 1024u;

template <typename T> void mergeById(std::vector<T>& into, std::vector<T>&& from)
{
    for (T& item : from) {
        bool replaced = false;
        for (T& existing : into)
            if (existing.id == item.id) {
                existing = std::move(item);
                replaced = true;
                break;
            }
        if (!replaced)
            into.push_back(std::move(item));
    }
}

std::string knownIds(const auto& list)
{
    std::string text;
    for (const auto& item : list)
        text += (text.empty() ? "" : ", ") + item.id;
    return text;
}

Result<Catalog> merge(std::vector<CatalogDocument> documents)
{
    Catalog catalog;
    std::vector<Reference> sourceRefs, gpuRefs;
    for (CatalogDocument& doc : documents) {
        catalog.files.push_back(doc.file);
        mergeById(catalog.sources, std::move(doc.sources));
        mergeById(catalog.gpus, std::move(doc.gpus));
        mergeById(catalog.priceBooks, std::move(doc.priceBooks));
        for (auto& [key, figure] : doc.engineDefaults.figures)
            catalog.engineDefaults.figures.insert_or_assign(key, figure);
        for (auto& [kind, traits] : doc.engineDefaults.regimeTraits)
            catalog.engineDefaults.regimeTraits.insert_or_assign(kind, traits);
        sourceRefs.insert(sourceRefs.end(), doc.sourceReferences.begin(),
                          doc.sourceReferences.end());
        gpuRefs.insert(gpuRefs.end(), doc.gpuReferences.begin(), doc.gpuReferences.end());
    }
    std::vector<Issue> issues;
    for (const Reference& ref : sourceRefs)
        if (!catalog.source(ref.id)) {
            Issue issue = ref.where;
            issue.message = "cites source \"" + ref.id + "\", which no catalog file defines";
            issues.push_back(std::move(issue));
        }
    for (const Reference& ref : gpuRefs)
        if (!catalog.gpu(ref.id)) {
            Issue issue = ref.where;
            issue.message =
                "prices GPU \"" + ref.id +
                "\", which is not in the catalog; known GPUs: " + knownIds(catalog.gpus);
            issues.push_back(std::move(issue));
        }
    for (const std::string& key : requiredDefaultKeys())
        if (!catalog.engineDefaults.figures.count(key))
            issues.push_back(Issue{"built-in:defaults/engine.json",
                                   {},
                                   "engine_defaults",
                                   "defines no figure for " + key});
    for (const std::string& key : requiredOwnedTcoKeys())
        if (!catalog.engineDefaults.figures.count(key))
            issues.push_back(Issue{"built-in:defaults/owned-tco.json",
                                   {},
                                   "engine_defaults",
                                   "defines no figure for " + key});
    // The registry of regimes, checked at start (model/regime_descriptor.h).
    for (const std::string& problem : regimeRegistryIssues())
        issues.push_back(Issue{"built-in:regimes", {}, "regimes", problem});
    for (RegimeKind kind : allRegimes())
        if (!catalog.engineDefaults.regimeTraits.count(kind))
            issues.push_back(
                Issue{"built-in:defaults/engine.json",
                      {},
                      "engine_defaults",
                      "defines no isolation, allocation unit and multi-GPU flag for regime " +
                          std::string(regimeKey(kind))});
    if (!issues.empty())
        return Error(std::move(issues));
    return catalog;
}

Result<std::vector<CatalogDocument>> parseBuiltinsNow()
{
    std::vector<CatalogDocument> documents;
    std::vector<Issue> issues;
    for (const EmbeddedFile& file : builtin::embeddedFiles()) {
        auto doc = parseCatalogDocument(file.contents, "built-in:" + std::string(file.name));
        if (doc)
            documents.push_back(std::move(doc).value());
        else
            issues.insert(issues.end(), doc.error().issues.begin(), doc.error().issues.end());
    }
    if (!issues.empty())
        return Error(std::move(issues));
    return documents;
}

/// The built-in files are compiled in and never change, so they are parsed
/// once per process (thread-safe static): every project load, scenario and
/// app edit merges over the same documents — 3 ms saved each time.
Result<std::vector<CatalogDocument>> parseBuiltins()
{
    static const Result<std::vector<CatalogDocument>> parsed = parseBuiltinsNow();
    return parsed;
}

} // namespace

Result<std::string> readTextFile(const std::string& path, std::size_t maxBytes)
{
    return readRegularFile(path, maxBytes);
}

Result<Catalog> loadCatalogWith(std::vector<CatalogDocument> extraDocuments)
{
    auto builtins = parseBuiltins();
    if (!builtins)
        return builtins.error();
    std::vector<CatalogDocument> documents = std::move(builtins).value();
    for (CatalogDocument& doc : extraDocuments)
        documents.push_back(std::move(doc));
    return merge(std::move(documents));
}

Result<Catalog> loadBuiltinCatalog()
{
    return loadCatalog({});
}

Result<Catalog> loadCatalog(const std::vector<std::string>& userFiles)
{
    auto builtins = parseBuiltins();
    if (!builtins)
        return builtins.error();
    std::vector<CatalogDocument> documents = std::move(builtins).value();
    std::vector<Issue> issues;
    for (const std::string& path : userFiles) {
        auto text = readTextFile(path, kMaxCatalogFileBytes);
        if (!text) {
            issues.insert(issues.end(), text.error().issues.begin(), text.error().issues.end());
            continue;
        }
        auto doc = parseCatalogDocument(text.value(), path);
        if (doc)
            documents.push_back(std::move(doc).value());
        else
            issues.insert(issues.end(), doc.error().issues.begin(), doc.error().issues.end());
    }
    if (!issues.empty())
        return Error(std::move(issues));
    return merge(std::move(documents));
}

} // namespace fleet
