import FerryJSON
import Foundation

/// A response body made ready for display, off the loop: a JSON tree, lines of text, or bytes for hex.
enum ResponseBody: Sendable {
    /// The body is being parsed.
    case parsing
    /// No body.
    case empty
    /// A JSON document shown as a collapsible tree.
    case json(JSONTree)
    /// Text shown with line numbers: the start of each line as a byte offset into `bytes`.
    case text(TextBody)
    /// Bytes that are not text, shown as a hex dump paged from memory or a temporary file.
    case binary(HexBody)

    /// Whether a JSON tree is shown.
    var isJSON: Bool {
        if case .json = self { return true }
        return false
    }
}

/// Text split into lines once, so drawing a page touches only the visible lines.
struct TextBody: Sendable {
    /// The text's bytes (UTF-8).
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    let lineStarts: [Int]
    /// Why the body is shown as text when JSON was expected, if it was.
    var note: String?

    /// Splits `bytes` into lines.
    init(bytes: [UInt8], note: String? = nil) {
        self.bytes = bytes
        self.note = note
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == 0x0A && index + 1 < buffer.count {
                starts.append(index + 1)
            }
        }
        lineStarts = starts
    }

    /// The number of lines.
    var lineCount: Int { bytes.isEmpty ? 0 : lineStarts.count }

    /// The text of line `index` (0-based), without its line break.
    func line(_ index: Int) -> String {
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
        if end > start && bytes[end - 1] == 0x0A { end -= 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
