import FerryHTTP
import FerrySystem
import Foundation

/// A `>>` or `>>!` of a request with its path resolved: where the response body goes.
public struct PreparedOutput: Sendable, Hashable {
    /// The file, absolute (a relative path is taken from the request's file's folder).
    public var url: URL
    /// Whether an existing file is replaced (`>>!`); otherwise a free name is chosen (`out-1.json`).
    public var overwrite: Bool
    /// The line of the redirect, when the request came from a file.
    public var location: SourceLocation?

    /// Creates an output.
    public init(url: URL, overwrite: Bool, location: SourceLocation? = nil) {
        self.url = url
        self.overwrite = overwrite
        self.location = location
    }

    /// `output`'s path resolved with `context` and placed under `folder`; refuses a path inside
    /// `stateFolder` (`.ferry/`, Ferry's own files). Throws a ``VariableError`` at the redirect's line.
    static func resolving(
        _ output: ResponseOutput, with context: VariableContext, folder: URL, stateFolder: URL
    ) throws -> PreparedOutput {
        let resolver = TemplateResolver(context: context, part: .outputPath, location: output.location)
        let path = try resolver.resolve(output.path).value
        let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path))
            .standardizedFileURL
        let state = stateFolder.standardizedFileURL.resolvingSymlinksInPath().path
        let target = url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(
            url.lastPathComponent
        ).path
        guard !(target == state || target.hasPrefix(state + "/")), !path.isEmpty, !url.hasDirectoryPath else {
            throw VariableError(
                .invalidOutput(path), part: TemplateResolver.Part.outputPath.description,
                location: output.location)
        }
        return PreparedOutput(url: url, overwrite: output.overwrite, location: output.location)
    }

    /// Writes `bytes` atomically to ``url`` (or, for `>>`, to the first free name `name-1.ext`, `name-2.ext`,
    /// … when it exists), creating missing folders; returns the file written.
    func write(_ bytes: [UInt8]) throws -> URL {
        let target = try freeTarget()
        try FileIO.writeAtomically(bytes, to: target)
        return target
    }

    /// Copies `file` (a body that was streamed to disk) to where ``write(_:)`` would write, atomically
    /// (FerrySystem's ``AtomicFile``), so a failed copy leaves no half file.
    func write(copying file: URL) throws -> URL {
        let target = try freeTarget()
        do throws(AtomicFile.Failure) {
            let output = try AtomicFile(replacing: target.path)
            try output.write(contentsOf: file.path)
            try output.commit()
        } catch let error where error.step == .place {
            throw FileIO.ioError(target, "cannot rename into place: \(error.reason)")
        } catch {
            throw FileIO.ioError(target, "cannot copy \(file.path): \(error.reason)")
        }
        return target
    }

    /// Copies `body` (a body FerryHTTP spilled to an unlinked temporary file) to where ``write(_:)`` would
    /// write, atomically and a chunk at a time: a body larger than memory is never read whole.
    func write(copying body: SpillFile) throws -> URL {
        let target = try freeTarget()
        var copied = 0
        do throws(AtomicFile.Failure) {
            let output = try AtomicFile(replacing: target.path)
            while copied < body.size {
                let chunk = body.read(offset: copied, count: Self.copyChunkSize)
                guard !chunk.isEmpty else { break }
                try output.write(chunk)
                copied += chunk.count
            }
            // A temporary file that cannot be read back is not put in place half copied.
            if copied == body.size { try output.commit() }
        } catch let error where error.step == .place {
            throw FileIO.ioError(target, "cannot rename into place: \(error.reason)")
        } catch {
            throw FileIO.ioError(target, "cannot copy the response body: \(error.reason)")
        }
        guard copied == body.size else {
            throw FileIO.ioError(target, "cannot read the response body back from its temporary file")
        }
        return target
    }

    /// How much of a spilled body ``write(copying:)-(SpillFile)`` copies at a time.
    static let copyChunkSize = 1 << 20

    /// ``url``, or for `>>` the first free name beside it; its folder is created when missing.
    private func freeTarget() throws -> URL {
        let manager = FileManager.default
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var target = url
        if !overwrite {
            let base = url.deletingPathExtension().lastPathComponent
            let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
            var number = 0
            while manager.fileExists(atPath: target.path) {
                number += 1
                target = url.deletingLastPathComponent().appendingPathComponent("\(base)-\(number)\(suffix)")
            }
        }
        return target
    }
}
