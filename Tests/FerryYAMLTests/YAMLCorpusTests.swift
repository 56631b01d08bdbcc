import FerryJSON
import FerryTestSupport
import FerryYAML
import Foundation
import Testing

/// The corpus's YAML API descriptions read the same as PyYAML reads them (when python3 has PyYAML).
@Suite(.offThePool) struct YAMLCorpusTests {
    /// The corpus's YAML files, or nothing when the corpus is absent.
    static func yamlFiles() -> [URL] {
        guard let corpus = TestServers.corpusDirectory() else { return [] }
        let folder = corpus.appendingPathComponent("openapi")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map {
            folder.appendingPathComponent($0)
        }
    }

    /// Whether python3 with PyYAML runs here (checked once).
    static let hasPyYAML: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import yaml"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// The file as JSON via PyYAML's `safe_load` (dates printed with `str`), or `nil` without python3 or PyYAML.
    static func pyYAML(_ file: URL) async throws -> JSONValue? {
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        guard let results = try await pyYAML(documents: [text]) else { return nil }
        #expect(results.first??.isNull == false, "PyYAML failed on \(file.lastPathComponent)")
        return results.first ?? nil
    }

    /// Each document as JSON via PyYAML's `safe_load`, in one python3 process: `nil` without python3 or
    /// PyYAML; an element is `nil` when PyYAML rejects that document.
    static func pyYAML(documents: [String]) async throws -> [JSONValue?]? {
        guard hasPyYAML else { return nil }
        let script = """
            import json, sys, yaml
            def load(text):
                try:
                    return {"ok": yaml.safe_load(text)}
                except yaml.YAMLError:
                    return {}
            print(json.dumps([load(text) for text in json.load(sys.stdin)], default=str))
            """
        let request = JSONValue.array(documents.map { .string($0) }).formattedBytes(.compact)
        let python = try await Process.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], input: Data(request))
        #expect(python.status == 0)
        let results = try JSONValue(parsing: python.output).arrayValue ?? []
        #expect(results.count == documents.count)
        return results.map { $0.objectValue?["ok"] }
    }

    /// The first place `ours` and `theirs` differ (numbers compared by value, objects by key), or `nil`.
    static func difference(_ ours: JSONValue, _ theirs: JSONValue, at path: String = "") -> String? {
        switch (ours, theirs) {
        case (.number(let left), .number(let right)):
            return left.doubleValue == right.doubleValue ? nil : "\(path): \(left) vs \(right)"
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return "\(path): \(left.count) vs \(right.count) items" }
            for index in left.indices {
                if let found = difference(left[index], right[index], at: "\(path)/\(index)") { return found }
            }
            return nil
        case (.object(let left), .object(let right)):
            guard Set(left.keys) == Set(right.keys) else {
                return "\(path): keys \(Set(left.keys).symmetricDifference(Set(right.keys)).sorted())"
            }
            for key in Set(left.keys).sorted() {
                if let found = difference(left[key] ?? .null, right[key] ?? .null, at: "\(path)/\(key)") {
                    return found
                }
            }
            return nil
        default:
            return ours == theirs ? nil : "\(path): \(ours) vs \(theirs)"
        }
    }

    @Test(arguments: yamlFiles()) func readsLikePyYAML(file: URL) async throws {
        let bytes = try [UInt8](Data(contentsOf: file))
        let document = try YAMLReader.read(bytes)
        #expect(document.warnings.isEmpty)
        #expect(document.value["openapi"].value != nil)
        guard let expected = try await Self.pyYAML(file) else { return }
        let found = Self.difference(document.value, expected)
        #expect(found == nil, "\(file.lastPathComponent) differs at \(found ?? "")")
    }
}
