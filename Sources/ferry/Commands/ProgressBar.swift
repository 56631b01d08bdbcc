import FerryHTTP
import Foundation

/// A one-line progress bar on standard error, redrawn at most ten times a second.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    /// Quick transfers never show a bar: drawing starts a quarter second in.
    private var lastDraw = ContinuousClock.now + .milliseconds(150)
    private var drawn = false

    /// Draws the bar for `progress` (throttled).
    func update(_ progress: TransferProgress) {
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        guard now - lastDraw >= .milliseconds(100) else { return }
        lastDraw = now
        drawn = true
        let received = Self.size(progress.bytesReceived)
        let line: String
        if let fraction = progress.fractionReceived, let total = progress.bytesExpectedToReceive {
            let width = 30
            let filled = max(0, min(width, Int(fraction * Double(width))))
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
            line = "[\(bar)] \(Int(fraction * 100))% \(received) / \(Self.size(total))"
        } else {
            line = "received \(received)"
        }
        TerminalOutput.standardError.writeRaw(Array("\r\u{1B}[2K\(line)".utf8))
    }

    /// Erases the bar, if it was drawn.
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { TerminalOutput.standardError.writeRaw(Array("\r\u{1B}[2K".utf8)) }
        drawn = false
    }

    /// `1.2 MB`-style sizes.
    static func size(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}
