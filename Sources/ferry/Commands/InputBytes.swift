import FerrySystem
import Foundation

/// Reads a whole file, or standard input, straight into one byte array: no `Data` and no second copy,
/// so a large input costs its size once (FerrySystem's ``FileDescriptor/readAll()``).
enum InputBytes {
    /// Why the input could not be read: the system's reason, such as "No such file or directory".
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The bytes of the file at `path`, or of standard input for `-`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        guard path != "-" else { return try read(descriptor: FileDescriptor.standardInput.rawValue) }
        let descriptor: FileDescriptor
        do throws(SystemError) {
            descriptor = try FileDescriptor.open(path, O_RDONLY)
        } catch {
            throw Failure(description: error.reason)
        }
        defer { descriptor.closeIgnoringErrors() }
        return try read(descriptor: descriptor.rawValue)
    }

    /// Everything left to read on `descriptor`; a regular file is read into an array of its size.
    static func read(descriptor: Int32) throws(Failure) -> [UInt8] {
        let file = FileDescriptor(rawValue: descriptor)
        let status: FileStatus
        do throws(SystemError) { status = try file.status() } catch { throw Failure(description: error.reason) }
        guard !status.isDirectory else { throw Failure(description: "is a folder") }
        do throws(SystemError) { return try file.readAll() } catch { throw Failure(description: error.reason) }
    }
}
