import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// Words quoted for a POSIX shell come back from `sh` exactly as given.
@Suite struct ShellQuotingTests {
    @Test func safeWordsStayBareAndEverythingElseIsSingleQuoted() {
        #expect(ShellQuoting.quoted("https://h.example/a-b_c.d?x=1,2%20") == "'https://h.example/a-b_c.d?x=1,2%20'")
        #expect(ShellQuoting.quoted("-H") == "-H")
        #expect(ShellQuoting.quoted("a=1") == "a=1")
        #expect(ShellQuoting.quoted("") == "''")
        #expect(ShellQuoting.quoted("it's") == #"'it'\''s'"#)
        #expect(ShellQuoting.quoted("$HOME `x` \\ !") == "'$HOME `x` \\ !'")
        #expect(ShellQuoting.quoted("Zoë") == "'Zoë'")
        #expect(ShellQuoting.quoted("a\nb") == "'a\nb'")
    }

    @Test func theShellHandsEveryWordBackUnchanged() async throws {
        let words = [
            "plain", "", "it's 'quoted'", "$HOME and $(id) and `id`", "back\\slash", "tab\there", "line\nbreak\n",
            "Zoë 日本 🚀", "*?[a]{b,c}~", "!!", "\"double\"", "'", "''", "a'\\''b",
        ]
        for word in words {
            let output = try await Self.shell("printf '%s' " + ShellQuoting.quoted(word))
            #expect(output == Data(word.utf8), "word \(word.debugDescription)")
        }
    }

    @Test func printfFormatsReproduceAnyBytes() async throws {
        let bytes: [UInt8] = Array(0...255) + Array("100% \\n %s '".utf8)
        let output = try await Self.shell("printf " + ShellQuoting.quoted(ShellQuoting.printfFormat(bytes)))
        #expect([UInt8](output) == bytes)
    }

    /// Standard output of `sh -c command`.
    static func shell(_ command: String, in folder: URL? = nil) async throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        let data = pipe.fileHandleForReading.readToEndInBackground()
        try await process.runToExit()
        return await data.value
    }
}
