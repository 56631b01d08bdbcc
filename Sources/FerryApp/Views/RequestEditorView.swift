import FerryTerminal
import FerryWorkbench
import Foundation

/// The request editor: method, URL with variables highlighted, and the Params / Headers / Body / Auth /
/// Options tabs.
struct RequestEditorView: CursorWidget {
    /// The state to draw.
    let state: AppState

    /// The tab bar as drawn, for hit-testing clicks on it.
    static func tabs(for state: AppState) -> Tabs {
        Tabs(titles: EditorTab.allCases.map(\.title), selectedIndex: state.editor.tab.rawValue, theme: state.theme)
    }

    /// ` ‹pre›` and ` ‹handler›` (with a count past one) for a request with pre-request scripts or response
    /// handlers, else nothing.
    static func scriptMarks(_ request: SavedRequest?) -> String {
        guard let request else { return "" }
        func mark(_ name: String, _ count: Int) -> String {
            count == 0 ? "" : count == 1 ? " ‹\(name)›" : " ‹\(name) ×\(count)›"
        }
        return mark("pre", request.preRequestScripts.count) + mark("handler", request.responseHandlerScripts.count)
    }

    /// Draws the editor pane `area`.
    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let theme = state.theme
        var title = " Request "
        if let id = state.openRequest {
            title = " \(id)\(state.isUnsaved(id) ? " ● unsaved" : "")\(Self.scriptMarks(state.currentRequest)) "
        }
        WorkbenchView.pane(Line(title), focused: state.panes.focus == .editor, theme: theme).render(
            into: &buffer, area: area)
        let urlLine = WorkbenchLayout.headerRow(0, of: area)
        guard let id = state.openRequest, let request = state.currentRequest else {
            Line("Select a request in the tree and press Enter.", style: theme[.muted])
                .render(into: &buffer, area: urlLine)
            return
        }
        let context = state.variableContext(for: id)
        let method = request.method
        Line([Span(method, style: theme.style(forMethod: method).adding(.bold)), Span(" ")])
            .render(into: &buffer, area: urlLine)
        urlField(request, context: context).render(into: &buffer, area: AppReducer.urlFieldArea(state))
        let tabRow = WorkbenchLayout.headerRow(1, of: area)
        let content = WorkbenchLayout.content(of: area)
        Self.tabs(for: state).render(into: &buffer, area: tabRow)
        if case let (input, inputArea)? = editedInput(request, pane: area) {
            if let summary = inputSummary(request) {
                summary.render(into: &buffer, area: content.rows(content.y, count: 1))
            }
            input.render(into: &buffer, area: inputArea)
            if request.isGraphQL, let editor = state.bodyEditor {
                let marks = GraphQLQueryMarks(state: state)
                marks.underlineProblems(of: editor, in: inputArea, into: &buffer)
                if let cursor = input.cursorPosition(in: inputArea) {
                    marks.drawCompletions(at: cursor, in: inputArea, into: &buffer)
                }
            }
            if request.isGRPC, let editor = state.bodyEditor {
                let marks = GRPCBodyMarks(state: state)
                marks.underlineProblems(of: editor, in: inputArea, into: &buffer)
                if let cursor = input.cursorPosition(in: inputArea) {
                    marks.drawCompletions(at: cursor, in: inputArea, into: &buffer)
                }
            }
            return
        }
        let lines = tabLines(request, context: context, theme: theme)
        if state.editor.tab == .options, lines.count > content.height {
            // A short pane (80×24) lists every option: the rows flow on as `Name value · Name value`.
            let compact = compactOptions(request, width: content.width, theme: theme)
            Paragraph(text: Text(compact)).render(into: &buffer, area: content)
        } else {
            Paragraph(text: Text(lines)).render(into: &buffer, area: content)
        }
        var completions = state.variableCompletions.map { "{{\($0)}}" }
        if completions.isEmpty, let target = state.grpcTargetCompletion { completions = target.candidates }
        if state.panes.focus == .editor, !completions.isEmpty {
            var spans = [Span("Tab completes: ", style: theme[.muted])]
            for (index, name) in completions.prefix(6).enumerated() {
                spans.append(
                    Span((index == 0 ? "" : "  ") + name, style: index == 0 ? theme[.selection] : theme[.accent]))
            }
            // Blank to the edge: the tab titles under the hint must not show through after it.
            spans.append(Span(String(repeating: " ", count: max(0, tabRow.width))))
            Line(spans).render(into: &buffer, area: tabRow)
        }
    }

    /// Where the text cursor goes when the pane has the keyboard: in the table or body being edited, else in
    /// the URL field.
    func cursorPosition(in area: Rect) -> Position? {
        guard state.panes.focus == .editor, let id = state.openRequest, let request = state.currentRequest else {
            return nil
        }
        if case let (input, inputArea)? = editedInput(request, pane: area) {
            return input.cursorPosition(in: inputArea)
        }
        return urlField(request, context: state.variableContext(for: id))
            .cursorPosition(in: AppReducer.urlFieldArea(state))
    }

    // MARK: - Parts

    /// The URL field showing `request`'s URL (the field being typed in, once it holds that URL).
    private func urlField(_ request: SavedRequest, context: VariableContext) -> URLFieldView {
        var urlEditor = state.editor.urlEditor
        if urlEditor.text != request.fullURL { urlEditor = TextEditorState(text: request.fullURL) }
        return URLFieldView(editor: urlEditor, context: context, theme: state.theme)
    }

    /// The input the active tab edits in place (the header table, the body's fields or its text) and where it
    /// sits in the pane `pane`, or `nil` when the tab only shows lines.
    private func editedInput(_ request: SavedRequest, pane: Rect) -> (any CursorWidget, Rect)? {
        let theme = state.theme
        let focused = state.panes.focus == .editor
        if state.editor.tab == .headers, let table = state.headerTable {
            let widget = KeyValueTable(
                state: table, isFocused: focused, titles: ("Header", "Value"), style: theme[.text],
                headerStyle: theme[.muted], selectedStyle: theme[.accent], cellStyle: theme[.selection],
                disabledStyle: theme[.muted], placeholder: "No headers: type a name to add one (Esc: back to the URL)")
            return (widget, WorkbenchLayout.content(of: pane))
        }
        if state.editor.tab == .params, let table = state.paramsTable {
            let widget = KeyValueTable(
                state: table, isFocused: focused, titles: ("Parameter", "Value (as in the URL)"), style: theme[.text],
                headerStyle: theme[.muted], selectedStyle: theme[.accent], cellStyle: theme[.selection],
                disabledStyle: theme[.muted],
                placeholder: "No query parameters: type a name to add one (Esc: back to the URL)")
            return (widget, WorkbenchLayout.content(of: pane))
        }
        if state.editor.tab == .body, let table = state.bodyTable {
            let isMultipart = request.bodyKind == .multipart
            let widget = KeyValueTable(
                state: table, isFocused: focused, titles: ("Field", isMultipart ? "Value or < ./file" : "Value"),
                style: theme[.text], headerStyle: theme[.muted], selectedStyle: theme[.accent],
                cellStyle: theme[.selection], disabledStyle: theme[.muted],
                placeholder: "No fields: type a name to add one (Esc: back to the URL)")
            return (widget, WorkbenchLayout.bodyEditor(of: pane))
        }
        if state.editor.tab == .body, let editor = state.bodyEditor {
            var widget = TextArea(state: editor, style: theme[.text], selectionStyle: theme[.selection])
            let language: SyntaxHighlighter.Language =
                request.bodyKind == .json
                ? .json : editor.lines.lazy.joined().first(where: { !$0.isWhitespace }) == "<" ? .markup : .plain
            if language != .plain {
                let highlighter = SyntaxHighlighter(language: language, theme: theme)
                let base = theme[.text]
                widget.characterStyles = { highlighter.styles($0, base: base) }
            }
            return (widget, WorkbenchLayout.bodyEditor(of: pane))
        }
        return nil
    }

    /// The line above the body's fields or text while they are edited in place, else `nil`.
    private func inputSummary(_ request: SavedRequest) -> Line? {
        let theme = state.theme
        guard state.editor.tab == .body else { return nil }
        if let table = state.bodyTable {
            let count = table.enabledRows.count
            return Line(
                "\(request.bodyKind.title) · \(count) field\(count == 1 ? "" : "s") · a add · d delete · Enter edit"
                    + (request.bodyKind == .multipart ? " · f file/text" : "") + " · F7 kind · Esc back",
                style: theme[.accent])
        }
        guard let editor = state.bodyEditor else { return nil }
        let kind = request.bodyKind
        var status = [Span("\(kind.title) · editing (Esc: back to the URL)", style: theme[.accent])]
        if request.isGraphQL { status += GraphQLQueryMarks(state: state).summary }
        if request.isGRPC { status += GRPCBodyMarks(state: state).summary }
        if kind == .json, !editor.isEmpty {
            status.append(
                state.editor.bodyProblem.map { Span("  ✗ \($0)", style: theme[.error]) }
                    ?? Span("  ✓ valid · F8 formats", style: theme[.muted]))
        }
        return Line(status)
    }

    /// The lines of the active tab.
    private func tabLines(_ request: SavedRequest, context: VariableContext, theme: Theme) -> [Line] {
        let muted = theme[.muted]
        switch state.editor.tab {
        case .params:
            var lines = [resolvedURLLine(request, context: context, theme: theme)]
            let url = request.fullURL
            if let question = url.firstIndex(of: "?") {
                for pair in url[url.index(after: question)...].split(separator: "&") {
                    let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                    var spans = [
                        Span(
                            parts[0].padding(toLength: max(12, parts[0].count), withPad: " ", startingAt: 0),
                            style: theme[.jsonKey]), Span(" "),
                    ]
                    spans += VariableHighlighter.spans(
                        parts.count > 1 ? (parts[1].removingPercentEncoding ?? parts[1]) : "", context: context,
                        base: theme[.text], theme: theme)
                    lines.append(Line(spans))
                }
            } else {
                lines.append(Line("No query parameters.", style: muted))
            }
            return lines
        case .headers:
            let headers = request.headers
            if headers.isEmpty { return [Line("No headers.", style: muted)] }
            return headers.map { header in
                Line(
                    [Span(header.name + ": ", style: theme[.jsonKey])]
                        + VariableHighlighter.spans(header.value, context: context, base: theme[.text], theme: theme))
            }
        case .body:
            let kind = request.bodyKind
            guard let body = request.body, !body.isEmpty else {
                return [
                    Line(
                        kind == .none
                            ? "No body. ↓ or F7 picks a kind: JSON, text, form, multipart, file."
                            : "\(kind.title), empty. ↓ edits here · F7 changes the kind.", style: muted)
                ]
            }
            var lines: [Line] = []
            if let fields = request.formFields {
                let off = DisabledFormFields.rows(in: request).count
                lines.append(
                    Line(
                        "\(kind.title) · \(fields.count) field\(fields.count == 1 ? "" : "s")"
                            + (off > 0 ? " (\(off) off)" : "") + " · ↓ edits · F7 kind", style: muted))
                for field in fields {
                    var spans = [
                        Span(
                            field.name.padding(toLength: max(12, field.name.count), withPad: " ", startingAt: 0),
                            style: theme[.jsonKey]), Span(" "),
                    ]
                    if let path = field.filePath {
                        spans.append(Span("file ", style: muted))
                        spans += VariableHighlighter.spans(path, context: context, base: theme[.text], theme: theme)
                    } else {
                        spans += VariableHighlighter.spans(
                            field.value, context: context, base: theme[.text], theme: theme)
                    }
                    lines.append(Line(spans))
                }
                return lines
            }
            var summary = "\(kind.title)"
            if kind == .form || kind == .multipart { summary += " (shown as text: it does not parse as fields)" }
            if kind == .file, let path = request.bodyFilePath { summary += ": the bytes of \(path), read when sending" }
            if kind == .json, let problem = AppReducer.jsonProblem(in: body, of: request) {
                lines.append(Line("JSON ✗ \(problem) · ↓ edits", style: theme[.error]))
            } else {
                lines.append(Line(summary + "  · ↓ edits · F7 kind", style: muted))
            }
            if request.isGraphQL { lines.append(Line(GraphQLQueryMarks(state: state).summary)) }
            if request.isGRPC { lines.append(Line(GRPCBodyMarks(state: state).summary)) }
            for text in body.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(
                    Line(VariableHighlighter.spans(String(text), context: context, base: theme[.text], theme: theme)))
            }
            return lines
        case .auth:
            guard let value = request.header("Authorization") else {
                return [
                    Line(
                        "No auth. ↓ picks Basic or Bearer (values may be {{variables}}).",
                        style: muted)
                ]
            }
            let scheme = value.split(separator: " ").first.map(String.init) ?? value
            let masked = value.contains("{{") ? value : scheme + " " + String(repeating: "•", count: 6)
            return [
                Line([Span("Type   ", style: theme[.jsonKey]), Span(scheme)]),
                Line(
                    [Span("Value  ", style: theme[.jsonKey])]
                        + VariableHighlighter.spans(masked, context: context, base: theme[.text], theme: theme)),
            ]
        case .options:
            return [Line("↓ changes these (written as # @directives).", style: muted)]
                + optionRows(request).map { option in
                    Line([
                        Span(option.name.padding(toLength: 18, withPad: " ", startingAt: 0), style: theme[.jsonKey]),
                        Span(option.value, style: option.style ?? theme[.text]),
                    ])
                }
        }
    }

    /// The request's options as name, value and (when it warns) the value's style; the ones that change what
    /// is sent first.
    private func optionRows(_ request: SavedRequest) -> [(name: String, value: String, style: Style?)] {
        let directives = request.directives
        return [
            ("Timeout", directives.timeout.map { "\($0) s" } ?? "none (@timeout)", nil),
            ("Follow redirects", directives.noRedirect ? "no (@no-redirect)" : "yes", nil),
            directives.insecure
                ? ("TLS verification", "off (@insecure)", state.theme[.warning]) : ("TLS verification", "on", nil),
            ("Retries", directives.retries.map { "\($0) (@retries)" } ?? "none (@retries)", nil),
            ("Connect timeout", directives.connectionTimeout.map { "\($0) s" } ?? "default", nil),
            ("Cookie jar", directives.noCookieJar ? "off (@no-cookie-jar)" : "on", nil),
            ("History", directives.noLog ? "not logged (@no-log)" : "logged", nil),
            ("HTTP cache", directives.cache ? "on (@cache)" : "off", nil),
        ]
    }

    /// Every option on as few rows of `width` as they fill (`↓ edits · Timeout none · Follow redirects yes`),
    /// an option never split across two rows.
    private func compactOptions(_ request: SavedRequest, width: Int, theme: Theme) -> [Line] {
        var lines = [Line([Span("↓ edits (# @directives)", style: theme[.muted])])]
        for option in optionRows(request) {
            let item = [
                Span(option.name + " ", style: theme[.jsonKey]),
                Span(option.value, style: option.style ?? theme[.text]),
            ]
            let itemWidth = item.reduce(0) { $0 + $1.width }
            if let last = lines.last, last.width + 3 + itemWidth <= width {
                lines[lines.count - 1].spans += [Span(" · ", style: theme[.muted])] + item
            } else {
                lines.append(Line(item))
            }
        }
        return lines
    }

    private func resolvedURLLine(_ request: SavedRequest, context: VariableContext, theme: Theme) -> Line {
        let missing = VariableHighlighter.unresolved(in: request.fullURL, context: context)
        if !missing.isEmpty {
            let names = missing.map { "{{\($0)}}" }.joined(separator: ", ")
            return Line("⚠ unresolved \(names) in \(state.environment ?? "no environment")", style: theme[.error])
        }
        if let prepared = try? request.prepared(with: context) {
            return Line([Span("→ ", style: theme[.muted]), Span(prepared.maskedURL, style: theme[.muted])])
        }
        return Line("→ cannot resolve the URL", style: theme[.error])
    }
}
