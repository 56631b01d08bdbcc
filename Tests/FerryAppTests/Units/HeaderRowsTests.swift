import FerryWorkbench
import Testing

@testable import FerryApp

/// The headers table of a request and back, disabled rows kept as comments.
@Suite("Header rows")
struct HeaderRowsTests {
    @Test func headerRowsRoundTripWithDisabledRowsAsComments() {
        var request = SavedRequest(url: "http://x", headers: [("Accept", "text/plain")])
        request.headerLines.append(.comment("# X-Off: 1"))
        request.headerLines.append(.comment("# a plain comment"))
        let table = HeaderRows.table(for: request)
        #expect(table.rows.map(\.name) == ["Accept", "X-Off"])
        #expect(table.rows.map(\.isEnabled) == [true, false])
        #expect(
            HeaderRows.lines(from: table.rows) == [.field(name: "Accept", value: "text/plain"), .comment("# X-Off: 1")])
    }
}
