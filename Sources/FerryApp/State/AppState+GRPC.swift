import FerryGRPC
import FerryProtobuf
import FerryTerminal
import FerryWorkbench

extension AppState {
    /// The target of the open request when it is a `GRPC` one, resolved in the active environment (secrets
    /// masked); `nil` for other requests or a target that does not resolve.
    var grpcTarget: GRPCTarget? {
        guard let id = openRequest, let request = currentRequest, request.isGRPC,
            let url = Self.endpoint(of: request, context: variableContext(for: id))
        else { return nil }
        return GRPCTarget(parsing: url)
    }

    /// The endpoint of the open `GRPC` request as ``GRPCFeature/State/descriptors`` keys it (`host:port`, with
    /// ` tls` after it for TLS), read from the resolved target's authority, so a target still being typed
    /// (no method yet) has one.
    var grpcEndpoint: String? {
        guard let id = openRequest, let request = currentRequest, request.isGRPC,
            let url = Self.endpoint(of: request, context: variableContext(for: id))
        else { return nil }
        var rest = Substring(url)
        var usesTLS = false
        if let scheme = rest.range(of: "://") {
            usesTLS = ["grpcs", "https"].contains(rest[..<scheme.lowerBound].lowercased())
            rest = rest[scheme.upperBound...]
        }
        let authority = rest.prefix { $0 != "/" }
        guard !authority.isEmpty else { return nil }
        return authority + (usesTLS ? " tls" : "")
    }

    /// What completes the service or method before the URL cursor of an open `GRPC` request, once its
    /// endpoint's descriptors are known.
    var grpcTargetCompletion: GRPCTargetCompletion? {
        guard panes.focus == .editor, overlay == nil, case .url = editor.mode, let request = currentRequest,
            request.isGRPC, let pool = grpcDescriptors?.pool
        else { return nil }
        return GRPCTargetCompletion(before: String(request.fullURL.prefix(urlCursor)), pool: pool)
    }

    /// The descriptors of the open `GRPC` request's endpoint, as far as they are known.
    var grpcDescriptors: GRPCFeature.State.Descriptors? { grpcEndpoint.flatMap { grpc.descriptors[$0] } }

    /// The method the open `GRPC` request calls and the descriptors that describe it, once they are known.
    var grpcMethod: (method: MethodDescriptor, pool: DescriptorPool)? {
        guard let target = grpcTarget, let pool = grpcDescriptors?.pool,
            let method = GRPCSender.method(of: target, in: pool)
        else { return nil }
        return (method, pool)
    }

    /// What completes the field name before the cursor of the body editor, when it edits the body of a `GRPC`
    /// request whose descriptors are known and the cursor is inside a member's key.
    var grpcCompletion: GRPCMessageCompletion? {
        guard panes.focus == .editor, overlay == nil, let editor = bodyEditor, currentRequest?.isGRPC == true,
            let (method, pool) = grpcMethod
        else { return nil }
        var before = editor.lines[..<editor.cursor.line].map { String($0) + "\n" }.joined()
        before += String(editor.lines[editor.cursor.line][..<editor.cursor.column])
        return GRPCMessageCompletion(before: before, messageType: method.inputType, pool: pool)
    }

    /// What is wrong with the open `GRPC` request's body for its request message, at lines and columns of the
    /// body (once the descriptors are known); checked once for each text of the body and load of the descriptors.
    var grpcBodyProblems: [GRPCBodyCheck.Problem] {
        guard let request = currentRequest, request.isGRPC, let endpoint = grpcEndpoint,
            let (method, pool) = grpcMethod
        else { return [] }
        // The editor's lines as the key: unchanged since the last frame, they compare at once.
        let lines = bodyEditor?.lines ?? [Array(request.body ?? "")]
        let key = GRPCBodyCheck.Memo.Key(
            body: lines, messageType: method.inputType, descriptors: "\(endpoint) #\(grpc.loads)")
        return grpc.bodyChecks.problems(for: key) {
            let body = bodyEditor?.text ?? request.body ?? ""
            return GRPCBodyCheck.problems(in: body, messageType: method.inputType, pool: pool)
        }
    }
}
