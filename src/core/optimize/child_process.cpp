#include "optimize/child_process.h"

#include <chrono>
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
    case End::Killed: return "was stopped after running past its time limit";
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

/// The child's side: run the work, send what it returned, and leave without
/// running the parent's exit handlers or destructors (they are the app's).
[[noreturn]] void runChild(const std::function<std::string(const std::atomic<bool>&)>& work,
                           const std::atomic<bool>& stop, int out)
{
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
    if (!writeAllToPipe(out, output))
        code = 4;
    ::close(out);
    ::_exit(code);
}

/// One page shared by parent and child, holding the stop flag.
class SharedFlag
{
public:
    SharedFlag()
    {
        m_page = ::mmap(nullptr, sizeof(std::atomic<bool>), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (m_page != MAP_FAILED)
            m_flag = new (m_page) std::atomic<bool>(false);
    }
    ~SharedFlag()
    {
        if (m_page != MAP_FAILED)
            ::munmap(m_page, sizeof(std::atomic<bool>));
    }
    SharedFlag(const SharedFlag&) = delete;
    SharedFlag& operator=(const SharedFlag&) = delete;
    std::atomic<bool>* get() const { return m_flag; }

private:
    void* m_page = MAP_FAILED;
    std::atomic<bool>* m_flag = nullptr;
};

} // namespace

Result<ChildOutcome> runInChild(const std::function<std::string(const std::atomic<bool>&)>& work,
                                const std::atomic<bool>* cancel, double killAfterSeconds)
{
    static_assert(std::atomic<bool>::is_always_lock_free,
                  "the stop flag must work across processes");
    const auto fail = [](const std::string& what) {
        return Error({Issue{kSource, {}, {}, what + ": " + std::strerror(errno)}});
    };
    SharedFlag stop;
    if (!stop.get())
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
        runChild(work, *stop.get(), pipeEnds[1]);
    }
    ::close(pipeEnds[1]);
    const int in = pipeEnds[0];

    const auto start = std::chrono::steady_clock::now();
    ChildOutcome outcome;
    bool killed = false, readFailed = false;
    char buffer[65536];
    for (;;) {
        if (cancel && cancel->load())
            stop.get()->store(true);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!killed && seconds > killAfterSeconds) {
            ::kill(pid, SIGKILL);
            killed = true;
        }
        pollfd watch{in, POLLIN, 0};
        const int ready = ::poll(&watch, 1, 50);
        if (ready < 0 && errno != EINTR) {
            readFailed = true;
            break;
        }
        if (ready <= 0)
            continue;
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
                                const std::atomic<bool>* cancel, double)
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
