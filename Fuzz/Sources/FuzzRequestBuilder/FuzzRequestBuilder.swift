import FerryHTTP
import FerryWorkbench

/// libFuzzer entry for the request builder: any variable values, from any source (`--var`, a captured
/// response, the environment, the private environment, the process environment), in every part of a request
/// (URL, query, headers, Basic and Digest credentials, `Host`, multipart part headers, body), must give either
/// a request with nothing on its wire form that ``HTTPRequest/wireViolation`` refuses (no CR, LF or NUL in a
/// header, no control character in the URL) or a ``VariableError`` whose message is one printable line.
///
/// Input: a template number, then the values of `a`, `b`, `c` and the secret `s`, separated by `0xFF` bytes
/// (never part of UTF-8 text).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestBuilder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let choice = bytes.first else { return 0 }
    var values = bytes.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    while values.count < 4 { values.append("") }
    let template = templates[Int(choice) % templates.count]
    let file = HTTPFileParser.parse(text: template, path: "fuzz.http")
    guard let saved = file.requests.first else { preconditionFailure("template without a request") }
    let location = SourceLocation(file: "http-client.env.json", line: 1)
    let context = VariableContext(
        fileVariables: file.fileVariables(forRequestAt: 0),
        environment: [
            EnvironmentVariable(name: "c", value: values[2], isSecret: false, location: location),
            EnvironmentVariable(name: "s", value: values[3], isSecret: true, location: location),
        ],
        captured: ["b": values[1]], overrides: ["a": values[0]], processEnvironment: ["P": values[3]])
    do {
        let request = try saved.resolved(with: context)
        if let violation = request.wireViolation {
            preconditionFailure("built a request that cannot go on the wire: \(violation)")
        }
    } catch let error as VariableError {
        let message = error.description
        precondition(
            !message.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "a message with a control character: \(message.debugDescription)")
    } catch {
        preconditionFailure("not a VariableError: \(error)")
    }
    return 0
}

/// Requests using the variables in every part that is one line on the wire, and in a body that may hold
/// line breaks.
let templates = [
    "GET http://h/{{a}}?q={{b}}&s={{s}}\nX-A: {{a}}\nX-C: {{c}}\n",
    "POST http://h/x\nAuthorization: Basic {{a}} {{s}}\nX-B: pre-{{b}}-post\n\n{\"a\": \"{{a}}\", \"c\": \"{{c}}\"}\n",
    """
    POST http://h/upload
    Content-Type: multipart/form-data; boundary=B

    --B
    Content-Disposition: form-data; name="{{a}}"; filename="{{b}}"
    Content-Type: {{c}}

    {{s}}
    --B--

    """,
    "GET /path/{{a}}\nHost: {{b}}\nX-S: {{s}}\n",
    "GET {{a}}\nAuthorization: Digest {{b}} {{s}}\n",
    "@n = x-{{a}}-{{c}}\nGET http://h/{{n}}\nX-N: {{n}}\nX-P: {{$processEnv P}}\n",
    "PUT http://{{c}}/x\nCookie: session={{b}}; other={{a}}\nContent-Type: text/plain\n\n{{a}}\n{{b}}\n",
]
