/// Lines a `TextView` reads a page at a time, so a large body is indexed once and only the rows in view are
/// built per frame.
///
/// `[String]` conforms; a body in a file or a tree that builds its visible rows on demand can too.
public protocol TextLineSource {
    /// The number of lines.
    var lineCount: Int { get }
    /// The styled lines `range` (within `0..<lineCount`), without line breaks, in order.
    func lines(_ range: Range<Int>) -> [Line]
}

extension Array: TextLineSource where Element == String {
    /// The number of strings.
    public var lineCount: Int { count }
    /// The strings in `range`, unstyled.
    public func lines(_ range: Range<Int>) -> [Line] { self[range].map { Line($0) } }
}
