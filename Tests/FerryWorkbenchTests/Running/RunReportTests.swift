import FerryWorkbench
import Foundation
import Testing

/// Verdicts, latency summaries and the report formats, on results made by hand.
@Suite struct RunReportTests {
    func result(
        _ selector: String, in path: String = "a.http", position: Int = 0, outcome: RunOutcome,
        milliseconds: Int = 5, message: String? = nil, tests: [RunTestResult] = []
    ) -> RequestRunResult {
        RequestRunResult(
            id: RequestID(path: path, selector: selector), position: position,
            location: SourceLocation(file: path, line: position * 3 + 1), method: "GET", status: 200,
            duration: .milliseconds(milliseconds), outcome: outcome, message: message, tests: tests)
    }

    @Test func testsDecideWhenThereAreAnyElseTheStatus() {
        #expect(RunOutcome.judging(status: 404, tests: []) == .failed)
        #expect(RunOutcome.judging(status: 302, tests: []) == .passed)
        #expect(RunOutcome.judging(status: 404, tests: [RunTestResult(name: "gone", passed: true)]) == .passed)
        let failing = [RunTestResult(name: "a", passed: true), RunTestResult(name: "b", passed: false)]
        #expect(RunOutcome.judging(status: 200, tests: failing) == .failed)
    }

    @Test func latencySummaryUsesNearestRank() throws {
        let summary = try #require(LatencySummary((1...20).reversed().map { Duration.milliseconds($0) }))
        #expect(summary.minimum == .milliseconds(1))
        #expect(summary.median == .microseconds(10_500))
        #expect(summary.percentile95 == .milliseconds(19))
        #expect(summary.maximum == .milliseconds(20))
        #expect(LatencySummary([.milliseconds(7)])?.percentile95 == .milliseconds(7))
        #expect(LatencySummary([]) == nil)
    }

    @Test func resultsKeepRunOrderWhateverOrderTheyFinishIn() {
        var report = RunReport()
        report.add(.result(result("b", in: "b.http", outcome: .passed)))
        report.add(.result(result("second", position: 1, outcome: .failed)))
        report.add(.result(result("first", position: 0, outcome: .passed)))
        #expect(report.results.map(\.id.selector) == ["first", "second", "b"])
        #expect(report.files.map(\.path) == ["a.http", "b.http"])
    }

    @Test func aReportThatKeepsNoResultsCountsWhatOneThatKeepsThemSays() {
        let events: [RunEvent] = [
            .result(result("a", outcome: .passed, milliseconds: 3)),
            .result(result("b", position: 1, outcome: .failed, milliseconds: 9)),
            .result(result("c", position: 2, outcome: .transportError)),
            .result(result("d", position: 3, outcome: .invalid)),
            .result(result("e", position: 4, outcome: .skipped)),
            .result(result("f", position: 5, outcome: .passed, milliseconds: 1)),
        ]
        var kept = RunReport()
        var counted = RunReport(keepsResults: false)
        for event in events {
            kept.add(event)
            counted.add(event)
        }
        #expect(counted.results.isEmpty)
        #expect(kept.results.count == 6)
        #expect(counted.summary == kept.summary)
        #expect(counted.summary == "2 passed, 3 failed, 1 skipped")
        #expect(counted.latency == kept.latency)
        #expect(counted.hasInputErrors && kept.hasInputErrors)
        for outcome in RunOutcome.allCases { #expect(counted.count(outcome) == kept.count(outcome)) }
    }

    @Test func junitEscapesMarkupAndDropsWhatXMLCannotHold() {
        var report = RunReport()
        let test = RunTestResult(
            name: "body <ok> & \"quoted\"", passed: false, message: "got\u{1}\u{1B}[31m red",
            location: SourceLocation(file: "a.http", line: 9))
        report.add(.result(result("weird", outcome: .failed, tests: [test])))
        let xml = JUnitReport(report).xml
        #expect(xml.contains("a.http#weird: body &lt;ok&gt; &amp; &quot;quoted&quot;"))
        #expect(xml.contains("got\u{FFFD}\u{FFFD}[31m red"))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(xml.contains(#"tests="2" failures="1" errors="0" skipped="0""#))
        #expect(xml.contains(#"time="0.005""#))
    }
}
