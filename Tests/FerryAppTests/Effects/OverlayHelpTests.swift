import FerryTerminal
import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

@testable import FerryApp

/// F1 inside a dialog with keys of its own (the trash, the history, a confirmation) lists that dialog's keys
/// from the key map; Esc or F1 goes back to the dialog as it was. The reducer and the real effect runner on
/// real files, the screen drawn in memory.
@Suite("Help inside dialogs")
struct OverlayHelpTests {
    let folder: TemporaryWorkspace

    init() throws {
        folder = try TemporaryWorkspace.withAPIFolder()
    }

    /// Whether a line of the screen lists `help` with the key `key` as a word of its own.
    static func lists(_ key: String, _ help: String, in screen: String) -> Bool {
        screen.split(separator: "\n").contains { row in
            row.contains(help) && row.split(whereSeparator: { $0 == " " || $0 == "│" }).contains { $0 == key }
        }
    }

    /// Moves `requests.http#get-json` and `#post-json` to the trash (x, y in the tree): two entries.
    func trashTwoRequests(_ driver: EffectDriver) async throws {
        for name in ["get-json", "post-json"] {
            driver.selectTreeRow { $0.requestID == RequestID(parsing: "requests.http#\(name)") }
            try await driver.press(.character("x"), .character("y"))
        }
        let left = try folder.read("requests.http")
        #expect(!left.contains("@name get-json") && !left.contains("@name post-json"), "\(driver.screen)")
    }

    // MARK: - The trash view

    @Test func f1InTheTrashListsItsKeysAndEscGoesBackToTheSameEntry() async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        try await trashTwoRequests(driver)
        try await driver.press(.key(.function(9)), .key(.down))
        #expect(driver.state.showsTrashList(selection: 1) && driver.state.trashRows.count == 2, "\(driver.screen)")

        try await driver.press(.key(.function(1)))
        let help = driver.screen
        #expect(help.contains("Help — keys in the trash view"), "\(help)")
        #expect(Self.lists("Enter", "Restore it where it was", in: help), "\(help)")
        #expect(Self.lists("d", "Delete it for good (asks first)", in: help), "\(help)")
        #expect(Self.lists("D", "Empty the trash (asks first)", in: help), "\(help)")
        #expect(Self.lists("Esc", "Close", in: help), "\(help)")
        // Only the trash's keys: the pane's (which don't work in the trash) are not listed.
        #expect(!help.contains("Send the request") && !help.contains("Duplicate a request"), "\(help)")

