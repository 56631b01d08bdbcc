import FerryHTTP
import Foundation

/// What to send: a saved request (unsaved edits included) where it lives in the workspace, the variables to
/// resolve it with, and whether the send goes into the history. ``RequestSender`` prepares and sends it.
public struct SendPlan: Sendable {
    /// The workspace the request belongs to: its history supplies captured values and receives the record.
    public var workspace: Workspace
    /// The request as it is to be sent, with its place in the workspace.
    public var request: WorkspaceRequest
    /// The variables: file, environment and `--var` layers. The sender adds the values captured from earlier
    /// responses and the bytes of files the body includes.
    public var context: VariableContext
    /// The environment's name, for the history.
    public var environment: String?
    /// The folder relative `< ./path` includes are read from (the request's file's folder).
    public var folder: URL
    /// What the request's files may reach outside the workspace (the sender's own ``RequestSender/access``
    /// confines too): the workbench sets it from the workspace's trust.
    public var access = WorkspaceAccess.trusted
    /// The stable ids (`.ferry/ids.json`) of every request of ``workspace``, when the caller assigned them
    /// already, having made `.ferry/` (``Workspace/ensureStateFolder()``): a run does both once, at its start.
    /// `nil`: the sender does them when it needs the ids, to record the send or to find an earlier response in
    /// the history.
    public var identities: [RequestID: String]?
    /// Which pass over its files a run is on (0-based; `request.iteration()` in scripts): a data-driven or
    /// repeated run (``CollectionRun/iterations``) sends each request once per pass. 0 for a single send.
    public var iteration = 0
    /// Whether the body goes out as written even when it is not what its Content-Type says (JSON that does
    /// not parse: a malformed payload on purpose). The workbench checks a JSON body first unless this is set;
    /// the sender itself never changes a body.
    public var sendsBodyAsWritten = false
    /// The contract responses are checked against (`ferry run --contract`); a request's own `# @contract`
    /// wins over it.
    public var contract: APIContract?

    /// A plan with the given parts.
    public init(
        workspace: Workspace, request: WorkspaceRequest, context: VariableContext, environment: String?, folder: URL
    ) {
        self.workspace = workspace
        self.request = request
        self.context = context
        self.environment = environment
        self.folder = folder
    }

    /// Whether the send goes into the history (`# @no-log` says no).
    public var isLogged: Bool { !request.request.directives.noLog }
}

/// A plan made ready: the request with every variable substituted (masked copy included) and FerryHTTP's
/// request to send.
public struct PreparedSend: Sendable {
    /// The plan it came from.
    public var plan: SendPlan
    /// The request with variables substituted, with masked copies for showing and recording.
    public var prepared: PreparedRequest
    /// What goes on the wire.
    public var request: HTTPRequest
    /// Where the response body is saved once the send completed (`>>`, `>>!`), paths resolved.
    public var outputs: [PreparedOutput] = []
    /// The pre-request scripts that ran while preparing, with what they produced.
    public var preRequestScripts: [ScriptRun] = []
    /// The variables it was prepared with: the plan's, plus the captured values, script variables and
    /// included files read (the response handlers' `request` facts and a curl copy use them).
    public var context: VariableContext
    /// The contract the response is checked against: the request's `# @contract`, else the plan's.
    public var contract: APIContract?
}
