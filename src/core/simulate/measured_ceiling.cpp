#include "simulate/measured_ceiling.h"

#include "store/project_json_writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string_view>
#include <utility>

namespace fleet {

std::optional<SchedulerPolicy> schedulerPolicyOf(PlacementPolicy policy)
{
    switch (policy) {
    case PlacementPolicy::Naive: return SchedulerPolicy::Naive;
    case PlacementPolicy::TopologyAware: return SchedulerPolicy::TopologyAware;
    case PlacementPolicy::PredictivePreemption: return SchedulerPolicy::PredictivePreemption;
    case PlacementPolicy::Fifo:
    case PlacementPolicy::WeightedFair: break;
    }
    return std::nullopt;
}

PlacementPolicy placementPolicyOf(SchedulerPolicy policy)
{
    switch (policy) {
    case SchedulerPolicy::Naive: return PlacementPolicy::Naive;
    case SchedulerPolicy::TopologyAware: return PlacementPolicy::TopologyAware;
    case SchedulerPolicy::PredictivePreemption: return PlacementPolicy::PredictivePreemption;
    }
    return PlacementPolicy::TopologyAware;
}

Result<MeasuredCeiling> measuredCeiling(const Frontier& frontier)
{
    const std::string name(placementPolicyKey(frontier.policy));
    const auto policy = schedulerPolicyOf(frontier.policy);
    if (!policy)
        return Error("policy " + name +
                     " has no utilization ceiling in the engine (only naive, topology_aware "
                     "and predictive_preemption have)");
    if (!frontier.kneeLoad || !frontier.kneeUtilization) {
        char range[64] = "";
        if (!frontier.points.empty())
            std::snprintf(range, sizeof range, " (loads %.2f to %.2f)",
                          frontier.points.front().load, frontier.points.back().load);
        return Error("no knee for " + name + " within the loads swept" + range +
                     ": no class of jobs waited longer than it ran; sweep higher loads");
    }
    if (kneeBound(frontier) == KneeBound::BelowSweep) {
        char bound[160];
        std::snprintf(bound, sizeof bound,
                      " is below the first load swept (%.2f; useful utilization at most %.3f)",
                      frontier.points.front().load, *frontier.kneeUtilization);
        return Error("the knee of " + name + bound +
                     ": a bound, not a measurement; sweep lower loads");
    }
    if (!(*frontier.kneeUtilization > 0 && *frontier.kneeUtilization <= 1))
        return Error("the knee of " + name + " is at a useful utilization of " +
                     std::to_string(*frontier.kneeUtilization) +
                     "; a utilization ceiling must be above 0 and at most 1");
    return MeasuredCeiling{*policy, *frontier.kneeUtilization, *frontier.kneeLoad};
}

namespace {

/// Precedes the fingerprint in the note's sentence.
constexpr const char* kInputsWord = "inputs ";

std::string sentenceStart(SchedulerPolicy policy)
{
    return "Utilization ceiling of " + std::string(policyKey(policy)) + " ";
}

std::string noKneeStart(SchedulerPolicy policy)
{
    return "Frontier of " + std::string(policyKey(policy)) + " without a knee ";
}

constexpr const char* kNoKneeEnd = "the assumed ceiling stands.";

/// `note` without the sentences from `start` to `end` (and one space beside each).
std::string noteWithoutSentences(std::string note, const std::string& start, const std::string& end)
{
    for (std::size_t at = note.find(start); at != std::string::npos; at = note.find(start, at)) {
        const std::size_t stop = note.find(end, at);
        if (stop == std::string::npos)
            break;
        std::size_t from = at, to = stop + end.size();
        if (from > 0 && note[from - 1] == ' ')
            --from;
        else if (to < note.size() && note[to] == ' ')
            ++to;
        note.erase(from, to - from);
        at = from;
    }
    return note;
}

} // namespace

std::string noteWithoutMeasuredCeiling(std::string note, SchedulerPolicy policy)
{
    return noteWithoutSentences(std::move(note), sentenceStart(policy), "not assumed.");
}

std::string noteWithMeasuredCeiling(const std::string& note, const MeasuredCeiling& measured,
                                    const CeilingProvenance& provenance, const std::string& inputs)
{
    char figures[256];
    std::snprintf(figures, sizeof figures,
                  "%.3f measured %s on %s: the useful utilization at the knee (load %.2f) of "
                  "the simulated frontier, loads %.2f to %.2f, %.0f days, seed %llu",
                  measured.ceiling, provenance.how.c_str(), provenance.date.c_str(),
                  measured.kneeLoad, provenance.fromLoad, provenance.toLoad, provenance.days,
                  static_cast<unsigned long long>(provenance.seed));
    std::string sentence = sentenceStart(measured.policy) + figures;
    if (provenance.seeds > 1) {
        char seeds[160];
        std::snprintf(seeds, sizeof seeds,
                      " to %llu (the median of %d seeds' knees, which range from %.3f to %.3f)",
                      static_cast<unsigned long long>(provenance.seed + provenance.seeds - 1),
                      provenance.seeds, provenance.lowKnee, provenance.highKnee);
        sentence.replace(sentence.rfind(", seed "), 7, ", seeds ");
        sentence += seeds;
    }
    if (provenance.simulatedShare < 1.0) {
        char share[64];
        std::snprintf(share, sizeof share, ", on a slice of %.1f %% of the job GPUs",
                      provenance.simulatedShare * 100);
        sentence += share;
    }
    if (!inputs.empty())
        sentence += "; " + std::string(kInputsWord) + inputs;
    sentence += "; not assumed.";
    // A knee found replaces the record of a frontier without one.
    const std::string kept =
        noteWithoutNoKnee(noteWithoutMeasuredCeiling(note, measured.policy), measured.policy);
    return (kept.empty() ? std::string() : kept + " ") + sentence;
}

std::string noteWithNoKnee(const std::string& note, SchedulerPolicy policy,
                           const CeilingProvenance& provenance, const std::string& inputs)
{
    char figures[256];
    std::snprintf(figures, sizeof figures,
                  "within loads %.2f to %.2f (simulated %s on %s, %.0f days, seed %llu",
                  provenance.fromLoad, provenance.toLoad, provenance.how.c_str(),
                  provenance.date.c_str(), provenance.days,
                  static_cast<unsigned long long>(provenance.seed));
    std::string sentence = noKneeStart(policy) + figures;
    if (provenance.seeds > 1) {
        char seeds[64];
        std::snprintf(seeds, sizeof seeds, " to %llu",
                      static_cast<unsigned long long>(provenance.seed + provenance.seeds - 1));
        sentence.replace(sentence.rfind(", seed "), 7, ", seeds ");
        sentence += seeds;
    }
    sentence += ": no class of jobs waited longer than it ran; " + std::string(kInputsWord) +
                inputs + "); " + kNoKneeEnd;
    // The latest measurement wins: a knee noted earlier is no longer said
    // to be of any inputs.
    const std::string kept = noteWithoutNoKnee(noteWithoutMeasuredCeiling(note, policy), policy);
    return (kept.empty() ? std::string() : kept + " ") + sentence;
}

std::string noteWithoutNoKnee(std::string note, SchedulerPolicy policy)
{
    return noteWithoutSentences(std::move(note), noKneeStart(policy), kNoKneeEnd);
}

std::optional<std::string> notedNoKneeInputs(const Project& project, SchedulerPolicy policy)
{
    const std::string& note = project.note;
    const std::size_t at = note.find(noKneeStart(policy));
    if (at == std::string::npos)
        return std::nullopt;
    const std::size_t end = note.find(kNoKneeEnd, at);
    const std::size_t word = note.find(kInputsWord, at);
    if (end == std::string::npos || word == std::string::npos || word > end ||
        word + std::string(kInputsWord).size() + 16 > end)
        return std::nullopt;
    return note.substr(word + std::string(kInputsWord).size(), 16);
}

std::string measuredInputsFingerprint(const Project& project)
{
    // Copied without the keys left out, in the writer's order: boost::json's
    // erase() moves the last member into the hole, so erasing reordered the
    // rest by whether a note (say) was there, and a project measured without
    // a note read as measured on other inputs once the note was written.
    const auto without = [](const boost::json::object& from,
                            std::initializer_list<std::string_view> keys) {
        boost::json::object kept;
        for (const auto& member : from)
            if (std::find(keys.begin(), keys.end(), member.key()) == keys.end())
                kept.emplace(member.key(), member.value());
        return kept;
    };
    boost::json::object json = without(
        projectToJson(project), {"name", "description", "note", "scenarios", "format_version"});
    if (auto* scheduler = json.if_contains("scheduler"); scheduler && scheduler->is_object())
        *scheduler =
            without(scheduler->as_object(), {"policy", "utilization_ceiling",
                                             "measured_utilization_ceiling", "ceiling_source"});
    // FNV-1a, 64 bits: stable across runs and platforms, unlike std::hash.
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : boost::json::serialize(json)) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

std::optional<std::string> notedMeasuredInputs(const Project& project, SchedulerPolicy policy)
{
    const std::string& note = project.note;
    const std::size_t at = note.find(sentenceStart(policy));
    if (at == std::string::npos)
        return std::nullopt;
    const std::size_t end = note.find("not assumed.", at);
    const std::size_t word = note.find(kInputsWord, at);
    if (word == std::string::npos || (end != std::string::npos && word > end))
        return std::nullopt; // measured before fingerprints were noted
    return note.substr(word + std::string(kInputsWord).size(), 16);
}

std::string noteWithInputsRenoted(const std::string& note, SchedulerPolicy policy,
                                  const std::string& inputs, const std::string& why)
{
    const std::size_t at = note.find(sentenceStart(policy));
    if (at == std::string::npos)
        return note;
    const std::size_t end = note.find("not assumed.", at);
    const std::size_t word = note.find(kInputsWord, at);
    if (word == std::string::npos || (end != std::string::npos && word > end))
        return note;
    const std::size_t from = word + std::string(kInputsWord).size();
    // The inputs noted, and any earlier bracket after them, up to the "; ".
    const std::size_t to = note.find("; ", from);
    std::string renoted = note;
    renoted.replace(from, (to == std::string::npos || to > end ? end : to) - from,
                    inputs + (why.empty() ? std::string() : " (" + why + ")"));
    return renoted;
}

std::optional<std::string> staleMeasuredCeiling(const Project& project)
{
    const SchedulerPolicy policy = project.scheduler.policy;
    const auto measured = project.scheduler.measuredCeiling();
    if (!measured)
        return std::nullopt;
    const auto noted = notedMeasuredInputs(project, policy);
    if (!noted || *noted == measuredInputsFingerprint(project))
        return std::nullopt;
    char ceiling[16];
    std::snprintf(ceiling, sizeof ceiling, "%.3f", *measured);
    return "the utilization ceiling of " + std::string(policyKey(policy)) + ", " + ceiling +
           ", was measured on an earlier version of this project (its workloads, fleet, prices "
           "or assumptions have changed since); measure again (fleetplanner-cli measure-ceiling "
           "PROJECT -o PROJECT; the app measures it in the background and stores it on "
           "saving)";
}

std::optional<std::string> assumedVersusMeasured(const Scheduler& scheduler,
                                                 std::optional<double> measured,
                                                 const std::string& how)
{
    if (!measured || std::abs(scheduler.ceiling() - *measured) <= kCeilingToleranceFraction + 1e-9)
        return std::nullopt;
    char text[160];
    std::snprintf(text, sizeof text, ": assumed %.2f, measured %.2f for this project",
                  scheduler.ceiling(), *measured);
    return "the utilization ceiling of " + std::string(policyKey(scheduler.policy)) + text +
           (how.empty() ? std::string() : " (" + how + ")") +
           (scheduler.ceiling() > *measured
                ? "; the plan assumes GPUs busier than the jobs' waits allow"
                : "; the plan pays for GPUs the scheduler could keep busy");
}

std::vector<FieldEdit> measurementEdits(const Project& project, const MeasuredCeiling& measured,
                                        const CeilingProvenance& provenance)
{
    const std::string key(policyKey(measured.policy));
    return {
        {"/scheduler/measured_utilization_ceiling/" + key, boost::json::value(measured.ceiling)},
        {"/note", boost::json::value(noteWithMeasuredCeiling(project.note, measured, provenance,
                                                             measuredInputsFingerprint(project)))}};
}

std::vector<FieldEdit> noKneeEdits(const Project& project, SchedulerPolicy policy,
                                   const CeilingProvenance& provenance)
{
    return {{"/note", boost::json::value(noteWithNoKnee(project.note, policy, provenance,
                                                        measuredInputsFingerprint(project)))}};
}

std::vector<FieldEdit> measuredCeilingEdits(const Project& project, const MeasuredCeiling& measured,
                                            const CeilingProvenance& provenance)
{
    std::vector<FieldEdit> edits = {
        {"/scheduler/utilization_ceiling/" + std::string(policyKey(measured.policy)),
         boost::json::value(measured.ceiling)}};
    for (FieldEdit& edit : measurementEdits(project, measured, provenance))
        edits.push_back(std::move(edit));
    return edits;
}

} // namespace fleet
