import FerryHTTP
import FerryWorkbench
import Testing

@testable import FerryApp

/// A send moving on, over the response pane's state on its own: only the exchange of the send reported on
/// changes (a replaced send's reports find nothing), a failed preparation drops the exchange with a message
/// about the request, and the tests' summary is said for the open request only.
struct TransferFeatureTests {
    static let open = RequestID(path: "a.http", selector: "one")
    static let other = RequestID(path: "a.http", selector: "two")

    static func pane() -> ResponseFeature.State {
        var state = ResponseFeature.State()
        state.exchanges[open] = Exchange(id: .first, requestID: open)
        state.exchanges[other] = Exchange(id: .first.next, requestID: other)
        return state
    }

    static let context = TransferFeature.Context(openRequest: open, drafts: [:])

    @Test func onlyTheReportedSendsExchangeMoves() {
        var state = Self.pane()
        var progress = TransferProgress()
        progress.bytesReceived = 10
        _ = TransferFeature.reduce(.progressed(progress, elapsed: .seconds(1)), of: .first.next, &state, Self.context)
        #expect(state.exchanges[Self.other]?.progress.bytesReceived == 10)
        #expect(state.exchanges[Self.open]?.progress.bytesReceived == 0)
        let replaced = SendID.first.next.next
        _ = TransferFeature.reduce(.retryStarted(attempt: 2), of: replaced, &state, Self.context)
        #expect(state.exchanges.values.allSatisfy { $0.attempt == 1 }, "a replaced send's report finds nothing")
    }

    @Test func aFailedPreparationDropsTheExchangeAndSaysWhyAboutTheRequest() {
        var state = Self.pane()
        let failed = TransferFeature.reduce(
            .preparationFailed("unknown variable host"), of: .first, &state, Self.context)
        #expect(state.exchanges[Self.open] == nil && state.exchanges[Self.other] != nil)
        guard case .report(let message)? = failed.requests.first else {
            Issue.record("expected the reason, got \(failed.requests)")
            return
        }
        #expect(message.isError && message.subject == .request(Self.open, draft: nil))
    }

    @Test func theTestsSummaryIsForTheOpenRequestOnly() {
        var state = Self.pane()
        state.testsCursor = 3
        var outcome = ScriptOutcome()
        outcome.tests = [
            ScriptTestResult(name: "ok", passed: true, message: nil, location: ScriptLocation(path: "a.http", line: 3))
        ]
        let elsewhere = TransferFeature.reduce(.scriptsFinished([outcome]), of: .first.next, &state, Self.context)
        #expect(elsewhere.requests.isEmpty && state.testsCursor == 3)
        #expect(state.exchanges[Self.other]?.scriptOutcomes.count == 1)
        let here = TransferFeature.reduce(.scriptsFinished([outcome]), of: .first, &state, Self.context)
        #expect(here.requests == [.report(.info("Tests: 1 passed, 0 failed (Tests tab)"))])
        #expect(state.testsCursor == 0)
    }
}
