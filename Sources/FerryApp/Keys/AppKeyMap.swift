import FerryTerminal

/// The default key bindings: one table drives dispatch, the help overlay, the palette and the user's
/// key-map file (`.ferry/keys.conf` or `~/.config/ferry/keys.conf`).
enum AppKeyMap {
    /// The bindings Ferry starts with.
    static let defaults: KeyMap = {
        var bindings: [KeyBinding] = []
        func bind(_ notation: String, _ command: AppCommand, _ help: String, _ contexts: [KeyContext] = [.global]) {
            for context in contexts {
                if let binding = KeyBinding(notation, action: command.rawValue, help: help, context: context.rawValue) {
                    bindings.append(binding)
                }
            }
        }
        let lists: [KeyContext] = [.tree, .response, .history, .help, .diff, .problems]
        // Global
        bind("ctrl+r", .send, "Send the request")
        bind("f5", .send, "Send the request")
        bind("esc", .cancel, "Cancel the request in flight")
        bind("ctrl+e", .nextEnvironment, "Next environment")
        bind("f2", .pickEnvironment, "Pick an environment")
        bind("ctrl+s", .save, "Save the request to its file")
        bind("f6", .history, "History")
        bind("ctrl+q", .quit, "Quit")
        bind("f1", .help, "Help")
        bind("ctrl+p", .palette, "Command palette")
        bind("tab", .nextPane, "Next pane")
        bind("shift+tab", .previousPane, "Previous pane")
        bind("f3", .cycleMethod, "Pick the HTTP method")
        bind("f4", .editBody, "Edit the body in $EDITOR")
        // Not in the text fields (the URL, the body editor, the tables), where Ctrl-Z undoes.
        bind("ctrl+z", .suspend, "Suspend to the shell (fg resumes)", [.tree, .response])
        bind("ctrl+t", .nextTab, "Next tab")
        bind("up", .up, "Up", lists)
        bind("down", .down, "Down", lists)
        bind("pgup", .pageUp, "Page up", lists)
        bind("pgdn", .pageDown, "Page down", lists)
        bind("home", .home, "First row", lists)
        bind("end", .end, "Last row", lists)
        bind("enter", .activate, "Open / toggle", lists)
        // Tree and response
        bind("k", .up, "Up", [.tree, .response])
        bind("j", .down, "Down", [.tree, .response])
        bind("left", .left, "Collapse", [.tree, .response])
        bind("right", .right, "Expand", [.tree, .response])
        bind("?", .help, "Help", [.tree, .response])
        // The live events of a stream (the response pane's Body tab while it arrives)
        bind("up", .up, "Select the event before (from none, the newest)", [.events])
        bind("k", .up, "Select the event before (from none, the newest)", [.events])
        bind("down", .down, "Select the event after (past the newest, follow the newest)", [.events])
        bind("j", .down, "Select the event after (past the newest, follow the newest)", [.events])
        bind("pgup", .pageUp, "Select the oldest event kept", [.events])
        bind("home", .home, "Select the oldest event kept", [.events])
        bind("pgdn", .pageDown, "Select none: follow the newest event", [.events])
        bind("end", .end, "Select none: follow the newest event", [.events])
        bind("enter", .activate, "Collapse or expand the selected event's JSON data", [.events])
        bind("left", .left, "Collapse the selected event's JSON data a level", [.events])
        bind("right", .right, "Expand the selected event's JSON data a level", [.events])
        bind("/", .filterTree, "Filter requests", [.tree])
        bind("a", .newRequest, "New request in this file", [.tree])
        bind("r", .rename, "Rename a request, file or folder", [.tree])
        bind("d", .duplicate, "Duplicate a request, file or folder", [.tree])
        bind("delete", .deleteRequest, "Delete to the trash (asks first)", [.tree])
        bind("x", .deleteRequest, "Delete to the trash (asks first)", [.tree])
        bind("m", .move, "Move: a request to a file, a file or folder into a folder", [.tree])
        bind("f", .newFolder, "New folder", [.tree])
        bind(
            "u", .undo, "Undo the last file change of the tree (new, rename, duplicate, move, delete, import)", [.tree]
        )
        bind("/", .search, "Filter with a JSON query (.a[].b, $..id) or search text", [.response])
        bind("n", .nextMatch, "Next match", [.response])
        bind("shift+n", .previousMatch, "Previous match", [.response])
        bind("N", .previousMatch, "Previous match", [.response])
        bind("]", .nextTab, "Next tab", [.response])
        bind("[", .previousTab, "Previous tab", [.response])
        bind("e", .expandAll, "Expand all", [.response])
        bind("c", .collapseAll, "Collapse all", [.response])
        bind("y", .copyValue, "Copy the value (OSC 52)", [.response])
        bind("p", .copyPath, "Copy the path (OSC 52)", [.response])
        // Editor (text field)
        bind("left", .left, "Cursor left", [.editor, .prompt, .history])
        bind("right", .right, "Cursor right", [.editor, .prompt, .history])
        bind("home", .home, "Start of the line", [.editor, .prompt])
        bind("end", .end, "End of the line", [.editor, .prompt])
        bind("backspace", .backspace, "Delete backwards", [.editor, .prompt, .history, .help])
        bind("delete", .delete, "Delete forwards", [.editor, .prompt])
        bind("enter", .send, "Send the request", [.editor])
        bind("down", .editBodyHere, "Edit the body or the headers (on their tab)", [.editor])
        bind("esc", .leaveBody, "Back to the URL", [.body, .table])
        bind("tab", .complete, "Complete the {{variable}} name", [.completion])
        // Dialogs
        bind("esc", .dismiss, "Close", [.help, .confirm, .prompt, .history])
        bind("esc", .dismiss, "Back to the list or question under it", [.diff])
        bind("f1", .dismiss, "Close", [.help])
        bind("q", .dismiss, "Back to the list or question under it", [.diff])
        bind("enter", .dismiss, "Done", [.prompt])
        bind("up", .up, "The query before (the / prompt's history)", [.prompt])
        bind("down", .down, "The query after, then back to what was typed", [.prompt])
        bind("y", .confirm, "Quit without saving", [.confirm])
        bind("n", .dismiss, "Stay", [.confirm])
        bind("ctrl+q", .confirm, "Quit without saving", [.confirm])
        bind("y", .yes, "Delete", [.confirmDelete])
        bind("n", .dismiss, "Keep it", [.confirmDelete])
        bind("esc", .dismiss, "Keep it", [.confirmDelete])
        bind("space", .mark, "Mark for diff / diff with marked", [.history])
        bind("ctrl+r", .send, "Send again", [.history])
        // Body kinds (last, so the help pages above them stay as they were)
        bind("f7", .pickBodyKind, "Pick the body kind (none, JSON, text, form, multipart, file)")
        bind("f8", .formatBody, "Format the JSON body")
        bind("ctrl+f", .toggleFileField, "Make the field a file (< ./path) or text again", [.multipart])
        // Import and export (last too)
        bind("Y", .copyAsCurl, "Copy the request as a curl command (OSC 52)", [.tree, .response])
        bind("shift+y", .copyAsCurl, "Copy the request as a curl command (OSC 52)", [.tree, .response])
        bind("alt+y", .copyAsCode, "Copy the request as code: Swift, Python, JavaScript, HTTPie or Go")
        bind("i", .importFile, "Import a curl command, Postman collection or OpenAPI file", [.tree])
        // The trash (last too)
        bind("f9", .trash, "Trash: restore a deleted request, file or folder")
        for (key, command, help) in [
            ("up", AppCommand.up, "Up"), ("down", .down, "Down"), ("k", .up, "Up"), ("j", .down, "Down"),
            ("pgup", .pageUp, "Page up"), ("pgdn", .pageDown, "Page down"), ("home", .home, "First row"),
            ("end", .end, "Last row"), ("enter", .activate, "Restore it where it was"), ("esc", .dismiss, "Close"),
            ("q", .dismiss, "Close"), ("f9", .dismiss, "Close"),
            ("d", .purgeTrashEntry, "Delete it for good (asks first)"),
            ("delete", .purgeTrashEntry, "Delete it for good (asks first)"),
            ("D", .emptyTrash, "Empty the trash (asks first)"),
            ("shift+d", .emptyTrash, "Empty the trash (asks first)"),
        ] {
            bind(key, command, help, [.trash])
        }
        // The trust question (last too)
        for (key, command, help) in [
            ("up", AppCommand.up, "Up"), ("down", .down, "Down"), ("k", .up, "Up"), ("j", .down, "Down"),
            ("pgup", .pageUp, "Page up"), ("pgdn", .pageDown, "Page down"), ("home", .home, "First row"),
            ("end", .end, "Last row"), ("y", .yes, "Trust the workspace (kept in your config)"),
            ("n", .dismiss, "Keep it in safe mode"), ("esc", .dismiss, "Keep it in safe mode"),
            ("ctrl+q", .quit, "Quit without answering"),
        ] {
            bind(key, command, help, [.trust])
        }
        // The widgets' pickers (palette, environment, method, auth, options, body kind) and name prompts (last
        // too): the keys the widgets read, as they always were; the router hands the widget the key it reads for
        // the bound command. Typing (any key not bound here) filters the list or edits the name.
        for (key, command, help) in [
            ("up", AppCommand.up, "Up"), ("down", .down, "Down"), ("pgup", .pageUp, "Page up"),
            ("pgdn", .pageDown, "Page down"), ("enter", .activate, "Choose the selected row"),
            ("esc", .dismiss, "Close"),
        ] {
            bind(key, command, help, [.picker])
        }
        bind("enter", .activate, "Done", [.namePrompt])
        bind("esc", .dismiss, "Cancel", [.namePrompt])
        for (key, command, help) in [
            ("left", AppCommand.left, "Cursor left"), ("right", .right, "Cursor right"),
            ("home", .home, "Start of the line"), ("end", .end, "End of the line"),
            ("backspace", .backspace, "Delete backwards"), ("delete", .delete, "Delete forwards"),
        ] {
            bind(key, command, help, [.picker, .namePrompt])
        }
        // The problems found at start-up (last too).
        bind("f10", .problems, "Problems and messages: what could not be loaded, and this session's messages whole")
        bind("esc", .dismiss, "Close", [.problems])
        bind("q", .dismiss, "Close", [.problems])
        bind("f10", .dismiss, "Close", [.problems])
        // Runs of a file or folder, and scripts (last too).
        bind("ctrl+g", .runSelection, "Run the selected file or folder (its requests, scripts and tests)")
        bind("R", .runSelection, "Run the selected file or folder (its requests, scripts and tests)", [.tree])
        bind("shift+r", .runSelection, "Run the selected file or folder (its requests, scripts and tests)", [.tree])
        bind(
            "L", .loadSelection, "Load test the selection, live: 30s 8 = 8 senders for 30 s, 1m 200/s = 200 a second",
            [.tree])
        bind(
            "shift+l", .loadSelection,
            "Load test the selection, live: 30s 8 = 8 senders for 30 s, 1m 200/s = 200 a second", [.tree])
        for (key, command, help) in [
            ("up", AppCommand.up, "Up"), ("down", .down, "Down"), ("k", .up, "Up"), ("j", .down, "Down"),
            ("pgup", .pageUp, "Page up"), ("pgdn", .pageDown, "Page down"), ("home", .home, "First row"),
            ("end", .end, "Last row"), ("enter", .activate, "Open the request and its exchange"),
            ("esc", .cancelRun, "Cancel the run (once it ended: close)"), ("q", .dismiss, "Close (the run goes on)"),
        ] {
            bind(key, command, help, [.run])
        }
        bind("f4", .editScript, "Edit the request's script in $EDITOR at its line (Body tab: the body)", [.editor])
        // The variables of the environment and the scripts' globals (last too).
        bind("f12", .variables, "Variables: the environment's and the scripts' globals (secrets masked)")
        for (key, command, help) in [
            ("up", AppCommand.up, "Up"), ("down", .down, "Down"), ("k", .up, "Up"), ("j", .down, "Down"),
            ("pgup", .pageUp, "Page up"), ("pgdn", .pageDown, "Page down"), ("home", .home, "First row"),
            ("end", .end, "Last row"), ("esc", .dismiss, "Close"), ("q", .dismiss, "Close"), ("f12", .dismiss, "Close"),
        ] {
            bind(key, command, help, [.variables])
        }
        // The cookie jar (last too).
        bind("f11", .cookies, "Cookies: list, inspect, delete and clear the jar's cookies")
        for (key, command, help) in [
            ("up", AppCommand.up, "Up"), ("down", .down, "Down"), ("k", .up, "Up"), ("j", .down, "Down"),
            ("pgup", .pageUp, "Page up"), ("pgdn", .pageDown, "Page down"), ("home", .home, "First row"),
            ("end", .end, "Last row"), ("d", .deleteCookie, "Delete the selected cookie (asks first)"),
            ("delete", .deleteCookie, "Delete the selected cookie (asks first)"),
            ("D", .clearCookies, "Clear every cookie (asks first)"),
            ("shift+d", .clearCookies, "Clear every cookie (asks first)"), ("esc", .dismiss, "Close"),
            ("q", .dismiss, "Close"),
            ("f11", .dismiss, "Close"),
        ] {
            bind(key, command, help, [.cookies])
        }
        // Editing the environments from the variables view (last too).
        bind("enter", .editVariable, "Edit the value (written into the active environment)", [.variables])
        bind("n", .newEnvironment, "Add an environment to http-client.env.json", [.variables])
        bind("r", .revealSecrets, "Reveal the secrets' values, or mask them again (shown here only)", [.variables])
        bind("a", .addVariable, "Add a variable to the active environment (public or private file)", [.variables])
        // F1 in a dialog with keys of its own lists them (last too); F1 or Esc goes back to the dialog.
        bind("f1", .help, "Keys of this view", AppReducer.overlayHelpContexts)
        // Seeing everything (last too): long lines, and room for a pane.
        bind("w", .toggleWrap, "Wrap long lines, or cut them with …", [.response])
        bind(">", .scrollRight, "Scroll the lines right", [.response])
        bind("<", .scrollLeft, "Scroll the lines left", [.response])
        bind("ctrl+b", .toggleTree, "Hide or show the collection tree")
        bind("ctrl+o", .maximize, "Maximize the focused pane, or show all panes again")
        bind("alt+l", .widenTree, "Widen the tree (kept for the workspace; or drag its border)")
        bind("alt+h", .narrowTree, "Narrow the tree")
        bind("alt+j", .growEditor, "Make the editor taller (or drag its bottom border)")
        bind("alt+k", .shrinkEditor, "Make the editor shorter")
        bind("v", .showValue, "Open the value whole (the node, the line, a tab's top row)", [.response])
        // Saving the response body (last too).
        bind("s", .saveBody, "Save the body to a file (asks where; never replaces a file without asking)", [.response])
        bind("o", .showBodyInPager, "Show the body in $PAGER (less), named for its type", [.response])
        bind("O", .showBodyInEditor, "Show the body in $EDITOR (edits are not read back)", [.response])
        // Themes (last too): T in the tree or the response picks one, previewing each (the function keys are taken).
        bind(
            "T", .pickTheme, "Pick a theme (each shows as you move; Enter keeps it, Esc restores)", [.tree, .response])
        // GraphQL (last too): the endpoint's schema, completing names in the query.
        bind("ctrl+l", .refreshSchema, "Fetch the GraphQL schema or gRPC descriptors again (cached in .ferry)")
        bind("tab", .completeQuery, "Complete the GraphQL name or the gRPC message field", [.queryCompletion])
        // WebSocket conversations (last too)
        bind("m", .webSocketMessage, "Send a message on the open WebSocket", [.response])
        bind("X", .webSocketClose, "Close the open WebSocket with a code (1000 offered)", [.response])
        bind("shift+x", .webSocketClose, "Close the open WebSocket with a code (1000 offered)", [.response])
        // The tables (headers, query parameters, form and multipart fields) while browsing rows (last too). They
        // are text-entry contexts: a printable character edits the selected cell, so no letter is bound here.
        for (key, command, help) in [
            ("up", AppCommand.up, "Row above"), ("down", .down, "Row below"), ("pgup", .pageUp, "Page up"),
            ("pgdn", .pageDown, "Page down"), ("home", .home, "First row"), ("end", .end, "Last row"),
            ("left", .left, "Name column"), ("right", .right, "Value column"),
            ("enter", .editCell, "Edit the cell (typing a character edits it too)"),
            ("insert", .addRow, "Add a row below (typing on an empty table adds one too)"),
            ("delete", .deleteRow, "Remove the row (Ctrl-Z brings it back)"),
            ("ctrl+space", .toggleRow, "Turn the row on or off"),
            ("ctrl+z", .undoRows, "Undo the last change to the rows"),
        ] {
            bind(key, command, help, [.table])
        }
        // Sign-in (last too): the view of the environment's configurations, a device sign-in's code.
        for (key, command, help) in [
            ("up", AppCommand.up, "Up"), ("down", .down, "Down"), ("k", .up, "Up"), ("j", .down, "Down"),
            ("r", .renewSignIn, "Sign in again: forget the cached token, get a fresh one (the open request's)"),
            ("esc", .dismiss, "Close (a device code: cancel the sign-in)"),
            ("q", .dismiss, "Close (a device code: cancel the sign-in)"),
        ] {
            bind(key, command, help, [.signIn])
        }
        // The # @prompt form (last too): its fields are text, so only movement, Enter, Esc and erasing are bound.
        for (key, command, help) in [
            ("up", AppCommand.up, "Up"), ("down", .down, "Down"), ("tab", .down, "Next field"),
            ("shift+tab", .up, "Field before"), ("enter", .activate, "Done"), ("esc", .dismiss, "Cancel"),
            ("backspace", .backspace, "Delete backwards"), ("delete", .delete, "Delete forwards"),
        ] {
            bind(key, command, help, [.promptForm])
        }
        // Composition (last too): vim's Ctrl-] goes to what an `import` / `run` line names.
        bind("ctrl+]", .goToDefinition, "Go to what the open request's run line (else its file's import) names")
        // A malformed payload on purpose: the JSON check before a send is skipped (last, as the tables).
        bind("alt+r", .sendAsWritten, "Send the body as written, even JSON that does not parse")
        return KeyMap(bindings)
    }()

    /// The keys no key-map file may change, in any context: Ctrl-Q quits, F1 lists the keys and Esc peels or
    /// closes, whatever a file says (a repository's `.ferry/keys.conf` must not lock the user in).
    static let reservedKeys: Set<KeyEvent> = Set(["ctrl+q", "f1", "esc"].compactMap { KeyEvent(notation: $0) })

    /// The first key bound to `command`, for hints: `Ctrl+R`.
    static func hint(for command: AppCommand, in keyMap: KeyMap) -> String? {
        keyMap.bindings(for: command.rawValue).first?.key.displayName
    }
}
