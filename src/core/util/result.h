#pragma once

// Errors as values at the core boundary: a Result<T> holds either a value or
// the list of problems that prevented it, each naming where it was found.

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace fleet {

/// One problem with an input: which file, which field (a JSON pointer), which
/// entry (an id a person recognises) and the rule that was broken.
struct Issue
{
    std::string file;    ///< file name or "built-in:NAME"; empty when not from a file
    std::string path;    ///< JSON pointer to the offending field, e.g. "/gpus/3/memory_gb"
    std::string entry;   ///< id of the enclosing entry, e.g. "h100-sxm-80gb"; may be empty
    std::string message; ///< the rule, e.g. "must be a finite number > 0"

    /// "gpus.json: /gpus/3/memory_gb (entry h100-sxm-80gb): must be a finite number > 0"
    std::string toString() const;
};

/// A list of issues, printable as one message per line.
struct Error
{
    std::vector<Issue> issues;

    Error() = default;
    explicit Error(std::vector<Issue> list) : issues(std::move(list)) {}
    explicit Error(std::string message) { issues.push_back(Issue{{}, {}, {}, std::move(message)}); }

    std::string toString() const;
    /// The messages alone, without file names: for wrapping in an outer message.
    std::string messages() const;
};

/// An error about a whole file (no field, no entry): "PATH: message".
inline Error fileError(const std::string& file, std::string message)
{
    return Error({Issue{file, {}, {}, std::move(message)}});
}

template <typename T> class [[nodiscard]] Result
{
public:
    Result(T value) : m_state(std::move(value)) {}
    Result(Error error) : m_state(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    const T& value() const& { return std::get<T>(m_state); }
    T& value() & { return std::get<T>(m_state); }
    T&& value() && { return std::get<T>(std::move(m_state)); }
    const Error& error() const { return std::get<Error>(m_state); }

private:
    std::variant<T, Error> m_state;
};

} // namespace fleet

/// Returns the error of `expression` (a Result) from the enclosing function
/// when it holds one: the rows' readers and writers chain dozens of steps.
#define FLEET_TRY(expression)                                                                      \
    do {                                                                                           \
        auto fleetTryResult = (expression);                                                        \
        if (!fleetTryResult)                                                                       \
            return fleetTryResult.error();                                                         \
    } while (false)
