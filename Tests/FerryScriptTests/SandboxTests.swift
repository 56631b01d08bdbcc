import FerryScript
import FerryWorkbench
import Testing

@Suite struct SandboxTests {
    @Test func noFileNetworkOrProcessAccess() {
        let names = [
            "require", "fetch", "XMLHttpRequest", "process", "Deno", "load", "readFile", "read", "print", "quit",
            "WebSocket", "importScripts",
        ]
        let outcome = sharedRunner.runPreRequest(
            inline("client.log([\(names.map { "typeof \($0)" }.joined(separator: ", "))].join())"),
            request: plainRequest,
            globals: ScriptGlobals())
        #expect(outcome.log == [Array(repeating: "undefined", count: names.count).joined(separator: ",")])
    }

    @Test func dynamicImportOfAFileFails() {
        let outcome = sharedRunner.runPreRequest(
            inline(
                "import('/etc/passwd').then(() => client.log('read'), () => client.log('refused'));"),
            request: plainRequest, globals: ScriptGlobals())
        #expect(!outcome.log.contains("read"))
    }
}
