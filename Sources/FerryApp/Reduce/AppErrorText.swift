import FerryHTTP
import FerryJSON
import FerryWorkbench
import Foundation

/// Problems in words, each with what to do about it.
enum AppErrorText {
    /// Why a send could not be prepared (``RequestSender/prepare(_:runningScripts:)``), with what to do about a variable;
    /// `prompts` are the request's `# @prompt` variables, asked in a form when it is sent but not when it is copied.
    static func preparation(_ failure: SendFailure, environment: String?, prompts: [PromptVariable] = [])
        -> SaveFailure
    {
        SaveFailure(
            message: failure.variableError.map { resolution($0, environment: environment, prompts: prompts) }
                ?? failure.description)
    }

    /// A request that could not be resolved (an unresolved variable, a bad URL).
    static func resolution(_ error: any Error, environment: String?, prompts: [PromptVariable] = []) -> String {
        if let variable = error as? VariableError {
            switch variable.reason {
            case .unresolved(let name) where prompts.contains { $0.name == name }:
                let env = environment.map { "environment '\($0)'" } ?? "an environment"
                return "{{\(name)}} is asked for by # @prompt when the request is sent, not when it is copied: give it "
                    + "a value in \(env) or as @\(name) = … in the file to copy it."
            case .unresolved(let name):
                let env = environment.map { "environment '\($0)'" } ?? "any environment"
                return "Unresolved variable {{\(name)}} in \(variable.part): define it in \(env) "
                    + "(http-client.env.json) or as @\(name) = … in the file; Ctrl-E switches environment."
            case .invalidURL(let url):
                return "'\(url)' is not an http(s) URL: start it with http:// or https:// (or {{host}})."
            case .unknownDynamic, .invalidDynamic, .signIn, .invalidOutput, .cycle, .missingFile, .breaksLine, .null,
                .unsendable,
                .invalidHost, .invalidGraphQL:
                return variable.description
            }
        }
        return "The request could not be prepared: \(error)"
    }

    /// A transfer that failed; FerryHTTP's message already says what to try.
    static func transfer(_ error: HTTPClientError) -> String {
        error.message
    }

    /// A JSON body that does not parse, checked before sending; `nil` when fine or not JSON.
    static func invalidJSONBody(_ prepared: PreparedRequest) -> String? {
        guard let error = prepared.jsonBodyError else { return nil }
        return "The JSON body is invalid (line \(error.line), column \(error.column): \(error.message)). "
            + "Fix it in the Body tab or with F4, change the Content-Type, or send it as written (Alt-R)."
    }

    /// What a send as written says when its JSON body does not parse; `nil` when it does or is not JSON.
    static func sentAsWritten(_ prepared: PreparedRequest) -> String? {
        guard let error = prepared.jsonBodyError else { return nil }
        return "Sent as written: the JSON body is invalid at \(error.line):\(error.column) (\(error.message))."
    }
}
