#include "util/result.h"

namespace fleet {

std::string Issue::toString() const
{
    std::string text;
    if (!file.empty())
        text += file + ": ";
    if (!path.empty())
        text += path + " ";
    if (!entry.empty())
        text += "(entry " + entry + ") ";
    if (!text.empty() && text.back() == ' ')
        text.back() = ':', text += ' ';
    return text + message;
}

std::string Error::toString() const
{
    std::string text;
    for (const Issue& issue : issues) {
        if (!text.empty())
            text += '\n';
        text += issue.toString();
    }
    return text;
}

} // namespace fleet
