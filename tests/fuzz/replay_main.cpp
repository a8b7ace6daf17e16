// Replays fuzz inputs through a fuzz target's LLVMFuzzerTestOneInput without
// libFuzzer, so every build (gcc included) keeps the corpus and the fixed
// findings passing:
//
//   replay_<target> PATH...                  every file must pass
//   replay_<target> --expect-failure PATH... every file must still fail (open
//                                            findings in tests/fuzz/known/)
//
// PATH is a file or a folder (its files, not recursive). Each input runs in a
// child process with a time limit, so a crash or a hang is reported against
// its file and the replay goes on.

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

constexpr unsigned kSecondsPerInput = 25; // libFuzzer's -timeout in CI is 25 s too

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FLEET_REPLAY_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define FLEET_REPLAY_ASAN 1
#endif

/// Runs one input in this (child) process; never returns.
[[noreturn]] void runChild(const fs::path& file)
{
    alarm(kSecondsPerInput); // a hang dies of SIGALRM
#ifndef FLEET_REPLAY_ASAN
    // Runaway memory counts as a failure, as libFuzzer's -rss_limit_mb=2048
    // does (ASan reserves far more address space, so it is left alone there).
    const rlim_t limit = rlim_t(4) << 30;
    rlimit memory{limit, limit};
    setrlimit(RLIMIT_AS, &memory);
#endif
    std::ifstream in(file, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof())
        _exit(3);
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    _exit(0);
}

/// "passed", or how the child failed.
std::string replay(const fs::path& file)
{
    std::fflush(nullptr);
    const pid_t child = fork();
    if (child < 0)
        return "could not fork";
    if (child == 0)
        runChild(file);
    int status = 0;
    if (waitpid(child, &status, 0) != child)
        return "could not wait for the child";
    if (WIFEXITED(status))
        return WEXITSTATUS(status) == 0
                   ? "passed"
                   : "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        const int signal = WTERMSIG(status);
        if (signal == SIGALRM)
            return "hung (over " + std::to_string(kSecondsPerInput) + " s)";
        return std::string("died of signal ") + std::to_string(signal) + " (" + strsignal(signal) +
               ")";
    }
    return "ended oddly";
}

std::vector<fs::path> inputsOf(const std::vector<fs::path>& paths)
{
    std::vector<fs::path> inputs;
    for (const fs::path& path : paths) {
        if (fs::is_directory(path)) {
            std::vector<fs::path> files;
            for (const auto& entry : fs::directory_iterator(path))
                if (entry.is_regular_file() && entry.path().filename().string()[0] != '.' &&
                    entry.path().filename() != "README.md")
                    files.push_back(entry.path());
            std::sort(files.begin(), files.end());
            inputs.insert(inputs.end(), files.begin(), files.end());
        } else if (fs::exists(path)) {
            inputs.push_back(path);
        }
    }
    return inputs;
}

} // namespace

int main(int argc, char** argv)
{
    bool expectFailure = false;
    std::vector<fs::path> paths;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--expect-failure") == 0)
            expectFailure = true;
        else
            paths.emplace_back(argv[i]);
    }
    const std::vector<fs::path> inputs = inputsOf(paths);
    int wrong = 0;
    for (const fs::path& input : inputs) {
        const auto start = std::chrono::steady_clock::now();
        const std::string outcome = replay(input);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const bool passed = outcome == "passed";
        if (passed == expectFailure) {
            ++wrong;
            if (expectFailure)
                std::printf("NOW PASSES %s (%.2f s): the finding is fixed; git mv it to "
                            "tests/fuzz/regressions/ so it stays fixed\n",
                            input.c_str(), seconds);
            else
                std::printf("FAILED %s: %s (%.2f s)\n", input.c_str(), outcome.c_str(), seconds);
        } else {
            std::printf("%s %s: %s (%.2f s)\n", expectFailure ? "still fails" : "ok", input.c_str(),
                        outcome.c_str(), seconds);
        }
    }
    std::printf("%zu inputs replayed, %d %s\n", inputs.size(), wrong,
                expectFailure ? "no longer fail" : "failed");
    return wrong == 0 ? 0 : 1;
}
