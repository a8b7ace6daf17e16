#include "pack/trace.h"

#include "pack/csv_reader.h"
#include "store/catalog_loader.h"

#include <set>

namespace fleet::pack {

namespace {

constexpr std::size_t kMaxTraceBytes = 256u * 1024u * 1024u;

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
