import FerryTerminal
import Foundation
import Testing

@testable import FerryApp

/// F1's help is searchable by typing: every printable key is text (none runs a command), Backspace edits, the
/// list keeps only the keys whose key or words hold the search, Esc clears the search and then closes.
struct HelpSearchTests {
    @Test func typingSearchesTheHelpAndEscPeelsTheSearchFirst() throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        var state = try folder.loadState(size: Size(width: 100, height: 40))
        state.feed([.key(.function(1))])
        #expect(state.overlay == .help(scroll: 0))
        let all = OverlayView.helpBindings(in: state, matching: "").count
        // `q`, `j` and `?` are keys elsewhere; here they are the search.
        let effects = state.feed(InputEvent.typing("sendq"))
        #expect(effects.isEmpty && state.overlay == .help(scroll: 0, query: "sendq"))
        state.feed([.key(.backspace)])
        #expect(state.overlay == .help(scroll: 0, query: "send"))
        let found = OverlayView.helpBindings(in: state, matching: "send")
        #expect(!found.isEmpty && found.count < all)
        #expect(
            found.allSatisfy {
                $0.help.localizedCaseInsensitiveContains("send")
                    || $0.key.displayName.localizedCaseInsensitiveContains("send")
            })
        let screen = state.screenText()
        #expect(screen.contains("search: send"), "\(screen)")
        #expect(screen.contains("Send the request"), "\(screen)")
        #expect(!screen.contains("Quit"), "\(screen)")
        state.feed([.key(.escape)])
        #expect(state.overlay == .help(scroll: 0))
        state.feed([.key(.escape)])
        #expect(state.overlay == nil)
    }
}
