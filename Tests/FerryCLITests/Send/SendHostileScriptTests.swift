import FerryTestSupport
import Foundation
import Testing

/// `ferry send` with the scripts that once hung it: a pre-request loop of promise jobs stops at the limit and
/// the request is not sent; WebAssembly and SharedArrayBuffer do not exist; Ctrl-C stops a hung response
/// handler rather than waiting for its limit.
@Suite struct SendHostileScriptTests {
    @Test(arguments: [
        ("(async () => { for (;;) await 0; })();", "stopped after 5 s"),
        (
            "new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array([0,97,115,109,1,0,0,0,1,4,1,96,0,0,3,2,1,0,"
                + "7,5,1,1,102,0,0,10,9,1,7,0,3,64,12,0,11,11])),{}).exports.f()",
            "Can't find variable: WebAssembly"
        ),
        (
            "Atomics.wait(new Int32Array(new WebAssembly.Memory({initial:1,maximum:1,shared:true}).buffer),0,0)",
            "Can't find variable: WebAssembly"
        ),
        ("Atomics.wait(new Int32Array(new SharedArrayBuffer(16)), 0, 0)", "Can't find variable: SharedArrayBuffer"),
    ])
    func aHungPreRequestScriptStopsTheSendWithAClearError(script: String, error: String) async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL, files: ["a.http": "< {% \(script) %}\nGET {{host}}/items\n"])
        let output = try await fixture.send(["a.http", "--env", "test"])
        #expect(output.status == 2, "\(output.standardError)")
        #expect(output.standardError.contains("The pre-request script stopped: "), "\(output.standardError)")
        #expect(output.standardError.contains(error), "\(output.standardError)")
        #expect(server.requests.isEmpty)
    }

    @Test func ctrlCStopsAHungResponseHandler() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/items", responding: .json(#"{"n": 1}"#))
        let fixture = try SendCommandTests.Fixture(
            base: server.baseURL,
            files: ["a.http": "GET {{host}}/items\n\n> {% (async () => { for (;;) await 0; })(); %}\n"])
        // A limit no test waits for: only Ctrl-C can stop the handler.
        let running = try FerryProcess.start(
            ["send", "a.http", "--env", "test"], environment: ["LC_ALL": "C", "FERRY_SCRIPT_SECONDS": "600"],
            currentDirectory: fixture.root)
        #expect(await eventually(timeout: .seconds(120)) { !server.requests.isEmpty })
        running.interrupt()
        let output = await running.wait()
        #expect(output.status == 130, "\(output.standardError)")
        // Stopped by Ctrl-C (at once, or before it began), never by running out its limit.
        #expect(!output.standardError.contains("stopped after"), "\(output.standardError)")
    }
}
