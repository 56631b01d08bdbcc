import FerryHTTP
import Foundation

extension RequestSender {
    /// Starts `send` as a download into `file` that resumes what an earlier one left (``HTTPDownload``:
    /// `Range` and `If-Range` from the file and its `.ferry-resume` record, a clean restart when the server
    /// ignores the range or the validator changed, nothing fetched when the file is whole). When the download
    /// finished — not at a pause, which keeps the file and its record for the next one — the same step as
    /// every send's runs before ``HTTPDownload/result`` hands the outcome on: the history line (the final
    /// status, the file's length), the response handlers (which read the body from `file`), the outputs
    /// (copies of `file`), and `report` once with all of it.
    ///
    /// ```swift
    /// let download = sender.download(try sender.prepare(plan), to: file) { report in print(report.tests) }
    /// download.start()
    /// let completed = try await download.result.get()
    /// ```
    public func download(
        _ send: PreparedSend, to file: URL, report: @escaping @Sendable (SendReport) -> Void = { _ in }
    ) -> HTTPDownload {
        let started = Date()
        return client.download(send.request, to: file) { [self] result in
            report(
                finish(
                    TransferEnd(download: result), of: send, started: started, bodyFile: result.isSuccess ? file : nil))
        }
    }
}

extension TransferEnd {
    /// A finished download as a send's end: its last response with the file's length as the body's, or a
    /// status it refused as that response (the history and handlers see a 404 as they do for any send), or
    /// why it failed.
    init(download result: Result<HTTPDownload.Completed, HTTPClientError>) {
        switch result {
        case .success(let completed):
            self.init(
                .success(completed.response),
                body: ReceivedBody(storage: .memory([]), count: completed.byteCount, isComplete: true, isBinary: true))
        case .failure(let error):
            if case .failedStatus(let code, let headers, let body) = error.reason, let url = error.request.url {
                let response = HTTPResponse(status: code, headers: headers, url: url, body: body)
                self.init(
                    .success(response),
                    body: ReceivedBody(
                        storage: .memory([UInt8](body)), count: body.count, isComplete: true, isBinary: false))
            } else {
                self.init(.failure(error))
            }
        }
    }
}

extension Result {
    /// Whether this is a success.
    fileprivate var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}
