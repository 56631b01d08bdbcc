import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads HTTP/1.1 requests from a connected socket, with buffering.
final class SocketReader {
    private let fd: Int32
    private var buffer = [UInt8]()
    private var start = 0
    /// When set, the request body is read at most `bytes` at a time with `interval` between reads.
    var uploadThrottle: @Sendable (String) -> (bytes: Int, interval: Duration)? = { _ in nil }

    init(fd: Int32) { self.fd = fd }

    /// The next request, or `nil` when the peer closed the connection or sent garbage.
    func readRequest(connectionNumber: Int) -> RecordedRequest? {
        guard let head = readHead() else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3 else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append((String(line[..<colon]), value))
        }
        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        let target = String(requestLine[1])
        if header("Expect")?.lowercased() == "100-continue" {
            let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            _ = continueLine.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        let path = String(target.split(separator: "?", maxSplits: 1).first ?? "")
        let throttle = uploadThrottle(path)
        let isChunked = header("Transfer-Encoding")?.lowercased().contains("chunked") ?? false
        var body = Data()
        if isChunked {
            while true {
                guard let sizeLine = readLine(), let size = Int(sizeLine.split(separator: ";")[0], radix: 16)
                else { return nil }
                if size == 0 {
                    while let trailer = readLine(), !trailer.isEmpty {}
                    break
                }
                guard let chunk = readBytes(size, throttle: throttle), readLine() != nil else { return nil }
                body += chunk
            }
        } else if let length = header("Content-Length").flatMap({ Int($0) }), length > 0 {
            guard let bytes = readBytes(length, throttle: throttle) else { return nil }
            body = bytes
        }
        return RecordedRequest(
            method: String(requestLine[0]), target: target, version: String(requestLine[2]),
            headers: headers, body: body, wasChunked: isChunked, connectionNumber: connectionNumber)
    }

    private func fill(max: Int = 65_536) -> Bool {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: max)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func readHead() -> String? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                return head
            }
            guard buffer.count - start < 1_000_000, fill() else { return nil }
        }
    }

    private func readLine() -> String? {
        while true {
            if let end = find([13, 10]) {
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 2
                return line
            }
            guard fill() else { return nil }
        }
    }

    private func readBytes(_ count: Int, throttle: (bytes: Int, interval: Duration)?) -> Data? {
        var out = Data()
        while out.count < count {
            if start == buffer.count {
                guard fill(max: throttle?.bytes ?? 65_536) else { return nil }
                if let throttle { Thread.sleep(forTimeInterval: throttle.interval.seconds) }
            }
            let take = min(count - out.count, buffer.count - start)
            out.append(contentsOf: buffer[start..<start + take])
            start += take
        }
        return out
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count - start >= pattern.count else { return nil }
        var index = start
        while index <= buffer.count - pattern.count {
            if buffer[index] == pattern[0] && Array(buffer[index..<index + pattern.count]) == pattern { return index }
            index += 1
        }
        return nil
    }
}
