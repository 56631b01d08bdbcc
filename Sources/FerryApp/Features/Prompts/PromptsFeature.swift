import FerryTerminal
import FerryWorkbench

/// The form a request's `# @prompt` variables are asked in before it is sent, copied or run (issue 37): one field
/// per variable with its description, prefilled with the answer given this session, else the value the request's
/// environment or file gives it; a secret's field (a name such as `password` or `token`) is drawn masked. Enter
/// hands the answers to what asked (``PromptPurpose``: the response pane's send, the editor's copy, a run), Esc
/// closes the form and does nothing.
///
/// The form is answered before the send starts, the point where `ferry send` asks on the terminal, so no thread
/// waits on it (the certificate passphrase, asked while a send is prepared, waits on a ``SecretReply``).
enum PromptsFeature {
    /// The feature's slice: what it remembers and the form on top.
    struct State: Sendable, Equatable {
        /// What the feature remembers between forms (the root keeps it: `AppState.promptMemory`).
        var memory = Memory()
        /// The form, while it is the dialog on top.
        var form: Form?
    }

    /// What the feature remembers between forms.
    struct Memory: Sendable, Equatable {
        /// The answers given this session, by variable name (secrets too, in memory only).
        var answers: [String: String] = [:]
    }

    /// The form: what the answers are for and a field per variable.
    struct Form: Sendable, Equatable {
        /// What the answers are for.
        var purpose: PromptPurpose
        /// The fields, in the order the directives are written.
        var fields: [Field]
        /// The field being typed into.
        var focus = 0
    }

    /// One variable's field.
    struct Field: Sendable, Equatable {
        /// The variable asked for.
        var variable: PromptVariable
        /// What is typed (a secret's is never drawn).
        var text: String
    }

    /// Applies a form action.
    static func reduce(_ action: PromptsAction, _ state: inout State, _: Void) -> FeatureOutput {
        switch action {
        case .asked(let question):
            state.form = form(for: question, remembered: state.memory.answers)
            return .none
        case .typed(let text):
            guard var form = state.form, form.fields.indices.contains(form.focus) else { return .none }
            form.fields[form.focus].text = text
            state.form = form
            return .none
        case .cursorMoved(let move):
            guard var form = state.form else { return .none }
            form.focus = AppReducer.step(form.focus, move, count: form.fields.count, page: form.fields.count)
            state.form = form
            return .none
        case .submitted:
            guard let form = state.form else { return .none }
            state.form = nil
            var answers = PromptedValues()
            for field in form.fields {
                state.memory.answers[field.variable.name] = field.text
                answers.values[field.variable.name] = field.text
                if field.variable.isSecret { answers.secretNames.insert(field.variable.name) }
            }
            return FeatureOutput(requests: [.dispatch(form.purpose.answered(answers))])
        case .dismissed:
            guard let form = state.form else { return .none }
            state.form = nil
            return .report(.info("Not \(form.purpose.pastParticiple): the # @prompt form was canceled."))
        }
    }

    /// The form for `question`: a field per variable (the directives keep one per name), prefilled with the
    /// answer remembered, else the value known.
    static func form(for question: PromptQuestion, remembered: [String: String]) -> Form {
        let fields = question.prompts.map { prompt in
            Field(variable: prompt, text: remembered[prompt.name] ?? question.known[prompt.name] ?? "")
        }
        return Form(purpose: question.purpose, fields: fields)
    }

    /// The question to ask before `plan` is used for `purpose`, `nil` when its request has no `# @prompt`
    /// variable: the values its own layers give those names (environment, private environment, the file's
    /// `@name`) are the fields' defaults.
    static func question(for plan: SendPlan, _ purpose: PromptPurpose) -> PromptQuestion? {
        let prompts = plan.request.request.directives.prompts
        guard !prompts.isEmpty else { return nil }
        let known = prompts.compactMap { prompt in plan.context.lookup(prompt.name).map { (prompt.name, $0.value) } }
        return PromptQuestion(purpose: purpose, prompts: prompts, known: Dictionary(known) { first, _ in first })
    }
}

