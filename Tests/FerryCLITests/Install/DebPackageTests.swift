import FerryTestSupport
import Foundation
import Testing

/// `scripts/deb.sh` builds a package holding what `make install` installs under /usr, with the binary's
/// libraries declared; installing and removing it for real happens only as root with `FERRY_DEB_TEST=1`.
@Suite struct DebPackageTests {
    /// Built uncompressed: xz over a debug binary took a minute of CPU from the rest of the suite.
    @Test func packageHoldsTheInstallAndDeclaresTheLibraries() async throws {
        let out = try TemporaryFolder()
        let built = try await InstalledTree.run(
            "/bin/bash",
            [
                InstalledTree.script("deb.sh"), "--binary", FerryProcess.executableURL.path, "--out", out.url.path,
                "--allow-unpackaged", "--uncompressed",
            ])
        #expect(built.status == 0, "\(built.errors)")
        let package = built.text.trimmingCharacters(in: .newlines)
        let info = try await InstalledTree.run("/usr/bin/dpkg-deb", ["--field", package, "Package", "Depends"])
        #expect(info.text.hasPrefix("Package: ferry\n"), "\(info.text)")
        let depends = info.text.split(separator: "\n").first { $0.hasPrefix("Depends: ") } ?? ""
        for library in ["libc6 (>= ", "libcurl", "libncursesw6 (>= "] {
            #expect(depends.contains(library), "\(depends)")
        }
        let contents = try await InstalledTree.run("/usr/bin/dpkg-deb", ["--contents", package])
        for file in [
            "./usr/bin/ferry", "./usr/share/man/man1/ferry.1", "./usr/share/bash-completion/completions/ferry",
            "./usr/share/zsh/site-functions/_ferry", "./usr/share/fish/vendor_completions.d/ferry.fish",
            "./usr/share/ferry/themes/nord.json",
        ] {
            #expect(contents.text.contains(" \(file)\n"), "no \(file)")
        }
        #expect(!contents.text.contains("install-manifest"))
        guard ProcessInfo.processInfo.environment["FERRY_DEB_TEST"] == "1", getuid() == 0 else {
            print("DebPackageTests: dpkg -i / -r skipped (needs root and FERRY_DEB_TEST=1)")
            return
        }
        let installed = try await InstalledTree.run("/usr/bin/dpkg", ["-i", package])
        #expect(installed.status == 0, "\(installed.errors)")
        let themes = try await InstalledTree.run("/usr/bin/ferry", ["themes"])
        #expect(themes.text.contains("nord\n"))
        let removed = try await InstalledTree.run("/usr/bin/dpkg", ["-r", "ferry"])
        #expect(removed.status == 0, "\(removed.errors)")
        #expect(!FileManager.default.fileExists(atPath: "/usr/bin/ferry"))
        #expect(!FileManager.default.fileExists(atPath: "/usr/share/ferry"))
    }
}
