import FerryTerminal

/// A text body as lines for `TextView`: each line in the text colour, or the warning colour when it matches
/// the search.
struct TextBodyLines: TextLineSource {
    /// The body.
    let text: TextBody
    /// The lines that match the search.
    let matches: Set<Int>
    /// The colours.
    let theme: Theme

    /// The number of lines.
    var lineCount: Int { text.lineCount }

    /// The lines `range`.
    func lines(_ range: Range<Int>) -> [Line] {
        range.map { index in
            Line([Span(text.line(index), style: matches.contains(index) ? theme[.warning] : theme[.text])])
        }
    }
}
