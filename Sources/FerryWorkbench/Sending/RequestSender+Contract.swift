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

    /// `response` (with the first bytes of its body) checked against `send`'s contract, `nil` without one.
    static func contractCheck(of send: PreparedSend, response: HTTPResponse, body: [UInt8]) -> ContractCheck? {
        guard let contract = send.contract else { return nil }
        return contract.check(
            method: send.prepared.method, url: send.prepared.url, status: response.status,
            contentType: response.headers["Content-Type"], body: body)
    }
}
