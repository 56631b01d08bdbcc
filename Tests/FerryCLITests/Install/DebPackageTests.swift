import FerryTestSupport
import Foundation
import Testing

/// `scripts/deb.sh` builds a package holding what `make install` installs under /usr, with the binary's
/// libraries declared; installing and removing the release package for real is ``DebInstallTests``.
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
    }
}
