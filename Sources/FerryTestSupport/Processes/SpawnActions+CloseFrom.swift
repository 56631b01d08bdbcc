import FerrySystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not
/// export; looked up once.
private let addCloseFrom = SystemCall.libraryFunction(
    "posix_spawn_file_actions_addclosefrom_np",
    as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

/// Adds to `actions` closing every descriptor from `first` up, so that a spawned child (and whatever it
/// leaves running, such as a tmux server) holds none of this process's sockets or pipes.
///
/// With an older glibc, each descriptor open now is closed instead (one opened by another thread between
/// this call and the spawn would still be inherited).
func closeDescriptors(from first: Int32, in actions: inout posix_spawn_file_actions_t) {
    if let addCloseFrom {
        _ = addCloseFrom(&actions, first)
        return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap({ Int32($0) }) where descriptor >= first {
        posix_spawn_file_actions_addclose(&actions, descriptor)
    }
}