/// What a `# @prompt` form's answers are for: the one thing Enter does with them.
enum PromptPurpose: Sendable, Equatable {
    /// Send this request (skipping the check of a JSON body, Alt-R, when `asWritten`).
    case send(RequestID, asWritten: Bool)
    /// Copy this request to the clipboard, as curl or as code.
    case copy(RequestID, RequestCopy)
    /// Run the file or folder at this path (the workspace: empty).
    case run(path: String)
    /// Load test this request, file or folder (the workspace: `nil`) as the spec says (`30s 8`).
    case load(CollectionNode?, spec: String)

    /// The action that does it with `answers`, handed to the feature that asked.
    func answered(_ answers: PromptedValues) -> AppAction {
        switch self {
        case .send(let id, let asWritten): .response(.sendAnswered(answers, to: id, asWritten: asWritten))
        case .copy(let id, let copy): .editor(.copyAnswered(copy, answers, to: id))
        case .run(let path): .run(.answered(answers, path: path))
        case .load(let target, let spec): .run(.loadAnswered(answers, target, spec))
        }
    }

    /// The form's title: what Enter does, to what.
    var title: String {
        switch self {
        case .send(let id, _): "Send \(SafeText.sanitized(id.selector)) with (Enter sends"
        case .copy(let id, let copy): "Copy \(SafeText.sanitized(id.selector)) as \(copy.title) with (Enter copies"
        case .run(let path): "Run \(SafeText.sanitized(RunFeature.title(path))) with (Enter runs"
        case .load(let target, _): "Load test \(SafeText.sanitized(RunFeature.loadName(of: target))) with (Enter starts"
        }
    }

    /// What did not happen when the form was canceled: "sent", "copied", "run".
    var pastParticiple: String {
        switch self {
        case .send: "sent"
        case .copy: "copied"
        case .run: "run"
        case .load: "started"
        }
    }
}

/// A copy of a request to the clipboard: `Y`'s curl command or Alt-Y's code.
enum RequestCopy: Sendable, Equatable {
    /// A curl command (secrets in clear: the command must work).
    case curl
    /// Code in this language (secrets as `<name>` placeholders).
    case code(CodeLanguage)

    /// Its name in the form's title: `curl`, `Python requests`.
    var title: String {
        switch self {
        case .curl: "curl"
        case .code(let language): language.title
        }
    }
}

/// Something that needs its `# @prompt` variables answered first: a send, a copy or a run.
struct PromptQuestion: Sendable, Equatable {
    /// What the answers are for.
    var purpose: PromptPurpose
    /// The prompt variables, as written (one per name).
    var prompts: [PromptVariable]
    /// The values the request's environment or file gives them (a field's default when not answered this session).
    var known: [String: String]
}

/// The answers a send is made with: `--var`-style values, and which of them are secrets (masked like the private
/// environment's values, so never written in clear to the history).
struct PromptedValues: Sendable, Equatable {
    /// The values by variable name.
    var values: [String: String] = [:]
    /// The names whose values are secrets.
    var secretNames: Set<String> = []
}

extension VariableContext {
    /// Takes `answers` as `ferry send --var` does: they win over every layer, and a secret's value is masked like
    /// the private environment's (in the history, the sent head, the messages; a placeholder in copied code).
    mutating func answer(_ answers: PromptedValues) {
        overrides.merge(answers.values) { _, answer in answer }
        secretOverrideNames.formUnion(answers.secretNames)
    }
}

/// The `# @prompt` form's actions.
enum PromptsAction: Sendable {
    /// A send needs these variables answered: the form opens.
    case asked(PromptQuestion)
    /// The focused field's text is now this.
    case typed(String)
    /// Move to another field.
    case cursorMoved(CursorMove)
    /// Enter: hand the answers to what asked.
    case submitted
    /// Esc: close the form and do nothing.
    case dismissed
}

extension Overlay {
    /// The `# @prompt` form, when this is it.
    var promptForm: PromptsFeature.Form? {
        if case .promptForm(let form) = self { return form }
        return nil
    }
}

extension AppState {
    /// The prompts feature's slice: the answers remembered and the form while it is on top (also under its
    /// help). Setting a `nil` form closes it.
    var prompts: PromptsFeature.State {
        get { PromptsFeature.State(memory: promptMemory, form: presented(\.promptForm)) }
        set {
            promptMemory = newValue.memory
            present(newValue.form, extract: \.promptForm, embed: Overlay.promptForm)
        }
    }
}
