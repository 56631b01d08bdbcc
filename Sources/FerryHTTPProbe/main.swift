import FerryHTTP
import Foundation

// A process that is nothing but an HTTP client of a server started elsewhere, so that what it measures
// (memory, instructions under callgrind) is the client's alone:
//
//   FerryHTTPProbe rss BASE_URL              1,000 sequential + 1,000 at 50 in flight with CurlTransport;
//                                            prints the peak RSS before the first request and at the end,
//                                            then the anonymous and file-backed RSS at the end (bytes)
//   FerryHTTPProbe sequential BASE_URL [N]   N sequential GETs with CurlTransport (completion handlers)
//   FerryHTTPProbe async BASE_URL [N]        N sequential GETs with CurlTransport (`await client.send`)
//   FerryHTTPProbe raw BASE_URL [N]          N sequential GETs with one reused libcurl easy handle
//   FerryHTTPProbe rawloop BASE_URL [N]      the same on a multi handle driven by its own thread
//
// Every GET goes to `BASE_URL/item?n=I`; the sequential modes print requests per second.

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(
        Data("usage: FerryHTTPProbe rss|sequential|async|raw|rawloop BASE_URL [COUNT]\n".utf8))
    exit(2)
}
let mode = arguments[1]
let count = arguments.count > 3 ? Int(arguments[3]) ?? 1_000 : 1_000
let urls = (0..<count).map { "\(arguments[2])/item?n=\($0)" }
let requests = urls.compactMap { URL(string: $0) }.map { HTTPRequest(url: $0) }

switch mode {
case "rss":
    let atStart = ProbeRuns.peakResidentBytes()
    let client = HTTPClient(transport: CurlTransport())
    ProbeRuns.sequential(client, requests)
    ProbeRuns.parallel(client, requests, inFlight: 50)
    print(atStart, ProbeRuns.peakResidentBytes(), ProbeRuns.statusBytes("RssAnon:"), ProbeRuns.statusBytes("RssFile:"))
case "sequential":
    let client = HTTPClient(transport: CurlTransport())
    print(ProbeRuns.rate(count) { ProbeRuns.sequential(client, requests) })
case "async":
    let client = HTTPClient(transport: CurlTransport())
    print(await ProbeRuns.asyncRate(count) { await ProbeRuns.sequentialAsync(client, requests) })
case "raw":
    print(ProbeRuns.rate(count) { precondition(CurlTransport.baselineFetch(urls) == count) })
case "rawloop":
    print(ProbeRuns.rate(count) { precondition(CurlTransport.baselineLoopFetch(urls) == count) })
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
}
