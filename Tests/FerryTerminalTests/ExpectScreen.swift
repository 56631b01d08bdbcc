import FerryTerminal
import FerryTestSupport
import Testing

/// Records a test issue with a line diff when `buffer` does not read as `expected`.
func expectScreen(_ buffer: ScreenBuffer, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    if let failure = ScreenAssertions.mismatch(buffer, expected) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Records a test issue with a line diff when the in-memory terminal does not read as `expected`.
func expectScreen(
    _ backend: InMemoryBackend, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    if let failure = ScreenAssertions.mismatch(backend, expected) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}
