import FerryHTTP
import FerryJSON
import FerryWorkbench
import Foundation

// MARK: - Sending, canceling, receiving, saving

extension AppReducer {
    /// Resolves the open request in the active environment and starts sending it; a send already in
    /// flight for the same request is canceled and its result will be dropped by id.
    ///
    /// A body that includes files (`< ./path`) is sent once an effect has read them (`includedFiles`).
    static func send(_ state: inout AppState, includedFiles: [String: Data]? = nil) -> [Effect] {
        guard let id = state.openRequest, let request = state.currentRequest else {
            state.message = .init(text: "Open a request first: select it in the tree and press Enter.", isError: true)
            return []
        }
        var context = state.variableContext(for: id)
        if let includedFiles {
            context.includedFiles = includedFiles
        } else {
            let paths = request.includedFilePaths(with: context)
            if !paths.isEmpty {
                state.message = .init(text: "Reading \(paths.joined(separator: ", "))…", isError: false)
                let folder = state.workspace.url(of: id.path).deletingLastPathComponent()
                return [.readIncludedFiles(id, folder: folder, paths: paths)]
            }
        }
        let prepared: PreparedRequest
        let http: HTTPRequest
        do {
            prepared = try request.prepared(with: context)
            http = try TransferLimits.standard.applied(
                to: prepared.httpRequest(
                    location: request.sourceMap.map { SourceLocation(file: $0.file, line: $0.requestLine) }),
                for: prepared)
        } catch {
            state.message = .init(text: AppErrorText.resolution(error, environment: state.environment), isError: true)
            return []
        }
        if let problem = AppErrorText.invalidJSONBody(prepared) {
            state.message = .init(text: problem, isError: true)
            return []
        }
        var effects: [Effect] = []
        if let previous = state.exchanges[id], previous.isInFlight { effects.append(.cancel(id: previous.id)) }
        let exchangeID = state.nextExchangeID
        state.nextExchangeID += 1
        state.exchanges[id] = Exchange(id: exchangeID, requestID: id, sent: http, secrets: prepared.secrets)
        state.message = nil
        state.detailScroll = 0
        effects.append(
            .send(
                id: exchangeID, http,
                record: HistoryRecord(
                    prepared: prepared, requestID: id, environment: state.environment,
                    isLogged: !request.directives.noLog)))
        return effects
    }

    /// Cancels the open request's send, if one is in flight; the pane then says Canceled.
    static func cancel(_ state: inout AppState) -> [Effect] {
        guard let exchange = state.currentExchange, exchange.isInFlight else {
            // Esc over a query filter's list clears the filter; in the tree it clears the tree's filter.
            if isListingFilter(state) { return closeFilter(showing: false, &state) }
            if state.focus == .tree, state.overlay == nil, !state.tree.filter.isEmpty {
                if let selected = state.tree.selectedID {
                    state.tree.setFilter("")
                    state.tree.select(id: selected)
                } else {
                    state.tree.setFilter("")
                }
                return []
            }
            if let inFlight = state.exchanges.values.first(where: \.isInFlight) {
                state.message = .init(
                    text: "Nothing in flight here; \(inFlight.requestID) is still sending (open it and press Esc).",
                    isError: false)
            }
            return []
        }
        updateCurrentExchange(&state) { $0.phase = .canceled }
        state.message = .init(text: "Canceled.", isError: false)
        return [.cancel(id: exchange.id)]
    }

    /// Stores a result, unless its send was canceled or replaced.
    static func receive(_ id: Int, _ result: Result<HTTPResponse, HTTPClientError>, _ state: inout AppState)
        -> [Effect]
    {
        guard let exchange = state.exchanges.values.first(where: { $0.id == id }), exchange.isInFlight else {
            return []
        }
        switch result {
        case .success(let response):
            let isJSON =
                response.mediaType?.isJSON
                ?? response.body.first(where: { !$0.isWhitespaceByte }).map {
                    $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[")
                }
                ?? false
            updateExchange(id, &state) { exchange in
                exchange.phase = .received(response)
                exchange.body = response.body.isEmpty ? .empty : .parsing
                exchange.progress.bytesReceived = response.body.count
                exchange.bodySize = response.body.count
            }
            return response.body.isEmpty ? [] : [.prepareBody(id: id, response.body, isJSON: isJSON)]
        case .failure(let error):
            updateExchange(id, &state) { exchange in
                exchange.phase = error.isCanceled ? .canceled : .failed(AppErrorText.transfer(error))
            }
            return []
        }
    }

    /// Saves the open request's edits to its file.
    static func save(_ state: inout AppState) -> [Effect] {
        guard let id = state.openRequest else { return [] }
        guard let draft = state.drafts[id] else {
            state.message = .init(text: "No unsaved changes in \(id).", isError: false)
            return []
        }
        state.message = .init(text: "Saving \(id.path)…", isError: false)
        return [.save(id, draft)]
    }

    /// Takes in a finished save: the workspace as written, the draft gone if nothing changed since.
    static func finishSave(
        _ id: RequestID, _ saved: SavedRequest, _ result: Result<Workspace, SaveFailure>, _ state: inout AppState
    ) -> [Effect] {
        switch result {
        case .success(let workspace):
            state.workspace = workspace
            state.rebuildTree()
            state.message = .init(text: "Saved \(id.path).", isError: false)
            if state.drafts[id] == saved {
                state.drafts[id] = nil
                return [.writeDraft(id, nil)]
            }
            return []
        case .failure(let failure):
            state.message = .init(text: failure.message, isError: true)
            return []
        }
    }
}

extension UInt8 {
    /// Whether the byte is JSON whitespace.
    fileprivate var isWhitespaceByte: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
