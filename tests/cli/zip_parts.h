#pragma once

// The parts of a zip package (.pptx, .odp, .xlsx) by name, read with libzip.

#include <QByteArray>
#include <QFile>
#include <QString>

#include <map>
#include <zip.h>

namespace fleet::test {

inline std::map<QString, QByteArray> unzip(const QString& path)
{
    std::map<QString, QByteArray> parts;
    int code = 0;
    zip_t* zip = zip_open(QFile::encodeName(path).constData(), ZIP_RDONLY, &code);
    if (!zip)
        return parts;
    const zip_int64_t count = zip_get_num_entries(zip, 0);
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t stat;
        if (zip_stat_index(zip, zip_uint64_t(i), 0, &stat) < 0)
            continue;
        QByteArray data(qsizetype(stat.size), '\0');
        if (zip_file_t* file = zip_fopen_index(zip, zip_uint64_t(i), 0)) {
            if (zip_fread(file, data.data(), stat.size) == zip_int64_t(stat.size))
                parts[QString::fromUtf8(stat.name)] = data;
            zip_fclose(file);
        }
    }
    zip_close(zip);
    return parts;
}

} // namespace fleet::test
