import FerryJSON
import FerryWorkbench
import Foundation

/// `FerryBench contract`: a contract check of a generated 40,000-pet list (about 6 MB) against the corpus's
/// Swagger petstore (`Pet[]`, `$ref`s to `Category` and `Tag`): `JSONSchema` alone on the parsed value against
/// Python's `jsonschema` (`Draft202012Validator`, timed inside python3 on its own parsed value), and the whole
/// `APIContract.check` (parse and validate) against parsing alone.
///
/// Target: the validator at least as fast as Python's `jsonschema`.
enum ContractBench: BenchSuite {
    static let name = "contract"

    static func run() throws -> [BenchRow] {
        guard let corpus = corpusDirectory() else { return [] }
        let spec = corpus.appendingPathComponent("openapi/swagger-petstore-v3.openapi.yaml")
        let contract = try APIContract(reading: [UInt8](Data(contentsOf: spec)), fileName: "petstore")
        let body = Array(pets(count: 40_000).utf8)
        let megabytes = Double(body.count) / 1e6
        let value = try JSONValue(parsing: body)
        let schema = JSONSchema(
            ["type": "array", "items": ["$ref": "#/components/schemas/Pet"]], in: contract.document, assertsFormat: true
        )
        guard schema.violations(of: value).isEmpty else { throw BenchFailure("the generated pets do not conform") }
        let validation = OpenAPIBench.best(of: 5) { _ = schema.violations(of: value) }
        let python = pythonSeconds(spec: spec, body: body)
        let parse = try OpenAPIBench.best(of: 5) { _ = try JSONValue(parsing: body) }
        let url = "http://127.0.0.1/api/v3/pet/findByStatus"
        let check = OpenAPIBench.best(of: 5) {
            _ = contract.check(method: "GET", url: url, status: 200, contentType: "application/json", body: body)
        }
        return [
            BenchRow(
                suite: name, name: String(format: "JSONSchema Pet[] %.1f MB", megabytes),
                value: String(format: "%.0f ms (%.1f MB/s)", validation * 1000, megabytes / validation),
                comparison: python.map {
                    String(format: "jsonschema %.0f ms (%.1fx)", $0 * 1000, $0 / validation)
                } ?? "jsonschema n/a",
                meetsTarget: python.map { $0 >= validation }),
            BenchRow(
                suite: name, name: String(format: "contract check %.1f MB", megabytes),
                value: String(format: "%.0f ms (%.1f MB/s)", check * 1000, megabytes / check),
                comparison: String(format: "parse alone %.0f ms", parse * 1000), meetsTarget: nil),
        ]
    }

    /// A JSON array of `count` pets as the petstore describes them.
    static func pets(count: Int) -> String {
        let statuses = ["available", "pending", "sold"]
        let items = (0..<count).map { index in
            #"{"id": \#(index), "name": "pet \#(index)", "category": {"id": \#(index % 7), "name": "Dogs"}, "#
                + #""photoUrls": ["https://example.com/\#(index).png"], "tags": [{"id": 1, "name": "t\#(index % 5)"}], "#
                + #""status": "\#(statuses[index % 3])"}"#
        }
        return "[" + items.joined(separator: ", ") + "]"
    }

    /// Python `jsonschema`'s best of three validations of `body` (parsed beforehand) against `Pet[]` of `spec`.
    static func pythonSeconds(spec: URL, body: [UInt8]) -> Double? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ferry-bench-pets-\(ProcessInfo.processInfo.processIdentifier).json")
        guard (try? Data(body).write(to: file)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import sys, json, time, yaml, jsonschema
            spec = yaml.safe_load(open(sys.argv[1], 'rb'))
            instance = json.load(open(sys.argv[2], 'rb'))
            schema = {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}, "components": spec["components"]}
            validator = jsonschema.Draft202012Validator(schema)
            best = min((lambda s: (list(validator.iter_errors(instance)), time.perf_counter() - s)[1])(time.perf_counter()) for _ in range(3))
            print(best)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, spec.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
