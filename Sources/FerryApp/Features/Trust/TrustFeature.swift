import FerryWorkbench

/// The question the workbench asks once when it opens a workspace the user has not trusted and whose files would
/// do more if trusted (read or write outside it, or change the keys): what exactly, and which scripts its files
/// run. y trusts it (kept in the user's config); n or Esc keeps it in safe mode, and the question comes back only
/// once the files reach somewhere new. The state is the dialog on top (``Overlay/trust(_:)``).
enum TrustFeature {
    /// The open question: what trusting would allow, a line each, and how far it is scrolled.
    struct State: Sendable, Equatable {
        /// The lines shown (paths as the files wrote them; the view escapes them).
        var lines: [String]
        /// The first line shown.
        var scroll = 0
    }

    /// What the dialog reads of the rest of the app: how far a page moves.
    typealias Context = ListDialogContext

    /// Applies a trust-question action (`nil`: not asked).
    static func reduce(_ action: TrustAction, _ question: inout State?, _ context: Context) -> FeatureOutput {
        switch action {
        case .cursorMoved(let move):
            guard var open = question else { return .none }
            open.scroll = AppReducer.step(open.scroll, move, count: open.lines.count, page: context.page)
            question = open
            return .none
        case .confirmed:
            guard question != nil else { return .none }
            question = nil
            return FeatureOutput(requests: [.trustWorkspace])
        case .dismissed:
            guard question != nil else { return .none }
            question = nil
            return FeatureOutput(
                requests: [
                    .onFiles(.keepInSafeMode),
                    .report(
                        .info(
                            "Safe mode: outputs, includes and script files stay inside this workspace "
                                + "(Ctrl-P → Trust this workspace changes it).")),
                ])
        }
    }
}

extension TrustFeature.State {
    /// The question for a workspace whose files reach `outside` and run `scripts`; `keyMap` names its own key
    /// map when one waits for trust.
    init(outside: [OutsideReference], scripts: [ScriptedFile], keyMap: String?) {
        var lines = ["Its authors, not you, wrote these files. Trusted, they may:"]
        lines += outside.map { "  \($0.kind == .writes ? "write" : "read") \($0.path)  (\($0.location), \($0.reason))" }
        if let keyMap { lines.append("  change your keys with \(keyMap) (from the next start)") }
        if !scripts.isEmpty {
            lines += ["", "In either mode their scripts run, without file, network or process access:"]
            lines += scripts.map { file in
                var parts: [String] = []
                if file.preRequestScripts > 0 {
                    parts.append(
                        "\(file.preRequestScripts) pre-request script\(file.preRequestScripts == 1 ? "" : "s")")
                }
                if file.responseHandlers > 0 {
                    parts.append("\(file.responseHandlers) response handler\(file.responseHandlers == 1 ? "" : "s")")
                }
                return "  \(file.path): \(parts.joined(separator: ", "))"
            }
        }
        lines += [
            "",
            "In safe mode outputs, includes and script files stay inside the workspace; all else works.",
            "y trusts it (kept in your config); n or Esc keeps safe mode (asked again only if that list changes).",
        ]
        self.init(lines: lines)
    }
}

/// The keys of the trust question.
enum TrustAction: Sendable {
    /// Scroll the list.
    case cursorMoved(CursorMove)
    /// y: trust the workspace.
    case confirmed
    /// n or Esc: keep it in safe mode.
    case dismissed
}

extension Overlay {
    /// The trust question's state, when this is it.
    var trustQuestion: TrustFeature.State? {
        if case .trust(let question) = self { return question }
        return nil
    }
}

extension AppState {
    /// The trust question while it is the dialog on top (also under its help), `nil` otherwise: the trust
    /// feature's slice of the state. Setting `nil` closes it.
    var trustQuestion: TrustFeature.State? {
        get { presented(\.trustQuestion) }
        set { present(newValue, extract: \.trustQuestion, embed: Overlay.trust) }
    }
}
