import FerryImport
import FerryTestSupport
import FerryWorkbench
import Testing

/// Broken and cut-off descriptions never crash or hang the YAML reader or the importer: each either
/// reads or fails with a located diagnostic.
@Suite struct OpenAPIRobustnessTests {
    /// Imports `bytes`; a thrown diagnostic must be an error located in the file.
    func importOrFail(_ bytes: [UInt8]) -> Bool {
        do {
            let collection = try OpenAPIImporter.read(bytes, fileName: "spec.yaml")
            #expect(collection.diagnostics.allSatisfy { $0.severity == .warning && $0.location.line >= 1 })
            return true
        } catch {
            #expect(error.severity == .error && error.location.file == "spec.yaml" && error.location.line >= 1)
            return false
        }
    }

    @Test func everyPrefixOfADescriptionReadsOrFailsCleanly() async {
        await offThePool {
            let bytes = Array(OpenAPIImporterTests.shop.utf8)
            var imported = 0
            for end in stride(from: 0, through: bytes.count, by: 7) where importOrFail(Array(bytes[..<end])) {
                imported += 1
            }
            // Cuts between lines of the paths still describe a document.
            #expect(imported > 10)
            #expect(importOrFail(bytes))
        }
    }

    @Test func deeplyNestedSchemasStopAtTheNestingLimit() throws {
        var schema = #"{"type": "string"}"#
        for _ in 0..<200 { schema = #"{"allOf": [\#(schema)]}"# }
        let spec =
            #"{"openapi": "3.0.0", "servers": [{"url": "https://t.test"}], "paths": {"/x": {"post": {"#
            + #""requestBody": {"content": {"application/json": {"schema": \#(schema)}}}, "responses": {}}}}}"#
        let collection = try OpenAPIImporter.read(Array(spec.utf8), fileName: "deep.json")
        #expect(collection.files.first?.requests.first?.body == "{}")
        var shallow = #"{"type": "string"}"#
        for _ in 0..<20 { shallow = #"{"allOf": [\#(shallow)]}"# }
        let reachable = spec.replacingOccurrences(of: schema, with: shallow)
        let read = try OpenAPIImporter.read(Array(reachable.utf8), fileName: "deep.json")
        #expect(read.files.first?.requests.first?.body == #""string""#)
    }

    @Test func mutatedDescriptionsReadOrFailCleanly() async {
        await offThePool {
            let original = Array(OpenAPIImporterTests.shop.utf8)
            let alphabet = Array(" \t\n:-[]{}'\"|>&*!#?,%@`\\x0".utf8)
            var random = SeededGenerator(seed: 0x5EED)
            for _ in 0..<400 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[index] = alphabet.randomElement(using: &random) ?? 0x20
                    case 1: bytes.insert(alphabet.randomElement(using: &random) ?? 0x20, at: index)
                    default: bytes.remove(at: index)
                    }
                }
                _ = importOrFail(bytes)
            }
        }
    }
}
