#include "optimize/child_process.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#define FLEET_HAVE_FORK 1
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#else
#define FLEET_HAVE_FORK 0
#endif

namespace fleet {

namespace {

/// The child's exit code when the work threw: its message is the output.
constexpr int kThrewExitCode = 3;

constexpr const char* kSource = "solver process";

} // namespace

std::string ChildOutcome::describe() const
{
    switch (end) {
    case End::Finished: return "finished";
    case End::Killed: {
        char text[200];
        if (stoppedAnswering)
            std::snprintf(text, sizeof text,
                          "stopped answering (no sign of life for %.1f s) and was killed at its "
                          "%g s limit, %.1f s after it started",
                          silentSeconds, limitSeconds, seconds);
        else
            std::snprintf(text, sizeof text,
                          "was still running at %.1f s, past its %g s limit, and was killed",
                          seconds, limitSeconds);
        return text;
    }
    case End::Crashed: break;
    }
    if (signal == 0)
        return "ended abnormally";
#if FLEET_HAVE_FORK
    const char* name = strsignal(signal);
    return "crashed (signal " + std::to_string(signal) + (name ? std::string(", ") + name : "") +
           ")";
#else
    return "crashed (signal " + std::to_string(signal) + ")";
#endif
}

bool childProcessesAvailable()
{
    return FLEET_HAVE_FORK != 0;
}

#if FLEET_HAVE_FORK

namespace {

bool writeAllToPipe(int fd, const std::string& bytes)
{
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        written += std::size_t(n);
    }
    return true;
}

/// What parent and child share: the stop flag and the child's heartbeat.
struct SharedState
{
    std::atomic<bool> stop{false};
    std::atomic<std::uint32_t> beats{0};
};
static_assert(std::atomic<std::uint32_t>::is_always_lock_free,
              "the heartbeat is counted from a signal handler");

/// One page shared by parent and child.
class SharedPage
{
public:
    SharedPage()
    {
        m_page = ::mmap(nullptr, sizeof(SharedState), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (m_page != MAP_FAILED)
            m_state = new (m_page) SharedState;
    }
    ~SharedPage()
    {
        if (m_page != MAP_FAILED)
            ::munmap(m_page, sizeof(SharedState));
    }
    SharedPage(const SharedPage&) = delete;
    SharedPage& operator=(const SharedPage&) = delete;
    SharedState* get() const { return m_state; }

private:
    void* m_page = MAP_FAILED;
    SharedState* m_state = nullptr;
};

/// The child's heartbeat counter, for its SIGALRM handler.
std::atomic<std::uint32_t>* childBeats = nullptr;

void beatOnce(int)
{
    if (childBeats)
        childBeats->fetch_add(1, std::memory_order_relaxed); // lock-free: signal-safe
}

/// The child beats every 100 ms while it runs (not while it is stopped).
void startHeartbeat(std::atomic<std::uint32_t>* beats)
{
    childBeats = beats;
    struct sigaction action = {};
    action.sa_handler = beatOnce;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGALRM, &action, nullptr);
    itimerval every = {};
    every.it_interval.tv_usec = 100'000;
    every.it_value.tv_usec = 100'000;
    ::setitimer(ITIMER_REAL, &every, nullptr);
}

/// The child's side: run the work, send what it returned, and leave without
/// running the parent's exit handlers or destructors (they are the app's).
[[noreturn]] void runChild(const std::function<std::string(const std::atomic<bool>&)>& work,
                           SharedState& shared, int out)
{
    const std::atomic<bool>& stop = shared.stop;
    startHeartbeat(&shared.beats);
    // The parent's crash handlers (a test framework's, a sanitizer's) are not
    // the child's: a crash here ends the child at once, with its signal.
    for (const int crash : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
        std::signal(crash, SIG_DFL);
    int code = 0;
    std::string output;
    try {
        output = work(stop);
    } catch (const std::exception& error) {
        output = error.what();
        code = kThrewExitCode;
    } catch (...) {
        output = "an unknown exception";
        code = kThrewExitCode;
    }
    itimerval off = {};
    ::setitimer(ITIMER_REAL, &off, nullptr);
    if (!writeAllToPipe(out, output))
        code = 4;
    ::close(out);
    ::_exit(code);
}

/// Whether the kernel has `pid` running or waiting for a CPU (state R in
/// /proc/PID/stat), or ended with its output still to be read (Z). Such a
/// child is working, starved of CPU on a busy machine, or done — not stopped
/// or frozen: its silence is not its own. False where /proc is not there
/// (the beat alone decides, as before).
bool runningOrRunnable(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
    std::FILE* file = std::fopen(path, "r");
    if (!file)
        return false;
    char line[512];
    const std::size_t n = std::fread(line, 1, sizeof line - 1, file);
    std::fclose(file);
    line[n] = '\0';
    // "pid (comm) S ...": the name may hold spaces and parentheses, so the
    // state follows the last ')'.
    const char* close = std::strrchr(line, ')');
    return close && close[1] == ' ' && (close[2] == 'R' || close[2] == 'Z');
}

} // namespace

Result<ChildOutcome> runInChild(const std::function<std::string(const std::atomic<bool>&)>& work,
                                const std::atomic<bool>* cancel, double killAfterSeconds,
                                double limitSeconds)
{
    static_assert(std::atomic<bool>::is_always_lock_free,
                  "the stop flag must work across processes");
    const auto fail = [](const std::string& what) {
        return Error({Issue{kSource, {}, {}, what + ": " + std::strerror(errno)}});
    };
    SharedPage shared;
    if (!shared.get())
        return fail("the solver's shared stop flag could not be mapped");
    int pipeEnds[2];
    if (::pipe(pipeEnds) != 0)
        return fail("the solver's pipe could not be opened");
    std::fflush(nullptr); // nothing buffered is written twice
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(pipeEnds[0]);
        ::close(pipeEnds[1]);
        return fail("the solver's process could not be started");
    }
    if (pid == 0) {
        ::close(pipeEnds[0]);
        runChild(work, *shared.get(), pipeEnds[1]);
    }
    ::close(pipeEnds[1]);
    const int in = pipeEnds[0];

    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto since = [](Clock::time_point from) {
        return std::chrono::duration<double>(Clock::now() - from).count();
    };
    ChildOutcome outcome;
    bool killed = false, readFailed = false;
    // Silence counts only while this process itself runs (poll rounds seen
    // without a beat): when both were stopped together (Ctrl-Z), the child
    // is not blamed for the time the parent was stopped too.
    std::uint32_t lastBeats = 0;
    auto lastBeatAt = start;
    int silentRounds = 0;
    constexpr double kSilentSeconds = 1.0;
    constexpr int kSilentRounds = 20; // of at most 50 ms each
    const auto kill = [&](double limit, bool silent) {
        ::kill(pid, SIGKILL);
        killed = true;
        outcome.limitSeconds = limit;
        outcome.stoppedAnswering = silent;
        outcome.silentSeconds = silent ? since(lastBeatAt) : 0;
        outcome.seconds = since(start);
    };
    char buffer[65536];
    for (;;) {
        const bool cancelled = cancel && cancel->load();
        if (cancelled)
            shared.get()->stop.store(true);
        const double seconds = since(start);
        if (const std::uint32_t beats = shared.get()->beats.load(); beats != lastBeats) {
            lastBeats = beats;
            lastBeatAt = Clock::now();
            silentRounds = 0;
        }
        // A child the kernel has running or waiting for a CPU is working or
        // starved (a busy machine), not stopped: the beat counts wall-clock
        // silence, the solver's own limit CPU time.
        const bool silent = silentRounds >= kSilentRounds && since(lastBeatAt) > kSilentSeconds &&
                            !runningOrRunnable(pid);
        if (!killed && silent && (seconds > limitSeconds || cancelled))
            kill(cancelled ? seconds : limitSeconds, true);
        else if (!killed && seconds > killAfterSeconds)
            kill(killAfterSeconds, false);
        pollfd watch{in, POLLIN, 0};
        const int ready = ::poll(&watch, 1, 50);
        if (ready < 0 && errno != EINTR) {
            readFailed = true;
            break;
        }
        if (ready <= 0) {
            ++silentRounds;
            continue;
        }
        const ssize_t n = ::read(in, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            readFailed = true;
            break;
        }
        if (n == 0)
            break; // the child closed its end: finished or died
        outcome.output.append(buffer, std::size_t(n));
    }
    ::close(in);
    if (readFailed)
        ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return fail("the solver's process could not be waited for");
    }
    if (readFailed)
        return fail("the solver's answer could not be read");
    if (!killed)
        outcome.seconds = since(start);
    if (killed) {
        outcome.end = ChildOutcome::End::Killed;
        outcome.output.clear();
    } else if (WIFSIGNALED(status)) {
        outcome.end = ChildOutcome::End::Crashed;
        outcome.signal = WTERMSIG(status);
        outcome.output.clear();
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == kThrewExitCode) {
        return Error({Issue{kSource, {}, {}, "the solver failed: " + outcome.output}});
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        // A sanitizer's report ends the child with exit code 1, not a signal.
        outcome.end = ChildOutcome::End::Crashed;
        outcome.output.clear();
    }
    return outcome;
}

#else

Result<ChildOutcome> runInChild(const std::function<std::string(const std::atomic<bool>&)>& work,
                                const std::atomic<bool>* cancel, double, double)
{
    static const std::atomic<bool> never{false};
    ChildOutcome outcome;
    try {
        outcome.output = work(cancel ? *cancel : never);
    } catch (const std::exception& error) {
        return Error({Issue{kSource, {}, {}, std::string("the solver failed: ") + error.what()}});
    }
    return outcome;
}

#endif

} // namespace fleet
