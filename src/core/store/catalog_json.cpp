#include "store/catalog_json.h"

#include "io/json_reader.h"
#include "model/owned_tco.h"
#include "model/price_fields.h"
#include "store/gpu_json.h"

#include <set>

namespace fleet {

namespace bj = boost::json;
using json::NumberRule;
using json::pointer;

namespace {

class DocumentParser
{
public:
    explicit DocumentParser(const std::string& file) : m_reader(file) { m_doc.file = file; }

    Result<CatalogDocument> parse(const bj::value& root)
    {
        const bj::object* top = m_reader.asObject(root, "");
        if (top) {
            m_reader.checkKeys(
                *top, "", {"format", "format_version"},
                {"description", "sources", "gpus", "price_books", "engine_defaults"});
            checkFormat(*top);
            m_reader.string(*top, "description", "", false);
            if (const auto* list = m_reader.array(*top, "sources", "", false))
                parseList(*list, "/sources", &DocumentParser::parseSource);
            if (const auto* list = m_reader.array(*top, "gpus", "", false))
                parseList(*list, "/gpus", &DocumentParser::parseGpu);
            if (const auto* list = m_reader.array(*top, "price_books", "", false))
                parseList(*list, "/price_books", &DocumentParser::parsePriceBook);
            if (const auto* defaults = m_reader.object(*top, "engine_defaults", "", false))
                parseEngineDefaults(*defaults, "/engine_defaults");
        }
        if (m_reader.failed())
            return Error(m_reader.issues());
        return std::move(m_doc);
    }

private:
    json::Reader m_reader;
    CatalogDocument m_doc;
    SourcedFields m_fields{m_reader, m_doc.sourceReferences};

    void checkFormat(const bj::object& top)
    {
        const auto format = m_reader.string(top, "format", "");
        if (format && *format != kCatalogFormat)
            m_reader.report("/format", "must be \"" + std::string(kCatalogFormat) + "\"; got \"" +
                                           *format + "\"");
        const auto version = m_reader.integer(top, "format_version", "", 1, 1000);
        if (version && *version > kCatalogFormatVersion)
            m_reader.report("/format_version", "this file is format version " +
                                                   std::to_string(*version) +
                                                   "; this FleetPlanner reads version " +
                                                   std::to_string(kCatalogFormatVersion) + " only");
    }

    template <typename Parse>
    void parseList(const bj::array& list, const std::string& path, Parse parseItem)
    {
        std::set<std::string> ids;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string itemPath = pointer(path, i);
            m_reader.setEntry({});
            const bj::object* item = m_reader.asObject(list[i], itemPath);
            if (!item)
                continue;
            const auto id = m_reader.identifier(*item, "id", itemPath);
            if (!id)
                continue;
            m_reader.setEntry(*id);
            if (!ids.insert(*id).second)
                m_reader.report(pointer(itemPath, "id"),
                                "duplicate id \"" + *id + "\" in this file");
            (this->*parseItem)(*item, itemPath, *id);
        }
        m_reader.setEntry({});
    }

