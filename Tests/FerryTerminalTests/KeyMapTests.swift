import FerryTerminal
import Testing

@Suite struct KeyMapTests {
    let defaults = KeyMap([
        KeyBinding(KeyEvent(.character("q")), action: "quit", help: "Quit"),
        KeyBinding(KeyEvent(.character("s"), modifiers: .control), action: "request.send", help: "Send the request"),
        KeyBinding(KeyEvent(.down), action: "list.next", help: "Next item", context: "list"),
        KeyBinding(KeyEvent(.up), action: "list.previous", help: "Previous item", context: "list"),
        KeyBinding(KeyEvent(.down), action: "focus.next", help: "Next pane"),
    ])

    @Test func notationRoundTrips() {
        let written = [
            "ctrl+s", "alt+x", "shift+tab", "f5", "up", "pgdn", "enter", "esc", "space", "q", "?", "ctrl+alt+delete",
            "plus",
        ]
        for text in written {
            let key = KeyEvent(notation: text)
            #expect(key != nil, "\(text)")
            #expect(key?.notation == text)
        }
        #expect(KeyEvent(notation: "Ctrl+S") == KeyEvent(.character("s"), modifiers: .control))
        #expect(KeyEvent(notation: "G") == KeyEvent(.character("G")))
        #expect(KeyEvent(notation: "ctrl++") == KeyEvent(.character("+"), modifiers: .control))
        #expect(KeyEvent(notation: "hyper+x") == nil)
        #expect(KeyEvent(notation: "f99") == nil)
        #expect(KeyEvent(notation: "ctrl+s")?.displayName == "Ctrl+S")
        #expect(KeyEvent(notation: "shift+tab")?.displayName == "Shift+Tab")
        #expect(KeyEvent(notation: "up")?.displayName == "↑")
    }

    @Test func dispatchPrefersTheSpecificContext() {
        #expect(defaults.action(for: KeyEvent(.down), in: ["list"]) == "list.next")
        #expect(defaults.action(for: KeyEvent(.down), in: ["editor"]) == "focus.next")
        #expect(defaults.action(for: KeyEvent(.character("q")), in: ["list"]) == "quit")
        #expect(defaults.action(for: KeyEvent(.character("x"))) == nil)
    }

    @Test func helpListsOneBindingPerKey() {
        let active = defaults.activeBindings(in: ["list"])
        #expect(active.map(\.action) == ["list.next", "list.previous", "quit", "request.send"])
    }

    @Test func userFileRemapsUnbindsAndReportsProblems() {
        var keyMap = defaults
        let problems = keyMap.apply(
            userFile: """
                # my keys
                ctrl+enter = request.send   # as in Postman
                f5 = request.sned
                hyper+q = quit
                [list]
                j = list.next
                down = none
                nonsense line
                """)
        #expect(problems.map(\.line) == [3, 4, 8])
        #expect(problems.map(\.column) == [6, 1, nil], "the unknown action and key are placed")
        #expect(problems[0].reason.contains("unknown action \"request.sned\""))
        #expect(problems[1].reason.contains("unknown key \"hyper+q\""))
        #expect(keyMap.action(for: KeyEvent(.enter, modifiers: .control)) == "request.send")
        #expect(keyMap.bindings(for: "request.send").count == 2)
        #expect(keyMap.action(for: KeyEvent(.character("j")), in: ["list"]) == "list.next")
        #expect(keyMap.action(for: KeyEvent(.down), in: ["list"]) == "focus.next")
        #expect(keyMap.bindings(for: "request.send").allSatisfy { $0.help == "Send the request" })
    }

    @Test func aLineThatIsNotUTF8IsReportedAtItsByteAndTheRestStillApplies() {
        var keyMap = defaults
        var bytes = Array("ctrl+enter = request.send\n# caf".utf8)
        bytes += [0xE9]  // Latin-1 "é": not UTF-8
        bytes += Array(" notes\n  j = quit\n".utf8)
        let problems = keyMap.apply(userFile: bytes)
        #expect(problems == [KeyMapProblem(line: 2, column: 6, reason: "not UTF-8 text; the line is skipped")])
        #expect(keyMap.action(for: KeyEvent(.enter, modifiers: .control)) == "request.send", "before it")
        #expect(keyMap.action(for: KeyEvent(.character("j"))) == "quit", "after it")
    }

    @Test func aLongUnknownNameIsQuotedShort() {
        var keyMap = defaults
        let problems = keyMap.apply(userFile: "q = " + String(repeating: "x", count: 500))
        #expect(problems.count == 1)
        #expect(problems[0].column == 5)
        #expect(problems[0].reason.count < 70, "\(problems[0].reason)")
    }

    @Test func anUnbindingIsRememberedInItsContextUntilTheKeyIsBoundAgain() {
        var keyMap = defaults
        keyMap.apply(userFile: "[list]\ndown = none\nf1 = none\n")
        #expect(keyMap.isUnbound(KeyEvent(.down), in: "list"))
        #expect(keyMap.isUnbound(KeyEvent(.function(1)), in: "list"), "a key the map never bound is remembered too")
        #expect(!keyMap.isUnbound(KeyEvent(.up), in: "list"), "a key still bound")
        #expect(!keyMap.isUnbound(KeyEvent(.down), in: KeyMap.global), "only in the context it was unbound in")
        #expect(keyMap.action(for: KeyEvent(.down), in: ["list"]) == "focus.next", "dispatch still falls back")
        #expect(keyMap != defaults)

        keyMap.apply(userFile: "[list]\ndown = list.previous\n")
        #expect(!keyMap.isUnbound(KeyEvent(.down), in: "list"), "binding the key again forgets the unbinding")
        #expect(keyMap.action(for: KeyEvent(.down), in: ["list"]) == "list.previous")
        keyMap.unbind(KeyEvent(.function(1)), context: "list")
        keyMap.bind(KeyBinding(KeyEvent(.function(1)), action: "quit", help: "Quit", context: "list"))
        #expect(keyMap.unboundKeys.isEmpty)
    }
}
