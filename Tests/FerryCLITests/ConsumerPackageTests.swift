import FerryTestSupport
import Foundation
import Testing

/// `scripts/consumer-build.sh`: a package outside Ferry (`Tests/Consumer`) builds against the FerryHTTP, FerryJSON
/// and FerryWorkbench products by path and runs, without compiling FerryScript or JavaScriptCore's module and
/// without webkitgtk's headers or an unsafe flag. Offline (the only dependency is this checkout); the first run
/// compiles those libraries once into `.build/consumer`, later runs are incremental.
@Suite struct ConsumerPackageTests {
    /// The `swift` the build needs, from `PATH`; a bundle run without a toolchain on `PATH` cannot build.
    static let swift: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        .enabled(if: swift != nil, "no swift on PATH: Tests/Consumer cannot be built (run scripts/consumer-build.sh)"))
    func buildsAgainstTheLibraryProductsWithoutJavaScriptCore() async throws {
        let built = try await InstalledTree.run("/bin/bash", [InstalledTree.script("consumer-build.sh")])
        #expect(built.status == 0, "\(built.errors)")
        #expect(built.text.contains("request: POST https://api.example.com/items?n=1\n"), "\(built.text)")
        #expect(built.text.contains(#"body: {"name":"ferry","tags":["a","b"]}"#), "\(built.text)")
    }
}
