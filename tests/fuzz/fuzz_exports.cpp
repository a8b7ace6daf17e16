// libFuzzer target: the CSV exporters (issue 33, item 6). The input gives
// the names (tenant, segment, rule; any bytes: formulas, quotes, line
// breaks, commas, invalid UTF-8) and the figures (any double: negative,
// huge, NaN, infinite) of the tenant metering (`replay --csv`) and the tenant
// totals (`evaluate --tenants-csv`); each CSV is written through the one
// writer (io/export_target) into a scratch folder, read back and parsed
// as RFC 4180. Asserted: the bytes on disk are the bytes written; every
// record has the header's field count; every name comes back exactly, after
// an apostrophe when it starts like a formula; no field starts like a formula
// unless it is all a number. (The zip + XML exports, .xlsx and .pptx, are in
// the app's library, not here: test_cli_export_xml and test_cli_export_cells
// re-read them.)

#include "engine/tenant_totals.h"
#include "fuzz_check.h"
#include "io/export_target.h"
#include "joblog/metering_export.h"
#include "model/project.h"
#include "store/evaluation_export.h"
#include "util/csv_text.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

[[noreturn]] void broken(const std::string& what)
{
    std::fprintf(stderr, "fuzz property broken: %s\n", what.c_str());
    std::abort();
}

/// The input as names (split at 0x00) and figures (8 bytes each, after a 0x01 0x01 mark).
struct Pieces
{
    std::vector<std::string> names;
    std::vector<double> figures;
};

Pieces piecesOf(const std::uint8_t* data, std::size_t size)
{
    Pieces pieces;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::size_t mark = text.find("\x01\x01");
    const std::string names = text.substr(0, mark);
    std::size_t start = 0;
    while (pieces.names.size() < 16) {
        const std::size_t end = names.find('\0', start);
        pieces.names.push_back(names.substr(start, end - start));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    if (mark != std::string::npos)
        for (std::size_t at = mark + 2; at + 8 <= text.size() && pieces.figures.size() < 64;
             at += 8) {
            double figure = 0;
            std::memcpy(&figure, text.data() + at, 8);
            pieces.figures.push_back(figure);
        }
    return pieces;
}

/// RFC 4180 records: quotes undone, line breaks inside quotes kept.
std::vector<std::vector<std::string>> csvRecordsOf(const std::string& text)
{
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record{std::string()};
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
                record.back() += text[i++];
            else if (c == '"')
                quoted = false;
            else
                record.back() += c;
        } else if (c == '"') {
            if (!record.back().empty())
                broken("a quote inside an unquoted field");
            quoted = true;
        } else if (c == ',') {
            record.emplace_back();
        } else if (c == '\n') {
            records.push_back(std::move(record));
            record = {std::string()};
        } else {
            record.back() += c;
        }
    }
    if (quoted)
        broken("a quoted field never closed");
    if (record != std::vector<std::string>{std::string()})
        broken("the last record has no line end");
    return records;
}

bool isNumber(const std::string& field)
{
    if (field.empty())
        return false;
    char* end = nullptr;
    (void)std::strtod(field.c_str(), &end);
    return end == field.c_str() + field.size();
}

/// Writes `csv` through the one writer and checks it, record by record.
/// `names[r]` is the name expected in field 0 of record r + 1.
void checkCsv(const std::string& csv, const std::vector<std::string>& names, const char* which)
{
    const std::string path = (fleet::fuzz::scratchFolder() / "export.csv").string();
    if (auto written = fleet::writeExportFile(path, csv); !written)
        broken(std::string(which) + ": not written: " + written.error().toString());
    std::ifstream file(path, std::ios::binary);
    const std::string back((std::istreambuf_iterator<char>(file)),
                           std::istreambuf_iterator<char>());
    if (back != csv)
        broken(std::string(which) + ": the file is not the bytes written");
    const auto records = csvRecordsOf(csv);
    if (records.size() != names.size() + 1)
        broken(std::string(which) + ": " + std::to_string(records.size()) + " records for " +
               std::to_string(names.size()) + " rows and a header");
    for (std::size_t r = 0; r < records.size(); ++r) {
        if (records[r].size() != records[0].size())
            broken(std::string(which) + ": record " + std::to_string(r) + " has " +
                   std::to_string(records[r].size()) + " fields, the header " +
                   std::to_string(records[0].size()));
        for (const std::string& field : records[r])
            if (fleet::csvStartsLikeAFormula(field) && !isNumber(field))
                broken(std::string(which) + ": a field starts like a formula: " + field);
        if (r == 0)
            continue;
        const std::string& name = names[r - 1];
        const std::string expected = fleet::csvStartsLikeAFormula(name) ? "'" + name : name;
        if (records[r][0] != expected)
            broken(std::string(which) + ": name " + name + " came back as " + records[r][0]);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const Pieces pieces = piecesOf(data, size);
    std::size_t next = 0;
    const auto figure = [&] {
        return pieces.figures.empty() ? 1.0 : pieces.figures[next++ % pieces.figures.size()];
    };

    // The tenant metering: a tenant per name, two months each, then the central line.
    fleet::joblog::Metering metering;
    std::vector<std::string> meteringNames;
    for (const std::string& name : pieces.names) {
        fleet::joblog::TenantMeter tenant;
        tenant.tenant = name;
        for (const char* month : {"2026-01", "2026-02"}) {
            fleet::joblog::TenantMonth m;
            m.month = month;
            m.windowStartS = figure();
            m.windowEndS = figure();
            m.gpuSeconds = figure();
            m.usedCostUsd = figure();
            m.idleCostUsd = figure();
            m.meanWatts = figure();
            tenant.months.push_back(m);
            meteringNames.push_back(name);
        }
        metering.tenants.push_back(std::move(tenant));
    }
    metering.centralMonths.push_back({"2026-01", 0, figure(), figure(), 0, figure(), figure()});
    meteringNames.push_back("__idle__");
    checkCsv(fleet::joblog::meteringCsv(metering), meteringNames, "meteringCsv");

    // The tenant totals: tenant rows named by the input, in segments named by it.
    fleet::Project project;
    project.startMonth = "2026-11";
    std::vector<fleet::TenantTotal> lines;
    std::vector<std::string> totalNames;
    for (std::size_t i = 0; i < pieces.names.size(); ++i) {
        fleet::TenantTotal line;
        line.tenantId = pieces.names[i];
        line.segmentId = pieces.names[(i + 1) % pieces.names.size()];
        line.rule = pieces.names[(i + 2) % pieces.names.size()];
        line.tenants = figure();
        if (std::isfinite(figure()))
            line.memoryEfficiency = figure();
        for (int month = 0; month < 3; ++month) {
            line.months.push_back({figure(), figure(), figure()});
            const std::string shown = !line.tenantId.empty()    ? line.tenantId
                                      : !line.segmentId.empty() ? line.segmentId
                                                                : "__idle__";
            totalNames.push_back(shown);
        }
        lines.push_back(std::move(line));
    }
    checkCsv(fleet::tenantTotalsCsv(project, lines), totalNames, "tenantTotalsCsv");
    fleet::fuzz::emptyScratchFolder();
    return 0;
}
