import Testing

/// Records an issue unless an event handler reported `used` as `expected` (`#expect` cannot wrap a mutating call).
func expectUsed(_ used: Bool, _ expected: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(used == expected, "event used: \(used), expected \(expected)", sourceLocation: sourceLocation)
}
