import Testing

@testable import FerryWorkbench

/// Edits of an environment file's text: only the changed value or the added member is written, the rest
/// (order, indentation, spacing) stays byte for byte; a broken file is refused with its line.
@Suite("Environment file editor")
struct EnvironmentFileEditorTests {
    let editor = EnvironmentFileEditor(file: "http-client.env.json")
    let text = """
        {
            "local":   { "host": "http://127.0.0.1:8080", "token": "t" },
            "staging": {
                "host": "https://staging.test"
            }
        }

        """

    func edited(_ change: (EnvironmentFileEditor, [UInt8]) throws -> [UInt8]) throws -> String {
        String(decoding: try change(editor, Array(text.utf8)), as: UTF8.self)
    }

    @Test func settingAValueReplacesOnlyThatValue() throws {
        let result = try edited { try $0.setting("host", to: "http://x.test/\"q\"", in: "local", of: $1) }
        #expect(result == text.replacingOccurrences(of: "\"http://127.0.0.1:8080\"", with: #""http://x.test/\"q\"""#))
    }

    @Test func aNewVariableAndANewEnvironmentGoAtTheEndIndentedLikeTheFile() throws {
        let added = try edited { try $0.setting("user", to: "ana", in: "staging", of: $1) }
        #expect(added.contains("\"host\": \"https://staging.test\",\n        \"user\": \"ana\"\n    }"))
        let environment = try edited { try $0.addingEnvironment("prod", to: $1) }
        #expect(environment.contains("    },\n    \"prod\": {}\n}\n"))
        #expect(environment.hasPrefix("{\n    \"local\":   { \"host\""))
        let missing = try edited { try $0.setting("host", to: "h", in: "qa", of: $1) }
        #expect(missing.contains("\"qa\": {"))
    }

    @Test func noFileYetBrokenFilesAndDuplicates() throws {
        let fresh = String(decoding: try editor.addingEnvironment("local", to: nil), as: UTF8.self)
        #expect(fresh == "{\n  \"local\": {}\n}\n")
        #expect(throws: Diagnostic.self) { try editor.addingEnvironment("local", to: Array(text.utf8)) }
        do {
            _ = try editor.setting("a", to: "b", in: "local", of: Array("{\n  \"local\": {\n    \"x\": \n}".utf8))
            Issue.record("a broken file was edited")
        } catch {
            #expect(error.location.file == "http-client.env.json" && error.location.line >= 3, "\(error)")
        }
    }
}
