import FerryHTTP
import Foundation
import Testing

@testable import FerryWorkbench

/// `Authorization: Digest user password` and `# @no-cookie-jar` reaching FerryHTTP's request, and the
/// workspace's cookie jar file.
@Suite struct DigestAndCookieJarDirectiveTests {
    private func request(_ text: String, _ context: VariableContext = VariableContext()) throws -> HTTPRequest {
        try HTTPFileParser.parse(text: text, path: "t.http").requests[0].resolved(with: context)
    }

    @Test func digestCredentialsBecomeHTTPAuthInsteadOfAHeader() throws {
        let context = VariableContext(overrides: ["pw": "s3cret"])
        let digest = try request("GET http://h/x\nAuthorization: Digest ada {{pw}}\nAccept: */*\n", context)
        #expect(digest.auth == .digest(user: "ada", password: "s3cret"))
        #expect(digest.headers["Authorization"] == nil)
        #expect(digest.headers["Accept"] == "*/*")
        // Basic stays encoded as before; anything else is passed through.
        let basic = try request("GET http://h/x\nAuthorization: Basic ada pw\n")
        #expect(basic.auth == nil)
        #expect(basic.headers["Authorization"] == "Basic YWRhOnB3")
        let other = try request("GET http://h/x\nAuthorization: Digest username=\"a\", realm=\"r\"\n")
        #expect(other.auth == nil)
        #expect(other.headers["Authorization"] == "Digest username=\"a\", realm=\"r\"")
    }

    @Test func noCookieJarTurnsTheJarOffForThatRequestOnly() throws {
        #expect(try request("# @no-cookie-jar\nGET http://h/x\n").usesCookieJar == false)
        #expect(try request("GET http://h/x\n").usesCookieJar)
    }

    @Test func theWorkspaceJarLivesInTheGitIgnoredStateFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-jar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let workspace = try Workspace.load(at: root)
        let jar = workspace.cookieJar()
        jar.storeCookies(from: ["Set-Cookie": "k=v"], for: try #require(URL(string: "http://h/")))
        jar.flush()
        #expect(workspace.cookieFile.path.hasSuffix("/.ferry/cookies"))
        let ignore = try String(contentsOf: workspace.stateFolder.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore == "*\n")
        #expect(workspace.cookieJar().cookieHeader(for: try #require(URL(string: "http://h/a"))) == "k=v")
    }
}
