#include "optimize/solve_request.h"

#include "io/json_reader.h"
#include "io/json_writer.h"
#include "optimize/regime_mix_json.h"
#include "store/project_json.h"
#include "store/project_json_writer.h"

#include <boost/json.hpp>

namespace fleet {

namespace bj = boost::json;

namespace {

const std::string kRequestFile = "solve request";
const std::string kReplyFile = "solve reply";

/// A project may be as large as a project file (64 MiB) and one level deeper.
json::ParseLimits protocolLimits()
{
    json::ParseLimits limits;
    limits.maxBytes = 64u * 1024u * 1024u;
    limits.maxDepth = 40;
    return limits;
}

/// The format and version members every protocol document starts with.
void checkFormat(json::Reader& reader, const bj::object& root, std::string_view format)
{
    const auto name = reader.string(root, "format", "");
    if (name && *name != format)
        reader.report("/format", "must be \"" + std::string(format) + "\"; got \"" + *name + "\"");
    reader.integer(root, "format_version", "", kSolveProtocolVersion, kSolveProtocolVersion);
}

} // namespace

std::string solveRequestToJson(const SolveRequest& request)
{
    const OptimizeOptions& o = request.options;
    bj::object document{
        {"format", std::string(kSolveRequestFormat)},
        {"format_version", kSolveProtocolVersion},
        {"scenario", request.scenario},
        {"options", bj::object{{"objective", std::string(objectiveKey(o.objective))},
                               {"fast_path", o.fastPath},
                               {"time_limit_seconds", o.solve.timeLimitSeconds},
                               {"relative_gap", o.solve.relativeGap}}},
        {"project", projectToJson(request.project)}};
    return json::toPrettyString(document);
}

Result<SolveRequest> parseSolveRequest(std::string_view text)
{
    auto parsed = json::parse(text, kRequestFile, protocolLimits());
    if (!parsed)
        return parsed.error();
    json::Reader reader(kRequestFile);
    const bj::object* root = reader.asObject(parsed.value(), "");
    if (!root)
        return Error(reader.issues());
    reader.checkKeys(*root, "", {"format", "format_version", "scenario", "options", "project"}, {});
    checkFormat(reader, *root, kSolveRequestFormat);
    SolveRequest request;
    if (const bj::value* scenario = root->if_contains("scenario")) {
        if (const bj::string* name = scenario->if_string())
            request.scenario = std::string(*name);
        else
            reader.report("/scenario", "must be a string (empty for none)");
    }
    if (const bj::object* options = reader.object(*root, "options", "")) {
        reader.checkKeys(*options, "/options",
                         {"objective", "fast_path", "time_limit_seconds", "relative_gap"}, {});
        OptimizeOptions& o = request.options;
        if (const auto key = reader.string(*options, "objective", "/options")) {
            if (const auto objective = objectiveFromKey(*key))
                o.objective = *objective;
            else
                reader.report("/options/objective", "must be \"cost\" or \"margin\"");
        }
        o.fastPath = reader.boolean(*options, "fast_path", "/options").value_or(false);
        o.solve.timeLimitSeconds =
            reader.number(*options, "time_limit_seconds", "/options", {0, false, 86400, false, {}})
                .value_or(o.solve.timeLimitSeconds);
        o.solve.relativeGap =
            reader.number(*options, "relative_gap", "/options", {0, false, 1, false, {}})
                .value_or(o.solve.relativeGap);
    }
    if (reader.failed())
        return Error(reader.issues());
    const bj::value* project = root->if_contains("project");
    auto read = parseProjectValue(*project, kRequestFile);
    if (!read)
        return read.error();
    request.project = std::move(read).value();
    return request;
}

std::string solveReplyToJson(const std::optional<Result<RegimeMixResult>>& answer,
                             Objective objective, double workerSeconds)
{
    bj::object document{{"format", std::string(kSolveReplyFormat)},
                        {"format_version", kSolveProtocolVersion},
                        {"ok", !answer || answer->ok()},
                        {"worker_seconds", workerSeconds}};
    if (answer && answer->ok())
        document["result"] = regimeMixResultToJson(answer->value(), objective);
    if (answer && !answer->ok()) {
        bj::array issues;
        for (const Issue& issue : answer->error().issues)
            issues.push_back(bj::object{{"file", issue.file},
                                        {"path", issue.path},
                                        {"entry", issue.entry},
                                        {"message", issue.message}});
        document["issues"] = std::move(issues);
    }
    return json::toPrettyString(document);
}

Result<SolveReply> parseSolveReply(std::string_view text)
{
    auto parsed = json::parse(text, kReplyFile, protocolLimits());
    if (!parsed)
        return parsed.error();
    json::Reader reader(kReplyFile);
    const bj::object* root = reader.asObject(parsed.value(), "");
    if (!root)
        return Error(reader.issues());
    reader.checkKeys(*root, "", {"format", "format_version", "ok", "worker_seconds"},
                     {"result", "issues"});
    checkFormat(reader, *root, kSolveReplyFormat);
    SolveReply reply;
    reply.workerSeconds =
        reader.number(*root, "worker_seconds", "", {0, false, 1e9, false, {}}).value_or(0.0);
    const bool ok = reader.boolean(*root, "ok", "").value_or(false);
    if (const bj::array* issues = reader.array(*root, "issues", "", !ok)) {
        for (std::size_t i = 0; i < issues->size(); ++i) {
            const std::string path = json::pointer("/issues", i);
            const bj::object* item = reader.asObject((*issues)[i], path);
            if (!item)
                continue;
            Issue issue;
            for (auto [key, member] : {std::pair{"file", &issue.file},
                                       {"path", &issue.path},
                                       {"entry", &issue.entry},
                                       {"message", &issue.message}})
                if (const bj::value* value = item->if_contains(key); value && value->is_string())
                    *member = std::string(value->get_string());
            if (issue.message.empty())
                reader.report(json::pointer(path, "message"), "must be a non-empty string");
            reply.refused.push_back(std::move(issue));
        }
    }
    if (ok && !reply.refused.empty())
        reader.report("/issues", "must be absent when \"ok\" is true");
    if (reader.failed())
        return Error(reader.issues());
    if (const bj::value* result = root->if_contains("result")) {
        auto read = regimeMixResultFromJson(*result, kReplyFile, "/result");
        if (!read)
            return read.error();
        reply.result = std::move(read).value();
    }
    return reply;
}

} // namespace fleet
