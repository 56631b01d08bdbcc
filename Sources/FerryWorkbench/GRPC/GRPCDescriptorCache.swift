import FerryProtobuf
import Foundation

/// The descriptors server reflection sent for each gRPC endpoint of a workspace, one `FileDescriptorSet` per
/// endpoint in `.ferry/grpc/` (named by the FNV-1a hash of `host:port`, as the GraphQL schema cache names its
/// files), read before asking the server again.
public struct GRPCDescriptorCache: Sendable {
    /// The folder inside `.ferry`.
    public static let folderName = "grpc"
    /// The largest file written or read.
    public static let maximumFileSize = 16 << 20

    /// `.ferry/grpc`.
    public let folder: URL

    /// The cache of the workspace whose state folder is `stateFolder`.
    public init(stateFolder: URL) { folder = stateFolder.appendingPathComponent(Self.folderName) }

    /// The file of `endpoint` (`host:port`, with `s` after it for TLS).
    public func url(for endpoint: String) -> URL {
        folder.appendingPathComponent(FileFingerprint.hexName(of: endpoint) + ".binpb")
    }

    /// The cached descriptors of `endpoint`, or `nil` when there are none (or they cannot be read).
    public func read(for endpoint: String) -> DescriptorPool? {
        let file = url(for: endpoint)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? Int, size <= Self.maximumFileSize,
            let data = try? Data(contentsOf: file)
        else { return nil }
        var pool = DescriptorPool()
        do { try pool.add(fileDescriptorSet: [UInt8](data)) } catch { return nil }
        return pool
    }

    /// Writes `files` (serialized `FileDescriptorProto`s) as `endpoint`'s descriptors.
    public func write(_ files: [[UInt8]], for endpoint: String) throws {
        let bytes = DescriptorPool.fileDescriptorSet(serializedFiles: files)
        guard bytes.count <= Self.maximumFileSize else {
            throw GRPCSendError(
                "the descriptors are \(bytes.count) bytes, more than the \(Self.maximumFileSize) Ferry caches")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileIO.writeAtomically(bytes, to: url(for: endpoint))
    }
}
