#include "joblog/job_log.h"

#include "store/catalog_loader.h"
#include "util/calendar_month.h"

#include <charconv>
#include <cmath>

namespace fleet::joblog {

namespace {

constexpr std::size_t kMaxLogBytes = 256u * 1024u * 1024u;

/// The digits at text[at, at + n) as a number; false when any is not a digit.
bool digits(std::string_view text, std::size_t at, std::size_t n, int* value)
{
    if (at + n > text.size())
        return false;
    *value = 0;
    for (std::size_t i = at; i < at + n; ++i) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        *value = *value * 10 + (text[i] - '0');
    }
    return true;
}

std::optional<double> isoTime(std::string_view text)
{
    // YYYY-MM-DD[T| ]HH:MM:SS[.fff][Z|±HH:MM]
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (!digits(text, 0, 4, &year) || text.size() < 19 || text[4] != '-' ||
        !digits(text, 5, 2, &month) || text[7] != '-' || !digits(text, 8, 2, &day) ||
        (text[10] != 'T' && text[10] != ' ') || !digits(text, 11, 2, &hour) || text[13] != ':' ||
        !digits(text, 14, 2, &minute) || text[16] != ':' || !digits(text, 17, 2, &second))
        return std::nullopt;
    if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 60)
        return std::nullopt;
    // The month's length: 2026-02-30 is no date.
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    constexpr int kDaysInMonth[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (day < 1 || day > kDaysInMonth[month - 1] + (month == 2 && leap ? 1 : 0))
        return std::nullopt;
    std::size_t at = 19;
    double fraction = 0;
    if (at < text.size() && text[at] == '.') {
        double scale = 0.1;
        ++at;
        const std::size_t first = at;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9' && at - first < 9) {
            fraction += (text[at] - '0') * scale;
            scale /= 10;
            ++at;
        }
        if (at == first)
            return std::nullopt;
    }
    int offsetMinutes = 0;
    if (at < text.size()) {
        if (text[at] == 'Z' && at + 1 == text.size()) {
            ++at;
        } else if ((text[at] == '+' || text[at] == '-') && at + 6 == text.size() &&
                   text[at + 3] == ':') {
            int oh = 0, om = 0;
            if (!digits(text, at + 1, 2, &oh) || !digits(text, at + 4, 2, &om) || oh > 23 ||
                om > 59)
                return std::nullopt;
            offsetMinutes = (text[at] == '+' ? 1 : -1) * (oh * 60 + om);
            at = text.size();
        } else {
            return std::nullopt;
        }
    }
    const long days = daysFromCivil(year, unsigned(month), unsigned(day));
    return double(days) * 86400.0 + hour * 3600.0 + minute * 60.0 + second + fraction -
           offsetMinutes * 60.0;
}

} // namespace

std::optional<LogFormat> logFormatFromKey(std::string_view key)
{
    if (key == "sacct")
        return LogFormat::Sacct;
    if (key == "k8s")
        return LogFormat::Pods;
    if (key == "csv")
        return LogFormat::Csv;
    return std::nullopt;
}

std::string_view logFormatKey(LogFormat format)
{
    switch (format) {
    case LogFormat::Sacct: return "sacct";
    case LogFormat::Pods: return "k8s";
    case LogFormat::Csv: break;
    }
    return "csv";
}

std::optional<double> parseLogTime(std::string_view text)
{
    if (text.empty() || text.size() > 64)
        return std::nullopt;
    double seconds = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    if (ec == std::errc() && end == text.data() + text.size())
        return std::isfinite(seconds) && std::abs(seconds) < 1e12 ? std::optional(seconds)
                                                                  : std::nullopt;
    return isoTime(text);
}

const pack::ColumnMap& defaultCsvColumns()
{
    static const pack::ColumnMap columns{
        {"id", "id"},   {"tenant", "tenant"}, {"submit", "submit"}, {"start", "start"},
        {"end", "end"}, {"gpus", "gpus"},     {"gpu_milli", ""},    {"state", ""}};
    return columns;
}

const pack::ColumnMap& podListColumns()
{
    static const pack::ColumnMap columns{{"id", "name"},
                                         {"tenant", "qos"},
                                         {"submit", "creation_time"},
                                         {"start", "scheduled_time"},
                                         {"end", "deletion_time"},
                                         {"gpus", "num_gpu"},
                                         {"gpu_milli", "gpu_milli"},
                                         {"state", "pod_phase"}};
    return columns;
}

Result<JobLog> loadJobLog(const std::string& path, LogFormat format, const pack::ColumnMap& columns,
                          SacctTenant tenant)
{
    auto text = readTextFile(path, kMaxLogBytes);
    if (!text)
        return text.error();
    switch (format) {
    case LogFormat::Sacct: return parseSacct(text.value(), path, tenant);
    case LogFormat::Pods:
        return parseJobCsv(text.value(), path, columns.empty() ? podListColumns() : columns,
                           format);
    case LogFormat::Csv: break;
    }
    return parseJobCsv(text.value(), path, columns.empty() ? defaultCsvColumns() : columns, format);
}

} // namespace fleet::joblog
