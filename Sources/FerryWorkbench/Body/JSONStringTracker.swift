/// Whether a byte-by-byte scan of JSON text is inside a string: the one rule the workbench's light scans of JSON
/// share (a `GRPC` body's messages, its keys as they are typed and a member's value, a data file's rows) — a quote
/// opens a string, and inside one a backslash escapes the next byte and an unescaped quote closes it.
///
/// A scan that needs a string's text (a member's key, read as its string closes) asks the tracker to gather it:
/// ``content`` then holds the unescaped bytes of the string being read, or of the last one read.
struct JSONStringTracker {
    /// Whether the bytes taken so far end inside a string.
    private(set) var isInString = false
    private var isEscaped = false
    /// Whether ``content`` is gathered.
    private let gathersContent: Bool
    /// The bytes of the string being read (or the last one read) between its quotes, escapes and the bytes they
    /// escape left out; empty unless the tracker was made to gather them.
    private(set) var content: [UInt8] = []

    /// A tracker at the start of a text; `gathersContent` keeps each string's bytes in ``content``.
    init(gathersContent: Bool = false) {
        self.gathersContent = gathersContent
    }

    /// Takes in the next byte; returns whether it belongs to a string (its quotes included).
    mutating func consume(_ byte: UInt8) -> Bool {
        if isInString {
            if isEscaped {
                isEscaped = false
            } else if byte == UInt8(ascii: "\\") {
                isEscaped = true
            } else if byte == UInt8(ascii: "\"") {
                isInString = false
            } else if gathersContent {
                content.append(byte)
            }
            return true
        }
        isInString = byte == UInt8(ascii: "\"")
        if isInString, gathersContent { content.removeAll(keepingCapacity: true) }
        return isInString
    }
}