    void parseEngineDefaults(const bj::object& defaults, const std::string& path)
    {
        m_reader.setEntry("engine_defaults");
        m_reader.checkKeys(defaults, path, {},
                           {"assumptions", "regimes", "scheduler", "owned_tco", "note"});
        m_reader.string(defaults, "note", path, false);
        if (const bj::object* assumptions = m_reader.object(defaults, "assumptions", path, false)) {
            const std::string sectionPath = pointer(path, "assumptions");
            for (const auto& member : *assumptions) {
                const std::string key(member.key());
                const AssumptionField* field = assumptionField(key);
                if (!field) {
                    std::string allowed;
                    for (const AssumptionField& known : assumptionFields())
                        allowed += (allowed.empty() ? "" : ", ") + std::string(known.key);
                    m_reader.report(pointer(sectionPath, key),
                                    "unknown assumption; known: " + allowed);
                    continue;
                }
                if (auto figure =
                        m_fields.sourced(*assumptions, key, sectionPath, ruleOf(field->range)))
                    m_doc.engineDefaults.figures["assumptions." + std::string(field->key)] =
                        *figure;
            }
        }
        if (const bj::object* regimes = m_reader.object(defaults, "regimes", path, false))
            parseRegimeDefaults(*regimes, pointer(path, "regimes"));
        if (const bj::object* tco = m_reader.object(defaults, "owned_tco", path, false))
            parseOwnedTcoDefaults(*tco, pointer(path, "owned_tco"));
        if (const bj::object* scheduler = m_reader.object(defaults, "scheduler", path, false)) {
            const std::string schedulerPath = pointer(path, "scheduler");
            m_reader.checkKeys(*scheduler, schedulerPath, {},
                               {"utilization_ceiling", "checkpoint_reclaim_fraction"});
            for (std::string_view table : {"utilization_ceiling", "checkpoint_reclaim_fraction"}) {
                const bj::object* byPolicy =
                    m_reader.object(*scheduler, table, schedulerPath, false);
                if (!byPolicy)
                    continue;
                const std::string tablePath = pointer(schedulerPath, table);
                m_reader.checkKeys(*byPolicy, tablePath, {},
                                   {"naive", "topology_aware", "predictive_preemption"});
                for (SchedulerPolicy policy : kAllPolicies) {
                    const NumericRange range{0.0, table != "checkpoint_reclaim_fraction", 1.0,
                                             "(fraction)"};
                    if (auto figure = m_fields.sourced(*byPolicy, policyKey(policy), tablePath,
                                                       ruleOf(range), false))
                        m_doc.engineDefaults.figures["scheduler." + std::string(table) + "." +
                                                     std::string(policyKey(policy))] = *figure;
                }
            }
        }
        m_reader.setEntry({});
    }

    void parseRegimeDefaults(const bj::object& regimes, const std::string& path)
    {
        for (const auto& member : regimes) {
            const std::string key(member.key());
            const std::string regimePath = pointer(path, key);
            const auto kind = regimeFromKey(key);
            if (!kind) {
                m_reader.report(regimePath, "unknown regime; known: " + knownRegimeKeys());
                continue;
            }
            const bj::object* regime = m_reader.asObject(member.value(), regimePath);
            if (!regime)
                continue;
            static const std::vector<std::string_view> settingKeys = [] {
                std::vector<std::string_view> keys = regimeSettingKeys();
                keys.push_back("note");
                return keys;
            }();
            m_reader.checkKeys(*regime, regimePath, std::span<const std::string_view>{},
                               settingKeys);
            m_reader.string(*regime, "note", regimePath, false);
            for (const RegimeField& field : regimeNumberFields())
                if (auto figure = m_fields.sourced(*regime, field.key, regimePath,
                                                   ruleOf(field.range), false))
                    m_doc.engineDefaults.figures["regimes." + key + "." + std::string(field.key)] =
                        *figure;
            const bool anyTrait = regime->contains("isolation") ||
                                  regime->contains("allocation_unit") ||
                                  regime->contains("multi_gpu");
            if (!anyTrait)
                continue;
            RegimeTraits traits;
            if (auto isolation = m_reader.string(*regime, "isolation", regimePath)) {
                if (auto level = isolationFromKey(*isolation))
                    traits.isolation = *level;
                else
                    m_reader.report(pointer(regimePath, "isolation"),
                                    "must be none, memory or hardware; got \"" + *isolation + "\"");
            }
            traits.allocationUnit =
                m_reader.string(*regime, "allocation_unit", regimePath).value_or("");
            traits.multiGpu = m_reader.boolean(*regime, "multi_gpu", regimePath).value_or(false);
            m_doc.engineDefaults.regimeTraits[*kind] = traits;
        }
    }

    void parseOwnedTcoDefaults(const bj::object& tco, const std::string& path)
    {
        for (const auto& member : tco) {
            const std::string key(member.key());
            const OwnedTcoField* field = ownedTcoField(key);
            if (!field) {
                std::string allowed;
                for (const OwnedTcoField& known : ownedTcoFields())
                    allowed += (allowed.empty() ? "" : ", ") + std::string(known.key);
                m_reader.report(pointer(path, key), "unknown owned-TCO figure; known: " + allowed);
                continue;
            }
            if (auto figure = m_fields.sourced(tco, key, path, ruleOf(field->range)))
                m_doc.engineDefaults.figures["owned_tco." + key] = *figure;
        }
    }

