import FerryHTTP
import Foundation
import Glibc

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
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).ferry-\(UUID().uuidString)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .system("Could not write \(url.path): \(errorText())") }
        defer { unlink(temporary.path) }
        do throws(Failure) {
            try copy(body, into: descriptor, naming: url)
            guard fsync(descriptor) == 0 else { throw .system("Could not write \(url.path): \(errorText())") }
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        try place(temporary, at: url, replacing: replacing)
    }

    /// Puts the written file at `url`: `rename` when replacing, else `link`, which fails when a file
    /// appeared there meanwhile instead of writing over it.
    private static func place(_ temporary: URL, at url: URL, replacing: Bool) throws(Failure) {
        if replacing {
            guard rename(temporary.path, url.path) == 0 else {
                throw .system("Could not write \(url.path): \(errorText())")
            }
            return
        }
        guard link(temporary.path, url.path) == 0 else {
            if errno == EEXIST { throw .exists(url) }
            throw .system("Could not write \(url.path): \(errorText())")
        }
    }

    /// Writes every byte of `body` to `descriptor`, a chunk at a time from a spill file.
    private static func copy(_ body: ReceivedBody, into descriptor: Int32, naming url: URL) throws(Failure) {
        switch body.storage {
        case .memory(let bytes):
            try writeAll(bytes[...], to: descriptor, naming: url)
        case .file(let file):
            var offset = 0
            while offset < body.count {
                let chunk = file.read(offset: offset, count: min(chunkSize, body.count - offset))
                guard !chunk.isEmpty else {
                    throw .system("Could not read the kept body at byte \(offset) of \(body.count)")
                }
                try writeAll(chunk[...], to: descriptor, naming: url)
                offset += chunk.count
            }
        }
    }

    /// Writes `bytes` whole, retrying short writes and interrupted calls.
    private static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, naming url: URL) throws(Failure) {
        let failed: Bool = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return false }
            var done = 0
            while done < buffer.count {
                let step = Glibc.write(descriptor, base + done, buffer.count - done)
                if step > 0 {
                    done += step
                } else if step < 0 && errno == EINTR {
                    continue
                } else {
                    return true
                }
            }
            return false
        }
        if failed { throw .system("Could not write \(url.path): \(errorText())") }
    }

    /// The last system error in words.
    private static func errorText() -> String { String(cString: strerror(errno)) }

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
