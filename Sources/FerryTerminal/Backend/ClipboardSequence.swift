import Foundation

/// The OSC 52 escape sequence that asks a terminal to put text on the system clipboard
/// (`ESC ] 52 ; c ; <base64> BEL`); it works over SSH and, with `set-clipboard on`, inside tmux.
///
/// ```swift
/// let sequence = try ClipboardSequence("hello")
/// write(sequence.text)   // "\u{1B}]52;c;aGVsbG8=\u{07}"
/// ```
public struct ClipboardSequence: Sendable, Hashable {
    /// The most base64 characters sent in one sequence. Terminals cap OSC 52 (hterm and others at
    /// about 100 000 bytes; longer ones are dropped silently), so a larger copy fails in words instead.
    public static let maximumEncodedCount = 100_000

    /// The whole escape sequence.
    public let text: String

    /// The sequence for `content`; throws ``ClipboardError/tooLarge(byteCount:limit:)`` past the cap.
    public init(_ content: String) throws(ClipboardError) {
        let bytes = Data(content.utf8)
        let encodedCount = (bytes.count + 2) / 3 * 4
        guard encodedCount <= Self.maximumEncodedCount else {
            throw .tooLarge(byteCount: bytes.count, limit: Self.maximumEncodedCount / 4 * 3)
        }
        text = "\u{1B}]52;c;" + bytes.base64EncodedString() + "\u{07}"
    }
}

/// Why text could not be put on the terminal's clipboard.
public enum ClipboardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is larger than one OSC 52 sequence may carry.
    case tooLarge(byteCount: Int, limit: Int)

    /// The reason in words, with what to do.
    public var description: String {
        switch self {
        case .tooLarge(let count, let limit):
            "Not copied: \(count) bytes is more than the terminal clipboard takes (\(limit) bytes); "
                + "copy a smaller node, or save the response with `ferry send -o`."
        }
    }
}
