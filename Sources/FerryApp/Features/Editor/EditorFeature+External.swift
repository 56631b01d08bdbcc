import FerryJSON
import FerryTerminal
import FerryWorkbench
import Foundation

// MARK: - What leaves the editor: the body or a script in $EDITOR, the request as a curl command

extension EditorFeature {
    /// F4: the open request's body in `$EDITOR` (the runner suspends the terminal).
    static func requestExternalEdit(_ state: State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest, let request = state.request(context) else { return .none }
        let body = request.body ?? ""
        let fileExtension = bodyFileExtension(body, contentType: request.header("Content-Type"))
        return .run([.editExternally(id, body, fileExtension: fileExtension)])
    }

    /// Takes the edited body back into the draft (marking it unsaved when it changed), or says why not.
    static func finishExternalEdit(
        _ id: RequestID, _ result: Result<String, SaveFailure>, _ state: inout State, _ context: Context
    ) -> FeatureOutput {
        let text: String
        switch result {
        case .success(let edited): text = edited
        case .failure(let failure): return .report(.error(failure.message))
        }
        let before = (state.drafts[id] ?? context.saved(id))?.body ?? ""
        // Editors end files with a newline the body never had; keep what the user wrote otherwise.
        let edited = text.hasSuffix("\n") && !before.hasSuffix("\n") ? String(text.dropLast()) : text
        guard edited != before else { return .report(.info("The body is unchanged.")) }
        let isOpen = id == state.openRequest
        if isOpen, case .body = state.mode { state.mode = .body(TextEditorState(text: edited, isMultiline: true)) }
        let effects = state.edit(id, saved: context.saved) { $0.body = edited.isEmpty ? nil : edited }
        if isOpen, case .fields = state.mode {
            // The fields table follows the new text (and closes when it no longer parses as fields).
            state.mode =
                state.request(context)?.formFields.map { .fields(KeyValueTableState(rows: $0.map(AppReducer.row))) }
                ?? .url
        }
        return FeatureOutput(
            effects: effects, requests: [.report(.info("Body updated from the editor (Ctrl-S saves it)."))])
    }

    /// The extension of the temporary file, so the editor highlights the body: `json` for a JSON
    /// content type or a body that parses as JSON, `xml`, `html`, else `txt`.
    static func bodyFileExtension(_ body: String, contentType: String?) -> String {
        let type = contentType?.lowercased() ?? ""
        if type.contains("json") { return "json" }
        if type.contains("xml") { return "xml" }
        if type.contains("html") { return "html" }
        let trimmed = body.drop { $0.isWhitespace }
        if trimmed.first == "{" || trimmed.first == "[", (try? JSONDocument(parsing: Array(body.utf8))) != nil {
            return "json"
        }
        return "txt"
    }

    /// F4 in the editor: opens the open request's first script in `$EDITOR` at its line (an inline `{% %}`
    /// block: the `.http` file, read again afterwards; a `.js` file: that file); on the Body tab, or for a
    /// request without scripts, edits the body as before. A request with unsaved edits is saved first.
    static func requestScriptEdit(_ state: State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest, let request = state.request(context),
            let script = (request.preRequestScripts + request.responseHandlerScripts).first, state.tab != .body
        else { return requestExternalEdit(state, context) }
        guard state.drafts[id] == nil else {
            let save = AppKeyMap.hint(for: .save, in: context.keyMap) ?? "Ctrl+S"
            return .report(.error("\(id) has unsaved edits: save them (\(save)) before editing its script."))
        }
        let root = context.root
        let line = script.location?.line ?? request.sourceMap?.requestLine ?? 1
        switch script.source {
        case .inline:
            return .run([.editFile(root.appendingPathComponent(id.path), line: line, reloading: id)])
        case .file(let path):
            let folder = root.appendingPathComponent(id.path).deletingLastPathComponent()
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            return .run([.editFile(url.standardizedFileURL, line: 1, reloading: nil)])
        }
    }

    /// Copies the open request, with its unsaved edits and resolved in the active environment as it would
    /// be sent (values captured from earlier responses, included files), as a curl command (secrets in clear: the
    /// command must work) or as code (secrets as placeholders): an effect prepares it and posts
    /// ``EditorAction/curlCommandMade(_:_:)`` or ``EditorAction/codeMade(_:_:_:)``. A request with `# @prompt`
    /// variables is copied once they are answered, as a send is: without `answers` the form is asked for, and
    /// the copy holds the answers (a secret one as the copy's secret rule says).
    static func copy(_ copy: RequestCopy, _ context: Context, answers: PromptedValues? = nil) -> FeatureOutput {
        guard let (id, opened) = context.plan() else {
            return .report(.error("Open a request first: select it in the tree and press Enter."))
        }
        var plan = opened
        if let answers {
            plan.context.answer(answers)
        } else if let question = PromptsFeature.question(for: plan, .copy(id, copy)) {
            return FeatureOutput(requests: [.dispatch(.overlay(.prompts(.asked(question))))])
        }
        switch copy {
        case .curl: return .run([.copyAsCurl(id, plan)])
        case .code(let language): return .run([.copyAsCode(id, plan, language)])
        }
    }

    /// The `# @prompt` form's answers for a copy of `id`: copied only if `id` is still the open request.
    static func copyAnswered(
        _ copy: RequestCopy, _ answers: PromptedValues, to id: RequestID, _ state: State, _ context: Context
    ) -> FeatureOutput {
        guard state.openRequest == id else {
            return .report(.error("Not copied: \(id) is no longer the open request."))
        }
        return self.copy(copy, context, answers: answers)
    }

    /// Puts the curl command made for `id` on the clipboard, saying what to mind about it, or says why it
    /// could not be made.
    static func curlCommandMade(_ id: RequestID, _ result: Result<CurlCopy, SaveFailure>) -> FeatureOutput {
        switch result {
        case .success(let copy):
            let remark = copy.remarks.isEmpty ? "" : " (\(copy.remarks.joined(separator: "; ")))"
            return FeatureOutput(
                effects: [.copy(copy.text)], requests: [.report(.info("Copied \(id) as a curl command\(remark)."))])
        case .failure(let failure):
            return .report(.error(failure.message))
        }
    }

    /// Opens the picker of the languages the request can be copied as (the palette with only those commands).
    static func pickCodeLanguage(_ state: State, _ context: Context) -> FeatureOutput {
        guard state.openRequest != nil else {
            return .report(.error("Open a request first: select it in the tree and press Enter."))
        }
        return .present(
            .palette(
                PickerDialogState(
                    title: "Copy the request as code (secrets as <name> placeholders)",
                    items: PaletteEntries.codeCopies.map {
                        PaletteEntries.Entry(command: $0.command, title: $0.title, key: "")
                    })))
    }

    /// Puts the code made for `id` on the clipboard, saying what to mind about it, or says why it could not be
    /// made.
    static func codeMade(_ id: RequestID, _ language: CodeLanguage, _ result: Result<CodeSnippet, SaveFailure>)
        -> FeatureOutput
    {
        switch result {
        case .success(let snippet):
            let notes = snippet.notes.isEmpty ? "" : " (\(snippet.notes.joined(separator: "; ")))"
            return FeatureOutput(
                effects: [.copy(snippet.text)],
                requests: [.report(.info("Copied \(id) as \(language.title) code\(notes)."))])
        case .failure(let failure):
            return .report(.error(failure.message))
        }
    }
}
