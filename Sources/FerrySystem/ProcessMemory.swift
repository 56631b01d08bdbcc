import Glibc

/// How much memory this process holds, as the kernel counts it.
///
/// ```swift
/// let before = ProcessMemory.residentBytes() ?? 0
/// ```
public enum ProcessMemory {
    /// The resident set size (pages in RAM: what the process costs the machine now), from
    /// `/proc/self/statm`; nil where that file cannot be read.
    public static func residentBytes() -> Int? {
        guard let file = try? FileDescriptor.open("/proc/self/statm", O_RDONLY) else { return nil }
        defer { file.closeIgnoringErrors() }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = (try? buffer.withUnsafeMutableBytes { try file.read(into: $0) }) ?? 0
        // "size resident shared text lib data dt", in pages.
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