        // Keys in the help scroll or search it; they don't reach the trash underneath (d is text here).
        try await driver.press(.key(.down), .character("d"))
        guard case .overlayHelp(under: .trash(let view), _, "d") = driver.state.overlay, view.selection == 1 else {
            Issue.record("help should still be open over the trash: \(String(describing: driver.state.overlay))")
            return
        }
        #expect(driver.screen.contains("Delete it for good"), "the search keeps d's entries: \(driver.screen)")
        try await driver.press(.key(.escape), .key(.escape))
        #expect(driver.state.showsTrashList(selection: 1), "\(driver.screen)")
        #expect(driver.screen.contains("Trash: Enter restores"), "\(driver.screen)")
        // F1 closes it too, and Enter then restores the entry that was selected before help.
        let selected = driver.state.trashRows[1]
        try await driver.press(.key(.function(1)), .key(.function(1)))
        #expect(driver.state.showsTrashList(selection: 1))
        try await driver.press(.key(.enter))
        #expect(driver.screen.contains("Restored"), "\(driver.screen)")
        // The view closed on the restore; opened again, it lists the one entry left.
        try await driver.press(.key(.function(9)))
        #expect(!driver.state.trashRows.contains(selected) && driver.state.trashRows.count == 1, "\(driver.screen)")
    }

    @Test func f1InTheTrashShowsRemappedKeysAsRemapped() async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        let problems = driver.state.keyMap.apply(
            userFile: "[trash]\nx = trash.purge\nd = none\nf1 = none\nf10 = help.show\n")
        #expect(problems.isEmpty, "\(problems)")
        try await trashTwoRequests(driver)
        try await driver.press(.key(.function(9)), .key(.down), .key(.function(1)))
        #expect(driver.state.showsTrashList(selection: 1), "F1 is unbound in the trash now")
        try await driver.press(.key(.function(10)))
        let help = driver.screen
        #expect(Self.lists("x", "Delete it for good (asks first)", in: help), "\(help)")
        #expect(!Self.lists("d", "Delete it for good (asks first)", in: help), "\(help)")
        #expect(Self.lists("F10", "Help", in: help), "\(help)")
        try await driver.press(.key(.escape))
        #expect(driver.state.showsTrashList(selection: 1))
    }

    @Test func f1InATrashConfirmationListsItsKeysAndGoesBackToTheQuestion() async throws {
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        try await trashTwoRequests(driver)
        try await driver.press(.key(.function(9)), .key(.down), .character("d"))
        let asking = driver.state.overlay
        guard case .trash(let view)? = asking, case .purge = view.question, view.selection == 1 else {
            Issue.record("d should ask: \(String(describing: asking))")
            return
        }
        try await driver.press(.key(.function(1)))
        #expect(Self.lists("y", "Delete", in: driver.screen), "\(driver.screen)")
        #expect(Self.lists("n", "Keep it", in: driver.screen), "\(driver.screen)")
        try await driver.press(.key(.escape))
        #expect(driver.state.overlay == asking)
        // n still keeps it and goes back to the same entry of the trash.
        try await driver.press(.character("n"))
        #expect(driver.state.showsTrashList(selection: 1) && driver.state.trashRows.count == 2)
    }

    // MARK: - The history view

    /// Writes three history lines, as sends record them.
    func recordHistory() throws {
        let lines = ["one", "two", "three"].map { name in
            """
            {"method":"GET","requestHeaders":[],"requestID":"requests.http#get-json","requestPath":"requests.http",\
            "requestSize":0,"responseBodyTruncated":false,"responseHeaders":[],"responseSize":0,"status":200,\
            "time":1700000000,"url":"http://127.0.0.1:9/\(name)"}
            """
        }
        try folder.write(".ferry/history.jsonl", lines.joined(separator: "\n") + "\n")
    }

    @Test func f1InTheHistoryListsItsKeysAndEscGoesBackWithTheSelectionAndMark() async throws {
        try recordHistory()
        let driver = try EffectDriver(workspace: folder.url, size: Size(width: 110, height: 40))
        try await driver.press(.key(.function(6)))
        #expect(driver.state.historyView?.entries.count == 3, "\(driver.screen)")
        try await driver.press(.character(" "), .key(.down))
        try await driver.type("/")
        let before = driver.state.overlay
        #expect(
            [before?.historyView?.query, before?.historyView?.selection, before?.historyView?.marked]
                == ["/", 0, 0] as [AnyHashable?], "\(driver.screen)")
        try await driver.press(.key(.down))
        let selected = driver.state.overlay
        #expect(selected?.historyView?.selection == 1 && selected?.historyView?.marked == 0, "\(driver.screen)")

        try await driver.press(.key(.function(1)))
        let help = driver.screen
        #expect(help.contains("Help — keys in the history view"), "\(help)")
        #expect(Self.lists("Space", "Mark for diff / diff with marked", in: help), "\(help)")
        #expect(Self.lists("Ctrl+R", "Send again", in: help), "\(help)")
        #expect(Self.lists("Enter", "Open / toggle", in: help), "\(help)")
        #expect(Self.lists("Esc", "Close", in: help), "\(help)")
        // Typing in the help searches the help, not the history's search field; Esc clears it, then goes back.
        try await driver.type("zz")
        try await driver.press(.key(.escape), .key(.escape))
        #expect(driver.state.overlay == selected, "\(driver.screen)")
        #expect(driver.screen.contains("History (Enter opens"), "\(driver.screen)")
        #expect(driver.screen.contains("search: /"), "\(driver.screen)")
    }
}
