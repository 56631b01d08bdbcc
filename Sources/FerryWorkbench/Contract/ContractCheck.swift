import FerryJSON

/// How one response measured up to an ``APIContract``: the operation it was matched to and every violation.
public struct ContractCheck: Sendable, Hashable {
    /// The contract's file name, as given.
    public var contract: String
    /// The operation matched (`GET /pets/{petId}`), or `nil` when none matches the request: then nothing was
    /// checked and ``warning`` says so.
    public var operation: String?
    /// The response the status selected (`200`, `2XX`, `default`), when one did.
    public var response: String?
    /// The line of the contract the matched operation starts on, when known (the test points there).
    public var line: Int?
    /// What does not conform, each with where.
    public var violations: [ContractViolation]

    /// A check of `contract` that matched `operation`.
    public init(
        contract: String, operation: String?, response: String? = nil, violations: [ContractViolation] = []
    ) {
        self.contract = contract
        self.operation = operation
        self.response = response
        self.violations = violations
    }

    /// Whether the response conforms (an unmatched request conforms to nothing and is not this).
    public var conforms: Bool { operation != nil && violations.isEmpty }

    /// Why nothing was checked: no operation matches the request.
    public var warning: String? {
        operation == nil
            ? "contract \(contract): no operation matches this request; its response is not checked"
            : nil
    }

    /// The test a run and the Tests tab show: `conforms to openapi.yaml (GET /pets/{petId} → 200)`, failed
    /// with one line per violation; `nil` for an unmatched request.
    public var testName: String? {
        guard let operation else { return nil }
        return "conforms to \(contract) (\(operation)\(response.map { " → \($0)" } ?? ""))"
    }

    /// One line per violation (`$['id']: is a string, not an integer`).
    public var message: String? {
        violations.isEmpty ? nil : violations.map(\.description).joined(separator: "\n")
    }
}

/// One way a response breaks its contract: the status, the content type, or a value of the body.
public struct ContractViolation: Sendable, Hashable, CustomStringConvertible {
    /// Where: `status`, `Content-Type`, `body`, or the normalized path of a body value (`$['items'][3]['id']`).
    public var place: String
    /// What is wrong.
    public var message: String
    /// The failing keyword's place in the description (`#/components/schemas/Pet/properties/id/type`).
    public var schemaLocation: String?

    /// A violation at `place`.
    public init(place: String, message: String, schemaLocation: String? = nil) {
        self.place = place
        self.message = message
        self.schemaLocation = schemaLocation
    }

    /// A body value's violation.
    init(_ violation: JSONSchemaViolation) {
        self.init(
            place: violation.instancePath.normalized, message: violation.message,
            schemaLocation: violation.schemaLocation)
    }

    /// `$['id']: is a string, not an integer`.
    public var description: String { "\(place): \(message)" }
}

extension ScriptOutcome {
    /// The outcome the Tests tab and run reports show for `check`: its test, or a `warning:` line when no
    /// operation matched. The test points at the contract's file.
    public init(contract check: ContractCheck) {
        self.init()
        if let name = check.testName {
            tests = [
                ScriptTestResult(
                    name: name, passed: check.violations.isEmpty, message: check.message,
                    location: ScriptLocation(path: check.contract, line: check.line ?? 1))
            ]
        } else if let warning = check.warning {
            log = ["warning: \(warning)"]
        }
    }
}
