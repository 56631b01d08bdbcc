import FerryWorkbench

/// A request as a curl command for the clipboard, made from the send it would be
/// (``RequestSender/prepare(_:runningScripts:)`` without running its pre-request scripts: values captured from
/// earlier responses and the session's script globals used, included files read), with what the status line
/// says about it.
struct CurlCopy: Sendable, Equatable {
    /// The command, one option a line.
    var text: String
    /// What to mind: the secrets it holds in clear, the exporter's first note.
    var remarks: [String]

    /// The command for `plan`, or why it cannot be made (reads files: not on the loop).
    static func make(for plan: SendPlan, with sender: RequestSender) -> Result<CurlCopy, SaveFailure> {
        let send: PreparedSend
        switch prepared(plan, with: sender) {
        case .success(let prepared): send = prepared
        case .failure(let failure): return .failure(failure)
        }
        do {
            let command = try CurlCommandExporter(baseFolder: plan.folder)
                .command(for: plan.request.request, context: send.context)
            let text = command.rendered(multiline: true)
            var remarks = Array(command.notes.prefix(1))
            // The command carries the secret values it uses in clear (it must work): say so before it is
            // pasted anywhere.
            if send.prepared.sensitiveValues.contains(where: { !$0.isEmpty && text.contains($0) }) {
                remarks.insert("secrets in clear", at: 0)
            }
            return .success(CurlCopy(text: text, remarks: remarks))
        } catch {
            return .failure(SaveFailure(message: AppErrorText.resolution(error, environment: plan.environment)))
        }
    }
}

extension CurlCopy {
    /// The code in `language` for `plan` (secrets as placeholders), or why it cannot be made (reads files: not
    /// on the loop).
    static func code(
        for plan: SendPlan, in language: CodeLanguage, with sender: RequestSender
    ) -> Result<CodeSnippet, SaveFailure> {
        let send: PreparedSend
        switch prepared(plan, with: sender) {
        case .success(let prepared): send = prepared
        case .failure(let failure): return .failure(failure)
        }
        do {
            return .success(
                try CodeSnippetExporter().snippet(for: plan.request.request, context: send.context, in: language))
        } catch {
            return .failure(SaveFailure(message: AppErrorText.resolution(error, environment: plan.environment)))
        }
    }

    /// The send `plan` would be, without running its pre-request scripts: values captured from earlier
    /// responses and the session's script globals used, included files read.
    private static func prepared(_ plan: SendPlan, with sender: RequestSender) -> Result<PreparedSend, SaveFailure> {
        do throws(SendFailure) {
            return .success(try sender.prepare(plan, runningScripts: false))
        } catch {
            return .failure(
                AppErrorText.preparation(
                    error, environment: plan.environment, prompts: plan.request.request.directives.prompts))
        }
    }
}
