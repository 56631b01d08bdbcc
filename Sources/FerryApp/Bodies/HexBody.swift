import FerryHTTP
import Foundation

/// Bytes shown as a hex dump, 16 to a row, read a page at a time (from memory or from a temporary file).
struct HexBody: Sendable {
    /// Where the bytes are.
    let storage: ReceivedBody.Storage
    /// The number of bytes.
    let count: Int
    /// A line shown above the dump (a partial body, say), if any.
    var note: String?

    /// Bytes in memory.
    init(bytes: [UInt8], note: String? = nil) {
        storage = .memory(bytes)
        count = bytes.count
        self.note = note
    }

    /// Bytes already received, in memory or in a file.
    init(_ body: ReceivedBody, note: String? = nil) {
        storage = body.storage
        count = body.count
        self.note = note
    }

    /// Bytes per row in a pane `width` columns wide: 16, or 8 when 16 with their ASCII column do not fit.
    static func bytesPerRow(width: Int) -> Int { width >= 78 ? 16 : 8 }

    /// The number of rows in a pane `width` columns wide.
    func rowCount(width: Int) -> Int {
        let perRow = Self.bytesPerRow(width: width)
        return (count + perRow - 1) / perRow
    }

    /// The bytes of `rows` of `perRow` bytes, read at once (one `pread` for a file), so drawing a page
    /// reads only that page.
    func bytes(rows: Range<Int>, perRow: Int) -> [UInt8] {
        let start = max(0, rows.lowerBound) * perRow
        let end = min(count, rows.upperBound * perRow)
        guard end > start else { return [] }
        switch storage {
        case .memory(let bytes): return Array(bytes[start..<end])
        case .file(let file): return file.read(offset: start, count: end - start)
        }
    }
}
