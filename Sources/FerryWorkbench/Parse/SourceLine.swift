/// One line of a source file: its text without the line terminator, and where it sits in the bytes.
struct SourceLine {
    /// The line's text, decoded as UTF-8, without `\n` or `\r\n`.
    var text: String
    /// The 1-based line number in the file.
    var number: Int
    /// The offset of the line's first byte in the (BOM-stripped) content.
    var start: Int
    /// The offset just past the line's terminator (or the end of the content).
    var end: Int

    /// Splits `bytes[range]` into lines, numbering from `firstNumber`.
    ///
    /// A line ends at `\n`; carriage returns right before it belong to the terminator. The last line has no
    /// terminator when the content does not end with one; an empty trailing line is not produced.
    static func split(_ bytes: [UInt8], firstNumber: Int = 1) -> [SourceLine] {
        var lines: [SourceLine] = []
        lines.reserveCapacity(bytes.count / 24 + 1)
        var lineStart = 0
        var number = firstNumber
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let count = buffer.count
            while index < count {
                if buffer[index] == 0x0A {
                    var textEnd = index
                    while textEnd > lineStart && buffer[textEnd - 1] == 0x0D { textEnd -= 1 }
                    let text = String(
                        decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<textEnd]), as: UTF8.self)
                    lines.append(SourceLine(text: text, number: number, start: lineStart, end: index + 1))
                    number += 1
                    lineStart = index + 1
                }
                index += 1
            }
            if lineStart < count {
                var textEnd = count
                while textEnd > lineStart && buffer[textEnd - 1] == 0x0D { textEnd -= 1 }
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<textEnd]), as: UTF8.self)
                lines.append(SourceLine(text: text, number: number, start: lineStart, end: count))
            }
        }
        return lines
    }
}
