import FerryWorkbench

/// The form a request's `# @prompt` variables are asked in before it is sent (issue 37): one field per variable
/// with its description, prefilled with the answer given this session, else the value the request's
/// environment or file gives it; a secret's field (a name such as `password` or `token`) is drawn masked. Enter
/// hands the answers to the response pane's send, Esc closes the form and sends nothing.
///
/// The form is answered before the send starts, the point where `ferry send` asks on the terminal, so no thread
/// waits on it (the certificate passphrase, asked while a send is prepared, waits on a ``SecretReply``).
enum PromptsFeature {
    /// The feature's slice: the answers remembered and the form on top.
    struct State: Sendable, Equatable {
        /// The answers given this session, by variable name (secrets too, in memory only).
        var remembered: [String: String] = [:]
        /// The form, while it is the dialog on top.
        var form: Form?
    }

    /// The form: the request it is for and a field per variable.
    struct Form: Sendable, Equatable {
        /// The request the answers are for.
        var requestID: RequestID
        /// The fields, in the order the directives are written.
        var fields: [Field]
        /// The field being typed into.
        var focus = 0
        /// Whether the send skips the check of a JSON body (Alt-R).
        var sendsBodyAsWritten = false
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
            state.form = form(for: question, remembered: state.remembered)
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
                state.remembered[field.variable.name] = field.text
                answers.values[field.variable.name] = field.text
                if field.variable.isSecret { answers.secretNames.insert(field.variable.name) }
            }
            return FeatureOutput(
                effects: [],
                requests: [
                    .dispatch(
                        .response(.sendAnswered(answers, to: form.requestID, asWritten: form.sendsBodyAsWritten)))
                ])
        case .dismissed:
            guard state.form != nil else { return .none }
            state.form = nil
            return .report(.info("Not sent: the # @prompt form was canceled."))
        }
    }

    /// The form for `question`: a field per variable (the directives keep one per name), prefilled with the
    /// answer remembered, else the value known.
    static func form(for question: PromptQuestion, remembered: [String: String]) -> Form {
        let fields = question.prompts.map { prompt in
            Field(variable: prompt, text: remembered[prompt.name] ?? question.known[prompt.name] ?? "")
        }
        return Form(requestID: question.requestID, fields: fields, sendsBodyAsWritten: question.sendsBodyAsWritten)
    }
}

/// A send that needs its `# @prompt` variables answered first.
struct PromptQuestion: Sendable, Equatable {
    /// The request to send.
    var requestID: RequestID
    /// Its prompt variables, as written.
    var prompts: [PromptVariable]
    /// The values its environment or file gives them (a field's default when not answered this session).
    var known: [String: String]
    /// Whether the send skips the check of a JSON body (Alt-R).
    var sendsBodyAsWritten = false
}

/// The answers a send is made with: `--var`-style values, and which of them are secrets (masked like the private
/// environment's values, so never written in clear to the history).
struct PromptedValues: Sendable, Equatable {
    /// The values by variable name.
    var values: [String: String] = [:]
    /// The names whose values are secrets.
    var secretNames: Set<String> = []
}

/// The `# @prompt` form's actions.
enum PromptsAction: Sendable {
    /// A send needs these variables answered: the form opens.
    case asked(PromptQuestion)
    /// The focused field's text is now this.
    case typed(String)
    /// Move to another field.
    case cursorMoved(CursorMove)
    /// Enter: send with the answers.
    case submitted
    /// Esc: close the form and send nothing.
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
        get { PromptsFeature.State(remembered: promptAnswers, form: presented(\.promptForm)) }
        set {
            promptAnswers = newValue.remembered
            present(newValue.form, extract: \.promptForm, embed: Overlay.promptForm)
        }
    }
}
