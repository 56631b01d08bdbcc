import FerryTestSupport
import Foundation
import Testing

/// Loading JavaScriptCore, seen from fresh processes (`FerryScriptProbe`), since this test process maps
/// it as soon as any other suite runs a script.
@Suite struct EngineLoadingTests {
    @Test func javaScriptCoreIsMappedOnlyOnceAScriptRuns() async throws {
        let output = try await probe(["maps", "client.log(1 + 1)"])
        #expect(output == "before: no\nlog: 2\nafter: yes\n")
    }

    @Test func warmingUpOpensTheEngineInTheBackground() async throws {
        let output = try await probe(["warm"])
        #expect(output.hasPrefix("before: no\nwarm: yes\nmapped: yes\nwarmUp returned after "))
    }

    @Test func aMissingLibraryIsAnErrorSayingWhatToInstall() async throws {
        let output = try await probe(
            ["maps", "client.log('never')"], environment: ["FERRY_JSC_LIBRARY": "/nonexistent/libjsc.so"])
        #expect(
            output.hasPrefix(
                "before: no\nafter: no\nerror: engineMissing: cannot open JavaScriptCore (/nonexistent/libjsc.so)"))
        #expect(output.contains("apt install libjavascriptcoregtk-4.1-0"))
    }

    private func probe(_ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        try await Process.run(probeURL, arguments, environment: environment).text
    }

    /// The probe `swift build` put next to the test bundle.
    private var probeURL: URL {
        let beside = Bundle.main.bundleURL.appendingPathComponent("FerryScriptProbe")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return TestServers.packageRoot.appendingPathComponent(".build/debug/FerryScriptProbe")
    }
}
