import FerrySystem
import Foundation

/// The on-disk part of an ``HTTPCache``: one file per primary key (its variants, as a binary property
/// list), named by a hash of the key and checked against the key inside when read. Private: the folder is
/// `0700` and each file `0600` (they hold response bodies, which may be tokens), and the files of the format
/// before hashed keys (`*.entry`, with URLs in clear) are removed at the first write.
///
/// Writes go to a serial queue and replace files atomically; a file's modification date is its last use,
/// so the least recently used files are removed first once the folder passes its capacity, across
/// processes too. The folder is listed only at the first write, never when the cache is made.
final class DiskCacheStore: Sendable {
    private struct Index {
        /// Each file's size and last use, once listed.
        var files: [String: (size: Int, used: Date)]?
        /// Whether the folder was made private (by this process).
        var isPrivate = false
    }

    let directory: URL
    let capacity: Int
    /// The entries' file extension.
    static let fileExtension = ".cached"
    private let queue = DispatchQueue(label: "ferry.http-cache.disk")
    private let index = Locked(Index())

    init(directory: URL, capacity: Int) {
        self.directory = directory
        self.capacity = capacity
    }

    /// The variants stored for `key`, or none when absent or unreadable (a damaged file is removed).
    func variants(for key: String) -> [CachedResponse] {
        let file = url(for: key)
        guard let data = try? Data(contentsOf: file) else { return [] }
        guard let variants = try? PropertyListDecoder().decode([CachedResponse].self, from: data),
            variants.allSatisfy({ $0.key == key })
        else {
            if (try? PropertyListDecoder().decode([CachedResponse].self, from: data)) == nil { remove(key) }
            return []
        }
        queue.async {
            let now = Date()
            try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
            self.index.withLock { $0.files?[file.lastPathComponent]?.used = now }
        }
        return variants
    }

    /// Replaces what is stored for `key` with `variants`, then evicts past the capacity.
    func write(_ variants: [CachedResponse], for key: String) {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        guard let data = try? encoder.encode(variants) else { return }
        let file = url(for: key)
        queue.async {
            do {
                try self.makePrivateDirectory()
                try AtomicFile.write([UInt8](data), to: file.path, permissions: .exactly(0o600))
            } catch {
                return  // A cache that cannot write only misses later.
            }
            self.loadIndexIfNeeded()
            self.index.withLock { $0.files?[file.lastPathComponent] = (data.count, Date()) }
            self.evict()
        }
    }

    /// Removes what is stored for `key`.
    func remove(_ key: String) {
        let file = url(for: key)
        queue.async {
            try? FileManager.default.removeItem(at: file)
            self.index.withLock { $0.files?[file.lastPathComponent] = nil }
        }
    }

    /// Removes every file of the cache.
    func removeAll() {
        queue.async {
            for name in self.entryNames() {
                try? FileManager.default.removeItem(at: self.directory.appending(path: name))
            }
            self.index.withLock { $0.files = [:] }
        }
    }

    /// Waits for the writes started so far.
    func flush() { queue.sync {} }

    // MARK: - Internals

    /// Creates the folder `0700`, or makes an existing one so (the first time, on the queue).
    private func makePrivateDirectory() throws {
        guard !index.withLock({ $0.isPrivate }) else { return }
        let manager = FileManager.default
        try manager.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        let legacy = ((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasSuffix(".entry")
        }
        for name in legacy { try? manager.removeItem(at: directory.appending(path: name)) }
        index.withLock { $0.isPrivate = true }
    }

    /// The file for `key`: a 64-bit FNV-1a hash of it in hex.
    func url(for key: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return directory.appending(path: String(hash, radix: 16) + Self.fileExtension)
    }

    private func entryNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0.hasSuffix(Self.fileExtension)
        }
    }

    /// Lists the folder into the index the first time (on the queue).
    private func loadIndexIfNeeded() {
        guard index.withLock({ $0.files == nil }) else { return }
        var files: [String: (size: Int, used: Date)] = [:]
        for name in entryNames() {
            let attributes = try? FileManager.default.attributesOfItem(atPath: directory.appending(path: name).path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            files[name] = (size, attributes?[.modificationDate] as? Date ?? .distantPast)
        }
        index.withLock { $0.files = files }
    }

    /// Removes the least recently used files until the total fits the capacity (on the queue).
    private func evict() {
        let doomed = index.withLock { index -> [String] in
            guard var files = index.files else { return [] }
            var total = files.values.reduce(0) { $0 + $1.size }
            var removed: [String] = []
            for (name, file) in files.sorted(by: { $0.value.used < $1.value.used }) where total > capacity {
                total -= file.size
                files[name] = nil
                removed.append(name)
            }
            index.files = files
            return removed
        }
        for name in doomed { try? FileManager.default.removeItem(at: directory.appending(path: name)) }
    }
}
