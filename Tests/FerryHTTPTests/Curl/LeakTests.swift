import FerryTestSupport
import Foundation
import Testing

@testable import FerryHTTP

/// Transports give back every libcurl handle, thread and file descriptor when they go away.
///
/// Other suites run at the same time and make and free curl handles and descriptors of their own, so the
/// checks count only what belongs to this test: each transport's event loop is held weakly (it is freed,
/// with its multi handle, only after its thread has stopped and freed its easy handles), and descriptors
/// are counted as sockets of this process connected to this test's server.
@Suite struct LeakTests {
    @Test func transportsReleaseHandlesAndDescriptors() async throws {
        let existing = socketInodes()
        let server = try TestHTTPServer()
        server.route("/ok", responding: .text("ok"))
        server.route("/slow", responding: TestResponse.text("late").delayed(by: .seconds(2)))
        server.route("/reset", responding: TestResponse().aborted(.resetImmediately))
        let loops = WeakReferences()

        for round in 1...20 {
            let transport = CurlTransport()
            let client = HTTPClient(
                transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
            _ = try await client.send(HTTPRequest(path: "/ok"))
            loops.append(transport.eventLoop)
            _ = try? await client.send(HTTPRequest(path: "/reset"))
            let pending = client.task(for: HTTPRequest(path: "/slow", query: ["round": .string(String(round))]))
            #expect(await waitUntil { server.requests.contains { $0.target == "/slow?round=\(round)" } })
            pending.cancel()
            let unanswered = client.task(for: HTTPRequest(path: "/slow"))
            transport.shutdown()
            #expect(await unanswered.result.failureReason == .canceled)
            // The kept-alive connection goes when the stopped loop frees its multi handle.
            #expect(await waitUntil { connectedSockets(to: server.port, excluding: existing) == 0 })
        }

        #expect(loops.count == 20)
        #expect(await waitUntil { loops.liveCount == 0 })
        #expect(await waitUntil { connectedSockets(to: server.port, excluding: existing) == 0 })
        #expect(await waitUntil { server.activeConnections == 0 })
        server.stop()
    }

    @Test func droppingAClientStopsItsLoop() async throws {
        let existing = socketInodes()
        let server = try TestHTTPServer()
        server.route("/ok", responding: .text("ok"))
        let loops = WeakReferences()
        for _ in 0..<20 {
            let transport = CurlTransport()
            let client = HTTPClient(
                transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
            // Two transfers at once, so each loop has made two easy handles to free.
            async let first = client.send(HTTPRequest(path: "/ok"))
            async let second = client.send(HTTPRequest(path: "/ok"))
            _ = try await (first, second)
            // The loop starts with the first request.
            loops.append(transport.eventLoop)
        }
        #expect(loops.count == 20)
        // Each kept-alive connection is closed when its dropped client's loop frees its multi handle.
        #expect(await waitUntil { loops.liveCount == 0 })
        #expect(await waitUntil { connectedSockets(to: server.port, excluding: existing) == 0 })
        #expect(await waitUntil { server.activeConnections == 0 })
    }

    @Test func aTransportStartsItsLoopAtTheFirstRequestAndNotAfterShutdown() async throws {
        let server = try TestHTTPServer()
        server.route("/ok", responding: .text("ok"))
        let transport = CurlTransport()
        #expect(transport.eventLoop == nil)
        let client = HTTPClient(transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
        #expect(try await client.send(HTTPRequest(path: "/ok")).status == 200)
        #expect(transport.eventLoop != nil)
        transport.shutdown()
        #expect(transport.eventLoop == nil)
        await #expect(throws: HTTPClientError.self) { try await client.send(HTTPRequest(path: "/ok")) }
        // An unused transport shut down never started a loop.
        let unused = CurlTransport()
        unused.shutdown()
        #expect(unused.eventLoop == nil)
    }

    @Test func theSocketCountSeesAnOpenConnection() async throws {
        let existing = socketInodes()
        let server = try TestHTTPServer()
        server.route("/ok", responding: .text("ok"))
        let loops = WeakReferences()
        do {
            let transport = CurlTransport()
            let client = HTTPClient(
                transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
            _ = try await client.send(HTTPRequest(path: "/ok"))
            loops.append(transport.eventLoop)
            // The kept-alive connection is a socket of this process whose peer is the server's port.
            #expect(connectedSockets(to: server.port, excluding: existing) == 1)
            #expect(loops.liveCount == 1)
        }
        #expect(await waitUntil { loops.liveCount == 0 })
        #expect(await waitUntil { connectedSockets(to: server.port, excluding: existing) == 0 })
    }

    @Test func shutdownClosesIdleConnectionsWhileTheTransportIsStillHeld() async throws {
        let existing = socketInodes()
        let server = try TestHTTPServer()
        server.route("/ok", responding: .text("ok"))
        let transport = CurlTransport()
        let client = HTTPClient(transport: transport, environment: Environment(baseURL: URL(string: server.baseURL)!))
        _ = try await client.send(HTTPRequest(path: "/ok"))
        #expect(connectedSockets(to: server.port, excluding: existing) == 1)
        transport.shutdown()
        // The transport and its loop are still referenced here: shutdown itself closed the connection.
        #expect(connectedSockets(to: server.port, excluding: existing) == 0)
        #expect(await client.task(for: HTTPRequest(path: "/ok")).result.failureReason == .canceled)
        withExtendedLifetime((transport, client)) {}
    }

    /// How many of this process's descriptors are client sockets connected to this test's server on `port`.
    ///
    /// A socket counts only when the server's end of the same connection (local and remote swapped) is a
    /// descriptor of this process too: another test's idle connection to an earlier server, stopped since,
    /// that had the same port number stays open (in CLOSE_WAIT) and must not count.
    ///
    /// Sockets in `existing` (taken with ``socketInodes()`` before this test's server started) never count:
    /// a server stopped earlier whose port number the kernel gave again may still hold both ends of an
    /// idle connection.
    private func connectedSockets(to port: UInt16, excluding existing: Set<String>) -> Int {
        let inodes = socketInodes().subtracting(existing)
        var connections: [(local: String, remote: String)] = []
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            // /proc files report a size of 0, so they are read to their end rather than by size.
            guard let handle = FileHandle(forReadingAtPath: table), let data = try? handle.readToEnd() else { continue }
            try? handle.close()
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
                // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                let fields = line.split(separator: " ")
                // Only established connections (state 01): a client's idle connection to another test's
                // server, stopped since, whose port number the kernel handed out again, waits in CLOSE_WAIT.
                guard fields.count > 9, fields[3] == "01", inodes.contains(String(fields[9])) else { continue }
                connections.append((String(fields[1]), String(fields[2])))
            }
        }
        let serverPort = String(format: ":%04X", port)
        let serverEnds = Set(connections.filter { $0.local.hasSuffix(serverPort) }.map { "\($0.local) \($0.remote)" })
        return connections.filter { $0.remote.hasSuffix(serverPort) && serverEnds.contains("\($0.remote) \($0.local)") }
            .count
    }
}

/// The inodes of this process's open sockets, as `/proc/self/fd` names them.
func socketInodes() -> Set<String> {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return Set(
        descriptors.compactMap { name -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                target.hasPrefix("socket:[")
            else { return nil }
            return String(target.dropFirst("socket:[".count).dropLast())
        })
}

/// Weak references to objects made during a test, to see that they have all been freed.
final class WeakReferences: @unchecked Sendable {
    private struct Entry { weak var object: AnyObject? }
    private let lock = NSLock()
    private var entries: [Entry] = []

    /// Keeps a weak reference to `object`; a `nil` is not counted.
    func append(_ object: AnyObject?) {
        guard let object else { return }
        lock.withLock { entries.append(Entry(object: object)) }
    }
    /// How many objects were added.
    var count: Int { lock.withLock { entries.count } }
    /// How many of them are still alive.
    var liveCount: Int { lock.withLock { entries.filter { $0.object != nil }.count } }
}