    static NumberRule ruleOf(const NumericRange& range)
    {
        return NumberRule{range.min, range.minExclusive, range.max, range.integer,
                          std::string(range.unit)};
    }

    void parseSource(const bj::object& item, const std::string& path, const std::string& id)
    {
        m_reader.checkKeys(item, path, {"id", "title", "publisher", "kind"}, {"url", "note"});
        SourceInfo source;
        source.id = id;
        source.title = m_reader.string(item, "title", path).value_or("");
        source.publisher = m_reader.string(item, "publisher", path).value_or("");
        source.url = m_reader.string(item, "url", path, false).value_or("");
        source.note = m_reader.string(item, "note", path, false).value_or("");
        source.kind = m_reader.string(item, "kind", path).value_or("");
        static const std::set<std::string> kinds{"primary", "secondary", "derived", "seed",
                                                 "assumption"};
        if (!source.kind.empty() && !kinds.count(source.kind))
            m_reader.report(pointer(path, "kind"), "must be one of primary, secondary, derived, "
                                                   "seed, assumption; got \"" +
                                                       source.kind + "\"");
        source.originFile = m_reader.file();
        m_doc.sources.push_back(std::move(source));
    }

    void parseGpu(const bj::object& item, const std::string& path, const std::string& id)
    {
        m_doc.gpus.push_back(parseGpuEntry(item, path, id, m_reader, m_fields));
    }

    void parsePriceBook(const bj::object& item, const std::string& path, const std::string& id)
    {
        m_reader.checkKeys(item, path, {"id", "name", "currency", "as_of", "gpus"},
                           {"description"});
        PriceBook book;
        book.id = id;
        book.name = m_reader.string(item, "name", path).value_or("");
        book.description = m_reader.string(item, "description", path, false).value_or("");
        if (auto currency = m_reader.string(item, "currency", path); currency && *currency != "USD")
            m_reader.report(pointer(path, "currency"),
                            "must be \"USD\" (the only currency FleetPlanner "
                            "prices in); got \"" +
                                *currency + "\"");
        if (auto date = m_reader.string(item, "as_of", path)) {
            if (isValidAsOfDate(*date))
                book.asOf = *date;
            else
                m_reader.report(pointer(path, "as_of"),
                                "must be a date YYYY, YYYY-MM or YYYY-MM-DD; got \"" + *date +
                                    "\"");
        }
        if (const bj::array* gpus = m_reader.array(item, "gpus", path)) {
            std::set<std::string> seen;
            for (std::size_t i = 0; i < gpus->size(); ++i) {
                const std::string entryPath = pointer(pointer(path, "gpus"), i);
                const bj::object* entry = m_reader.asObject((*gpus)[i], entryPath);
                if (!entry)
                    continue;
                GpuPrices prices = parseGpuPrices(*entry, entryPath);
                if (!prices.gpuId.empty() && !seen.insert(prices.gpuId).second)
                    m_reader.report(pointer(entryPath, "gpu"),
                                    "GPU \"" + prices.gpuId + "\" is priced twice in this book");
                book.gpus.push_back(std::move(prices));
            }
        }
        book.originFile = m_reader.file();
        m_doc.priceBooks.push_back(std::move(book));
    }

    GpuPrices parseGpuPrices(const bj::object& entry, const std::string& path)
    {
        m_reader.checkKeys(entry, path, {"gpu"},
                           {"on_demand", "reserved_1y", "reserved_3y", "spot", "owned", "note"});
        GpuPrices prices;
        if (auto gpu = m_reader.identifier(entry, "gpu", path)) {
            prices.gpuId = *gpu;
            m_doc.gpuReferences.push_back(
                {Issue{m_reader.file(), pointer(path, "gpu"), m_reader.entry(), {}}, *gpu});
        }
        prices.note = m_reader.string(entry, "note", path, false).value_or("");
        prices.onDemand = hourlyPrice(entry, "on_demand", path, false);
        prices.reserved1y = hourlyPrice(entry, "reserved_1y", path, false);
        prices.reserved3y = hourlyPrice(entry, "reserved_3y", path, false);
        prices.spot = hourlyPrice(entry, "spot", path, true);
        if (const bj::object* owned = m_reader.object(entry, "owned", path, false))
            prices.owned = ownedCost(*owned, pointer(path, "owned"));
        const bool anyPlan = prices.onDemand || prices.reserved1y || prices.reserved3y ||
                             prices.spot || prices.owned;
        if (!anyPlan && !m_reader.failed())
            m_reader.report(path, "must price at least one plan (on_demand, reserved_1y, "
                                  "reserved_3y, spot or owned)");
        return prices;
    }

