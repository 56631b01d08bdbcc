import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// The workbench's safety rules as properties over generated input, the way the fuzzers prove the parsers:
/// typing printable characters in any text-entry context never changes a file, removes a row or sends; Esc
/// peels one layer at a time and cancels a transfer only when nothing is left to peel; every change to a
/// table's rows is taken back by Ctrl-Z. Each run is seeded; a failure names its run and its keys.
@Suite("Safe keys, as properties", .offThePool) struct SafeKeysPropertyTests {
    /// Every printable ASCII character, and some that are not ASCII.
    static let alphabet: [Character] =
        (0x20...0x7E).compactMap { UnicodeScalar($0).map(Character.init) } + ["é", "ß", "€", "日", "🙂"]

    /// Sequences generated per context, and their longest length.
    static let sequencesPerContext = 150
    static let longest = 24

    static let workspaceFiles = [
        "forms.http": """
        ### Form
        # @name form
        POST {{host}}/form
        Content-Type: application/x-www-form-urlencoded

        a=1&b=two

        ### Upload
        # @name upload
        POST {{host}}/upload
        Content-Type: multipart/form-data; boundary=B

        --B
        Content-Disposition: form-data; name="title"

        Hello
        --B--

        """,
        "prompts.http": """
        ### Login
        # @name login
        # @prompt user "Your user name"
        # @prompt password
        POST {{host}}/login

        {"user": "{{user}}", "password": "{{password}}"}

        """,
    ]

    /// A text-entry context: which request is open, and the keys that reach the context from the tree.
    struct Context: CustomStringConvertible, Sendable {
        var name: String
        var opening: RequestID?
        var keys: [InputEvent]
        var description: String { name }
    }

    static let post = RequestID(path: "requests.http", selector: "post-json")
    static let form = RequestID(path: "forms.http", selector: "form")
    static let upload = RequestID(path: "forms.http", selector: "upload")
    static let login = RequestID(path: "prompts.http", selector: "login")

    /// The contexts where typing is text.
    static let contexts: [Context] = [
        Context(name: "URL field", keys: [.key(.tab)]),
        Context(name: "params table", keys: [.key(.tab), .key(.down), .key(.insert), .character("q"), .key(.enter)]),
        Context(name: "params cell being edited", keys: [.key(.tab), .key(.down), .key(.insert)]),
        Context(name: "headers table", keys: [.key(.tab), .control("t"), .key(.down)]),
        Context(
            name: "body editor", opening: post, keys: [.key(.tab), .control("t"), .control("t"), .key(.down)]),
        Context(
            name: "form fields table", opening: form,
            keys: [.key(.tab), .control("t"), .control("t"), .key(.down)]),
        Context(
            name: "multipart table", opening: upload,
            keys: [.key(.tab), .control("t"), .control("t"), .key(.down)]),
        Context(name: "tree filter", keys: [.character("/")]),
        Context(name: "new request name", keys: [.character("a")]),
        Context(name: "palette query", keys: [.control("p")]),
        Context(name: "environment picker query", keys: [.key(.function(2))]),
        Context(name: "prompt form", opening: login, keys: [.control("r")]),
    ]

