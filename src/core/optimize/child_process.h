#pragma once

// Runs a piece of work in a forked child process and returns the bytes it
// produced, so that a crash or an abort inside third-party code (CBC and CLP
// in Debian 12 have several, see milp.cpp) ends that child, not the app.
//
// The child shares nothing with the parent after the fork except one flag:
// `cancel`, mirrored into memory both processes see, so the work can stop
// early and still report what it found. Where fork() is not available the
// work runs in this process, as before.

#include "util/result.h"

#include <atomic>
#include <functional>
#include <string>

namespace fleet {

/// No limit for runInChild's `limitSeconds`.
inline constexpr double kNoChildLimit = 1e300;

struct ChildOutcome
{
    enum class End
    {
        Finished,
        Crashed,
        Killed
    };
    End end = End::Finished;
    std::string output;            ///< what the work returned (Finished only)
    int signal = 0;                ///< the signal that ended the child (Crashed)
    double seconds = 0;            ///< from the start until the child ended or was killed
    bool stoppedAnswering = false; ///< Killed: it had stopped answering (SIGSTOP, frozen)
    double silentSeconds = 0;      ///< Killed and stoppedAnswering: for how long
    double limitSeconds = 0;       ///< Killed: the limit it was killed at
    /// "finished", "crashed (signal 11, Segmentation fault)", "stopped
    /// answering (no sign of life for 9.8 s) and was killed at its 10 s limit", ...
    std::string describe() const;
};

/// Runs `work` in a child process. `work` receives a flag it should poll to
/// stop early; the flag follows `cancel` (may be null). The child beats (a
/// timer signal every 100 ms into memory both processes see); one whose beat
/// stops for over a second — stopped (SIGSTOP), frozen — has stopped
/// answering and is killed once `limitSeconds` (the work's own time limit)
/// have passed, or at once after `cancel` is raised. A child the kernel has
/// running or waiting for a CPU (starved on a busy machine), or that has
/// ended, is never taken for a silent one: its limit counts CPU time, the
/// beat wall-clock time. A child still running `killAfterSeconds` after the
/// start is killed too (a hang that still beats). Errors only when the child
/// cannot be started or its output cannot be read.
Result<ChildOutcome> runInChild(const std::function<std::string(const std::atomic<bool>&)>& work,
                                const std::atomic<bool>* cancel, double killAfterSeconds,
                                double limitSeconds = kNoChildLimit);

/// True where runInChild isolates the work (POSIX); false where it runs the
/// work in this process.
bool childProcessesAvailable();

} // namespace fleet
