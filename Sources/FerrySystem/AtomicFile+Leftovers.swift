import Glibc

extension AtomicFile {
    /// Removes from `folder` the temporary files of writes that never finished (`.NAME.ferry-XXXXXX`, left by a
    /// process killed mid-write) last changed more than `age` ago: younger ones may be another process's write
    /// under way. Returns how many were removed; a folder that cannot be read removes none.
    @discardableResult
    public static func removeLeftovers(in folder: String, olderThan age: Duration) -> Int {
        guard let stream = opendir(folder) else { return 0 }
        defer { closedir(stream) }
        let cutoff = (Int64(time(nil)) - age.components.seconds) * 1_000_000_000
        var removed = 0
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard isLeftover(name), let status = FileStatus(path: folder + "/" + name), status.isRegularFile,
                status.modifiedNanoseconds < cutoff
            else { continue }
            if unlink(folder + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }

    /// Whether `name` is an atomic write's temporary file: `.NAME` then ``temporaryInfix`` and six characters.
    static func isLeftover(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let infix = Array(temporaryInfix.utf8)
        // "." + at least one character of the target's name + the infix + six random characters.
        guard bytes.count >= 2 + infix.count + 6, bytes[0] == UInt8(ascii: ".") else { return false }
        let start = bytes.count - 6 - infix.count
        return Array(bytes[start..<(start + infix.count)]) == infix
    }
}
