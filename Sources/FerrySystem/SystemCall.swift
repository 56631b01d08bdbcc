import Glibc

/// The one retry policy for system calls, after swift-nio's `NIOPosix/System.swift`: a call that fails with
/// `EINTR` (a signal arrived while it waited) is made again, as many times as that happens; any other failure
/// is returned to the caller as it is.
///
/// ```swift
/// let ready = SystemCall.retryingInterrupts { poll(&descriptors, 2, timeout) }
/// ```
public enum SystemCall {
    /// Calls `body` until it returns anything but `-1` with `errno` set to `EINTR`, and returns that.
    @inlinable
    public static func retryingInterrupts<Result: BinaryInteger>(_ body: () -> Result) -> Result {
        while true {
            let result = body()
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// Calls `body` like ``retryingInterrupts(_:)`` and throws a ``SystemError`` naming `call` when it fails.
    @inlinable
    @discardableResult
    public static func checked<Result: BinaryInteger>(_ call: String, _ body: () -> Result) throws(SystemError)
        -> Result
    {
        let result = retryingInterrupts(body)
        guard result >= 0 else { throw SystemError(call: call, code: errno) }
        return result
    }

    /// The C library's function `name` as `type` (a `@convention(c)` function type), looked up at run time: for
    /// the ones Swift's Glibc module does not export (`renameat2`, `mallopt`). `nil` when this C library has none.
    public static func libraryFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}

/// A system call that failed: which one and its `errno`.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call, as its C name (`open`, `write`, `rename`).
    public var call: String
    /// The `errno` it set.
    public var code: Int32

    /// Creates an error for `call` with `code`.
    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The system's words for ``code`` (`No such file or directory`).
    public var reason: String { String(cString: strerror(code)) }

    /// The call and the reason.
    public var description: String { "\(call): \(reason)" }
}
