import FerrySystem
import Foundation

/// How a sign-in reaches the person: where its notices go (the URL to open, the device code) and how the
/// browser is opened.
public struct SignInInteraction: Sendable {
    /// Shows a notice: the URL to open, the code to enter.
    public var notify: @Sendable (String) -> Void
    /// Opens `url` in the person's browser (it may do nothing: the notice says the URL too).
    public var openBrowser: @Sendable (URL) -> Void
    /// Shows a device sign-in's code while it waits (the workbench's dialog); `nil`: the code goes to
    /// ``notify`` as a sentence.
    public var showDeviceCode: (@Sendable (DeviceCodeNotice) -> Void)?
    /// Shows a browser sign-in's address while it waits for the redirect (the workbench's dialog); `nil`: the
    /// address goes to ``notify`` as a sentence.
    public var showBrowserPage: (@Sendable (BrowserSignInNotice) -> Void)?

    /// An interaction with the given parts.
    public init(
        notify: @escaping @Sendable (String) -> Void, openBrowser: @escaping @Sendable (URL) -> Void,
        showDeviceCode: (@Sendable (DeviceCodeNotice) -> Void)? = nil,
        showBrowserPage: (@Sendable (BrowserSignInNotice) -> Void)? = nil
    ) {
        self.showBrowserPage = showBrowserPage
        self.notify = notify
        self.openBrowser = openBrowser
        self.showDeviceCode = showDeviceCode
    }

    /// Notices on standard error; the browser is `$BROWSER` (the first of its `:`-separated commands; `%s`
    /// is replaced by the URL, else the URL is the last argument) or `xdg-open` when a display is set;
    /// without either, the notice's URL is for the person to open (over SSH, on another machine).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> SignInInteraction
    {
        SignInInteraction(
            notify: { message in
                try? FileDescriptor.standardError.writeAll(Array((message + "\n").utf8))
            },
            openBrowser: { url in BrowserLauncher(environment: environment).open(url) })
    }
}

/// Starts the person's browser on a URL, without waiting for it.
struct BrowserLauncher {
    let environment: [String: String]

    /// The command line that opens `url`, or `nil` when there is no browser to start.
    func command(for url: URL) -> [String]? {
        if let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init),
            !browser.trimmingCharacters(in: .whitespaces).isEmpty
        {
            let words = browser.split(separator: " ").map(String.init)
            return words.contains("%s")
                ? words.map { $0 == "%s" ? url.absoluteString : $0 } : words + [url.absoluteString]
        }
        let hasDisplay = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        return hasDisplay ? ["xdg-open", url.absoluteString] : nil
    }

    /// Starts the browser on `url` (its output goes nowhere); does nothing when there is none or it cannot
    /// start.
    func open(_ url: URL) {
        guard let command = command(for: url), let program = command.first else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + command.dropFirst()
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
