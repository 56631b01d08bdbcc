import FerryHTTP
import FerryTestSupport
import Foundation
import Testing

/// A ``CookieJar`` saved to a file: round trips, atomic rewrites, loading in a new jar.
@Suite struct CookieJarFileTests {
    @Test func savesAfterEveryChangeAndLoadsInANewJar() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("state/cookies")
        let jar = CookieJar(persistingTo: file)
        let site = try #require(URL(string: "https://api.example.com/v1/login"))
        jar.storeCookies(
            from: [
                "Set-Cookie": "sid=abc; Path=/; Secure; HttpOnly",
                "set-cookie": "theme=dark; Domain=example.com; Expires=Wed, 21 Oct 2099 07:28:00 GMT",
            ], for: site)
        jar.flush()
        #expect(jar.persistenceError == nil)
        let text = try folder.read("state/cookies")
        #expect(text.hasPrefix("# Netscape HTTP Cookie File\n"))
        #expect(text.contains("#HttpOnly_api.example.com\tFALSE\t/\tTRUE\t0\tsid\tabc\n"))
        #expect(text.contains(".example.com\tTRUE\t/v1\tFALSE\t4096250880\ttheme\tdark\n"))
        // Only the file and the lock that saves take: no temporary file left beside them.
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path))
                == ["cookies", "cookies.lock"])

        let reloaded = CookieJar(persistingTo: file)
        #expect(
            reloaded.cookieHeader(for: try #require(URL(string: "https://api.example.com/v1/users")))
                == "theme=dark; sid=abc")
        #expect(reloaded.cookieHeader(for: try #require(URL(string: "http://www.example.com/v1"))) == "theme=dark")
        #expect(reloaded.cookies().filter(\.isHTTPOnly).map(\.name) == ["sid"])

        reloaded.removeAll()
        reloaded.flush()
        #expect(CookieJar(persistingTo: file).cookies().isEmpty)
    }

    @Test func skipsMalformedLinesAndReportsNothingForAMissingFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "cookies",
            "# comment\n\nbroken line\nexample.com\tFALSE\t/\tFALSE\tnotanumber\tk\tv\n"
                + "example.com\tFALSE\t/\tFALSE\t0\tgood\t1\n")
        let jar = CookieJar(persistingTo: folder.url.appendingPathComponent("cookies"))
        #expect(jar.cookies().map(\.name) == ["good"])
        #expect(jar.persistenceError == nil)
        let missing = CookieJar(persistingTo: folder.url.appendingPathComponent("none/cookies"))
        #expect(missing.cookies().isEmpty)
        #expect(missing.persistenceError == nil)
    }

    @Test func reportsAFileThatCannotBeWritten() throws {
        let folder = try TemporaryFolder()
        try folder.write("blocker", "a file where a folder should be")
        let jar = CookieJar(persistingTo: folder.url.appendingPathComponent("blocker/cookies"))
        jar.storeCookies(from: ["Set-Cookie": "k=v"], for: try #require(URL(string: "http://a.com/")))
        jar.flush()
        #expect(jar.persistenceError?.contains("blocker/cookies") == true)
        #expect(jar.cookies().count == 1)
    }

    @Test func concurrentStoresFromManyThreadsAllLand() async throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("cookies")
        let jar = CookieJar(persistingTo: file)
        let site = try #require(URL(string: "http://a.com/"))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { jar.storeCookies(from: ["Set-Cookie": "c\(index)=\(index)"], for: site) }
            }
        }
        #expect(jar.cookies().count == 40)
        jar.flush()
        #expect(CookieJar(persistingTo: file).cookies().count == 40)
    }

    @Test func manyChangesInARowAllReachTheFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("cookies")
        // 200 changes in a row: each is visible at once, and the file holds the last of them after flush().
        let jar = CookieJar(persistingTo: file)
        let site = try #require(URL(string: "http://a.com/"))
        for index in 0..<200 {
            jar.storeCookies(from: ["Set-Cookie": "c\(index)=\(index)"], for: site)
        }
        #expect(jar.cookies().count == 200)
        jar.flush()
        #expect(CookieJar(persistingTo: file).cookies().count == 200)
    }
}