    /// A rented plan's price, read as its field table says (model/price_fields.h);
    /// only a spot price may state interruptions.
    std::optional<HourlyPrice> hourlyPrice(const bj::object& entry, std::string_view key,
                                           const std::string& path, bool isSpot)
    {
        const bj::object* item = m_reader.object(entry, key, path, false);
        if (!item)
            return std::nullopt;
        const std::string pricePath = pointer(path, key);
        std::vector<std::string_view> required, optional;
        for (const Field<HourlyPrice>& field : hourlyPriceFields()) {
            if (field.info.key == "interruptions_per_hour" && !isSpot)
                continue;
            (field.info.presence == Presence::Required ? required : optional)
                .push_back(field.info.key);
        }
        m_reader.checkKeys(*item, pricePath, required, optional);
        HourlyPrice price;
        bool complete = true;
        for (const Field<HourlyPrice>& field : hourlyPriceFields()) {
            const FieldInfo& info = field.info;
            const bool isRequired = info.presence == Presence::Required;
            if (info.key == "interruptions_per_hour" && !isSpot)
                continue;
            if (info.key == "source") {
                m_fields.citeSource(*item, pricePath, price.source, price.asOf);
            } else if (info.key == "as_of") {
                continue; // read with its source
            } else if (info.type == FieldType::Number) {
                const auto value =
                    m_reader.number(*item, info.key, pricePath, ruleOf(info.range), isRequired);
                if (value)
                    field.set(price, *value);
                else if (isRequired)
                    complete = false;
            } else if (auto text = m_reader.string(*item, info.key, pricePath, isRequired)) {
                field.set(price, *text);
            }
        }
        if (!complete)
            return std::nullopt;
        return price;
    }

    /// An owned GPU's cost: every figure of its field table, each with its
    /// source and date, and a note; or its cost stated per GPU-hour
    /// (usd_per_gpu_hour) instead of the five figures, never beside them.
    std::optional<OwnedCost> ownedCost(const bj::object& item, const std::string& path)
    {
        const bool perHour = item.contains("usd_per_gpu_hour");
        std::vector<std::string_view> required, optional = {"note"};
        for (const OwnedFigureField& field : ownedFigureFields()) {
            const bool isPerHour = field.member == &OwnedCost::usdPerGpuHour;
            (isPerHour == perHour ? required : optional).push_back(field.info.key);
        }
        if (perHour)
            for (const OwnedFigureField& field : ownedFigureFields())
                if (field.member != &OwnedCost::usdPerGpuHour && item.contains(field.info.key))
                    m_reader.report(pointer(path, field.info.key),
                                    "give usd_per_gpu_hour or " + std::string(field.info.key) +
                                        " (with the other figures of capex), not both: "
                                        "usd_per_gpu_hour is the whole owned cost of a "
                                        "GPU-hour");
        m_reader.checkKeys(item, path, required, optional);
        OwnedCost owned;
        owned.note = m_reader.string(item, "note", path, false).value_or("");
        bool complete = true;
        for (const OwnedFigureField& field : ownedFigureFields()) {
            const bool isPerHour = field.member == &OwnedCost::usdPerGpuHour;
            if (isPerHour != perHour)
                continue;
            // Missing figures were reported by checkKeys: once is enough.
            if (auto figure =
                    m_fields.sourced(item, field.info.key, path, ruleOf(field.info.range), false))
                owned.*field.member = *figure;
            else
                complete = false;
        }
        if (!complete)
            return std::nullopt;
        return owned;
    }
};

} // namespace

Result<CatalogDocument> parseCatalogDocument(std::string_view text, const std::string& file)
{
    auto root = json::parse(text, file);
    if (!root)
        return root.error();
    return DocumentParser(file).parse(root.value());
}

Result<CatalogDocument> parseCatalogValue(const boost::json::value& root, const std::string& file)
{
    return DocumentParser(file).parse(root);
}

} // namespace fleet
