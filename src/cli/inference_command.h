#pragma once

#include <QStringList>

namespace fleet::cli {

/// `fleetplanner-cli inference --gpu ID --params N --precision bf16|fp8 --rps R
/// --input-tokens I --output-tokens O [--tpot-ms T] [--ttft-ms F] [--regime R]
/// [--profile P] [--plan PLAN] [--price-book ID] [--json]`
int runInferenceCommand(const QStringList& args);

} // namespace fleet::cli
