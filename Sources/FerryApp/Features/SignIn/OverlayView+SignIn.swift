import FerryTerminal
import Foundation

// MARK: - Sign-in: the view, a device code, a passphrase

extension OverlayView {
    /// Draws the sign-in dialog on top. Configuration ids, codes and addresses are the files' and the server's
    /// text, so they are escaped; a passphrase is drawn as one `•` per character typed, never as itself.
    func renderSignIn(_ shown: SignInFeature.State, into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        let width = Self.signInWidth(in: area)
        switch shown {
        case .view(let view):
            let place = view.environment.map { "environment \(SafeText.sanitized($0))" } ?? "no environment"
            let lines: [Line]
            switch view.rows {
            case nil: lines = [Line("Reading the token cache…", style: theme[.muted])]
            case let rows? where rows.isEmpty:
                lines = [Line("No \"Security\" → \"Auth\" configuration in this environment.", style: theme[.muted])]
            case let rows?:
                lines = rows.map { row in
                    let marker = row.isUsed ? "● " : "  "
                    let style: Style
                    // The feature's state says how the sign-in stands (a failed "sign in again" included).
                    var shown = row
                    shown.state = state.signInMemory.state(of: row.id, in: view.environment) ?? row.state
                    switch shown.state {
                    case .signedIn: style = theme[.success]
                    case .expired, .needed: style = theme[.warning]
                    case .broken, .failed: style = theme[.error]
                    }
                    return Line([
                        Span(marker + SafeText.sanitized(row.id) + "  ", style: theme[.text]),
                        Span(SafeText.sanitized(shown.status(at: view.readAt)), style: style),
                    ])
                }
            }
            dialog(
                "Sign-in, \(place) (● this request; r signs in again, Esc closes)", lines: lines, scroll: 0,
                selected: view.rows == nil ? nil : view.selection,
                size: Size(width: width, height: min(area.height - 2, lines.count + 2)), into: &buffer, area: area)
        case .device(let notice, _):
            var lines = [
                Line(
                    "Signing in to '\(SafeText.sanitized(notice.configuration))': on any device, open",
                    style: theme[.text]),
                Line("  " + SafeText.sanitized(notice.verificationURL), style: theme[.accent]),
                Line("and enter the code", style: theme[.text]),
                Line("  " + SafeText.sanitized(notice.userCode), style: theme[.accent].adding(.bold)),
            ]
            if let complete = notice.completeURL {
                lines += [Line("(or open " + SafeText.sanitized(complete) + ")", style: theme[.muted])]
            }
            lines += [Line(""), Line("Waiting for the approval… Esc cancels the sign-in.", style: theme[.muted])]
            dialog(
                "Device sign-in", lines: lines, scroll: 0, selected: nil,
                size: Size(width: width, height: lines.count + 2), into: &buffer, area: area)
        case .browser(let notice, _):
            let address = Paragraph.wrapped(
                Line(SafeText.sanitized(notice.url), style: theme[.accent]), width: width - 2)
            let lines =
                [
                    Line(
                        "Signing in to '\(SafeText.sanitized(notice.configuration))' in your browser. If none opened, open:",
                        style: theme[.text])
                ] + address.prefix(max(1, area.height - 8))
                + [
                    Line(""),
                    Line("Waiting for the browser to come back… Esc cancels the sign-in.", style: theme[.muted]),
                ]
            dialog(
                "Browser sign-in", lines: Array(lines), scroll: 0, selected: nil,
                size: Size(width: width, height: min(area.height - 2, lines.count + 2)), into: &buffer, area: area)
        case .passphrase(let question):
            let masked = MaskedText.masked(question.typed)
            dialog(
                "Passphrase (kept for this session only; Enter sends, Esc cancels)",
                lines: [
                    Line(SafeText.sanitized(question.question), style: theme[.text]),
                    Line(masked.isEmpty ? "▏" : masked, style: theme[.accent]),
                ], scroll: 0, selected: nil, size: Size(width: width, height: 4), into: &buffer, area: area)
        }
    }

    /// The width of the sign-in dialogs on a screen `area`.
    static func signInWidth(in area: Rect) -> Int { min(max(area.width - 6, 20), 90) }

    /// The text cursor of the passphrase field, after the last `•`.
    func passphraseCursor(_ question: SignInFeature.Passphrase, in area: Rect) -> Position {
        let rect = Self.dialogRect(Size(width: Self.signInWidth(in: area), height: 4), in: area)
        return Position(x: rect.x + 1 + question.typed.count, y: rect.y + 2)
    }
}
