/// A JSON number kept exactly as spelled, so big integers and long decimals survive a round trip.
///
/// ```swift
/// let id = JSONNumber(text: "12345678901234567890")!
/// id.intValue     // nil: it does not fit an Int
/// id.doubleValue  // 1.2345678901234567e19
/// id.text         // "12345678901234567890"
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The spelling, valid JSON number grammar.
    public let text: String

    /// The number spelled `text`, or `nil` when `text` is not a JSON number.
    public init?(text: String) {
        guard let document = try? JSONDocument(parsing: text), document.kind(of: 0) == .number,
            document.byteSize(of: 0) == text.utf8.count
        else { return nil }
        self.text = text
    }

    /// The integer `value`.
    public init(_ value: Int) { text = String(value) }

    /// The shortest spelling that reads back as `value`, or `nil` for infinities and NaN.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            text = String(Int(value))
        } else {
            text = String(describing: value)
        }
    }

    init(validated text: String) { self.text = text }

    /// Whether the spelling has no fraction and no exponent.
    public var isInteger: Bool { !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") } }

    /// The value as an `Int` when it is integral and fits (`1e3` gives 1000), else `nil`.
    public var intValue: Int? {
        if isInteger { return Int(text) }
        return Int(exactly: doubleValue)
    }

    /// The nearest `Double` (may be infinite or zero for out-of-range exponents).
    public var doubleValue: Double { Double(text) ?? .nan }

    /// The spelling.
    public var description: String { text }
}
