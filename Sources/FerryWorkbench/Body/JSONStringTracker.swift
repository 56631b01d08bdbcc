/// Whether a byte-by-byte scan of JSON text is inside a string: the one rule the workbench's light scans of JSON
/// share (a `GRPC` body's messages and a member's value, a data file's rows) — a quote opens a string, and inside
/// one a backslash escapes the next byte and an unescaped quote closes it.
struct JSONStringTracker {
    /// Whether the bytes taken so far end inside a string.
    private(set) var isInString = false
    private var isEscaped = false

    /// Takes in the next byte; returns whether it belongs to a string (its quotes included).
    mutating func consume(_ byte: UInt8) -> Bool {
        if isInString {
            if isEscaped {
                isEscaped = false
            } else if byte == UInt8(ascii: "\\") {
                isEscaped = true
            } else if byte == UInt8(ascii: "\"") {
                isInString = false
            }
            return true
        }
        isInString = byte == UInt8(ascii: "\"")
        return isInString
    }
}