    /// The effects that only read, or keep a draft: nothing else may come of typing.
    static func isHarmless(_ effect: Effect) -> Bool {
        switch effect {
        case .writeDraft, .loadGraphQLSchemas: true
        case .onFiles(let work, _):
            switch work {
            case .loadHistory, .loadVariables, .loadTrash, .loadRecordedResponses: true
            default: false
            }
        default: false
        }
    }

    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace(
            requests: TemporaryWorkspace.sampleRequests,
            environments: ["local": "http://127.0.0.1:9", "b": "http://b"], extraFiles: Self.workspaceFiles)
    }

    /// The state at launch, with `id` open and the tree focused.
    func launched(opening id: RequestID? = nil) throws -> AppState {
        var state = try folder.loadState(size: Size(width: 100, height: 30))
        if let id {
            _ = AppReducer.perform(.show(id), &state)
            state.panes.focus = .tree
        }
        return state
    }

    /// What typing must leave alone in a context.
    struct Snapshot: Equatable {
        var files: [WorkspaceFile]
        var exchanges: [String]
        var rows: [KeyValueRow]?
        var overlayKind: String?

        init(_ state: AppState) {
            files = state.workspace.files
            exchanges = state.response.exchanges.keys.map(\.description).sorted()
            rows = (state.paramsTable ?? state.headerTable ?? state.bodyTable)?.rows
            overlayKind = state.overlay.map { String(String(describing: $0).prefix { $0 != "(" }) }
        }
    }

    @Test(arguments: contexts)
    func printableCharactersNeverChangeFilesRowsOrSend(context: Context) throws {
        var start = try launched(opening: context.opening)
        start.feed(context.keys)
        let before = Snapshot(start)
        if context.name.hasSuffix("table") || context.name.hasSuffix("edited") {
            #expect(before.rows != nil, "\(context) not reached: \(start.keyContexts)")
        }
        if context.name == "body editor" { #expect(start.bodyEditor != nil, "\(context) not reached") }
        if context.name == "prompt form" { #expect(start.prompts.form != nil, "\(context) not reached") }
        var generator = SeededGenerator(
            seed: UInt64(context.name.unicodeScalars.reduce(0) { $0 &* 31 &+ UInt64($1.value) }))
        for sequence in 0..<Self.sequencesPerContext {
            var state = start
            let length = Int.random(in: 1...Self.longest, using: &generator)
            let typed = String((0..<length).map { _ in Self.alphabet.randomElement(using: &generator) ?? "x" })
            var effects: [Effect] = []
            for event in InputEvent.typing(typed) { effects += state.feed([event]) }
            let harmful = effects.filter { !Self.isHarmless($0) }
            let name = "\(context) #\(sequence) \(typed.debugDescription)"
            #expect(harmful.isEmpty, "\(name): \(harmful)")
            let after = Snapshot(state)
            #expect(after.files == before.files, "\(name) changed a file")
            #expect(after.exchanges == before.exchanges, "\(name) sent")
            #expect(after.rows == before.rows, "\(name) changed the rows")
            #expect(after.overlayKind == before.overlayKind, "\(name) closed or changed the dialog")
        }
    }

    /// Keys that add a transient layer (a filter, a maximized pane, a selection, a tab's editor, a dialog) and
    /// run no command (the palette is left out: Enter there runs whatever was typed).
    static let layerKeys: [[InputEvent]] = [
        [.character("/"), .character("j"), .key(.enter)], [.control("o")], [.key(.tab)],
        [.key(.tab, modifiers: .shift)], [.key(KeyEvent(.home, modifiers: .shift))], [.key(.down)],
        [.control("t")], [.key(.function(1))], [.character("/"), .character("x")], [.character("j")],
    ]

    @Test func escPeelsOneLayerAtATimeAndCancelsOnlyWhenNothingIsLeft() throws {
        var generator = SeededGenerator(seed: 7)
        var peeled = 0
        for run in 0..<300 {
            var state = try launched()
            state.feed([.control("r")])
            let sending = try #require(state.openRequest)
            var path: [InputEvent] = [.control("r")]
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                let keys = Self.layerKeys.randomElement(using: &generator) ?? []
                path += keys
                state.feed(keys)
            }
            var canceled = false
            for _ in 0..<16 where !canceled {
                let layer = state.nextEscape
                if layer == .nothing { break }
                let effects = state.feed([.key(.escape)])
                let cancels = effects.contains { if case .cancel = $0 { true } else { false } }
                #expect(!cancels || layer == .transfer, "run \(run): Esc canceled over \(layer); keys \(path)")
                if cancels { canceled = true } else { peeled += 1 }
            }
            // The keys never open another request, so the peeling ends at the transfer, canceled.
            #expect(state.openRequest == sending, "run \(run): keys \(path)")
            #expect(canceled, "run \(run): Esc never reached the transfer; keys \(path), left \(state.nextEscape)")
        }
        #expect(peeled > 100, "the generated keys made layers to peel")
    }

    /// Table changes users make by keys, each taken back by nothing but Ctrl-Z, also after the keyboard left the
    /// table and came back.
    static let tableChanges: [[InputEvent]] = [
        [.key(.insert), .character("n"), .key(.tab), .character("v"), .key(.enter)],
        [.key(.delete)], [.key(KeyEvent(.character(" "), modifiers: .control))],
        [.character("x"), .key(.enter), .key(.enter)], [.key(.down)], [.key(.up)],
        [.key(.right), .character("="), .character("1"), .key(.enter)], [.key(.left)],
        [.key(.enter), .key(.backspace), .key(.enter)],
        // Leaving the table (Esc on a row) and coming back (Down from the URL): the history goes on.
        [.key(.escape), .key(.escape), .key(.down)],
    ]

    @Test func everyChangeToATablesRowsIsTakenBackByCtrlZ() throws {
        var generator = SeededGenerator(seed: 99)
        for run in 0..<200 {
            var state = try launched()
            state.feed([.key(.tab), .key(.down)])
            let url = state.currentRequest?.fullURL
            let rows = state.paramsTable?.rows
            var path: [InputEvent] = []
            for _ in 0..<Int.random(in: 1...10, using: &generator) {
                let keys = Self.tableChanges.randomElement(using: &generator) ?? []
                path += keys
                state.feed(keys)
            }
            for _ in 0..<60 where state.paramsTable?.canUndo == true { state.feed([.control("z")]) }
            #expect(state.paramsTable?.rows == rows, "run \(run): keys \(path)")
            #expect(state.currentRequest?.fullURL == url, "run \(run): keys \(path)")
        }
    }
}
