import FerryTerminal

/// Where a key binding applies: a pane, an editor, a dialog. The raw values are the context names of the
/// key-map file format (`.ferry/keys.conf`), so user files keep working.
enum KeyContext: String, CaseIterable, Sendable {
    /// Everywhere no more specific binding takes the key.
    case global
    /// The collection tree.
    case tree
    /// The response pane.
    case response
    /// The live events of a stream in the response pane's Body tab (over `response`).
    case events
    /// The URL field of the request editor.
    case editor
    /// The body editor while it has the keyboard.
    case body
    /// The headers, form or multipart table while it has the keyboard.
    case table
    /// The multipart table (over `table`).
    case multipart
    /// The URL field inside an unclosed `{{` (over `editor`).
    case completion
    /// The search and tree-filter prompts.
    case prompt
    /// The history view.
    case history
    /// The help overlay.
    case help
    /// A diff of two history entries.
    case diff
    /// The quit confirmation.
    case confirm
    /// A confirmation before deleting.
    case confirmDelete
    /// A name prompt.
    case namePrompt
    /// The widgets' pickers.
    case picker
    /// The trash view.
    case trash
    /// The start-up problems.
    case problems
    /// The run of a file or folder.
    case run
    /// The variables view.
    case variables
    /// The cookie jar's view.
    case cookies
    /// The question whether to trust the workspace.
    case trust
    /// The sign-in view and a device sign-in's code.
    case signIn
    /// The form a request's `# @prompt` variables are asked in.
    case promptForm
    /// The body editor of a GraphQL request, with names to complete before the cursor (over `body`).
    case queryCompletion
}

extension KeyMap {
    /// The action bound to `key` in the first of `contexts` that binds it, else globally.
    func action(for key: KeyEvent, in contexts: [KeyContext]) -> String? {
        action(for: key, in: contexts.map(\.rawValue))
    }

    /// The bindings in force in `contexts` (the most specific first), then the global ones.
    func activeBindings(in contexts: [KeyContext]) -> [KeyBinding] {
        activeBindings(in: contexts.map(\.rawValue))
    }

    /// The action bound to `key` in `context` itself (no global fallback), as a dialog reads its keys.
    func action(for key: KeyEvent, onlyIn context: KeyContext) -> String? {
        bindings.first { $0.context == context.rawValue && $0.key == key }?.action
    }

    /// Whether the user unbound `key` in `context` itself (`down = none` under `[picker]`).
    func isUnbound(_ key: KeyEvent, in context: KeyContext) -> Bool {
        isUnbound(key, in: context.rawValue)
    }
}
