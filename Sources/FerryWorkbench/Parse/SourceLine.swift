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
    /// Whether every byte of the line is ASCII: then each of its characters is one byte (a line holds no line
    /// break, so no `\r\n` pair either), and the parser may read it byte by byte with the same result as
    /// character by character, at a fraction of the cost.
    var isASCII = false

    /// Splits `bytes[range]` into lines, numbering from `firstNumber` (offsets count from the start of `bytes`).
    ///
    /// A line ends at `\n`; carriage returns right before it belong to the terminator. The last line has no
    /// terminator when the content does not end with one; an empty trailing line is not produced.
    static func split(_ bytes: [UInt8], in range: Range<Int>, firstNumber: Int) -> [SourceLine] {
        var lines: [SourceLine] = []
        lines.reserveCapacity(range.count / 24 + 1)
        var lineStart = range.lowerBound
        var number = firstNumber
        bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            let count = range.upperBound
            // The bits of every byte of the line so far, or-ed: below 0x80 for an ASCII line.
            var bits: UInt8 = 0
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    var textEnd = index
                    while textEnd > lineStart && buffer[textEnd - 1] == 0x0D { textEnd -= 1 }
                    let text = String(
                        decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<textEnd]), as: UTF8.self)
                    lines.append(
                        SourceLine(text: text, number: number, start: lineStart, end: index + 1, isASCII: bits < 0x80))
                    number += 1
                    lineStart = index + 1
                    bits = 0
                } else {
                    bits |= byte
                }
                index += 1
            }
            if lineStart < count {
                var textEnd = count
                while textEnd > lineStart && buffer[textEnd - 1] == 0x0D { textEnd -= 1 }
                let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<textEnd]), as: UTF8.self)
                lines.append(SourceLine(text: text, number: number, start: lineStart, end: count, isASCII: bits < 0x80))
            }
        }
        return lines
    }
}
