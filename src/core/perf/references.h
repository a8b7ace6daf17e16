#pragma once

// Public measurements the engine is checked against (data/perf/references.json):
// each with its source, date and conditions, grouped in families that state a
// tolerance and why.

#include "util/result.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleet {

struct ReferenceFamily
{
    std::string id;
    double tolerance = 0.25; ///< |tool ÷ published − 1| allowed
    std::string why;
};

/// One side of a measured configuration.
struct MeasuredSystem
{
    std::string gpu;   ///< catalog id
    std::string stack; ///< serving stack ("" for training)
    int gpus = 1;      ///< GPUs the published figure covers
    /// Output tokens/s over those GPUs; GPU-hours for training; samples/s for
    /// a training ratio.
    double published = 0;
};

/// Whether a reference was used to choose a factor of data/perf (fit) or
/// only to check the model (held out; nothing in data/perf/serving.json or
/// training.json may name it in its fit_references).
enum class ReferenceUse
{
    Fit,
    HeldOut
};

std::string_view referenceUseKey(ReferenceUse use);

enum class ReferenceKind
{
    Inference,      ///< output tokens/s per GPU
    InferenceRatio, ///< one system's tokens/s per GPU over another's
    Training,       ///< GPU-hours of a run
    TrainingRatio   ///< one system's training samples/s per GPU over another's
};

struct PerfReference
{
    std::string id;
    std::string family;
    ReferenceUse use = ReferenceUse::Fit; ///< the "set" field
    ReferenceKind kind = ReferenceKind::Inference;
    std::string source; ///< document, URL, commit
    std::string asOf;
    std::string model; ///< data/perf/models.json id
    std::string precision = "fp8";
    double inputTokens = 0, outputTokens = 0;
    std::optional<double> tpotMs, ttftMs; ///< absent: offline, no target
    int tensorParallel = 0;               ///< as published (0: the engine chooses)
    int maxBatch = 0;        ///< sequences in flight per replica the run allowed (0: no cap)
    double tokens = 0;       ///< training tokens
    MeasuredSystem system;   ///< Inference, Training; the numerator of a ratio
    MeasuredSystem baseline; ///< the denominator of a ratio
    std::string note;
    /// A wider tolerance for this reference alone, with the reason (a known
    /// gap of the model, listed in docs/MODEL.md); absent: the family's.
    std::optional<double> tolerance;
    std::string toleranceWhy;
};

struct ReferenceSet
{
    std::vector<ReferenceFamily> families;
    std::vector<PerfReference> references;

    const ReferenceFamily* family(std::string_view id) const;
    const PerfReference* reference(std::string_view id) const;
};

Result<ReferenceSet> parseReferenceSet(std::string_view text, const std::string& file);

/// The most references a user's file may hold (each runs the engine once).
inline constexpr std::size_t kMaxUserReferences = 10000;
/// The largest user references file read (`calibrate --references`).
inline constexpr std::size_t kMaxUserReferencesFileBytes = 16u << 20;

/// A user's own measurements (`calibrate --references FILE`), in the format
/// of data/perf/references.json. Nothing of data/perf was chosen on them, so
/// every one must be "held_out"; its families may be its own or the built-in
/// ones (`builtin`'s), but no id of its own may be a built-in family's or
/// reference's. The set returned holds the built-in families and the file's,
/// and the file's references only. Every problem names the entry and field.
Result<ReferenceSet> parseUserReferences(std::string_view text, const std::string& file,
                                         const ReferenceSet& builtin);

/// The built-in set (data/perf/references.json).
Result<ReferenceSet> builtinReferences();

} // namespace fleet
