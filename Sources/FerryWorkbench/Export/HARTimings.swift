import FerryHTTP
import Foundation

/// The phases of one transfer in HAR's terms, in milliseconds, `-1` where a phase does not apply or was not
/// measured. As HAR 1.2 says, ``connect`` includes ``ssl``, and the entry's time is the sum of the other
/// phases that are not `-1`.
///
/// From FerryHTTP's ``TransferTiming`` (libcurl's timers): `dns` is the lookup, `connect` the TCP connect
/// plus the TLS handshake, `ssl` the handshake (`-1` for plain HTTP), `send` the protocol set-up until the
/// request goes out, `wait` sending the request and waiting for the first byte (libcurl does not split
/// these two), `receive` the rest of the body. `blocked` is `-1`: libcurl does not report queueing.
/// With redirects followed, every phase is summed over the hops, as FerryHTTP measures them.
public struct HARTimings: Sendable, Hashable {
    /// Waiting for a connection slot (`-1`: not measured).
    public var blocked: Double
    /// Resolving the host name.
    public var dns: Double
    /// Making the connection, TLS included.
    public var connect: Double
    /// The TLS handshake (`-1` for plain HTTP).
    public var ssl: Double
    /// Sending the request.
    public var send: Double
    /// Waiting for the first byte of the response.
    public var wait: Double
    /// Reading the response.
    public var receive: Double

    /// Timings from their parts.
    public init(
        blocked: Double = -1, dns: Double, connect: Double, ssl: Double, send: Double, wait: Double, receive: Double
    ) {
        self.blocked = blocked
        self.dns = dns
        self.connect = connect
        self.ssl = ssl
        self.send = send
        self.wait = wait
        self.receive = receive
    }

    /// The phases of a transfer FerryHTTP measured; `isTLS` tells a zero handshake from none.
    public init(_ timing: TransferTiming, isTLS: Bool) {
        let tls = Self.milliseconds(timing.tlsHandshake)
        self.init(
            dns: Self.milliseconds(timing.dnsLookup), connect: Self.milliseconds(timing.connect) + tls,
            ssl: isTLS ? tls : -1, send: Self.milliseconds(timing.requestSent), wait: Self.milliseconds(timing.waiting),
            receive: Self.milliseconds(timing.download))
    }

    /// The phases a history line recorded. A line written before the `send` phase was recorded gets what
    /// its total leaves after the others (never below zero), which keeps the sum equal to the total.
    public init(_ timing: HistoryEntry.Timing, isTLS: Bool) {
        let measured = timing.dns + timing.connect + timing.tls + timing.waiting + timing.download
        self.init(
            dns: timing.dns, connect: timing.connect + timing.tls, ssl: isTLS ? timing.tls : -1,
            send: timing.send ?? max(0, timing.total - measured), wait: timing.waiting, receive: timing.download)
    }

    /// The entry's time: the sum of the phases that are not `-1` (`ssl` is inside `connect`).
    public var total: Double { [blocked, dns, connect, send, wait, receive].filter { $0 >= 0 }.reduce(0, +) }

    /// Milliseconds in a duration.
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
