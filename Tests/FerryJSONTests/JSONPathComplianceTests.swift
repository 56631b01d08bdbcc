import FerryJSON
import FerryTestSupport
import Foundation
import Testing

/// The JSONPath Compliance Test Suite (`../shared/corpus/jsonpath/cts.json`, RFC 9535's conformance cases): every
/// case run through ``JSONQuery`` as JSONPath. A valid selector must give the expected values in order (or one
/// of the orders listed, where object member order makes it nondeterministic) with the expected normalized
/// paths; an invalid one must be refused.
@Suite(.offThePool) struct JSONPathComplianceTests {
    /// The cases passed when this floor was set: the suite fails if fewer pass.
    static let passingFloor = 703

    static let file: URL? = TestServers.corpusDirectory().map { $0.appendingPathComponent("jsonpath/cts.json") }
        .flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }

    @Test(.enabled(if: file != nil, "skipped: the JSONPath CTS is not at ../shared/corpus/jsonpath/cts.json"))
    func everyCaseOfTheComplianceSuite() throws {
        let suite = try JSONValue(parsing: try Data(contentsOf: try #require(Self.file)))
        let cases = try suite["tests"].array()
        var failures: [String] = []
        for testCase in cases {
            let name = (try? testCase["name"].string()) ?? "?"
            let selector = try testCase["selector"].string()
            if let problem = Self.problem(with: testCase, selector: selector) {
                failures.append("\(name): \(selector): \(problem)")
            }
        }
        let passed = cases.count - failures.count
        print("JSONPath Compliance Test Suite: \(passed) of \(cases.count) cases pass")
        #expect(cases.count == 703)
        #expect(
            passed >= Self.passingFloor,
            "\(passed) of \(cases.count) pass, below \(Self.passingFloor):\n\(failures.joined(separator: "\n"))")
    }

    /// Why a case fails, or `nil` when it passes.
    static func problem(with testCase: JSONValue, selector: String) -> String? {
        if testCase["invalid_selector"].value == true {
            guard let query = try? JSONQuery(selector, language: .jsonPath) else { return nil }
            return "accepted although invalid (\(query.language))"
        }
        let query: JSONQuery
        let document: JSONDocument
        let results: [JSONQueryResult]
        do {
            query = try JSONQuery(selector, language: .jsonPath)
            document = try JSONDocument(parsing: (testCase["document"].value ?? .null).formattedBytes(.compact))
            results = try query.evaluate(in: document)
        } catch {
            return "failed: \(error)"
        }
        let values = results.map(document.value(of:))
        let paths = results.map { result -> String in
            guard case .node(let node) = result else { return "(a computed value)" }
            return document.path(of: node).normalized
        }
        let expected = testCase["result"].value.map { [$0] } ?? testCase["results"].value?.arrayValue ?? []
        let expectedPaths =
            testCase["result_paths"].value.map { [$0] } ?? testCase["results_paths"].value?.arrayValue ?? []
        for (index, candidate) in expected.enumerated() {
            guard let candidate = candidate.arrayValue, candidate.count == values.count,
                zip(candidate, values).allSatisfy(sameJSON)
            else { continue }
            guard index < expectedPaths.count, let pathList = expectedPaths[index].arrayValue else { return nil }
            let wanted = pathList.compactMap(\.stringValue)
            return wanted == paths ? nil : "paths \(paths), expected \(wanted)"
        }
        return
            "gave \(JSONValue.array(values).formatted(.compact)), expected \(expected.map { $0.formatted(.compact) })"
    }

    /// JSON equality: numbers by value, objects whatever their member order.
    static func sameJSON(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)): return a.doubleValue == b.doubleValue
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(sameJSON)
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && a.members.allSatisfy { member in b[member.key].map { sameJSON(member.value, $0) } ?? false }
        default: return left == right
        }
    }
}
