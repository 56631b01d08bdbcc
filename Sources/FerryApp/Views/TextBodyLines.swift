import FerryTerminal

/// A text body as lines for `TextView`: each line highlighted in its language (only the lines asked for, so
/// a 50 MB body costs a screen), or in the warning colour when it matches the search.
struct TextBodyLines: TextLineSource {
    /// The body.
    let text: TextBody
    /// The lines that match the search.
    let matches: Set<Int>
    /// The colours.
    let theme: Theme
    /// How the lines are coloured.
    var highlighter: SyntaxHighlighter

    /// The number of lines.
    var lineCount: Int { text.lineCount }

    /// The lines `range`.
    func lines(_ range: Range<Int>) -> [Line] {
        range.map { index in
            let line = text.line(index)
            if matches.contains(index) { return Line([Span(line, style: theme[.warning])]) }
            return Line(highlighter.spans(line, base: theme[.text]))
        }
    }
}
