import Foundation

/// What became of an attempt's outcome.
enum AttemptVerdict: Sendable {
    /// Another attempt follows (the driver waits for it): this one's outcome goes nowhere.
    case retrying
    /// The send's outcome, as the interceptors passed it on.
    case final(Result<HTTPResponse, HTTPClientError>)
}

extension AttemptDriver {
    /// Decides what follows `attempt`'s `result`: stores the cookies a response sets, lets the interceptors
    /// look at it, then (when `isRetryable`, which a send makes `false` once a body byte may have reached
    /// its reader) retries on the first interceptor's ``InterceptorDecision/retry(after:)`` or on the
    /// request's ``RetryBehavior``. `then` gets the verdict once.
    func conclude(
        _ result: Result<HTTPResponse, HTTPClientError>, of attempt: PreparedAttempt, isRetryable: Bool,
        then verdict: @escaping @Sendable (AttemptVerdict) -> Void
    ) {
        let then: @Sendable (AttemptVerdict) -> Void = { decided in
            if case .final(let outcome) = decided { self.end(outcome) }
            verdict(decided)
        }
        if let jar = attempt.jar, case .success(let response) = result { jar.storeCookies(from: response) }
        guard !attempt.interceptors.isEmpty else {
            return then(decide(result, asked: nil, of: attempt, isRetryable: isRetryable))
        }
        Task {
            switch await HTTPClient.intercepted(
                result, for: attempt.sent, attempt: attempt.number, by: attempt.interceptors)
            {
            case .retry(let wait): then(self.decide(result, asked: wait, of: attempt, isRetryable: isRetryable))
            case .proceed(let outcome): then(self.decide(outcome, asked: nil, of: attempt, isRetryable: isRetryable))
            }
        }
    }

    /// ``conclude(_:of:isRetryable:then:)`` for a send that awaits the verdict.
    func conclude(_ result: Result<HTTPResponse, HTTPClientError>, of attempt: PreparedAttempt, isRetryable: Bool)
        async -> AttemptVerdict
    {
        await withCheckedContinuation { verdict in
            conclude(result, of: attempt, isRetryable: isRetryable) { verdict.resume(returning: $0) }
        }
    }

    /// Starts the wait before the next attempt after `outcome` when an interceptor `asked` for one or the
    /// retry policy allows one, else gives `outcome` as final. A canceled send is never retried.
    private func decide(
        _ outcome: Result<HTTPResponse, HTTPClientError>, asked: Duration?, of attempt: PreparedAttempt,
        isRetryable: Bool
    ) -> AttemptVerdict {
        let next = attempt.number + 1
        guard isRetryable, !isCanceled,
            let wait = asked
                ?? retryBehavior.delay(beforeRetry: next, of: request, after: outcome)
        else { return .final(outcome) }
        retry(next, after: wait, because: Self.reason(outcome))
        return .retrying
    }

    /// The outcome in words, for ``HTTPTransferEvent/retryWaiting(attempt:of:delay:after:)``.
    private static func reason(_ outcome: Result<HTTPResponse, HTTPClientError>) -> String {
        switch outcome {
        case .success(let response): "HTTP \(response.status)"
        case .failure(let error): error.message
        }
    }
}
