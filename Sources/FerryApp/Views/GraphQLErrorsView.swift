import FerryTerminal
import FerryWorkbench

/// The response pane's Errors tab: a GraphQL response's `errors`, each with its message, locations in the
/// query and path in `data` (the data itself stays on the Body tab, as a JSON tree).
struct GraphQLErrorsView: Widget {
    /// The errors read from the response; `nil` when it has none (or is not a GraphQL response).
    let errors: GraphQLResponseErrors?
    /// The first line shown.
    let scroll: Int
    /// The colours.
    let theme: Theme

    /// `1 GraphQL error`, `3 GraphQL errors`.
    static func count(_ errors: GraphQLResponseErrors) -> String {
        let total = errors.errors.count + errors.omitted
        return total == 1 ? "1 GraphQL error" : "\(total) GraphQL errors"
    }

    /// Draws the errors into `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        Paragraph(text: Text(lines), wrap: true, scroll: scroll).render(into: &buffer, area: area)
    }

    /// The lines of the tab.
    var lines: [Line] {
        guard let errors else {
            return [Line("No GraphQL errors: the response's data is on the Body tab.", style: theme[.muted])]
        }
        var lines = [
            Line(
                Self.count(errors) + (errors.hasData ? ", with partial data (Body tab)" : ", no data"),
                style: theme[.error].adding(.bold))
        ]
        for (index, entry) in errors.errors.enumerated() {
            lines.append(
                Line([Span("\(index + 1). ", style: theme[.muted]), Span(entry.message, style: theme[.error])]))
            if !entry.locations.isEmpty {
                let places = entry.locations.map { "line \($0.line), column \($0.column)" }.joined(separator: "; ")
                lines.append(Line([Span("   at ", style: theme[.muted]), Span(places)]))
            }
            if !entry.path.isEmpty {
                lines.append(
                    Line([
                        Span("   path ", style: theme[.muted]),
                        Span(entry.path.joined(separator: "."), style: theme[.jsonKey]),
                    ]))
            }
        }
        if errors.omitted > 0 { lines.append(Line("… and \(errors.omitted) more not shown", style: theme[.muted])) }
        return lines
    }
}
