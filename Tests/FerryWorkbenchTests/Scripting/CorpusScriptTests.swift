import FerryHTTP
import FerryScript
import FerryTestSupport
import Foundation
import Testing

@testable import FerryWorkbench

/// The corpus `.http` files that have scripts, run as JetBrains would run them: every script compiles in
/// JavaScriptCore, and every request is sent through the real pipeline (``RequestSender``) to a loopback
/// stand-in for the host it names, once answering `{}` and once a JSON body with the fields its handlers
/// read. No script may stop on a missing `client`, `request`, `response`, `crypto`, `$random` or `jsonPath`
/// member; errors from data the stand-in lacks are listed in the output.
@Suite struct CorpusScriptTests {
    @Test(.enabled(if: TestServers.corpusDirectory() != nil, "the corpus is absent (set FERRY_CORPUS)"))
    func corpusScriptsCompileAndMeetNoAPIGap() async throws {
        guard let corpus = TestServers.corpusDirectory() else { return }
        let files = HTTPFileRoundTripTests.httpFiles(under: corpus.appendingPathComponent("http")).filter {
            let file = HTTPFileParser.parse(Array((try? Data(contentsOf: $0)) ?? Data()), path: $0.lastPathComponent)
            return file.requests.contains { !$0.preRequestScripts.isEmpty || !$0.responseHandlerScripts.isEmpty }
        }
        var tally = CorpusTally()
        for url in files {
            try await check(url, tally: &tally)
        }
        print(tally.summary)
        for line in tally.notes { print("  " + line) }
        #expect(files.count >= 4)
        #expect(tally.scripts >= 30)
        #expect(tally.gaps == [], "scripts that met a missing API member")
        #expect(tally.syntaxErrors == [], "JavaScript that does not compile")
    }

    /// Compiles every script of the file at `url`, then sends its requests twice to a stand-in.
    func check(_ url: URL, tally: inout CorpusTally) async throws {
        let folder = try TemporaryFolder(prefix: "ferry-corpus-scripts")
        let original = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let name = url.lastPathComponent
        let environment = url.deletingLastPathComponent().appendingPathComponent("http-client.env.json")
        if let text = try? String(contentsOf: environment, encoding: .utf8) {
            try folder.write("http-client.env.json", text)
        }
        let server = try TestHTTPServer()
        defer { server.stop() }
        let parsed = HTTPFileParser.parse(Array(original.utf8), path: name)
        try folder.write(name, StandIn.rewritten(original, requests: parsed.requests, base: server.baseURL))
        let workspace = try Workspace.load(at: folder.url)
        let requests = CollectionRun(workspace: workspace, paths: [name]).files.flatMap(\.requests)
        tally.files += 1
        compile(requests, folder: folder.url, tally: &tally)
        for inferring in [false, true] {
            for (index, request) in requests.enumerated() {
                let body = inferring ? StandIn.body(readBy: request.request.responseHandlerScripts) : "{}"
                server.route("/stand-in/\(index)", responding: .json(body))
            }
            let transport = CurlTransport()
            let sender = RequestSender(client: HTTPClient(transport: transport))
            for request in requests {
                await send(request, in: workspace, through: sender, tally: &tally, pass: inferring ? "fields" : "{}")
            }
            transport.shutdown()
        }
    }

    /// Each script with `client.exit()` in front of it on its first line: the whole text is compiled (a
    /// syntax error stops it), nothing of it runs.
    func compile(_ requests: [WorkspaceRequest], folder: URL, tally: inout CorpusTally) {
        let runner = ScriptRunner()
        let facts = ScriptRequestFacts(method: "GET", rawURL: "http://127.0.0.1/", substitutedURL: "http://127.0.0.1/")
        for request in requests {
            for script in request.request.preRequestScripts + request.request.responseHandlerScripts {
                tally.scripts += 1
                let place = script.location.map { "\($0.file):\($0.line)" } ?? request.path
                let loaded: Script
                do {
                    loaded = try script.loaded(from: folder, confinedTo: nil)
                } catch {
                    tally.notes.append("absent from the corpus: \(error)")
                    continue
                }
                if StandIn.isLua(loaded.source) {
                    tally.lua += 1
                    tally.notes.append("kulala Lua, not JavaScript (JetBrains rejects it too): \(place)")
                    continue
                }
                let probe = Script(source: "client.exit(); " + loaded.source, origin: loaded.origin)
                let outcome = runner.runPreRequest(probe, request: facts, globals: ScriptGlobals())
                if let error = outcome.error {
                    tally.syntaxErrors.append("\(place): \(error)")
                } else {
                    tally.compiled += 1
                }
            }
        }
    }

    /// Sends `request` and files what its scripts did.
    func send(
        _ request: WorkspaceRequest, in workspace: Workspace, through sender: RequestSender,
        tally: inout CorpusTally, pass: String
    ) async {
        let scripts = request.request.preRequestScripts + request.request.responseHandlerScripts
        let prepared: PreparedSend
        do {
            let plan = try workspace.sendPlan(
                for: request, environment: workspace.environments().names.first, environments: workspace.environments())
            prepared = try sender.prepare(plan)
        } catch let failure as SendFailure where failure.scriptError != nil {
            let isLua = request.request.preRequestScripts.contains { StandIn.isLua($0.inlineCode) }
            if let error = failure.scriptError { tally.file(error, pass: pass, isLua: isLua) }
            return
        } catch {
            if !scripts.isEmpty { tally.notes.append("[\(pass)] not sent, \(request.id): \(error)") }
            return
        }
        let report = Locked<SendReport?>(nil)
        let transfer = sender.start(prepared) { sent in report.withLock { $0 = sent } }
        for await _ in transfer.events {}
        for run in report.withLock({ $0 })?.scriptRuns ?? [] {
            if let error = run.outcome.error {
                tally.file(error, pass: pass, isLua: StandIn.isLua(run.script.inlineCode))
            } else {
                tally.ranClean += 1
            }
        }
    }
}

