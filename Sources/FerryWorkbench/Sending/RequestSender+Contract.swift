import FerryHTTP
import Foundation

extension RequestSender {
    /// The contract `plan`'s response is checked against: the file its `# @contract` names (relative to the
    /// request's file, within `confinement` when the workspace is not trusted), else the plan's own.
    func contract(for plan: SendPlan, confinement: WorkspaceConfinement?, location: SourceLocation?)
        throws(SendFailure) -> APIContract?
    {
        guard let path = plan.request.request.directives.contract else { return plan.contract }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : plan.folder.appendingPathComponent(path)
        if let refusal = confinement?.refusal(of: url, for: .reading) {
            throw SendFailure(Self.untrusted("@contract \(path)", refusal, at: location, root: plan.workspace.root))
        }
        do {
            return try ContractFiles.contract(at: url, named: path)
        } catch {
            throw SendFailure((location.map { "\($0): " } ?? "") + error.description)
        }
    }

    /// Refuses to send `prepared` (the request `saved` made ready) when its body breaks `contract`'s `requestBody`
    /// for its operation (``APIContract/checkRequest(method:url:contentType:body:)``): the failure names each
    /// violation's JSON path. A body streamed from a file (not in `prepared`) is not checked.
    static func checkBody(
        of prepared: PreparedRequest, saved: SavedRequest, against contract: APIContract, location: SourceLocation?
    ) throws(SendFailure) {
        guard prepared.body != nil || saved.body == nil else { return }
        let check = contract.checkRequest(
            method: prepared.method, url: prepared.url, contentType: prepared.header("Content-Type")?.value,
            body: prepared.body.map(Array.init))
        guard let operation = check.operation, let message = check.message else { return }
        let lines = message.split(separator: "\n").map { "\n  " + $0 }.joined()
        throw SendFailure(
            (location.map { "\($0): " } ?? "")
                + prepared.scrubber.scrub(
                    "the request body does not conform to \(check.contract) (\(operation)), not sent:\(lines)"))
    }

    /// `response` (with the first bytes of its body) checked against `send`'s contract, `nil` without one.
    static func contractCheck(of send: PreparedSend, response: HTTPResponse, body: [UInt8]) -> ContractCheck? {
        guard let contract = send.contract else { return nil }
        return contract.check(
            method: send.prepared.method, url: send.prepared.url, status: response.status,
            contentType: response.headers["Content-Type"], body: body)
    }
}
