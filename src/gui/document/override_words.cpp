#include "document/override_words.h"

#include "io/json_pointer.h"
#include "model/fleet_fields.h"
#include "model/project_fields.h"
#include "model/row_paths.h"
#include "model/tenant_fields.h"
#include "model/workload_fields.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"
#include "views/number_format.h"

#include <QLocale>

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace fleet::gui {

namespace {

namespace bj = boost::json;

QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

/// "idle_timeout_min" → "idle timeout min": a key without a label, in words.
QString keyInWords(std::string_view key)
{
    QString words = qs(key);
    words.replace(QLatin1Char('_'), QLatin1Char(' '));
    return words;
}

QString numberInWords(double value, const FieldDisplay* display)
{
    const QLocale locale;
    if (display && display->label.size()) {
        const double shown = value * display->scale;
        QString text = locale.toString(shown, 'f', display->decimals);
        if (display->decimals > 0 && text.contains(locale.decimalPoint())) {
            while (text.endsWith(locale.zeroDigit()))
                text.chop(1);
            if (text.endsWith(locale.decimalPoint()))
                text.chop(1);
        }
        return display->unit.empty() ? text : text + QLatin1Char(' ') + qs(display->unit);
    }
    if (value == std::floor(value) && std::abs(value) < 1e15)
        return locale.toString(qlonglong(value));
    return locale.toString(value, 'g', 6);
}

/// A JSON value for people: numbers in the field's unit, keys in words,
/// objects as "key value" pairs, lists joined by commas.
QString valueInWords(const bj::value* value, const FieldDisplay* display)
{
    if (!value)
        return QObject::tr("not set");
    switch (value->kind()) {
    case bj::kind::null: return QObject::tr("not set");
    case bj::kind::bool_: return value->get_bool() ? QObject::tr("yes") : QObject::tr("no");
    case bj::kind::int64:
    case bj::kind::uint64:
    case bj::kind::double_: return numberInWords(value->to_number<double>(), display);
    case bj::kind::string: {
        const std::string text(value->get_string());
        if (auto regime = regimeFromKey(text))
            return qs(regimeLabel(*regime));
        if (auto plan = planFromKey(text))
            return qs(planLabel(*plan));
        return keyInWords(text);
    }
    case bj::kind::array: {
        QStringList items;
        for (const bj::value& item : value->get_array())
            items << valueInWords(&item, nullptr);
        return items.isEmpty() ? QObject::tr("none") : items.join(QStringLiteral(", "));
    }
    case bj::kind::object: {
        QStringList parts;
        for (const auto& member : value->get_object())
            parts << QStringLiteral("%1 %2").arg(keyInWords(member.key()),
                                                 valueInWords(&member.value(), nullptr));
        return parts.isEmpty() ? QObject::tr("the default") : parts.join(QStringLiteral(", "));
    }
    }
    return {};
}

/// "800 → 900 GPUs": before and after, the unit once when both are numbers.
QString changeInWords(const bj::value* before, const bj::value* after, const FieldDisplay* display)
{
    if (display && !display->unit.empty() && before && after && before->is_number() &&
        after->is_number()) {
        FieldDisplay bare = *display;
        bare.unit = {};
        return QStringLiteral("%1 → %2 %3")
            .arg(valueInWords(before, &bare), valueInWords(after, &bare), qs(display->unit));
    }
    return QStringLiteral("%1 → %2").arg(valueInWords(before, display),
                                         valueInWords(after, display));
}

const FieldInfo* fieldOf(const RecordFields& record, std::string_view key)
{
    for (const DescribedField& field : record.fields)
        if (field.info.key == key)
            return &field.info;
    return nullptr;
}

QString labelOf(const FieldInfo* field, std::string_view key)
{
    return field && !field->display.label.empty() ? qs(field->display.label) : keyInWords(key);
}

/// The row an id path names, in words, and the record its fields are in.
struct RowInWords
{
    QString row;
    const RecordFields* record = nullptr;
};

std::optional<RowInWords> rowInWords(const Project& base, const std::vector<std::string>& tokens,
                                     std::size_t& rest)
{
    if (tokens.size() >= 3 && tokens[0] == "fleet" && tokens[1] == "pools") {
        rest = 3;
        const std::string& id = tokens[2];
        for (const FleetPool& pool : base.fleet.pools)
            if (pool.id == id) {
                const GpuModel* gpu = base.catalog().gpu(pool.gpuId);
                return RowInWords{
                    QObject::tr("Pool %1 (%2, %3)")
                        .arg(qs(id), qs(gpu ? gpu->name : pool.gpuId), qs(planLabel(pool.plan))),
                    &poolRecord()};
            }
        return RowInWords{QObject::tr("Pool %1").arg(qs(id)), &poolRecord()};
    }
    if (tokens.size() < 2)
        return std::nullopt;
    rest = 2;
    const std::string& id = tokens[1];
    if (tokens[0] == "workloads") {
        for (const Workload& w : base.workloads)
            if (w.id == id)
                return RowInWords{QObject::tr("Workload “%1”").arg(qs(w.name)),
                                  &workloadRecord(w.kind())};
        return RowInWords{QObject::tr("Workload %1").arg(qs(id)), nullptr};
    }
    if (tokens[0] == "segments") {
        const Segment* segment = base.segment(id);
        return RowInWords{QObject::tr("Segment “%1”").arg(qs(segment ? segment->name : id)),
                          &segmentRecord()};
    }
    if (tokens[0] == "tenants") {
        for (const Tenant& t : base.tenants)
            if (t.id == id)
                return RowInWords{QObject::tr("Tenant “%1”").arg(qs(t.name)), &tenantRecord()};
        return RowInWords{QObject::tr("Tenant %1").arg(qs(id)), &tenantRecord()};
    }
    return std::nullopt;
}

QString bookName(const Project& project, const std::string& id)
{
    const PriceBook* book = project.catalog().priceBook(id);
    return book && !book->name.empty() ? qs(book->name) : qs(id);
}

QString priceInWords(std::optional<double> usd)
{
    return usd ? formatUsd(*usd) : QObject::tr("none");
}

/// The prices the scenario's books change, one line each: "GPU plan price:
/// $a → $b per GPU-hour" (the book named unless it is the one in force).
QStringList pricesInWords(const Project& base, const Project& applied)
{
    QStringList lines;
    for (const PriceBook& book : applied.catalog().priceBooks) {
        const PriceBook* was = base.catalog().priceBook(book.id);
        const QString where = book.id == applied.activePriceBookId
                                  ? QString()
                                  : QObject::tr(" (price book %1)").arg(qs(book.name));
        if (!was) {
            lines << QObject::tr("New price book %1").arg(qs(book.name));
            continue;
        }
        std::vector<std::string> gpus;
        for (const PriceBook* b : {was, &book})
            for (const GpuPrices& p : b->gpus)
                if (std::find(gpus.begin(), gpus.end(), p.gpuId) == gpus.end())
                    gpus.push_back(p.gpuId);
        for (const std::string& gpuId : gpus) {
            const GpuModel* gpu = applied.catalog().gpu(gpuId);
            if (!gpu)
                continue;
            for (Plan plan : kAllPlans) {
                const auto before = was->usdPerGpuHour(*gpu, plan);
                const auto after = book.usdPerGpuHour(*gpu, plan);
                if (before == after ||
                    (before && after && std::abs(*before - *after) < 5e-7 * std::abs(*before)))
                    continue;
                lines << QObject::tr("%1 %2 price: %3 → %4 per GPU-hour%5")
                             .arg(qs(gpu->name), qs(planLabel(plan)).toLower(),
                                  priceInWords(before), priceInWords(after), where);
            }
        }
    }
    for (const PriceBook& book : base.catalog().priceBooks)
        if (!applied.catalog().priceBook(book.id))
            lines << QObject::tr("Without price book %1").arg(qs(book.name));
    return lines;
}

} // namespace

QStringList overrideInWords(const Project& base, const Project& applied,
                            const ScenarioOverride& change)
{
    boost::system::error_code ec;
    const bj::value value = bj::parse(change.valueJson, ec);
    const bj::value* after = ec ? nullptr : &value;
    const bj::value document(projectToJson(base));
    const bj::value* before = nullptr;
    if (auto pointer = indexPathOf(document, change.path)) {
        boost::system::error_code missing;
        before = document.find_pointer(pointer.value(), missing);
        if (missing)
            before = nullptr;
    }
    auto split = json::splitPointer(change.path);
    const std::vector<std::string> tokens = split ? split.value() : std::vector<std::string>{};
    const QString path = qs(change.path);
    if (tokens.empty())
        return {QObject::tr("%1: %2").arg(path, valueInWords(after, nullptr))};

    if (tokens[0] == "price_books") {
        QStringList lines = pricesInWords(base, applied);
        return lines.isEmpty() ? QStringList{QObject::tr("Prices as in the baseline")} : lines;
    }
    if (tokens[0] == "sources") {
        QStringList added;
        for (const SourceInfo& source : applied.ownSources)
            if (std::none_of(base.ownSources.begin(), base.ownSources.end(),
                             [&](const SourceInfo& s) { return s.id == source.id; }))
                added << QObject::tr("Cites source “%1”").arg(qs(source.title));
        return added.isEmpty() ? QStringList{QObject::tr("Sources as in the baseline")} : added;
    }
    if (change.path == "/active_price_book")
        return {QObject::tr("Price book in force: %1 → %2")
                    .arg(bookName(base, base.activePriceBookId),
                         bookName(applied, applied.activePriceBookId))};

    std::size_t rest = 0;
    if (auto row = rowInWords(base, tokens, rest); row && rest < tokens.size()) {
        const std::string& key = tokens[rest];
        const FieldInfo* field = row->record ? fieldOf(*row->record, key) : nullptr;
        QString label = labelOf(field, key);
        for (std::size_t i = rest + 1; i < tokens.size(); ++i)
            label += QStringLiteral(" › ") + keyInWords(tokens[i]);
        const FieldDisplay* display =
            field && rest + 1 == tokens.size() ? &field->display : nullptr;
        return {
            QObject::tr("%1 — %2: %3").arg(row->row, label, changeInWords(before, after, display))};
    }
    // A field of the project itself ("horizon/months", "scheduler/policy").
    const std::string key = change.path.substr(1);
    const FieldInfo* field = fieldOf(projectRecord(), key);
    QString label;
    if (field) {
        label = labelOf(field, key);
    } else {
        QStringList words;
        for (const std::string& token : tokens)
            words << keyInWords(token);
        label = words.join(QStringLiteral(" › "));
        label[0] = label[0].toUpper();
    }
    const FieldDisplay* display = field ? &field->display : nullptr;
    return {QObject::tr("%1: %2").arg(label, changeInWords(before, after, display))};
}

QStringList scenarioInWords(const Project& base, const std::string& id)
{
    const Scenario* scenario = id.empty() ? nullptr : base.scenario(id);
    if (!scenario)
        return {};
    auto applied = applyScenario(base, scenario->id);
    const Project& shown = applied ? applied.value() : base;
    QStringList lines;
    bool pricesTold = false; // several overrides of the prices: told once
    for (const ScenarioOverride& change : scenario->overrides) {
        const bool prices = change.path.starts_with("/price_books");
        if (prices && pricesTold)
            continue;
        pricesTold = pricesTold || prices;
        lines << overrideInWords(base, shown, change);
    }
    return lines;
}

} // namespace fleet::gui
