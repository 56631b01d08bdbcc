import FerryGRPC
import Foundation

/// A `GRPC` request as the `grpcurl` command making the same call: `-plaintext` for `grpc://` (and a target
/// without a scheme), metadata as `-H`, the body as `-d`, `# @proto` (or the environment's `proto`) as `-protoset`
/// for a descriptor set and `-import-path`/`-proto` for a `.proto` file, `# @insecure` as `-insecure`,
/// `# @timeout` as `-max-time`, then `host:port package.Service/Method`.
///
/// ```swift
/// let command = try GrpcurlCommandExporter().command(for: request, context: context)
/// // grpcurl -plaintext -d '{"id": 8}' localhost:50051 members.MemberService/GetMemberById
/// ```
public struct GrpcurlCommandExporter: Sendable {
    /// Write secret values as `••••••`, as the history does.
    public var masksSecrets: Bool
    /// The folder of the request's `.http` file: a relative `# @proto` path is made absolute against it (the
    /// working folder when `nil`).
    public var baseFolder: URL?

    /// An exporter; see ``masksSecrets`` and ``baseFolder``.
    public init(masksSecrets: Bool = false, baseFolder: URL? = nil) {
        self.masksSecrets = masksSecrets
        self.baseFolder = baseFolder
    }

    /// The command for `request` resolved with `context`, one argument per element (unquoted); throws
    /// ``ExportRefusal`` for a request that is not `GRPC`, and ``VariableError`` as sending would.
    public func arguments(for request: SavedRequest, context: VariableContext) throws -> [String] {
        guard request.isGRPC else {
            throw ExportRefusal("only a GRPC request has a grpcurl command: export this one as curl or http")
        }
        let prepared = try request.prepared(with: context)
        let url = masksSecrets ? prepared.maskedURL : prepared.url
        guard let target = GRPCTarget(parsing: url) else {
            throw ExportRefusal("\(prepared.maskedURL) is not a gRPC target (host:port/package.Service/Method)")
        }
        var arguments = ["grpcurl"]
        if !target.usesTLS { arguments.append("-plaintext") }
        if !prepared.verifiesTLS { arguments.append("-insecure") }
        let folder = baseFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let source = try GRPCProtoSource(directives: request.directives, context: context, folder: folder) {
            if source.isProtoFile {
                let protoFolder = (source.path as NSString).deletingLastPathComponent
                for path in [protoFolder] + source.importPaths { arguments += ["-import-path", path] }
                arguments += ["-proto", (source.path as NSString).lastPathComponent]
            } else {
                arguments += ["-protoset", source.path]
            }
        }
        for header in prepared.headers {
            arguments += ["-H", "\(header.name): \(masksSecrets ? header.maskedValue : header.value)"]
        }
        if let timeout = prepared.timeout { arguments += ["-max-time", Self.seconds(timeout)] }
        let body =
            (masksSecrets ? prepared.maskedBody : prepared.body.map { String(decoding: $0, as: UTF8.self) }) ?? ""
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { arguments += ["-d", trimmed] }
        arguments += [target.authority, "\(target.service)/\(target.method)"]
        return arguments
    }

    /// The command as one shell line, each argument quoted where the shell needs it.
    public func command(for request: SavedRequest, context: VariableContext) throws -> String {
        try arguments(for: request, context: context).map(ShellQuoting.quoted).joined(separator: " ")
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
