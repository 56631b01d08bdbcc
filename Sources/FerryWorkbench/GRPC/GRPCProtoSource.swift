import FerryProtobuf
import Foundation

/// Where a `GRPC` request's descriptors come from when server reflection is not asked: a `.proto` file (read
/// by ``ProtoSourceLoader``, imports looked for beside it and in the import paths) or a descriptor set
/// (`protoc --descriptor_set_out --include_imports`).
///
/// The request's `# @proto path` names it, else the environment's `proto` variable; `# @proto-path a:b` (else
/// the `protoPath` variable) lists the import folders, as protoc's `--proto_path`. Both may hold `{{…}}`;
/// relative paths are read from the request's file's folder.
///
/// ```swift
/// if let source = try GRPCProtoSource(directives: request.directives, context: context, folder: folder) {
///     let pool = try source.pool()
/// }
/// ```
public struct GRPCProtoSource: Sendable, Hashable {
    /// The `.proto` file or descriptor set, absolute.
    public var path: String
    /// The import folders, absolute.
    public var importPaths: [String]
    /// What named it, for messages (`# @proto` or `the environment's proto`).
    public var origin: String

    /// The source `directives` or `context` name, `nil` when neither does; throws ``VariableError`` when a
    /// `{{…}}` in them cannot be resolved.
    public init?(directives: RequestDirectives, context: VariableContext, folder: URL) throws {
        let fromFile = directives.others["proto"].flatMap { $0.isEmpty ? nil : $0 }
        guard let written = fromFile ?? context.lookup("proto")?.value, !written.isEmpty else { return nil }
        origin = fromFile != nil ? "# @proto" : "the environment's proto"
        let paths = directives.others["proto-path"] ?? context.lookup("protoPath")?.value ?? ""
        func absolute(_ text: String, part: String) throws -> String {
            let resolved = try TemplateResolver(context: context, part: .directive(part)).resolve(text).value
            return resolved.hasPrefix("/") ? resolved : folder.appendingPathComponent(resolved).path
        }
        path = try absolute(written, part: "proto")
        var folders: [String] = []
        for piece in paths.split(separator: ":") where !piece.trimmingCharacters(in: .whitespaces).isEmpty {
            folders.append(try absolute(piece.trimmingCharacters(in: .whitespaces), part: "proto-path"))
        }
        importPaths = folders
    }

    /// Whether it is a `.proto` source rather than a descriptor set.
    public var isProtoFile: Bool { path.lowercased().hasSuffix(".proto") }

    /// The descriptors it holds; the error names the file, and for a `.proto` file the line and column.
    ///
    /// Within `confinement` (an untrusted workspace) the file must lie inside the workspace, and an import
    /// found outside it is taken as missing.
    public func pool(confinement: WorkspaceConfinement? = nil) throws(GRPCSendError) -> DescriptorPool {
        if let confinement, let refusal = confinement.refusal(of: URL(fileURLWithPath: path), for: .reading) {
            throw GRPCSendError(
                RequestSender.untrusted(origin, refusal, at: nil, root: URL(fileURLWithPath: confinement.root)))
        }
        if isProtoFile {
            let loader = ProtoSourceLoader(importPaths: importPaths) { file in
                guard confinement?.refusal(of: URL(fileURLWithPath: file), for: .reading) == nil else { return nil }
                return ProtoSourceLoader.readFile(file)
            }
            do {
                return try loader.pool(loading: path)
            } catch {
                throw GRPCSendError("\(error) (\(origin))")
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GRPCSendError("cannot read the descriptor set \(path) (\(origin))")
        }
        var pool = DescriptorPool()
        do {
            try pool.add(fileDescriptorSet: [UInt8](data))
        } catch {
            throw GRPCSendError(
                "\(path) is not a descriptor set (protoc --descriptor_set_out --include_imports): \(error)")
        }
        return pool
    }
}
