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

    /// Has every block of 128 KiB or more mapped on its own and unmapped when freed, so a long run's large
    /// buffers go back to the system as soon as they are freed. By default glibc raises that threshold up to
    /// 32 MiB each time such a block is freed, after which large buffers are carved from the heap and their
    /// pages stay resident: a `ferry run` of 10^4 requests kept about 9 MiB it had freed at its start.
    ///
    /// Returns whether glibc took the setting.
    @discardableResult
    public static func returnLargeBlocksWhenFreed() -> Bool {
        mallopt?(mmapThreshold, 128 * 1024) == 1
    }

    /// `M_MMAP_THRESHOLD` from `<malloc.h>`.
    static let mmapThreshold: Int32 = -3

    /// glibc's `mallopt`, looked up at run time (Swift's Glibc module does not export it).
    static let mallopt = SystemCall.libraryFunction("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)
}
