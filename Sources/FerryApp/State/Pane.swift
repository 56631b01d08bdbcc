/// The three panes of the workbench, in Tab order.
enum Pane: Int, CaseIterable, Sendable, Hashable {
    /// The collection tree on the left.
    case tree
    /// The request editor, top right.
    case editor
    /// The response, bottom right.
    case response

    /// The key-map context of the pane.
    var keyContext: KeyContext {
        switch self {
        case .tree: .tree
        case .editor: .editor
        case .response: .response
        }
    }
}

/// The tabs of the request editor.
enum EditorTab: Int, CaseIterable, Sendable, Hashable {
    case params, headers, body, auth, options

    /// The tab's label.
    var title: String {
        switch self {
        case .params: "Params"
        case .headers: "Headers"
        case .body: "Body"
        case .auth: "Auth"
        case .options: "Options"
        }
    }
}

/// The tabs of the response pane.
enum ResponseTab: Int, CaseIterable, Sendable, Hashable {
    case body, headers, timing, request, tests, errors

    /// The tab's label.
    var title: String {
        switch self {
        case .body: "Body"
        case .headers: "Headers"
        case .timing: "Timing"
        case .request: "Request"
        case .tests: "Tests"
        case .errors: "Errors"
        }
    }
}
