#pragma once

// What the GUI tests share.

namespace fleet::gui::test {

/// How long a GUI test waits for work off the GUI thread (recompute, exact
/// solve, simulations, packing replay). A guard against hangs, not a speed
/// check: under ASan or on a loaded machine the same work takes many times
/// longer, and the test must still pass. CTest's per-test timeout stays the
/// outer limit.
constexpr int kPatienceMs = 480'000;

} // namespace fleet::gui::test