/// What the corpus run found.
struct CorpusTally {
    var files = 0
    var scripts = 0
    var compiled = 0
    var lua = 0
    var ranClean = 0
    var ranWithDataErrors = 0
    var gaps: [String] = []
    var syntaxErrors: [String] = []
    var notes: [String] = []

    /// The objects whose members a script may count on (JetBrains' API as Ferry offers it).
    static let apiObjects = ["client", "request", "response", "crypto", "$random", "jsonPath"]
    /// Members kulala adds to the JetBrains API (neovim.getkulala.net, "request reference"); JetBrains'
    /// own client has none of them, so a script calling them fails there as it does here.
    static let kulalaOnly = ["request.skip", "request.replay", "client.responses"]

    /// Files `error` as an API gap, a Lua script (`isLua`: whatever JavaScriptCore makes of it), an absent
    /// file or missing stand-in data.
    mutating func file(_ error: ScriptError, pass: String, isLua: Bool) {
        let text = error.description
        if text.contains("cannot read the script") {
            notes.append("[\(pass)] absent from the corpus: \(text)")
        } else if isLua {
            notes.append("[\(pass)] kulala Lua: \(text)")
        } else if let member = Self.missingMember(in: error.message), !Self.kulalaOnly.contains(member) {
            gaps.append("[\(pass)] \(text)")
        } else {
            ranWithDataErrors += 1
            notes.append("[\(pass)] stand-in data or kulala-only: \(text)")
        }
    }

    /// The API name a message says is missing: `request.iteration()` "is not supported by Ferry", a
    /// ReferenceError for one of ``apiObjects``, or `client.x is not a function` / `… is undefined`.
    static func missingMember(in message: String) -> String? {
        if let range = message.range(of: " is not supported by Ferry") {
            return String(message[..<range.lowerBound].split(separator: " ").last ?? "")
        }
        if message.hasPrefix("ReferenceError: Can't find variable: ") {
            let name = String(message.dropFirst("ReferenceError: Can't find variable: ".count))
            return apiObjects.contains(name) ? name : nil
        }
        for object in apiObjects {
            let pattern =
                "'" + NSRegularExpression.escapedPattern(for: object) + #"((\.[A-Za-z_$][\w$]*)+)' is undefined"#
            guard let regex = try? NSRegularExpression(pattern: pattern),
                let match = regex.firstMatch(in: message, range: NSRange(message.startIndex..., in: message)),
                let members = Range(match.range(at: 1), in: message)
            else { continue }
            let path = object + message[members]
            // Only a member of the object itself (or of its nested API objects) is the API's; deeper ones
            // are data (`response.body.json.token`).
            if object == "response", path.hasPrefix("response.body.") { return nil }
            return path
        }
        return nil
    }

    var summary: String {
        "corpus scripts: \(files) files, \(scripts) scripts, \(compiled) compiled, \(lua) Lua; "
            + "runs: \(ranClean) clean, \(ranWithDataErrors) stopped on stand-in data, \(gaps.count) API gaps"
    }
}

/// The loopback stand-in for the hosts a corpus file names.
enum StandIn {
    /// `text` with the URL of each of `requests` replaced by `base/stand-in/N` (N its position), the rest
    /// of the file as it was.
    static func rewritten(_ text: String, requests: [SavedRequest], base: String) -> String {
        var lines = text.components(separatedBy: "\n")
        for (index, request) in requests.enumerated() {
            guard let number = request.sourceMap?.requestLine, lines.indices.contains(number - 1) else { continue }
            var words = lines[number - 1].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            let urlIndex =
                words.count > 1 && words[0] == words[0].uppercased() && words[0].first?.isLetter == true ? 1 : 0
            guard words.indices.contains(urlIndex) else { continue }
            words[urlIndex] = "\(base)/stand-in/\(index)"
            lines[number - 1] = words.joined(separator: " ")
        }
        return lines.joined(separator: "\n")
    }

    /// A JSON object with every field `scripts` read from `response.body` (`response.body.json.token`,
    /// `response.body["uuid"]`), each leaf a string; a step followed by `(` is a method call, not a field.
    static func body(readBy scripts: [RequestScript]) -> String {
        let pattern = #"response\.body((?:\.[A-Za-z_$][\w$]*|\[["'][^"']+["']\])+)(\()?"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return "{}" }
        var tree: [String: Any] = [:]
        for script in scripts {
            let code = script.inlineCode
            for match in regex.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let range = Range(match.range(at: 1), in: code) else { continue }
                var steps = code[range].split(whereSeparator: { ".[]\"'".contains($0) }).map(String.init)
                if match.range(at: 2).location != NSNotFound { steps.removeLast() }
                tree = inserting(steps[...], into: tree)
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func inserting(_ steps: ArraySlice<String>, into tree: [String: Any]) -> [String: Any] {
        guard let first = steps.first else { return tree }
        var tree = tree
        if steps.count == 1 {
            if tree[first] == nil { tree[first] = "stand-in \(first)" }
        } else {
            tree[first] = inserting(steps.dropFirst(), into: tree[first] as? [String: Any] ?? [:])
        }
        return tree
    }

    /// Whether `code` is one of kulala's Lua blocks: its first line that is not blank is `-- lua`.
    static func isLua(_ code: String) -> Bool {
        code.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
            .trimmingCharacters(in: .whitespaces) == "-- lua"
    }
}

extension RequestScript {
    /// The JavaScript written in the `.http` file, or `""` for a `.js` file.
    fileprivate var inlineCode: String {
        if case .inline(let code) = source { code } else { "" }
    }
}
