import FerryHTTP
import FerryTerminal
import FerryWorkbench

/// The Request tab's lines for the heads that went on the wire (``HTTPResponse/sentHeads``): each head's
/// request line and every header as sent, libcurl's own included, with credentials, cookies and secret
/// values masked. Heads before the last one (redirect hops, auth rounds) come first, each under a note.
enum SentHeadLines {
    /// The lines for `heads`, with `scrubber` masking the send's secrets.
    static func lines(_ heads: [SentRequestHead], scrubber: SecretScrubber, theme: Theme) -> [Line] {
        var lines: [Line] = []
        for (index, head) in heads.enumerated() {
            if heads.count > 1 {
                if index > 0 { lines.append(Line("")) }
                let note = index == heads.count - 1 ? "final request" : "then answered with a redirect or challenge"
                lines.append(Line("# request \(index + 1) of \(heads.count): \(note)", style: theme[.muted]))
            }
            lines += self.lines(head, scrubber: scrubber, theme: theme)
        }
        return lines
    }

    /// One head: a note of the headers its redirect dropped, if any, the request line, then `Name: value` for
    /// every field in the order sent.
    static func lines(_ head: SentRequestHead, scrubber: SecretScrubber, theme: Theme) -> [Line] {
        var lines = head.droppedHeaders.map { [Line("(\($0.summary))", style: theme[.warning])] } ?? []
        lines += [
            Line([
                Span(head.method + " ", style: theme.style(forMethod: head.method).adding(.bold)),
                Span(scrubber.scrub(head.target) + " "),
                Span(head.version, style: theme[.muted]),
            ])
        ]
        for (name, value) in head.headers {
            let shown = scrubber.scrubbingHeader(named: name, value: value)
            lines.append(Line([Span(name + ": ", style: theme[.jsonKey]), Span(shown)]))
        }
        return lines
    }
}
