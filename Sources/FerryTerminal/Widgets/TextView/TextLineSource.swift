/// Lines of text a `TextView` reads one at a time, so a large body is split once and only the rows in view
/// are touched per frame.
///
/// `[String]` and `TextLines` conform; a lazily loaded file can too.
public protocol TextLineSource {
    /// The number of lines.
    var lineCount: Int { get }
    /// Line `index` (0-based, less than `lineCount`), without its line break.
    func line(at index: Int) -> Substring
}

extension Array: TextLineSource where Element == String {
    /// The number of strings.
    public var lineCount: Int { count }
    /// The string at `index`.
    public func line(at index: Int) -> Substring { Substring(self[index]) }
}

/// A string split into lines once (at `\n`, `\r\n`), sharing the string's storage.
///
/// ```swift
/// let body = TextLines(responseText)          // split once, off the UI path if large
/// var view = TextViewState(source: body)
/// ```
public struct TextLines: TextLineSource, Hashable, Sendable {
    /// The lines, as slices of the original string.
    public let lines: [Substring]

    /// Splits `text` into lines.
    public init(_ text: String) {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" || character == "\r\n" {
                result.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        result.append(text[start..<text.endIndex])
        lines = result
    }

    /// The number of lines.
    public var lineCount: Int { lines.count }

    /// Line `index`.
    public func line(at index: Int) -> Substring { lines[index] }
}
