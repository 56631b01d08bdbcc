/// Lines already styled, as a `TextLineSource`: for short texts (a response's headers) that `TextView`
/// scrolls, wraps and cuts like a body.
public struct StyledLines: TextLineSource, Sendable {
    /// The lines.
    public var all: [Line]

    /// Lines `all`.
    public init(_ all: [Line]) { self.all = all }

    /// The number of lines.
    public var lineCount: Int { all.count }

    /// The lines `range`.
    public func lines(_ range: Range<Int>) -> [Line] { Array(all[range]) }
}
