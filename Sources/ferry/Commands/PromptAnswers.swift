import FerrySystem
import FerryWorkbench

/// The answers to a request's `# @prompt` variables on the command line: a `--var` gives one (no question), the
/// rest are asked at the terminal (`/dev/tty`, so pipes and redirections stay as they are), without echo when
/// the name says it is a secret; with no terminal (CI) the command stops, naming the variable and `--var`.
enum PromptAnswers {
    /// The values and which of them are secrets, for `prompts` not given in `given`; throws when one cannot be
    /// asked. `ask` reads a line (the terminal unless a test says otherwise).
    static func answers(
        for prompts: [PromptVariable], given: [String: String],
        ask: (String, Bool) -> String? = { TerminalPrompt.readLine($0, echoing: $1) }
    ) throws -> (values: [String: String], secretNames: Set<String>) {
        var values: [String: String] = [:]
        var secretNames = Set<String>()
        for prompt in prompts {
            if prompt.isSecret { secretNames.insert(prompt.name) }
            guard given[prompt.name] == nil, values[prompt.name] == nil else { continue }
            guard let answer = ask(prompt.question, !prompt.isSecret) else {
                throw SendCommand.InputError(
                    description: "{{\(prompt.name)}} is asked for (# @prompt \(prompt.name)) and there is no terminal "
                        + "to ask at: give it with --var \(prompt.name)=VALUE")
            }
            values[prompt.name] = answer
        }
        return (values, secretNames)
    }
}
