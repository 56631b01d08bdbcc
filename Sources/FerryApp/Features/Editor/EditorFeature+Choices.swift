import FerryHTTP
import FerryTerminal
import FerryWorkbench

// MARK: - What the editor's pickers and prompts answered: method, auth, options, body kind, their values

extension EditorFeature {
    /// Uses the chosen `method` when it is a token; otherwise the picker (`picker`) is shown again and the
    /// status bar says what is wrong.
    static func chooseMethod(
        _ method: String, from picker: PickerDialogState<PickerChoice<String>>, _ state: inout State,
        _ context: Context
    ) -> FeatureOutput {
        if let violation = WireViolation.method(method) {
            let problem = violation.description
            return FeatureOutput(requests: [
                .present(.methodPicker(picker)),
                .report(
                    .error(
                        "\(problem.prefix(1).uppercased())\(problem.dropFirst()); a method is letters, digits and "
                            + "!#$%&'*+-.^_`|~")),
            ])
        }
        guard let id = state.openRequest else { return .none }
        return .run(state.edit(id, saved: context.saved) { $0.explicitMethod = method })
    }

    /// An auth choice: none removes the `Authorization` header, Basic and Bearer ask for their values.
    static func chooseAuth(_ choice: AuthChoice, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest else { return .none }
        switch choice {
        case .basic:
            return .present(
                .namePrompt(
                    .basicAuth(id),
                    PromptDialogState(title: "Basic auth", label: "user password", text: "{{user}} {{password}}")))
        case .bearer:
            return .present(
                .namePrompt(
                    .bearerToken(id), PromptDialogState(title: "Bearer token", label: "Token", text: "{{token}}")))
        case .none:
            return .run(state.edit(id, saved: context.saved) { $0.removeHeader("Authorization") })
        }
    }

    /// An option choice: the timeout and the retries ask for a number, the others toggle their directive.
    static func chooseOption(_ choice: OptionChoice, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest else { return .none }
        let request = state.request(context)
        switch choice {
        case .timeout:
            let current = request?.directives.timeout.map { String(Int($0)) } ?? ""
            return .present(
                .namePrompt(
                    .timeout(id), PromptDialogState(title: "Timeout", label: "seconds (empty: none)", text: current)))
        case .retries:
            let current = request?.directives.retries.map(String.init) ?? ""
            return .present(
                .namePrompt(
                    .retries(id), PromptDialogState(title: "Retries", label: "0 to 10 (empty: none)", text: current)))
        case .redirects, .cookieJar, .history, .tlsVerification, .cache:
            return .run(state.edit(id, saved: context.saved) { OptionDirectives.toggle(choice, in: &$0) })
        }
    }

    /// Makes the open request's body `kind` (setting Content-Type and converting what can be converted), then
    /// opens its editor; a file body asks for the path first. The editor takes the keyboard either way.
    static func chooseBodyKind(_ kind: BodyKind, _ state: inout State, _ context: Context) -> FeatureOutput {
        guard let id = state.openRequest, let request = state.request(context) else { return .none }
        state.tab = .body
        state.mode = .url
        if kind == .file {
            return FeatureOutput(requests: [
                .focus(.editor), .present(filePrompt(id, text: request.bodyFilePath ?? "./")),
            ])
        }
        var output = FeatureOutput(
            effects: state.edit(id, saved: context.saved) { $0.convertBody(to: kind) },
            requests: [.focus(.editor), .report(.info("Body: \(kind.title)."))])
        if kind != .none {
            let started = startTabEditing(&state, context)
            output.effects += started.effects
            output.requests += started.requests
        }
        return output
    }

    /// A value typed into one of the editor's prompts (trimmed; an empty one for auth or a body file was
    /// refused before): a basic or bearer `Authorization`, the timeout, the retries, the body file's path.
    static func answer(_ purpose: NamePurpose, _ text: String, _ state: inout State, _ context: Context)
        -> FeatureOutput
    {
        let saved = context.saved
        switch purpose {
        case .basicAuth(let id):
            return .run(state.edit(id, saved: saved) { $0.setHeader("Authorization", "Basic " + text) })
        case .bearerToken(let id):
            return .run(state.edit(id, saved: saved) { $0.setHeader("Authorization", "Bearer " + text) })
        case .timeout(let id):
            guard text.isEmpty || Double(text) != nil else {
                return .report(.error("The timeout is a number of seconds, such as 30."))
            }
            return .run(
                state.edit(id, saved: saved) { OptionDirectives.set("timeout", text.isEmpty ? nil : text, in: &$0) })
        case .retries(let id):
            guard text.isEmpty || RequestDirectives.count(text) != nil else {
                return .report(
                    .error("Retries is a whole number from 0 to \(RequestDirectives.maximumRetries), such as 2."))
            }
            return .run(
                state.edit(id, saved: saved) { OptionDirectives.set("retries", text.isEmpty ? nil : text, in: &$0) })
        case .bodyFile(let id):
            guard !text.hasSuffix("/"), text != "." else {
                // `./` (the prompt's start) or a folder is no file to send: ask again rather than fail at send.
                return FeatureOutput(requests: [
                    .present(filePrompt(id, text: text)),
                    .report(.error("Type the path of a file, such as ./body.json (Esc keeps the body).")),
                ])
            }
            return FeatureOutput(
                effects: state.edit(id, saved: saved) { $0.setFileBody(path: text) },
                requests: [.report(.info("Body: the bytes of \(text), read when sending."))])
        default:
            return .none
        }
    }

    /// The prompt for a file body's path, holding `text`.
    private static func filePrompt(_ id: RequestID, text: String) -> Overlay {
        .namePrompt(
            .bodyFile(id), PromptDialogState(title: "File body", label: "Path (relative to \(id.path))", text: text))
    }
}
