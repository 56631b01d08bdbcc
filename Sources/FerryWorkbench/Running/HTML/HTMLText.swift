/// Text made safe for an HTML page: markup characters become references, characters HTML cannot carry
/// (controls other than tab and line breaks, noncharacters, lone surrogates from broken bytes) become U+FFFD,
/// so no byte from a file or a server can open a tag, close the page's `<style>` or break the document.
enum HTMLText {
    /// `text` escaped for element content and for double- or single-quoted attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case "\r": out += "&#13;"
            default:
                let value = scalar.value
                let control = value < 0x20 || (0x7F..<0xA0).contains(value)
                let noncharacter = (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
                out.unicodeScalars.append(control || noncharacter ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    /// `bytes` as text (broken UTF-8 replaced by U+FFFD), escaped; at most `limit` bytes, then a note of how
    /// many more there were.
    static func escaped(bytes: [UInt8], total: Int, limit: Int) -> String {
        let shown = escaped(String(decoding: bytes.prefix(limit), as: UTF8.self))
        return total > limit ? shown + "\n… \(total - limit) more bytes not shown" : shown
    }
}
