#pragma once

// Checks of what the CLI writes, for the tests of exported text (issue 33):
// a sample project renamed with hostile names, the parts of a zip package
// that do not parse as XML, the text of its elements, CSV records.

#include "cli_run.h"
#include "zip_parts.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <map>
#include <vector>

namespace fleet::test {

inline bool writeTestFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// The sample as JSON at `path`, its project, workload, scenario and segment
/// names taken in turn from `names`; false if the CLI could not write it.
inline bool sampleNamed(const QTemporaryDir& dir, const QString& path, const QStringList& names)
{
    QJsonObject project = exportedSample(dir);
    if (project.isEmpty())
        return false;
    qsizetype next = 0;
    const auto name = [&] { return names[next++ % names.size()]; };
    project[QStringLiteral("name")] = name();
    for (const char* list : {"workloads", "scenarios", "segments"}) {
        QJsonArray items = project.value(QLatin1String(list)).toArray();
        for (qsizetype i = 0; i < items.size(); ++i) {
            QJsonObject item = items[i].toObject();
            item[QStringLiteral("name")] = name();
            items[i] = item;
        }
        project[QLatin1String(list)] = items;
    }
    return writeTestFile(path, QJsonDocument(project).toJson());
}

/// The parts of a zip package that do not parse as XML, with the reason.
inline QStringList malformedParts(const std::map<QString, QByteArray>& parts)
{
    QStringList bad;
    for (const auto& [name, bytes] : parts) {
        if (!name.endsWith(QStringLiteral(".xml")) && !name.endsWith(QStringLiteral(".rels")))
            continue;
        QXmlStreamReader xml(bytes);
        while (!xml.atEnd())
            xml.readNext();
        if (xml.hasError())
            bad << name + QStringLiteral(": ") + xml.errorString();
    }
    return bad;
}

/// The text of every element `element` (e.g. "t") in the parts whose names
/// start with `prefix`, as an XML reader gives it back (entities undone).
inline QStringList textsOf(const std::map<QString, QByteArray>& parts, const QString& prefix,
                           const QString& element)
{
    QStringList texts;
    for (const auto& [name, bytes] : parts) {
        if (!name.startsWith(prefix))
            continue;
        QXmlStreamReader xml(bytes);
        while (xml.readNext() != QXmlStreamReader::Invalid && !xml.atEnd())
            if (xml.isStartElement() && xml.name() == element)
                texts << xml.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    return texts;
}

/// The fields of each CSV record (RFC 4180: quotes undone, line breaks in quotes kept).
inline std::vector<QStringList> csvRecords(const QString& text)
{
    std::vector<QStringList> records{QStringList{QString()}};
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted && c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == c)
            records.back().back() += text[i++];
        else if (c == QLatin1Char('"'))
            quoted = !quoted;
        else if (c == QLatin1Char(',') && !quoted)
            records.back() << QString();
        else if (c == QLatin1Char('\n') && !quoted)
            records.push_back(QStringList{QString()});
        else
            records.back().back() += c;
    }
    if (records.back() == QStringList{QString()})
        records.pop_back();
    return records;
}

/// A python3 that has openpyxl; empty if none.
inline QString pythonWithOpenpyxl()
{
    for (const QString& python : {QStringLiteral("/usr/bin/python3"), QStringLiteral("python3")}) {
        QProcess probe;
        probe.start(python, {QStringLiteral("-c"), QStringLiteral("import openpyxl")});
        if (probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit &&
            probe.exitCode() == 0)
            return python;
    }
    return {};
}

/// The workbook of a project named with `names`: every part well-formed,
/// no formula anywhere, each name a shared string as it was written;
/// then the same read by openpyxl (tests/tools/check_workbook_text.py).
inline void checkWorkbookText(const QTemporaryDir& dir, const QString& tag,
                              const QStringList& names)
{
    const QString project = dir.filePath(tag + QStringLiteral(".fleetplan.json"));
    QVERIFY(sampleNamed(dir, project, names));
    const QString xlsx = dir.filePath(tag + QStringLiteral(".xlsx"));
    const CliRun run = runCli({"workbook", project, "-o", xlsx});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const auto parts = unzip(xlsx);
    QVERIFY(parts.count(QStringLiteral("xl/sharedStrings.xml")));
    QCOMPARE(malformedParts(parts), QStringList());
    for (const auto& [name, bytes] : parts)
        if (name.startsWith(QStringLiteral("xl/worksheets/")))
            QVERIFY2(!bytes.contains("<f>") && !bytes.contains("<f "), qPrintable(name));
    const QStringList strings =
        textsOf(parts, QStringLiteral("xl/sharedStrings.xml"), QStringLiteral("t"));
    for (const QString& name : names)
        QVERIFY2(strings.contains(name), qPrintable(name.left(60)));
    const QString python = pythonWithOpenpyxl();
    if (python.isEmpty())
        QSKIP("python3 with openpyxl not found (Debian: python3-openpyxl): the parts were "
              "checked, the cells not read back by a spreadsheet library");
    const QString namesJson = dir.filePath(tag + QStringLiteral("-names.json"));
    QVERIFY(writeTestFile(namesJson, QJsonDocument(QJsonArray::fromStringList(names)).toJson()));
    QProcess check;
    check.start(python, {QStringLiteral(FLEET_SOURCE_DIR "/tests/tools/check_workbook_text.py"),
                         xlsx, namesJson});
    QVERIFY(check.waitForFinished(60000));
    const QString said =
        QString::fromUtf8(check.readAllStandardOutput() + check.readAllStandardError());
    QVERIFY2(check.exitCode() == 0, qPrintable(said));
}

} // namespace fleet::test
