import FerryWorkbench
import Foundation

// MARK: - A name typed into the prompt: the file commands' names, and the answers other features asked for

extension SessionFeature {
    /// A name was typed into the prompt asked for `purpose`: a file command goes on the file queue; an answer
    /// another feature asked for is handed on to it.
    static func named(_ purpose: NamePurpose, _ text: String, _ state: inout State) -> FeatureOutput {
        if let handedOn = handedOn(purpose, text) { return FeatureOutput(requests: [.dispatch(handedOn)]) }
        if case .variableValue(let variable, let file, let environment) = purpose {
            // A value may be empty or have spaces at its ends: it is written as typed.
            return queue(.editEnvironmentFile(file, .set(variable, to: text, in: environment)), &state)
        }
        let name = text.trimmingCharacters(in: .whitespaces)
        if case .moveItem(let path) = purpose, name.isEmpty || name == "/" {
            return queue(.change(.moveItem(path, intoFolder: "")), &state)
        }
        guard !name.isEmpty else { return .report(.error("That needs a value.")) }
        switch purpose {
        case .newRequest(let file):
            state.focusAfterChange = .editor
            return queue(.change(.create(name: name, inFile: file)), &state)
        case .newFile(let folder):
            // `.http` is added to a name without an extension; the file holds one request to start from.
            let file = name.hasSuffix(".http") || name.hasSuffix(".rest") ? name : name + ".http"
            let path = folder.isEmpty ? file : folder + "/" + file
            guard state.workspace.fileIndex(path) == nil else {
                return .report(.error("\(path) exists already: pick another name."))
            }
            state.focusAfterChange = .editor
            return queue(.change(.create(name: "first-request", inFile: path)), &state)
        case .rename(let id): return queue(.change(.rename(id, to: name)), &state)
        case .newFolder(let parent):
            return queue(.change(.createFolder(parent.isEmpty ? name : parent + "/" + name)), &state)
        case .move(let id):
            let file = name.hasSuffix(".http") || name.hasSuffix(".rest") ? name : name + ".http"
            return queue(.change(.move(id, toFile: file)), &state)
        case .renameItem(let path):
            return AppReducer.renaming(path, to: name, in: state.workspace).map { queue($0, &state) } ?? .none
        case .moveItem(let path): return AppReducer.moveItem(path, into: name).map { queue($0, &state) } ?? .none
        case .importFile(let folder): return queue(.change(.importFile(path: name, intoFolder: folder)), &state)
        case .newEnvironment:
            return queue(.editEnvironmentFile(EnvironmentFiles.publicFileName, .addEnvironment(name)), &state)
        case .variableValue, .newVariable, .timeout, .retries, .basicAuth, .bearerToken, .bodyFile, .saveBody,
            .webSocketMessage, .webSocketClose, .loadTest:
            return .none
        }
    }

    /// The action of the feature that asked for a name with `purpose`, holding the text typed (`nil`: the
    /// session's own file commands).
    private static func handedOn(_ purpose: NamePurpose, _ text: String) -> AppAction? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch purpose {
        case .webSocketMessage(let id): return .webSocket(.messageTyped(id, text))
        case .webSocketClose(let id): return .webSocket(.closeCodeTyped(id, text))
        case .loadTest(let target): return .run(.loadTyped(target, trimmed))
        case .newVariable(let file, let environment):
            return .overlay(.variables(.newVariableNamed(trimmed, file: file, environment: environment)))
        case .timeout, .retries: return .editor(.promptAnswered(purpose, trimmed))
        case .basicAuth, .bearerToken, .bodyFile:
            // The editor's own prompts need a value, as the file commands do.
            return trimmed.isEmpty ? nil : .editor(.promptAnswered(purpose, trimmed))
        case .saveBody(let id, let replacing):
            return trimmed.isEmpty ? nil : .response(.bodySaveTyped(id, path: trimmed, replacing: replacing))
        default: return nil
        }
    }

    /// Queues `work` on the workspace's files: the root hands the queue's pieces to the runner one at a time.
    static func queue(_ work: FileWork, _ state: inout State) -> FeatureOutput {
        state.fileQueue.append(work)
        return .none
    }
}
