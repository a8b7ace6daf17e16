#pragma once
// A user's own references file (`calibrate --references`, Help ▸ Calibration ▸
// "Check your own measurements…"), for the CLI and app tests: one Llama 3.1
// 70B run on two H100s (published_tokens_per_second covers both: 1,000 a GPU)
// and one run of a model the engine does not know (a refused row).

#include <QByteArray>
#include <QFile>
#include <QString>

namespace fleet::test_support {

inline constexpr char kOwnReferencesJson[] =
    R"({"format": "fleetplanner-perf-references", "format_version": 1,
  "families": [{"id": "our-lab", "tolerance": 0.2, "why": "our runs"}],
  "references": [{"id": "ours-70b", "family": "our-lab", "set": "held_out",
    "kind": "inference", "source": "our lab", "as_of": "2026-12", "model": "llama-3.1-70b",
    "input_tokens": 1000, "output_tokens": 1000, "tensor_parallel": 2,
    "system": {"gpu": "h100-sxm-80gb", "stack": "tensorrt-llm", "gpus": 2,
               "published_tokens_per_second": 2000}},
   {"id": "ours-unknown", "family": "our-lab", "set": "held_out", "kind": "inference",
    "source": "our lab", "as_of": "2026-12", "model": "no-such-model",
    "input_tokens": 100, "output_tokens": 100,
    "system": {"gpu": "h100-sxm-80gb", "gpus": 1, "published_tokens_per_second": 100}}]})";

/// Writes kOwnReferencesJson to `path` (over what is there); with `asFit`,
/// every reference marked "fit", a file calibrate must refuse. False when
/// the file could not be written whole.
inline bool writeOwnReferences(const QString& path, bool asFit = false)
{
    QByteArray text(kOwnReferencesJson);
    if (asFit)
        text.replace("\"set\": \"held_out\"", "\"set\": \"fit\"");
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(text) == text.size() && file.flush();
}

} // namespace fleet::test_support
