import FerryTestSupport
import Foundation

extension HeadlessBench {
    /// `ferry send` of a unary `GRPC` request (`ferry.test.Echo/Echo` on the grpcio peer, its descriptors cached in
    /// `.ferry/grpc` by the warm-up run) as a whole process, beside `grpcurl` making the same call when it is
    /// installed (it asks server reflection on every run), else beside the floor: `ferry send` of the small GET in
    /// the same loop, so the row says what a gRPC call costs over an HTTP one. `nil` without the grpcio venv.
    static func grpcPair(ferry: String, folder: URL, floor: [String]) throws -> (pair: Pair, server: GRPCPeerServer)? {
        guard let server = try PeerClient.blocking({ try await GRPCPeerServer.start() }) else { return nil }
        let message = #"{"name": "ferry", "numbers": [1, 2, 3]}"#
        let requests = folder.appendingPathComponent("grpc.http")
        try Data("### echo\n# @name echo\nGRPC \(server.authority)/ferry.test.Echo/Echo\n\n\(message)\n".utf8)
            .write(to: requests)
        let send = [ferry, "send", requests.path + "#echo", "--env", "local"]
        if let grpcurl = TestServers.executable(named: "grpcurl") {
            let call = [grpcurl.path, "-plaintext", "-d", message, server.authority, "ferry.test.Echo/Echo"]
            return (
                Pair(name: "ferry send, unary GRPC", peer: "grpcurl", target: 1.2, ferry: send, other: call), server
            )
        }
        return (
            Pair(
                name: "ferry send, unary GRPC (no grpcurl: beside the floor)", peer: "ferry send small GET",
                target: 1.5,
                ferry: send, other: floor),
            server
        )
    }
}
