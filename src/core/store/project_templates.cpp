#include "store/project_templates.h"

#include "data/embedded_file.h"
#include "model/sourced.h"
#include "store/catalog_loader.h"
#include "store/project_json.h"

#include <boost/json.hpp>

#include <array>
#include <cstdio>
#include <ctime>

namespace fleet {

namespace bj = boost::json;

namespace {

constexpr std::string_view kNewProjectFile = "new project";

Issue settingIssue(std::string path, std::string message)
{
    return Issue{std::string(kNewProjectFile), std::move(path), {}, std::move(message)};
}

/// "YYYY-MM" with a year from 1000 to 2999, as the project reader takes it.
bool isValidStartMonth(const std::string& text)
{
    return text.size() == 7 && isValidAsOfDate(text) && (text[0] == '1' || text[0] == '2');
}

std::vector<Issue> checkSettings(const NewProjectSettings& settings, const Catalog& catalog)
{
    std::vector<Issue> issues;
    if (settings.name.empty() || settings.name.size() > 4096)
        issues.push_back(settingIssue("/name", "the project name must be 1 to 4096 characters"));
    if (settings.horizonMonths < kMinHorizonMonths || settings.horizonMonths > kMaxHorizonMonths)
        issues.push_back(settingIssue(
            "/horizon/months", "the horizon must be " + std::to_string(kMinHorizonMonths) + " to " +
                                   std::to_string(kMaxHorizonMonths) + " months; got " +
                                   std::to_string(settings.horizonMonths)));
    if (!settings.startMonth.empty() && !isValidStartMonth(settings.startMonth))
        issues.push_back(settingIssue("/horizon/start_month",
                                      "the first month must be YYYY-MM (month 01–12, year "
                                      "1000–2999), e.g. 2027-01; got \"" +
                                          settings.startMonth + "\""));
    if (!catalog.priceBook(settings.priceBookId)) {
        std::string known;
        for (const PriceBook& book : catalog.priceBooks)
            known += (known.empty() ? "" : ", ") + book.id;
        issues.push_back(
            settingIssue("/active_price_book", "the price book must be a built-in book (" + known +
                                                   "); got \"" + settings.priceBookId + "\""));
    }
    return issues;
}

std::string_view templateJson(const std::string& id)
{
    const std::string name = id + ".fleetplan.json";
    for (const EmbeddedFile& file : templates::embeddedFiles())
        if (file.name == name)
            return file.contents;
    return {};
}

} // namespace

std::string monthAfterToday()
{
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    int year = local.tm_year + 1900;
    int month = local.tm_mon + 2; // tm_mon is 0-based; the next month
    if (month > 12) {
        month = 1;
        ++year;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%04d-%02d", year, month);
    return text;
}

Result<Project> emptyProject(const NewProjectSettings& settings)
{
    auto catalog = loadBuiltinCatalog();
    if (!catalog)
        return catalog.error();
    if (auto issues = checkSettings(settings, catalog.value()); !issues.empty())
        return Error(std::move(issues));
    const std::string start = settings.startMonth.empty() ? monthAfterToday() : settings.startMonth;
    const bj::object document{
        {"format", kProjectFormat},
        {"format_version", kProjectFormatVersion},
        {"name", settings.name},
        {"horizon", bj::object{{"months", settings.horizonMonths}, {"start_month", start}}},
        {"active_price_book", settings.priceBookId},
        {"fleet", bj::object{{"mode", settings.mode == FleetMode::Fixed ? "fixed" : "size"},
                             {"pools", bj::array{}}}},
        {"segments", bj::array{}},
        {"workloads", bj::array{}}};
    // Through the reader, so the empty project is exactly what a file holding
    // it gives (and a name the reader refuses, such as control characters,
    // is refused here with its rule).
    return parseProjectValue(document, std::string(kNewProjectFile));
}

std::span<const ProjectTemplate> projectTemplates()
{
    static const std::array<ProjectTemplate, 3> templates = {{
        {"inference-saas", "Inference-heavy SaaS",
         "Chat and retrieval-augmented (RAG) services on H100 and H200, with a notebook "
         "segment for the customers' developers."},
        {"training-lab", "Training lab",
         "A large pre-training run on H100s, plus fine-tunes and batch evaluations of its "
         "checkpoints."},
        {"private-cloud", "Enterprise private cloud",
         "Owned GPUs with hardware isolation between departments: MIG slices for inference, "
         "whole GPUs for training."},
    }};
    return templates;
}

Result<Project> loadTemplate(const std::string& id)
{
    const std::string_view text = templateJson(id);
    if (text.empty()) {
        std::string known;
        for (const ProjectTemplate& entry : projectTemplates())
            known += (known.empty() ? "" : ", ") + entry.id;
        return Error("unknown template \"" + id + "\"; known: " + known);
    }
    return parseProject(text, "built-in:templates/" + id + ".fleetplan.json");
}

} // namespace fleet
