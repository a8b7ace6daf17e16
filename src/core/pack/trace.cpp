#include "pack/trace.h"

#include "store/catalog_loader.h"
#include "util/utf8.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace fleet::pack {

namespace {

constexpr std::size_t kMaxTraceBytes = 256u * 1024u * 1024u;

/// One CSV record's fields (RFC 4180 quoting); false on an unclosed quote.
bool splitRecord(std::string_view line, std::vector<std::string>* fields)
{
    fields->clear();
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields->push_back(std::move(field));
            field.clear();
        } else if (c != '\r') {
            field += c;
        }
    }
    fields->push_back(std::move(field));
    return !quoted;
}

/// A file whose text is not UTF-8 is refused whole, at its first bad byte:
/// names read from it end up in JSON, charts and Qt strings.
std::optional<Issue> notUtf8(std::string_view text, const std::string& file)
{
    const auto bad = firstInvalidUtf8(text);
    if (!bad)
        return std::nullopt;
    const std::size_t line =
        1 + std::size_t(std::count(text.begin(), text.begin() + std::ptrdiff_t(*bad), '\n'));
    return Issue{file,
                 "line " + std::to_string(line),
                 {},
                 "is not UTF-8 text (byte " + std::to_string(*bad) +
                     " of the file); save the CSV as UTF-8"};
}

/// Reads the header, finds each mapped column, then calls `row` per record.
class CsvReader
{
public:
    CsvReader(std::string_view text, std::string file) : m_text(text), m_file(std::move(file)) {}

    void problem(std::size_t line, const std::string& field, const std::string& entry,
                 const std::string& message)
    {
        if (m_issues.size() < 50) // enough to fix a file; the count says the rest
            m_issues.push_back(
                Issue{m_file, "line " + std::to_string(line) + (field.empty() ? "" : ", " + field),
                      entry, message});
        ++m_problems;
    }

    /// Column index of each field (−1 when the mapping leaves it out).
    bool header(const ColumnMap& columns, const std::set<std::string>& optional)
    {
        std::string_view first = nextLine();
        if (first.find_first_not_of(" \t\r") == std::string_view::npos) {
            problem(1, "", "", "the file is empty; a header row naming the columns comes first");
            return false;
        }
        std::vector<std::string> names;
        if (!splitRecord(first, &names)) {
            problem(m_line, "", "", "the header has an unclosed quote");
            return false;
        }
        for (const auto& [field, column] : columns) {
            int at = -1;
            for (std::size_t i = 0; i < names.size(); ++i)
                if (names[i] == column)
                    at = int(i);
            if (at < 0 && !column.empty() && !optional.count(field))
                problem(m_line, field, "",
                        "the header has no column \"" + column + "\" for " + field);
            m_columns[field] = at;
        }
        m_width = names.size();
        return m_problems == 0;
    }

    /// The next record, or false at the end.
    bool next(std::vector<std::string>* fields)
    {
        while (m_at < m_text.size()) {
            std::string_view line = nextLine();
            if (line.find_first_not_of(" \t\r") == std::string_view::npos)
                continue; // blank lines are allowed
            if (!splitRecord(line, fields)) {
                problem(m_line, "", "", "unclosed quote");
                continue;
            }
            if (fields->size() != m_width) {
                problem(m_line, "", "",
                        "has " + std::to_string(fields->size()) + " fields; the header has " +
                            std::to_string(m_width));
                continue;
            }
            return true;
        }
        return false;
    }

    std::size_t line() const { return m_line; }
    std::size_t problems() const { return m_problems; }
    const std::string* field(const std::vector<std::string>& fields, const std::string& name) const
    {
        const auto it = m_columns.find(name);
        return it == m_columns.end() || it->second < 0 ? nullptr : &fields[std::size_t(it->second)];
    }

