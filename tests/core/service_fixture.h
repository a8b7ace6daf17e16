#pragma once

// One inference service (8B FP8, 1,000 in / 300 out tokens) pinned to H100
// bare metal over two months of the example-2024 book: the project the
// service-peak tests (test_service_peaks, test_committed_peaks) share.

#include <string>

namespace fleet::test {

/// The project's text with `fleet` as its "fleet" object, `share` as its
/// assumption peak_capacity_share and `requestsPerSecond` as the traffic.
inline std::string oneServiceText(const std::string& fleet, const std::string& share,
                                  int requestsPerSecond)
{
    return R"({
  "format": "fleetplanner-project", "format_version": 1, "name": "service",
  "horizon": {"months": 2}, "active_price_book": "example-2024",
  "fleet": )" +
           fleet +
           R"(,
  "scheduler": {"policy": "topology_aware"},
  "assumptions": {"peak_capacity_share": )" +
           share + R"(},
  "segments": [{"id": "s", "name": "S", "isolation_floor": "hardware",
                "allowed_regimes": ["bare_metal"], "price_usd_per_gpu_hour": 4}],
  "workloads": [
    {"id": "chat", "name": "Chat", "kind": "inference", "segment": "s",
     "params": 8e9, "precision": "fp8", "requests_per_second": )" +
           std::to_string(requestsPerSecond) + R"(,
     "input_tokens": 1000, "output_tokens": 300, "tpot_ms": 50, "ttft_ms": 2000,
     "choice": {"gpu": "h100-sxm-80gb", "regime": "bare_metal"}}]
})";
}

} // namespace fleet::test
