import FerryTestSupport
import Foundation
import Testing

/// The issue's three scripts that once hung `ferry run` forever (a CI job that never ends): a loop of
/// promise jobs, a WebAssembly loop and `Atomics.wait` on shared memory. Each request fails with a clear
/// error and the run goes on to the next.
@Suite struct RunHostileScriptTests {
    @Test func eachHungScriptFailsItsRequestAndTheRunEnds() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/me", responding: .json(#"{"name": "ada"}"#))
        let fixture = try RunCommandTests.Fixture(
            base: server.baseURL,
            files: [
                "hostile.http": """
                ### jobs
                GET {{host}}/me

                > {% (async () => { for (;;) await 0; })(); %}

                ### wasm
                GET {{host}}/me

                > {% new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array([0,97,115,109,1,0,0,0,1,4,1,96,0,0,3,2,1,0,7,5,1,1,102,0,0,10,9,1,7,0,3,64,12,0,11,11])),{}).exports.f() %}

                ### atomics
                GET {{host}}/me

                > {% Atomics.wait(new Int32Array(new WebAssembly.Memory({initial:1,maximum:1,shared:true}).buffer),0,0) %}

                ### fine
                GET {{host}}/me

                > {% client.test("still runs", () => client.assert(response.body.name === "ada")); %}

                """
            ])
        let output = try await fixture.run(["hostile.http", "--env", "test"])
        #expect(output.status == 1, "\(output.text)")
        #expect(output.text.contains("FAIL hostile.http#jobs  200"), "\(output.text)")
        #expect(output.text.contains("stopped after 5 s"), "\(output.text)")
        #expect(output.text.contains("FAIL hostile.http#wasm  200"), "\(output.text)")
        #expect(output.text.contains("FAIL hostile.http#atomics  200"), "\(output.text)")
        #expect(output.text.contains("Can't find variable: WebAssembly"), "\(output.text)")
        #expect(output.text.contains("PASS hostile.http#fine  200"), "\(output.text)")
        #expect(output.text.contains("1 passed, 3 failed"), "\(output.text)")
    }
}
