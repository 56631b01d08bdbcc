/// One script of a request and what running it produced (secrets masked in its log and messages).
public struct ScriptRun: Sendable, Hashable {
    /// The script as the file gives it.
    public var script: RequestScript
    /// What it produced.
    public var outcome: ScriptOutcome

    /// A script and its outcome.
    public init(script: RequestScript, outcome: ScriptOutcome) {
        self.script = script
        self.outcome = outcome
    }
}

extension ScriptOutcome {
    /// The outcome with `scrubber` applied to everything a person or a report sees: log lines, test names
    /// and messages, the error's message.
    func scrubbed(by scrubber: SecretScrubber) -> ScriptOutcome {
        var outcome = self
        outcome.log = log.map(scrubber.scrub)
        outcome.tests = tests.map { test in
            var test = test
            test.name = scrubber.scrub(test.name)
            test.message = test.message.map(scrubber.scrub)
            return test
        }
        outcome.error?.message = scrubber.scrub(error?.message ?? "")
        return outcome
    }
}
