#include "model/row_paths.h"

#include "io/json_pointer.h"

#include <boost/json.hpp>

#include <array>
#include <vector>

namespace fleet {

namespace bj = boost::json;

namespace {

constexpr std::array<std::string_view, 4> kRowLists = {"/fleet/pools", "/workloads", "/segments",
                                                       "/tenants"};

/// How many leading tokens of `tokens` make up `list` ("/fleet/pools" → 2),
/// 0 when the path is not under it.
std::size_t listDepth(const std::vector<std::string>& tokens, std::string_view list)
{
    auto listTokens = json::splitPointer(list);
    const auto& want = listTokens.value();
    if (tokens.size() <= want.size())
        return 0;
    for (std::size_t i = 0; i < want.size(); ++i)
        if (tokens[i] != want[i])
            return 0;
    return want.size();
}

/// The list `tokens` run through, and how many tokens it takes.
std::pair<std::string_view, std::size_t> listOf(const std::vector<std::string>& tokens)
{
    for (std::string_view list : kRowLists)
        if (const std::size_t depth = listDepth(tokens, list))
            return {list, depth};
    return {{}, 0};
}

const bj::array* rowsAt(const bj::value& document, const std::vector<std::string>& tokens,
                        std::size_t depth)
{
    const bj::value* node = &document;
    for (std::size_t i = 0; i < depth; ++i) {
        const bj::object* object = node->if_object();
        node = object ? object->if_contains(tokens[i]) : nullptr;
        if (!node)
            return nullptr;
    }
    return node->if_array();
}

} // namespace

std::span<const std::string_view> rowLists()
{
    return kRowLists;
}

Result<std::string> indexPathOf(const bj::value& document, std::string_view idPath)
{
    auto split = json::splitPointer(idPath);
    if (!split)
        return split.error();
    std::vector<std::string> tokens = std::move(split).value();
    const auto [list, depth] = listOf(tokens);
    if (depth == 0)
        return std::string(idPath);
    const std::string& id = tokens[depth];
    const bj::array* rows = rowsAt(document, tokens, depth);
    if (rows)
        for (std::size_t i = 0; i < rows->size(); ++i) {
            const bj::object* row = (*rows)[i].if_object();
            const bj::value* rowId = row ? row->if_contains("id") : nullptr;
            if (rowId && rowId->is_string() && rowId->get_string() == id) {
                tokens[depth] = std::to_string(i);
                return json::joinPointer(tokens);
            }
        }
    return Error("names " + std::string(list) + " row \"" + id + "\", and no row has that id");
}

Result<std::string> idPathOf(const bj::value& document, std::string_view indexPath)
{
    auto split = json::splitPointer(indexPath);
    if (!split)
        return split.error();
    std::vector<std::string> tokens = std::move(split).value();
    const auto [list, depth] = listOf(tokens);
    if (depth == 0)
        return std::string(indexPath);
    const std::string& token = tokens[depth];
    const bj::array* rows = rowsAt(document, tokens, depth);
    std::size_t index = 0;
    bool numeric = !token.empty() && token.size() <= 9 && (token.size() == 1 || token[0] != '0');
    for (char c : token)
        numeric = numeric && c >= '0' && c <= '9';
    if (numeric)
        index = std::stoul(token);
    if (!numeric || !rows || index >= rows->size())
        return Error("names row \"" + token + "\" of " + std::string(list) + ", which has " +
                     std::to_string(rows ? rows->size() : 0) + " rows");
    const bj::object* row = (*rows)[index].if_object();
    const bj::value* id = row ? row->if_contains("id") : nullptr;
    if (!id || !id->is_string())
        return Error("names row " + token + " of " + std::string(list) + ", which has no id");
    tokens[depth] = std::string(id->get_string());
    return json::joinPointer(tokens);
}

std::optional<std::string> rowIdOf(std::string_view idPath, std::string_view list)
{
    auto tokens = json::splitPointer(idPath);
    if (!tokens)
        return std::nullopt;
    const std::size_t depth = listDepth(tokens.value(), list);
    if (depth == 0)
        return std::nullopt;
    return tokens.value()[depth];
}

std::string renamedPath(std::string_view idPath, std::string_view list, std::string_view oldId,
                        std::string_view newId)
{
    auto split = json::splitPointer(idPath);
    if (!split)
        return std::string(idPath);
    std::vector<std::string> tokens = std::move(split).value();
    const std::size_t depth = listDepth(tokens, list);
    if (depth == 0 || tokens[depth] != oldId)
        return std::string(idPath);
    tokens[depth] = std::string(newId);
    return json::joinPointer(tokens);
}

} // namespace fleet
