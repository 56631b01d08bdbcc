import Testing

@testable import FerryWorkbench

/// `--filter` keeps a request whose id or name contains the text, ignoring case: ASCII on its bytes, other text
/// through Foundation.
@Suite struct RunFilterTests {
    @Test func asciiTextIsMatchedIgnoringCaseAnywhereInIt() {
        #expect(CollectionRun.text("api/users.http#ListUsers", contains: "listusers"))
        #expect(CollectionRun.text("api/users.http#ListUsers", contains: "USERS.HTTP#L"))
        #expect(CollectionRun.text("big.http#r500000", contains: "#r500000"))
        #expect(!CollectionRun.text("big.http#r50000", contains: "#r500000"))
        #expect(!CollectionRun.text("a[b", contains: "{"))
        #expect(CollectionRun.text("x", contains: "x") && !CollectionRun.text("x", contains: "xy"))
    }

    @Test func otherTextIsMatchedByFoundation() {
        #expect(CollectionRun.text("café.http#Crème", contains: "CRÈME"))
        #expect(
            CollectionRun.text("straße.http#1", contains: "STRASSE")
                == "straße".localizedCaseInsensitiveContains("STRASSE"))
        #expect(!CollectionRun.text("café.http#1", contains: "tea"))
    }
}
