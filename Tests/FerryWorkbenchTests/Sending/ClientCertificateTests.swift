import FerryHTTP
import FerryTestSupport
import Foundation
import Synchronization
import Testing

@testable import FerryWorkbench

/// An environment's `SSLConfiguration` against a real mutual-TLS server (`openssl s_server -Verify`): PEM with
/// a separate encrypted key and PKCS#12, the passphrase asked for once and never stored, `verifyHostCertificate:
/// false`, a certificate outside an untrusted workspace refused, and the curl export carrying the options.
@Suite struct ClientCertificateTests {
    let folder: TemporaryFolder
    let server: MutualTLSServer?

    init() async throws {
        folder = try TemporaryFolder(prefix: "ferry-mtls")
        server = try await MutualTLSServer.start(in: folder.url)
        let base = server?.baseURL ?? "https://127.0.0.1:9"
        try folder.write(
            "http-client.env.json",
            """
            {
              "$shared": { "server": "\(base)" },
              "pem": { "SSLConfiguration": { "clientCertificate": "client.pem", "clientCertificateKey": "client.key" } },
              "p12": { "SSLConfiguration": { "clientCertificate": { "path": "client.p12" },
                                             "hasCertificatePassphrase": true } },
              "none": {},
              "unverified": { "SSLConfiguration": { "verifyHostCertificate": false, "clientCertificate": "client.pem",
                                                    "clientCertificateKey": "client.key" } },
              "outside": { "SSLConfiguration": { "clientCertificate": "/etc/hostname" } }
            }
            """)
        // The passphrase flag kept in the private file, as JetBrains' docs show.
        try folder.write(
            "http-client.private.env.json",
            #"{ "pem": { "SSLConfiguration": { "hasCertificatePassphrase": true } }, "unverified": { "SSLConfiguration": { "hasCertificatePassphrase": true } } }"#
        )
        try folder.write("api.http", "### status\n# @name status\nGET {{server}}/\n")
    }

    struct Outcome {
        var status: Int?
        var failure: String?
        var asked: Int
        var request: HTTPRequest?
    }

    func send(
        in environment: String, passphrase: String? = MutualTLSServer.passphrase, access: WorkspaceAccess = .trusted
    ) async throws -> Outcome {
        let server = try #require(server)
        let workspace = try Workspace.load(at: folder.url)
        let found = try #require(workspace.requests.first)
        var plan = try workspace.sendPlan(for: found, environment: environment, environments: workspace.environments())
        plan.access = access
        var sender = RequestSender(client: HTTPClient(transport: CurlTransport()))
        let asked = Mutex(0)
        sender.passphrases = PassphrasePrompt { _ in
            asked.withLock { $0 += 1 }
            return passphrase
        }
        var send: PreparedSend
        do {
            send = try sender.prepare(plan)
        } catch {
            return Outcome(failure: error.description, asked: asked.withLock { $0 })
        }
        if send.request.tlsVerification == .enabled {
            send.request.certificateAuthorityBundle = server.serverCertificate
        }
        var end: TransferEnd?
        for await event in sender.start(send).events {
            if case .ended(let ended) = event { end = ended }
        }
        return Outcome(
            status: end?.response?.status, failure: end?.error.map(\.message), asked: asked.withLock { $0 },
            request: send.request)
    }

    @Test func pemWithAnEncryptedKeyAndPKCS12AreAccepted() async throws {
        guard server != nil else { return }
        let pem = try await send(in: "pem")
        #expect(pem.failure == nil)
        #expect(pem.status == 200)
        #expect(pem.asked == 1)
        #expect(pem.request?.clientCertificate?.format == .pem)
        let p12 = try await send(in: "p12")
        #expect(p12.failure == nil)
        #expect(p12.status == 200)
        #expect(p12.request?.clientCertificate?.format == .pkcs12)
    }

    @Test func withoutACertificateOrWithTheWrongPassphraseTheHandshakeFails() async throws {
        guard server != nil else { return }
        let none = try await send(in: "none")
        #expect(none.status == nil)
        #expect(none.failure != nil)
        let wrong = try await send(in: "pem", passphrase: "not-it")
        #expect(wrong.status == nil)
        #expect(wrong.failure != nil)
        let unanswered = try await send(in: "pem", passphrase: nil)
        #expect(unanswered.failure?.contains("hasCertificatePassphrase") == true)
    }

    @Test func verifyHostCertificateFalseTurnsVerificationOff() async throws {
        guard server != nil else { return }
        let sent = try await send(in: "unverified")
        #expect(sent.request?.tlsVerification == .disabled)
        #expect(sent.status == 200)
    }

    @Test func aCertificateOutsideAnUntrustedWorkspaceIsRefused() async throws {
        guard server != nil else { return }
        let refused = try await send(in: "outside", access: .confined)
        #expect(refused.failure?.contains("SSLConfiguration's clientCertificate refused") == true)
        #expect(refused.failure?.contains("ferry trust") == true)
    }

    @Test func curlExportCarriesTheCertificateAndKey() throws {
        let workspace = try Workspace.load(at: folder.url)
        let found = try #require(workspace.requests.first)
        let context = try workspace.context(for: found, environment: "unverified")
        let command = try CurlCommandExporter().command(for: found.request, context: context)
        let text = command.rendered(multiline: false)
        #expect(text.contains("--cert \(folder.url.appendingPathComponent("client.pem").path)"))
        #expect(text.contains("--key \(folder.url.appendingPathComponent("client.key").path)"))
        #expect(text.contains(" -k"))
        #expect(!text.contains(MutualTLSServer.passphrase))
    }
}
