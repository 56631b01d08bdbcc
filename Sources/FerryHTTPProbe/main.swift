import FerryCurlBaseline
import FerryHTTP
import FerryHTTPLoad
import Foundation

// A process that is nothing but an HTTP client of a server started elsewhere, so that what it measures
// (memory, instructions under callgrind) is the client's alone:
//
//   FerryHTTPProbe rss BASE_URL              1,000 sequential + 1,000 at 50 in flight with CurlTransport;
//                                            prints the peak RSS before the first request and at the end,
//                                            then the anonymous and file-backed RSS at the end (bytes)
//   FerryHTTPProbe sequential BASE_URL [N]   N sequential GETs with CurlTransport, a thread blocking until
//                                            each completion handler has run
//   FerryHTTPProbe chained BASE_URL [N]      the same, each completion handler sending the next GET
//   FerryHTTPProbe async BASE_URL [N]        N sequential GETs with CurlTransport (`await client.send`)
//   FerryHTTPProbe parallel BASE_URL [N]     N GETs, 50 at a time, each completion handler sending the next
//   FerryHTTPProbe gated BASE_URL [N]        N GETs, 50 at a time, a thread waiting for a free slot
//   FerryHTTPProbe raw BASE_URL [N]          N sequential GETs with one reused libcurl easy handle
//   FerryHTTPProbe rawloop BASE_URL [N]      the same on a multi handle driven by its own thread
//   FerryHTTPProbe rawparallel BASE_URL [N]  N GETs, 50 at a time, on one raw libcurl multi handle driven by
//                                            the calling thread
//   FerryHTTPProbe download URL FILE HALF    downloads URL to FILE, paused once HALF bytes are in and resumed;
//                                            prints seconds, the resume offset and the peak RSS (bytes)
//   FerryHTTPProbe fetch URL FILE            downloads URL to FILE as a resumable HTTPDownload (resuming what a
//                                            killed earlier process left); prints the bytes and how it began
//   FerryHTTPProbe upload URL FILE           posts FILE as a multipart part; prints seconds, the bytes the
//                                            server read and the peak RSS (bytes)
//
// Every GET goes to `BASE_URL/item?n=I`; every mode but rss, download, fetch and upload prints requests per
// second.

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(
        Data(
            "usage: FerryHTTPProbe rss|sequential|chained|async|parallel|gated|raw|rawloop|rawparallel BASE_URL [COUNT]\n"
                .utf8))
    exit(2)
}
let mode = arguments[1]
let count = arguments.count > 3 ? Int(arguments[3]) ?? 1_000 : 1_000
let baseURL = arguments[2]

/// The URLs of the GETs, built up front for the rate modes so that they time requests, not URL parsing.
func urls() -> [String] { (0..<count).map { "\(baseURL)/item?n=\($0)" } }
func requests() -> [HTTPRequest] { urls().compactMap { URL(string: $0) }.map { HTTPRequest(url: $0) } }

switch mode {
case "rss":
    // Each request is made as it is sent, as a client would: a list of 1,000 prepared requests is the
    // benchmark's data (~0.6 MB), not the client's memory.
    let lazyRequests = (0..<count).lazy.compactMap { URL(string: "\(baseURL)/item?n=\($0)") }.map {
        HTTPRequest(url: $0)
    }
    let atStart = ProbeRuns.peakResidentBytes()
    let client = HTTPClient(transport: CurlTransport())
    RequestPatterns.blocking(client, lazyRequests)
    RequestPatterns.gated(client, lazyRequests, inFlight: 50)
    print(atStart, ProbeRuns.peakResidentBytes(), ProbeRuns.statusBytes("RssAnon:"), ProbeRuns.statusBytes("RssFile:"))
case "sequential":
    let client = HTTPClient(transport: CurlTransport())
    let requests = requests()
    print(ProbeRuns.rate(count) { RequestPatterns.blocking(client, requests) })
case "chained":
    let client = HTTPClient(transport: CurlTransport())
    let requests = requests()
    print(ProbeRuns.rate(count) { RequestPatterns.chained(client, requests, width: 1) })
case "async":
    let client = HTTPClient(transport: CurlTransport())
    let requests = requests()
    print(await ProbeRuns.asyncRate(count) { await RequestPatterns.sequentialAsync(client, requests) })
case "raw":
    let urls = urls()
    print(ProbeRuns.rate(count) { precondition(CurlBaseline.sequentialFetch(urls) == count) })
case "rawloop":
    let urls = urls()
    print(ProbeRuns.rate(count) { precondition(CurlBaseline.loopFetch(urls) == count) })
case "parallel":
    let client = HTTPClient(transport: CurlTransport())
    let requests = requests()
    print(ProbeRuns.rate(count) { RequestPatterns.chained(client, requests, width: 50) })
case "gated":
    let client = HTTPClient(transport: CurlTransport())
    let requests = requests()
    print(ProbeRuns.rate(count) { RequestPatterns.gated(client, requests, inFlight: 50) })
case "rawparallel":
    let urls = urls()
    print(ProbeRuns.rate(count) { precondition(CurlBaseline.parallelFetch(urls, inFlight: 50) == count) })
case "download" where arguments.count == 5:
    guard let url = URL(string: baseURL), let half = Int(arguments[4]) else { exit(2) }
    do {
        let run = try await TransferRuns.pausedDownload(url, to: URL(fileURLWithPath: arguments[3]), pauseAt: half)
        print(run.seconds, run.resumedFrom, ProbeRuns.peakResidentBytes())
    } catch {
        FileHandle.standardError.write(Data("download failed: \(error)\n".utf8))
        exit(1)
    }
case "fetch" where arguments.count == 4:
    guard let url = URL(string: baseURL) else { exit(2) }
    let download = HTTPClient(transport: CurlTransport()).download(
        HTTPRequest(url: url), to: URL(fileURLWithPath: arguments[3]))
    download.start()
    switch await download.result {
    case .success(let completed): print(completed.byteCount, completed.start)
    case .failure(let error):
        FileHandle.standardError.write(Data("fetch failed: \(error)\n".utf8))
        exit(1)
    }
case "upload" where arguments.count == 4:
    guard let url = URL(string: baseURL) else { exit(2) }
    do {
        let run = try await TransferRuns.multipartUpload(URL(fileURLWithPath: arguments[3]), to: url)
        print(run.seconds, run.serverBytes, ProbeRuns.peakResidentBytes())
    } catch {
        FileHandle.standardError.write(Data("upload failed: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
}
