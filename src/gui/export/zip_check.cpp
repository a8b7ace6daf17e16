#include "export/zip_check.h"

#include <memory>
#include <vector>
#include <zip.h>

namespace fleet::gui {

namespace {

Error zipRefused(const std::string& what)
{
    return Error({Issue{"zip container", {}, {}, what}});
}

std::string zipReason(int code)
{
    zip_error_t reason;
    zip_error_init_with_code(&reason, code);
    std::string text = zip_error_strerror(&reason);
    zip_error_fini(&reason);
    return text;
}

/// Reads every entry of an open archive to its end (libzip checks the CRC
/// at the end of each read); closes the archive.
Result<bool> readEveryEntry(zip_t* zip)
{
    const auto closer = std::unique_ptr<zip_t, void (*)(zip_t*)>(zip, zip_discard);
    const zip_int64_t entries = zip_get_num_entries(zip, 0);
    if (entries <= 0)
        return zipRefused("holds no entries");
    std::vector<char> buffer(65536);
    for (zip_int64_t i = 0; i < entries; ++i) {
        const char* name = zip_get_name(zip, zip_uint64_t(i), 0);
        const std::string entry = name ? name : "entry " + std::to_string(i);
        zip_stat_t stat;
        zip_stat_init(&stat);
        if (zip_stat_index(zip, zip_uint64_t(i), 0, &stat) != 0)
            return zipRefused(entry + ": " + zip_strerror(zip));
        zip_file_t* file = zip_fopen_index(zip, zip_uint64_t(i), 0);
        if (!file)
            return zipRefused(entry + ": " + zip_strerror(zip));
        zip_uint64_t total = 0;
        for (;;) {
            const zip_int64_t got = zip_fread(file, buffer.data(), buffer.size());
            if (got < 0) {
                const std::string why = zip_file_strerror(file);
                zip_fclose(file);
                return zipRefused(entry + ": " + why);
            }
            if (got == 0)
                break;
            total += zip_uint64_t(got);
        }
        if (const int closed = zip_fclose(file); closed != 0)
            return zipRefused(entry + ": " + zipReason(closed));
        if ((stat.valid & ZIP_STAT_SIZE) && total != stat.size)
            return zipRefused(entry + ": " + std::to_string(total) + " bytes read of " +
                              std::to_string(stat.size));
    }
    return true;
}

} // namespace

Result<bool> checkZipFile(const std::string& path)
{
    int code = 0;
    zip_t* zip = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &code);
    if (!zip)
        return zipRefused("cannot be opened again: " + zipReason(code));
    return readEveryEntry(zip);
}

Result<bool> checkZipBytes(const std::string& bytes)
{
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
    if (!source) {
        const std::string why = zip_error_strerror(&error);
        zip_error_fini(&error);
        return zipRefused(why);
    }
    zip_t* zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
    if (!zip) {
        const std::string why = zip_error_strerror(&error);
        zip_error_fini(&error);
        zip_source_free(source);
        return zipRefused("cannot be opened: " + why);
    }
    zip_error_fini(&error);
    return readEveryEntry(zip);
}

} // namespace fleet::gui