    /// An integer field in [min, max]; reports and returns nullopt otherwise.
    std::optional<long> integer(const std::vector<std::string>& fields, const std::string& name,
                                const std::string& entry, long min, long max)
    {
        const std::string* text = field(fields, name);
        if (!text)
            return 0L;
        long value = 0;
        const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
        if (ec != std::errc() || end != text->data() + text->size() || value < min || value > max) {
            problem(m_line, name, entry,
                    "must be a whole number from " + std::to_string(min) + " to " +
                        std::to_string(max) + "; got \"" + *text + "\"");
            return std::nullopt;
        }
        return value;
    }

    Result<bool> finish()
    {
        if (m_problems == 0)
            return true;
        if (m_problems > m_issues.size())
            m_issues.push_back(
                Issue{m_file, "", "",
                      std::to_string(m_problems - m_issues.size()) + " more problems not listed"});
        return Error(std::move(m_issues));
    }

private:
    std::string_view nextLine()
    {
        const std::size_t end = m_text.find('\n', m_at);
        std::string_view line =
            m_text.substr(m_at, end == std::string_view::npos ? end : end - m_at);
        m_at = end == std::string_view::npos ? m_text.size() : end + 1;
        ++m_line;
        return line;
    }

    std::string_view m_text;
    std::string m_file;
    std::size_t m_at = 0;
    std::size_t m_line = 0;
    std::size_t m_width = 0;
    std::map<std::string, int> m_columns;
    std::vector<Issue> m_issues;
    std::size_t m_problems = 0;
};

std::vector<std::string> splitModels(const std::string& text)
{
    std::vector<std::string> models;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t bar = text.find('|', start);
        const std::string model =
            text.substr(start, bar == std::string::npos ? std::string::npos : bar - start);
        if (!model.empty())
            models.push_back(model);
        if (bar == std::string::npos)
            break;
        start = bar + 1;
    }
    return models;
}

} // namespace

const ColumnMap& openbNodeColumns()
{
    static const ColumnMap columns{{"name", "sn"},
                                   {"cpu_milli", "cpu_milli"},
                                   {"memory_mib", "memory_mib"},
                                   {"gpus", "gpu"},
                                   {"model", "model"}};
    return columns;
}

const ColumnMap& openbPodColumns()
{
    static const ColumnMap columns{
        {"name", "name"},       {"cpu_milli", "cpu_milli"}, {"memory_mib", "memory_mib"},
        {"num_gpu", "num_gpu"}, {"gpu_milli", "gpu_milli"}, {"gpu_spec", "gpu_spec"}};
    return columns;
}

