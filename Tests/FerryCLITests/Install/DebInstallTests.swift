import FerryTestSupport
import Foundation
import Testing

/// `scripts/deb-test.sh`: the release package installed with `dpkg -i`, `ferry` run from another folder with
/// its themes, man page and completions where the package put them, and `dpkg -r` leaving nothing behind.
///
/// It changes the machine's package database, so it runs only when asked (`FERRY_DEB_TEST=1`), as root, where
/// dpkg exists, on the release binary `make deb` builds (`.build/static/release/ferry`), never building it:
/// otherwise it prints why it skipped. `make deb-test` builds the binary and runs the script itself.
@Suite struct DebInstallTests {
    @Test func releasePackageInstallsRunsAndRemovesCleanly() async throws {
        let binary = TestServers.packageRoot.appendingPathComponent(".build/static/release/ferry").path
        let skipped: String? =
            if ProcessInfo.processInfo.environment["FERRY_DEB_TEST"] != "1" {
                "FERRY_DEB_TEST=1 is not set"
            } else if getuid() != 0 {
                "not running as root"
            } else if !FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg") {
                "no dpkg"
            } else if !FileManager.default.isExecutableFile(atPath: binary) {
                "no release binary at \(binary) (make release)"
            } else {
                nil
            }
        if let skipped {
            print("DebInstallTests: skipped, \(skipped)")
            return
        }
        let run = try await InstalledTree.run("/bin/bash", [InstalledTree.script("deb-test.sh"), "--binary", binary])
        print(run.text)
        #expect(run.status == 0, "\(run.text)\n\(run.errors)")
        #expect(run.text.hasSuffix(" checks)\n") && run.text.contains("deb-test: passed ("), "\(run.text)")
        #expect(!run.text.contains("FAIL"))
    }
}
