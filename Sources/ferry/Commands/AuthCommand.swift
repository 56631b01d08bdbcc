import FerryHTTP
import FerryWorkbench
import Foundation

/// `ferry auth [list | refresh ID | forget [ID]] [--env ENV]`: the sign-in tokens cached for a workspace's
/// `{{$auth.token("id")}}` (`.ferry/auth-tokens.json`): list them (never their values), sign in again, or
/// forget them.
enum AuthCommand: FerryCommand {
    static let spec = CommandSpec(
        name: "auth", summary: "list, refresh or forget the OAuth 2.0 tokens a workspace signed in for",
        discussion: """
            `ferry auth` (or `ferry auth list`) lists the cached tokens: environment, configuration id, expiry,
            whether a refresh token is kept; never a token. `ferry auth refresh ID --env ENV` signs in again now
            (with the refresh token when there is one, else by the grant: a browser or a device code when the grant
            needs one). `ferry auth forget [ID] [--env ENV]` forgets tokens (all of them without an id).
            Configurations are JetBrains' "Security" → "Auth" objects of the environment files.
            """,
        positionals: [
            PositionalSpec(
                name: "ACTION", title: "action", help: "list (default), refresh or forget", isOptional: true),
            PositionalSpec(name: "ID", title: "configuration", help: "the configuration id", isOptional: true),
        ],
        options: [RequestSelection.Option.environment])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = WorkspaceLocator.nearestWorkspace(from: cwd) ?? cwd
        let store = AuthTokenStore(stateFolder: root.appendingPathComponent(Workspace.stateFolderName))
        let environment = arguments.value(RequestSelection.Option.environment)
        let id = arguments.positional(1)
        switch arguments.positional(0) ?? "list" {
        case "list":
            list(store)
            return ExitCode.success
        case "forget":
            do {
                let count = try store.forget(id: id, in: environment)
                printOutput("Forgot \(count) token\(count == 1 ? "" : "s").")
                return ExitCode.success
            } catch {
                printError("ferry auth: \(error)")
                return ExitCode.usage
            }
        case "refresh":
            guard let id else {
                printError("ferry auth refresh: name the configuration (ferry auth refresh ID --env ENV)")
                return ExitCode.usage
            }
            return refresh(id, environment: environment, root: root, store: store)
        case let other:
            printError("ferry auth: unknown action '\(InputExcerpt(other).unquoted)': use list, refresh or forget")
            return ExitCode.usage
        }
    }

    static func list(_ store: AuthTokenStore) {
        let entries = store.entries()
        guard !entries.isEmpty else { return printOutput("No tokens cached in \(store.url.path).") }
        let now = Date()
        for entry in entries {
            let expiry =
                entry.token.expiresAt.map { expiresAt in
                    expiresAt > now ? "expires in \(Int(expiresAt.timeIntervalSince(now))) s" : "expired"
                } ?? "no expiry given"
            let refresh = entry.token.refreshToken == nil ? "" : ", refresh token kept"
            printOutput("\(entry.environment)  \(entry.id)  \(expiry)\(refresh)")
        }
    }

    static func refresh(_ id: String, environment: String?, root: URL, store: AuthTokenStore) -> Int32 {
        let transport = CurlTransport()
        defer { transport.shutdown() }
        do {
            let workspace = try Workspace.load(at: root)
            let settings = try workspace.authSettings(id: id, environment: environment)
            let tokens = AuthTokens(
                store: store, environment: environment, client: HTTPClient(transport: transport),
                interaction: .standard())
            let token = try tokens.renew(settings)
            let expiry = token.expiresAt.map { " (expires in \(Int($0.timeIntervalSinceNow)) s)" } ?? ""
            printOutput("Signed in to '\(id)'\(expiry).")
            return ExitCode.success
        } catch {
            printError("ferry auth: \(error)")
            return ExitCode.usage
        }
    }
}