Result<std::vector<Node>> parseNodes(std::string_view text, const std::string& file,
                                     const ColumnMap& columns)
{
    if (auto problem = notUtf8(text, file))
        return Error({*problem});
    CsvReader csv(text, file);
    std::vector<Node> nodes;
    if (csv.header(columns, {"model"})) {
        std::vector<std::string> fields;
        std::set<std::string> names;
        while (csv.next(&fields)) {
            Node node;
            const std::string* name = csv.field(fields, "name");
            node.name = name ? *name : "node-" + std::to_string(nodes.size());
            if (node.name.empty() || !names.insert(node.name).second) {
                csv.problem(csv.line(), "name", node.name,
                            node.name.empty() ? "must not be empty" : "appears twice");
                continue;
            }
            const auto cpu = csv.integer(fields, "cpu_milli", node.name, 0, 100'000'000);
            const auto memory = csv.integer(fields, "memory_mib", node.name, 0, 1'000'000'000);
            const auto gpus = csv.integer(fields, "gpus", node.name, 0, 64);
            if (!cpu || !memory || !gpus)
                continue;
            node.cpuMilli = *cpu;
            node.memoryMib = *memory;
            node.gpus = int(*gpus);
            if (const std::string* model = csv.field(fields, "model"))
                node.model = *model;
            nodes.push_back(std::move(node));
        }
        if (nodes.empty() && csv.problems() == 0)
            csv.problem(csv.line(), "", "", "has no nodes");
    }
    auto done = csv.finish();
    if (!done)
        return done.error();
    return nodes;
}

Result<std::vector<Pod>> parsePods(std::string_view text, const std::string& file,
                                   const ColumnMap& columns)
{
    if (auto problem = notUtf8(text, file))
        return Error({*problem});
    CsvReader csv(text, file);
    std::vector<Pod> pods;
    if (csv.header(columns, {"gpu_spec"})) {
        std::vector<std::string> fields;
        while (csv.next(&fields)) {
            Pod pod;
            const std::string* name = csv.field(fields, "name");
            pod.name = name ? *name : "pod-" + std::to_string(pods.size());
            const auto cpu = csv.integer(fields, "cpu_milli", pod.name, 0, 100'000'000);
            const auto memory = csv.integer(fields, "memory_mib", pod.name, 0, 1'000'000'000);
            const auto gpus = csv.integer(fields, "num_gpu", pod.name, 0, 64);
            const auto milli = csv.integer(fields, "gpu_milli", pod.name, 0, 1000);
            if (!cpu || !memory || !gpus || !milli)
                continue;
            pod.cpuMilli = *cpu;
            pod.memoryMib = *memory;
            pod.numGpu = int(*gpus);
            pod.gpuMilli = int(*milli);
            if (pod.numGpu > 1 && pod.gpuMilli != 1000) {
                csv.problem(csv.line(), "gpu_milli", pod.name,
                            "a pod of " + std::to_string(pod.numGpu) +
                                " GPUs takes them whole: must be 1000; got " +
                                std::to_string(pod.gpuMilli));
                continue;
            }
            if ((pod.numGpu == 0) != (pod.gpuMilli == 0)) {
                csv.problem(csv.line(), "gpu_milli", pod.name,
                            "must be 0 exactly when num_gpu is 0; num_gpu is " +
                                std::to_string(pod.numGpu) + ", gpu_milli " +
                                std::to_string(pod.gpuMilli));
                continue;
            }
            if (const std::string* spec = csv.field(fields, "gpu_spec"))
                pod.gpuSpec = splitModels(*spec);
            pods.push_back(std::move(pod));
        }
        if (pods.empty() && csv.problems() == 0)
            csv.problem(csv.line(), "", "", "has no pods");
    }
    auto done = csv.finish();
    if (!done)
        return done.error();
    return pods;
}

Result<std::vector<Node>> loadNodes(const std::string& path, const ColumnMap& columns)
{
    auto text = readTextFile(path, kMaxTraceBytes);
    if (!text)
        return text.error();
    return parseNodes(text.value(), path, columns);
}

Result<std::vector<Pod>> loadPods(const std::string& path, const ColumnMap& columns)
{
    auto text = readTextFile(path, kMaxTraceBytes);
    if (!text)
        return text.error();
    return parsePods(text.value(), path, columns);
}

Result<ColumnMap> parseColumnMap(std::string_view text, const ColumnMap& defaults)
{
    ColumnMap columns = defaults;
    std::vector<Issue> issues;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string_view pair = text.substr(
            start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        start = comma == std::string_view::npos ? text.size() : comma + 1;
        const std::size_t equals = pair.find('=');
        const std::string field(pair.substr(0, equals));
        if (equals == std::string_view::npos || !defaults.count(field)) {
            std::string known;
            for (const auto& [name, column] : defaults)
                known += (known.empty() ? "" : ", ") + name;
            issues.push_back(Issue{"", "", "",
                                   "column mapping \"" + std::string(pair) +
                                       "\" must be FIELD=COLUMN with FIELD one of: " + known});
            continue;
        }
        columns[field] = std::string(pair.substr(equals + 1));
    }
    if (!issues.empty())
        return Error(std::move(issues));
    return columns;
}

} // namespace fleet::pack
