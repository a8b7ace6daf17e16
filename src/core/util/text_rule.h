#pragma once

// The text rule: what no name or other text FleetPlanner keeps may hold
// (issue 33). Besides control characters, the characters XML cannot carry or
// Unicode keeps out of interchange: a deck or workbook holding one does not
// open, so they are refused where text is entered or read (project JSON,
// SQLite rows, migrations and app edits through json::textProblem; job-log
// names through joblog's printable rule).

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace fleet {

/// A Unicode noncharacter: U+FDD0–U+FDEF and the last two code points of
/// every plane (U+FFFE, U+FFFF, U+1FFFE … U+10FFFF), 66 in all (Unicode
/// §23.7). XML 1.0 refuses U+FFFE and U+FFFF outright.
constexpr bool isNoncharacter(char32_t code)
{
    return (code >= 0xFDD0 && code <= 0xFDEF) || ((code & 0xFFFE) == 0xFFFE && code <= 0x10FFFF);
}

/// A control character: C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F).
constexpr bool isControlCharacter(char32_t code)
{
    return code < 0x20 || code == 0x7F || (code >= 0x80 && code <= 0x9F);
}

/// "U+FFFE".
inline std::string codePointName(char32_t code)
{
    char name[16];
    std::snprintf(name, sizeof name, "U+%04X", unsigned(code));
    return name;
}

/// Why `text` breaks the text rule, or nullopt: it must be well-formed UTF-8
/// (RFC 3629) without surrogates (a UTF-16 half is not a character), without
/// noncharacters, and without control characters but those in
/// `allowedControls` (project text allows "\t\n\r", as notes use them).
/// Characters are counted from 1, so a message can point at one.
inline std::optional<std::string> textRuleProblem(std::string_view text,
                                                  std::string_view allowedControls)
{
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t size = text.size();
    std::size_t character = 0;
    for (std::size_t i = 0; i < size; ++character) {
        const unsigned char lead = bytes[i];
        std::size_t length = 1;
        unsigned char low = 0x80, high = 0xbf;
        if (lead >= 0xc2 && lead <= 0xdf) {
            length = 2;
        } else if (lead >= 0xe0 && lead <= 0xef) {
            length = 3;
            low = lead == 0xe0 ? 0xa0 : 0x80;
        } else if (lead >= 0xf0 && lead <= 0xf4) {
            length = 4;
            low = lead == 0xf0 ? 0x90 : 0x80;
            high = lead == 0xf4 ? 0x8f : 0xbf;
        } else if (lead >= 0x80) {
            length = 0;
        }
        bool valid = length > 0 && i + length <= size;
        char32_t code = length == 1 ? lead : lead & (0x7f >> length);
        for (std::size_t k = 1; valid && k < length; ++k) {
            const unsigned char next = bytes[i + k];
            valid = k == 1 ? next >= low && next <= high : next >= 0x80 && next <= 0xbf;
            code = (code << 6) | (next & 0x3f);
        }
        if (!valid)
            return "must be valid UTF-8 text (byte " + std::to_string(i + 1) + " is not)";
        const std::string where = " (character " + std::to_string(character + 1) + ")";
        if (code >= 0xD800 && code <= 0xDFFF)
            return "must not hold the surrogate " + codePointName(code) + where +
                   ": half of a UTF-16 pair is not a character, and XML cannot carry it";
        if (isNoncharacter(code))
            return "must not hold the Unicode noncharacter " + codePointName(code) + where +
                   ": noncharacters are not for interchange, XML cannot carry U+FFFE or U+FFFF, "
                   "and a deck or workbook holding one would not open";
        if (isControlCharacter(code) &&
            (code >= 0x80 || allowedControls.find(char(code)) == std::string_view::npos))
            return "must not hold the control character " + codePointName(code) + where +
                   (allowedControls == "\t" ? "; only tab is allowed"
                                            : "; only tab, line feed and carriage return are "
                                              "allowed");
        i += length;
    }
    return std::nullopt;
}

} // namespace fleet
