import FerryHTTP
import FerrySystem
import Foundation

/// Writes a received body to a file the user named: streamed from where the body is kept (memory, or the
/// temporary file it spilled to) into a hidden file beside the target, then put in place at once, so a
/// reader never sees half a file; an existing file is kept unless replacing it was asked for.
enum BodyFile {
    /// Why a body could not be written.
    enum Failure: Error, Sendable, Equatable {
        /// The file is there and replacing it was not asked for.
        case exists(URL)
        /// The system refused: what was being done and its error in words.
        case system(String)
    }

    /// Bytes read from a spilled body per write (1 MiB): a large body never sits in memory whole.
    static let chunkSize = 1 << 20

    /// Writes `body` to `url` (creating missing folders); replaces a file there only when `replacing`.
    static func write(_ body: ReceivedBody, to url: URL, replacing: Bool) throws(Failure) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .system("Could not make the folder \(folder.path): \(error.localizedDescription)")
        }
        if !replacing && FileManager.default.fileExists(atPath: url.path) { throw .exists(url) }
        let file: AtomicFile
        do throws(AtomicFile.Failure) {
            file = try AtomicFile(replacing: url.path)
        } catch {
            throw .system("Could not write \(url.path): \(error.reason)")
        }
        try copy(body, into: file, naming: url)
        do throws(AtomicFile.Failure) {
            // `rename` when replacing, else `link`, which fails when a file appeared there meanwhile instead
            // of writing over it.
            try file.commit(replacing: replacing)
        } catch let error where error.isTargetExisting && !replacing {
            throw .exists(url)
        } catch {
            throw .system("Could not write \(url.path): \(error.reason)")
        }
    }

    /// Writes every byte of `body` to `file`, a chunk at a time from a spill file.
    private static func copy(_ body: ReceivedBody, into file: AtomicFile, naming url: URL) throws(Failure) {
        switch body.storage {
        case .memory(let bytes):
            try write(bytes[...], to: file, naming: url)
        case .file(let spilled):
            var offset = 0
            while offset < body.count {
                let chunk = spilled.read(offset: offset, count: min(chunkSize, body.count - offset))
                guard !chunk.isEmpty else {
                    throw .system("Could not read the kept body at byte \(offset) of \(body.count)")
                }
                try write(chunk[...], to: file, naming: url)
                offset += chunk.count
            }
        }
    }

    /// Appends `bytes` to `file`.
    private static func write(_ bytes: ArraySlice<UInt8>, to file: AtomicFile, naming url: URL) throws(Failure) {
        do throws(AtomicFile.Failure) {
            try file.write(bytes)
        } catch {
            throw .system("Could not write \(url.path): \(error.reason)")
        }
    }

    // MARK: - The name offered

    /// The name the save prompt offers for a body from `url` of type `mediaType`: the URL's last path
    /// segment (letters, digits, `.`, `-`, `_` kept), with an extension from the type when it has none
    /// (`users.json`, `logo.png`, `response.bin`).
    static func suggestedName(for url: URL?, mediaType: MediaType?) -> String {
        let segment = url?.pathComponents.last(where: { $0 != "/" }) ?? ""
        let kept = String(segment.filter { $0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0)) })
        // No leading dot: the file is not hidden.
        let visible = String(kept.drop(while: { $0 == "." }))
        let stem = visible.isEmpty ? "response" : visible
        return stem.contains(".") ? stem : stem + "." + fileExtension(for: mediaType)
    }

    /// The extension for a media type: `json` for any JSON, `txt` for plain text, the subtype when it is a
    /// plain word (`png`, `html`, `xml`), `bin` otherwise.
    static func fileExtension(for mediaType: MediaType?) -> String {
        guard let mediaType else { return "bin" }
        if mediaType.isJSON { return "json" }
        let essence = mediaType.essence
        if essence == "text/plain" { return "txt" }
        let subtype = essence.split(separator: "/").last.map(String.init) ?? ""
        let word = subtype.split(separator: "+").last.map(String.init) ?? subtype
        guard !word.isEmpty, word.count <= 8, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return "bin"
        }
        return word
    }
}
