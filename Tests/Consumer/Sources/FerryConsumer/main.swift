import FerryHTTP
import FerryJSON
import FerryWorkbench

// Parses a `.http` file, resolves its request with a file variable and a dynamic value, and builds FerryHTTP's
// request from it; prints what `scripts/consumer-build.sh` checks.

let text = """
    @host = https://api.example.com

    ### Create an item
    POST {{host}}/items?n={{$random.integer(1, 2)}}
    Content-Type: application/json

    {"name": "ferry", "tags": ["a", "b"]}
    """
let file = HTTPFileParser.parse(text: text, path: "items.http")
guard let saved = file.requests.first else { fatalError("no request in the file") }
let request = try saved.resolved(with: VariableContext(fileVariables: file.fileVariables(forRequestAt: 0)))
print("request: \(request.method) \(request.url?.absoluteString ?? "?")")
print("content-type: \(request.headers["Content-Type"] ?? "?")")
let body = try JSONValue(parsing: saved.body ?? "null")
print("body: \(body.formatted(.compact))")
// A sender for a program that runs no scripts: FerryWorkbench needs no script engine to build or send.
let sender = RequestSender(
    client: HTTPClient(transport: MockTransport()), scripting: Scripting(engine: NoScriptEngine()))
print("scripts: \(sender.scripting.globals.isEmpty ? "none" : "some")")
print("only FerryHTTP: \(try await OnlyFerryHTTP.check())")
