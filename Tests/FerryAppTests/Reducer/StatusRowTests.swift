import FerryTerminal
import Testing

@testable import FerryApp

/// The status bar is one row: a message with line breaks or tabs (a copied JSON value, a server's error) shows
/// them as `\n` and `\t`, never as the screen's `^J` control escapes.
struct StatusRowTests {
    @Test func lineBreaksAndTabsInAMessageAreWrittenAsEscapes() throws {
        let folder = try TemporaryWorkspace.withAPIFolder()
        var state = try folder.loadState(size: Size(width: 100, height: 24))
        state.report(.info("Copied value {\n\t\"a\": 1\r\n}"))
        let bottom =
            state.screenText().split(separator: "\n", omittingEmptySubsequences: false)
            .last { !$0.isEmpty } ?? ""
        #expect(bottom.contains(#"Copied value {\n\t"a": 1\r\n}"#), "\(bottom)")
        #expect(!bottom.contains("^J"), "\(bottom)")
    }
}
