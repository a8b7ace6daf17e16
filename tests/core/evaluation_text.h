#pragma once

// An evaluation written out in full, every member of every struct, so that
// two evaluations compare as text (test_evaluation_cache, test_gui_edit_refresh):
// the incremental routes must give exactly what evaluate() gives.

#include "engine/evaluation.h"

#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace fleet::test {

// An evaluation written out in full, every member of every struct (bound
// by structured bindings: a member added later stops the build here), so
// that two evaluations compare as text; doubles in hexadecimal, exactly.
inline void put(std::string& out, const MonthRequirement& value);
inline void put(std::string& out, const PlanCost& value);
inline void put(std::string& out, const OptionResult& value);
inline void put(std::string& out, const RejectedOption& value);
inline void put(std::string& out, const WorkloadEvaluation& value);
inline void put(std::string& out, const Kpis& value);
inline void put(std::string& out, const GpuCountMonth& value);
inline void put(std::string& out, const GpuModelCounts& value);
inline void put(std::string& out, const GpuCounts& value);

inline void put(std::string& out, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%a,", value);
    out += text;
}
inline void put(std::string& out, const std::string& value)
{
    out += "\"" + value + "\",";
}
inline void put(std::string& out, bool value)
{
    out += value ? "true," : "false,";
}
inline void put(std::string& out, int value)
{
    out += std::to_string(value) + ",";
}
template <class E>
requires std::is_enum_v<E>
void put(std::string& out, E value)
{
    out += "e" + std::to_string(static_cast<int>(value)) + ",";
}
template <class T> inline void put(std::string& out, const std::optional<T>& value)
{
    if (value)
        put(out, *value);
    else
        out += "none,";
}
template <class A, class B> inline void put(std::string& out, const std::pair<A, B>& value)
{
    put(out, value.first);
    put(out, value.second);
}
template <class T> inline void put(std::string& out, const std::vector<T>& values)
{
    out += "[";
    for (const T& value : values)
        put(out, value);
    out += "],";
}
template <class... T> void putAll(std::string& out, const T&... values)
{
    (put(out, values), ...);
}

inline void put(std::string& out, const MonthRequirement& value)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7, a8, a9] = value;
    putAll(out, a1, a2, a3, a4, a5, a6, a7, a8, a9);
}
inline void put(std::string& out, const PlanCost& value)
{
    const auto& [a1, a2, a3, a4] = value;
    putAll(out, a1, a2, a3, a4);
}
inline void put(std::string& out, const OptionResult& value)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12] = value;
    putAll(out, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12);
}
inline void put(std::string& out, const RejectedOption& value)
{
    const auto& [a1, a2, a3, a4] = value;
    putAll(out, a1, a2, a3, a4);
}
inline void put(std::string& out, const WorkloadEvaluation& value)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12] = value;
    putAll(out, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12);
}
inline void put(std::string& out, const Kpis& value)
{
    const auto& [a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18,
                 a19, a20, a21, a22, a23, a24, a25, a26, a27] = value;
    putAll(out, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18,
           a19, a20, a21, a22, a23, a24, a25, a26, a27);
}
inline void put(std::string& out, const GpuCountMonth& value)
{
    const auto& [a1, a2, a3, a4] = value;
    putAll(out, a1, a2, a3, a4);
}
inline void put(std::string& out, const GpuModelCounts& value)
{
    const auto& [a1, a2, a3] = value;
    putAll(out, a1, a2, a3);
}
inline void put(std::string& out, const GpuCounts& value)
{
    const auto& [a1, a2, a3, a4] = value;
    putAll(out, a1, a2, a4);
    for (const auto& [regime, held] : a3) // put(pair) comes before put(vector)
        putAll(out, regime, held);
}

template <class T> std::string text(const T& value)
{
    std::string out;
    put(out, value);
    return out;
}

inline std::string text(const Evaluation& value)
{
    const auto& [workloads, kpis, gpus, warnings] = value;
    std::string out;
    putAll(out, workloads, kpis, gpus, warnings);
    return out;
}

} // namespace fleet::test
