import FerryHTTP
import Foundation

/// The large transfers of `make bench transfers`, each timed in this process alone: a download to a file
/// paused once and resumed, and a multipart upload from disk.
enum TransferRuns {
    /// Why a run could not be measured.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Downloads `url` to `file`, pausing once at least `pauseAt` bytes are in the file and resuming at once;
    /// returns the seconds it took and the offset the second transfer resumed from.
    static func pausedDownload(_ url: URL, to file: URL, pauseAt: Int) async throws -> (
        seconds: Double, resumedFrom: Int
    ) {
        let client = HTTPClient(transport: CurlTransport())
        let started = ContinuousClock.now
        let download = client.download(HTTPRequest(url: url), to: file)
        download.start()
        // A look every millisecond: the bench's own cost, not the client's, and far below a transfer's.
        while download.bytesWritten < pauseAt, download.phase == .running {
            try await Task.sleep(for: .milliseconds(1))
        }
        await download.pause()
        download.start()
        let completed = try await download.result.get()
        let elapsed = (ContinuousClock.now - started).seconds
        guard case .resumed(let offset) = completed.start else {
            throw Failure(description: "the download was not resumed: \(completed.start)")
        }
        return (elapsed, offset)
    }

    /// Posts `file` as the one part of a multipart form to `url`; returns the seconds it took and the byte count
    /// the server says it read.
    static func multipartUpload(_ file: URL, to url: URL) async throws -> (seconds: Double, serverBytes: Int) {
        let client = HTTPClient(transport: CurlTransport())
        var form = MultipartForm()
        form.append("file", file: file, contentType: "application/octet-stream")
        let started = ContinuousClock.now
        let response = try await client.send(HTTPRequest(.post, url: url, body: .multipart(form)))
        let elapsed = (ContinuousClock.now - started).seconds
        guard response.status == 200, let count = Int(response.text) else {
            throw Failure(description: "the upload got \(response.status) \(response.text.prefix(80))")
        }
        return (elapsed, count)
    }
}
