import FerryHTTP
import FerryJSON
import Foundation

/// Turns received bytes into what the body view shows (off the loop): a JSON tree for a whole JSON body
/// kept in memory, numbered lines for text (the first part of a text body kept in a file), a hex dump
/// for binary bodies (paged from memory or the file).
enum BodyPreparation {
    /// The body to show for `body`; `note` (a partial body, say) is shown above text and hex.
    static func prepare(_ body: ReceivedBody, isJSON: Bool, note: String?, limits: ResponseLimits) -> ResponseBody {
        guard body.count > 0 else { return .empty }
        switch body.storage {
        case .memory(let bytes):
            return prepare(bytes: bytes, isJSON: isJSON && body.isComplete, isBinary: body.isBinary, note: note)
        case .file:
            if body.isBinary { return .binary(HexBody(body, note: note)) }
            var sample = body.prefix(limits.previewBytes)
            if sample.count < body.count, let lastBreak = sample.lastIndex(of: 0x0A) {
                sample.removeSubrange((lastBreak + 1)...)
            }
            if looksBinary(sample[...]) { return .binary(HexBody(body, note: note)) }
            let shown =
                (isJSON ? "Too large for a tree" : "Too large to show whole")
                + ": first \(formatBytes(sample.count)) of \(formatBytes(body.count)) shown"
                + " (over \(formatBytes(limits.memoryLimit)), kept in a temporary file)."
            return .text(TextBody(bytes: sample, note: note.map { $0 + " " + shown } ?? shown))
        }
    }

    /// Parses JSON into a tree (large documents open with their top levels expanded), splits text into
    /// lines, keeps bytes for hex. The bytes are handed on, never copied: the tree's document and the
    /// text view keep this same array.
    static func prepare(bytes: [UInt8], isJSON: Bool, isBinary: Bool = false, note: String? = nil) -> ResponseBody {
        var textNote = note
        if isJSON && !isBinary {
            do {
                let document = try JSONDocument(parsing: bytes)
                let depth = document.nodeCount <= 5_000 ? Int.max : 2
                return .json(JSONTree(document: document, expandedDepth: depth))
            } catch {
                let problem =
                    "Not valid JSON (line \(error.line), column \(error.column): \(error.message)); shown as text."
                textNote = note.map { $0 + " " + problem } ?? problem
            }
        }
        if isBinary || looksBinary(bytes.prefix(64 * 1024)) { return .binary(HexBody(bytes: bytes, note: note)) }
        return .text(TextBody(bytes: bytes, note: textNote))
    }

    /// Whether a sample holds NUL bytes or is not UTF-8 (a sequence cut at its end is allowed).
    static func looksBinary(_ sample: ArraySlice<UInt8>) -> Bool {
        sample.contains(0) || String(validating: trimmedToCharacter(sample), as: UTF8.self) == nil
    }

    /// A byte count in words (`1.5 MB`).
    static func formatBytes(_ count: Int) -> String { WorkbenchView.formatBytes(count) }

    /// `bytes` without a UTF-8 sequence cut at the end.
    private static func trimmedToCharacter(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var end = bytes.endIndex
        var back = 0
        while end > bytes.startIndex && back < 3 && bytes[end - 1] & 0xC0 == 0x80 {
            end -= 1
            back += 1
        }
        if end > bytes.startIndex && bytes[end - 1] >= 0xC0 { end -= 1 }
        return bytes[bytes.startIndex..<end]
    }
}
