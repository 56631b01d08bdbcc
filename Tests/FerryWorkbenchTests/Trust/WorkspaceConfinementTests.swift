import FerryTestSupport
import FerryWorkbench
import Foundation
import Testing

/// A confined workspace's files reach only inside it: paths resolved (`..`, absolute, symlinked folders),
/// regular files only; trust is kept per folder in the user's store.
@Suite struct WorkspaceConfinementTests {
    let outer: TemporaryFolder
    let root: URL
    let confinement: WorkspaceConfinement

    init() throws {
        outer = try TemporaryFolder(prefix: "ferry-confine")
        root = outer.url.appendingPathComponent("repo/api")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("inside\n".utf8).write(to: root.appendingPathComponent("body.json"))
        try Data("victim\n".utf8).write(to: outer.url.appendingPathComponent("victim.txt"))
        confinement = WorkspaceConfinement(root: outer.url.appendingPathComponent("repo"))
    }

    func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    @Test func insideIsAllowedForReadingAndWriting() {
        #expect(confinement.refusal(of: url("body.json"), for: .reading) == nil)
        #expect(confinement.refusal(of: url("out/new.json"), for: .writing) == nil)
        #expect(confinement.refusal(of: url("../top.json"), for: .writing) == nil, "still inside repo/")
    }

    @Test(arguments: ["../../victim.txt", "../../../etc/passwd", "/etc/passwd", "/tmp/x.json", "./../../victim.txt"])
    func outsideIsRefused(path: String) throws {
        let reason = try #require(confinement.refusal(of: url(path), for: .writing))
        #expect(reason.contains("outside the workspace"), "\(reason)")
        #expect(confinement.refusal(of: url(path), for: .reading) != nil)
    }

    @Test func aSymlinkedFolderPointingOutIsRefused() throws {
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("link"), withDestinationURL: outer.url)
        #expect(confinement.refusal(of: url("link/victim.txt"), for: .writing)?.contains("outside") == true)
        #expect(confinement.refusal(of: url("link/new.txt"), for: .writing)?.contains("outside") == true)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("file-link"),
            withDestinationURL: outer.url.appendingPathComponent("victim.txt"))
        #expect(confinement.refusal(of: url("file-link"), for: .reading)?.contains("outside") == true)
    }

    @Test func devicesPipesAndFoldersAreRefusedInside() throws {
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("zero"), withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        #expect(confinement.refusal(of: url("zero"), for: .reading) != nil)
        let fifo = root.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(confinement.refusal(of: url("pipe"), for: .reading)?.contains("not a regular file") == true)
        #expect(confinement.refusal(of: root, for: .reading)?.contains("not a regular file") == true)
    }

    @Test func trustIsKeptPerFolderAndLapsesWhenTheFilesReachSomewhereNew() throws {
        let store = TrustStore(file: outer.url.appendingPathComponent("config/ferry/trusted-workspaces.json"))
        let repo = outer.url.appendingPathComponent("repo")
        try Data("GET http://h/a\n\n>> ../x.json\n".utf8).write(to: repo.appendingPathComponent("a.http"))
        #expect(store.access(for: try Workspace.load(at: repo)) == .confined)
        try store.trust(try Workspace.load(at: repo))
        #expect(store.access(for: try Workspace.load(at: repo)) == .trusted)
        #expect(
            store.access(for: try Workspace.load(at: root)) == .confined, "a folder inside is a workspace of its own")
        // A pull adds an output above the folder: trust lapses until the user trusts it again.
        try Data("GET http://h/b\n\n>>! ../../victim.txt\n".utf8).write(to: repo.appendingPathComponent("b.http"))
        #expect(store.access(for: try Workspace.load(at: repo)) == .confined)
        try store.trust(try Workspace.load(at: repo))
        #expect(store.access(for: try Workspace.load(at: repo)) == .trusted)
        // An edit that reaches nowhere new keeps it.
        try Data("GET http://h/c\n".utf8).write(to: repo.appendingPathComponent("c.http"))
        #expect(store.access(for: try Workspace.load(at: repo)) == .trusted)
        #expect(TrustStore(file: nil).access(for: try Workspace.load(at: repo)) == .confined)
        #expect(throws: TrustError.self) { try TrustStore(file: nil).trust(repo) }
    }
}

/// What a workspace would reach outside itself, found without sending: shown before the user trusts it.
@Suite struct OutsideReferenceTests {
    @Test func outputsAndIncludesThatLeaveTheWorkspaceAreListedWithTheirLines() throws {
        let folder = try TemporaryFolder(prefix: "ferry-reach")
        let repo = folder.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        let text = """
            ### Out
            POST http://h/a
            Content-Type: text/plain

            < ../../etc/passwd

            >>! ../victim.txt

            ### In
            GET http://h/b

            >> ./out.json

            ### Variable
            GET http://h/c

            >> {{dir}}/x.json

            """
        try Data(text.utf8).write(to: repo.appendingPathComponent("a.http"))
        let found = try Workspace.load(at: repo).outsideReferences()
        #expect(found.map(\.path) == ["../../etc/passwd", "../victim.txt", "{{dir}}/x.json"], "\(found)")
        #expect(found.map(\.kind) == [.reads, .writes, .writes])
        #expect(found.map(\.location.line) == [5, 7, 17], "\(found)")
        #expect(found[1].description.hasPrefix("a.http:7:1: writes ../victim.txt ("), "\(found[1])")
    }

    @Test func scriptFilesOutsideAreListedBeforeAnythingIsSent() throws {
        let folder = try TemporaryFolder(prefix: "ferry-reach")
        let repo = folder.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try Data("x\n".utf8).write(to: folder.url.appendingPathComponent("victim.txt"))
        try Data("< ../victim.txt\nGET http://h/a\n\n> /tmp/handler.js\n\n###\n< ./inside.js\nGET http://h/b\n".utf8)
            .write(to: repo.appendingPathComponent("s.http"))
        try Data("1;\n".utf8).write(to: repo.appendingPathComponent("inside.js"))
        let found = try Workspace.load(at: repo).outsideReferences().map(\.description)
        #expect(found.count == 2, "\(found)")
        #expect(found.first?.hasPrefix("s.http:1:") == true && found.first?.contains("reads ../victim.txt") == true)
        #expect(found.last?.contains("reads /tmp/handler.js") == true, "\(found)")
    }
}
