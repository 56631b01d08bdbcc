import Foundation

/// Reads `.proto` files, ours and not protoc's, into the ``FileDescriptor``s server reflection would have sent:
/// the file named and everything it imports, type names resolved as protoc resolves them, the well-known
/// types (`google/protobuf/timestamp.proto`, …) built in.
///
/// An import is looked for in the importing file's folder, then the first file's folder, then each of
/// ``importPaths`` in order (protoc's `-I`); a well-known file found nowhere is the built-in one.
///
/// ```swift
/// let pool = try ProtoSourceLoader(importPaths: ["third_party"]).pool(loading: "protos/shop.proto")
/// let bytes = try MessageCodec(pool: pool).encode(["id": 8], as: "shop.GetOrderRequest")
/// ```
public struct ProtoSourceLoader: Sendable {
    /// The folders imports are looked for in after the importing file's and the first file's.
    public var importPaths: [String]
    /// How many files one load may read (a guard against hostile import graphs).
    public static let maximumFiles = 500
    /// The largest `.proto` file read, in bytes.
    public static let maximumFileSize = 16 << 20

    private let read: @Sendable (String) -> String?

    /// A loader looking in `importPaths`, reading files with `read` (a path to its text, `nil` when there is no
    /// such file; by default the file system, files over ``maximumFileSize`` refused).
    public init(importPaths: [String] = [], read: @escaping @Sendable (String) -> String? = Self.readFile) {
        self.importPaths = importPaths
        self.read = read
    }

    /// The text of the regular file at `path`, `nil` when missing, not a regular file, over
    /// ``maximumFileSize`` or not UTF-8.
    public static func readFile(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumFileSize + 1), data.count <= maximumFileSize else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    /// The pool of the file at `path` and the files it imports.
    public func pool(loading path: String) throws(ProtoSourceError) -> DescriptorPool {
        DescriptorPool(files: try load(path))
    }

    /// The descriptors of the file at `path` (named by its last path component, as protoc names a file given
    /// within its `-I` folder) and of every file it imports, each after the files it imports.
    public func load(_ path: String) throws(ProtoSourceError) -> [FileDescriptor] {
        let folder = (path as NSString).deletingLastPathComponent
        guard let text = read(path) else {
            throw ProtoSourceError("cannot read the file (missing, a folder, over 16 MiB or not UTF-8)", file: path)
        }
        var state = LoadState(rootFolder: folder)
        let name = (path as NSString).lastPathComponent
        try load(name: name, text: text, folder: folder, state: &state)
        var symbols = ProtoSymbols()
        for file in state.order {
            if let syntax = state.parsed[file] {
                try symbols.add(syntax)
            } else if let builtIn = BuiltInProtoFiles.files[file] {
                try symbols.add(builtIn)
            }
        }
        var descriptors: [FileDescriptor] = []
        for file in state.order {
            if let syntax = state.parsed[file] {
                descriptors.append(try ProtoDescriptorBuilder(syntax: syntax, symbols: symbols).build())
            } else if let builtIn = BuiltInProtoFiles.files[file] {
                descriptors.append(builtIn)
            }
        }
        return descriptors
    }

    /// What a load has read so far.
    private struct LoadState {
        let rootFolder: String
        /// Each file's syntax, by its import name.
        var parsed: [String: ProtoFileSyntax] = [:]
        /// The files finished, each after its imports.
        var order: [String] = []
        /// The files being read (an import of one of them is a cycle).
        var inProgress: [String] = []
    }

    private func load(name: String, text: String, folder: String, state: inout LoadState) throws(ProtoSourceError) {
        let syntax = try ProtoParser.parse(text, name: name)
        state.inProgress.append(name)
        for dependency in syntax.imports {
            func failure(_ message: String) -> ProtoSourceError {
                ProtoSourceError(message, file: name, line: dependency.line, column: dependency.column)
            }
            if state.order.contains(dependency.name) { continue }
            if state.inProgress.contains(dependency.name) {
                throw failure(
                    "import cycle: " + (state.inProgress + [dependency.name]).joined(separator: " → "))
            }
            guard state.parsed.count < Self.maximumFiles else {
                throw failure("more than \(Self.maximumFiles) files are imported")
            }
            let candidates = [folder, state.rootFolder] + importPaths
            var found: (text: String, path: String)?
            for candidate in candidates where !dependency.name.hasPrefix("/") {
                let path = candidate.isEmpty ? dependency.name : candidate + "/" + dependency.name
                if let text = read(path) {
                    found = (text, path)
                    break
                }
            }
            // A well-known file found on disk is read as any other (descriptor.proto's types then exist too).
            if found == nil, BuiltInProtoFiles.files[dependency.name] != nil {
                state.order.append(dependency.name)
                continue
            }
            guard let found else {
                var places: [String] = []
                for place in candidates.map({ $0.isEmpty ? "." : $0 }) where !places.contains(place) {
                    places.append(place)
                }
                throw failure("\(dependency.name) is not found (looked in \(places.joined(separator: ", ")))")
            }
            let importedFolder = (found.path as NSString).deletingLastPathComponent
            try load(name: dependency.name, text: found.text, folder: importedFolder, state: &state)
        }
        state.inProgress.removeLast()
        state.parsed[name] = syntax
        state.order.append(name)
    }
}
