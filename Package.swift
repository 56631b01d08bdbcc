// swift-tools-version:6.0
import PackageDescription

/// Ferry: a terminal REST workbench and the HTTP client core under it.
///
/// Imports point one way: ferry → FerryApp → FerryWorkbench → FerryHTTP → FerryJSON, CCurl, CZlib.
/// ferry, FerryApp → FerryImport → FerryWorkbench, FerryYAML → FerryJSON; FerryWorkbench never imports FerryImport.
/// FerryWorkbench → FerryGRPC → FerryHTTP, FerryProtobuf → FerryJSON (gRPC and protobuf, 0090).
/// FerryWorkbench → FerryDynamic (dynamic values and hashes, pure Swift); FerryWorkbench declares ScriptEngine and
/// never imports FerryScript: FerryScript → FerryWorkbench, FerryDynamic, FerryJSON, CJavaScriptCore (opened with
/// dlopen on the first script, its headers an unsafe -I) conforms, and ferry and FerryApp inject it. So FerryJSON,
/// FerryHTTP, FerryDynamic and FerryWorkbench build without webkitgtk and with no unsafe flags, as products of a
/// dependency (Tests/Consumer, scripts/consumer-build.sh).
/// FerryHTTP, FerryTerminal, FerryScript, FerryWorkbench, FerryApp, ferry → FerrySystem (atomic file writes,
/// descriptors, file locks, the one EINTR retry, wake-up pipes and poll, inotify, folder listing, spawning, signals,
/// the pthread mutex, SHA-1), which depends on nothing but Glibc; `import Glibc` is left only there, in FerryNcurses,
/// the C shims' wrappers, the test support, tests and the bench (`scripts/lint-imports.sh`; decision 0088).
/// Only FerryNcurses touches ncurses; see docs/ARCHITECTURE.md.
let package = Package(
    name: "Ferry",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FerryJSON", targets: ["FerryJSON"]),
        .library(name: "FerryHTTP", targets: ["FerryHTTP"]),
        .library(name: "FerryProtobuf", targets: ["FerryProtobuf"]),
        .library(name: "FerryGRPC", targets: ["FerryGRPC"]),
        .library(name: "FerryURLSession", targets: ["FerryURLSession"]),
        .library(name: "FerryYAML", targets: ["FerryYAML"]),
        .library(name: "FerryDynamic", targets: ["FerryDynamic"]),
        .library(name: "FerryWorkbench", targets: ["FerryWorkbench"]),
        .library(name: "FerryImport", targets: ["FerryImport"]),
        .library(name: "FerryTerminal", targets: ["FerryTerminal"]),
        .executable(name: "ferry", targets: ["ferry"]),
    ],
    targets: [
        // MARK: C edges
        // libcurl behind a typed shim, opened with dlopen at the first transfer (never linked, decision 0098):
        // the headers come from libcurl4-openssl-dev, the library from libcurl4.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // zlib's raw deflate for WebSocket permessage-deflate (RFC 7692).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // JavaScriptCore's C API, opened with dlopen at the first script (never linked); the headers come
        // from libjavascriptcoregtk-4.1-dev. Its importers add the same -I (it is not passed on).
        .target(
            name: "CJavaScriptCore",
            cSettings: [.unsafeFlags(["-I/usr/include/webkitgtk-4.1"])],
            linkerSettings: [.linkedLibrary("dl")]
        ),

        // MARK: Libraries
        // The system layer: every file write, descriptor loop, file lock and interrupted call goes through it
        // (after swift-nio's NIOPosix/System.swift); it depends on nothing but Glibc.
        .target(name: "FerrySystem"),
        .target(name: "FerryJSON"),
        .target(name: "FerryHTTP", dependencies: ["FerrySystem", "FerryJSON", "CCurl", "CZlib"]),
        // Protobuf messages between wire bytes and JSON, driven by descriptors (for gRPC; pure Swift).
        .target(name: "FerryProtobuf", dependencies: ["FerryJSON"]),
        // gRPC over FerryHTTP's HTTP/2: framing, calls, trailers and status, server reflection.
        .target(name: "FerryGRPC", dependencies: ["FerryProtobuf", "FerryHTTP", "FerryJSON", "CZlib"]),
        // URLSessionTransport on its own, so that a client using only CurlTransport never loads
        // FoundationNetworking.
        .target(name: "FerryURLSession", dependencies: ["FerryHTTP"]),
        // Dynamic values (`$random`, `$uuid`, dates, Faker families) and hashes: pure Swift, for templates and scripts.
        .target(name: "FerryDynamic", dependencies: ["FerrySystem"]),
        // The JavaScriptCore engine for `.http` scripts.
        .target(
            name: "FerryScript",
            dependencies: ["CJavaScriptCore", "FerryJSON", "FerryDynamic", "FerryWorkbench", "FerrySystem"],
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/webkitgtk-4.1"])]
        ),
        // YAML 1.2 (as API descriptions use it) read into FerryJSON values.
        .target(name: "FerryYAML", dependencies: ["FerryJSON"]),
        .target(
            name: "FerryWorkbench",
            dependencies: [
                "FerrySystem", "FerryHTTP", "FerryJSON", "FerryYAML", "FerryDynamic", "FerryGRPC", "FerryProtobuf",
            ]),
        // Other tools' files (curl commands, Postman, OpenAPI, GraphQL schemas) read into requests and written
        // into a workspace.
        .target(name: "FerryImport", dependencies: ["FerryWorkbench", "FerryJSON", "FerryYAML"]),
        // FerryJSON places a theme file's problems at their line and column; FerrySystem wakes the loop's poll.
        .target(name: "FerryTerminal", dependencies: ["FerryJSON", "FerrySystem"]),
        .target(name: "FerryNcurses", dependencies: ["FerryTerminal", "CNcurses"]),
        .target(
            name: "FerryApp",
            dependencies: [
                "FerryTerminal", "FerryWorkbench", "FerryImport", "FerryHTTP", "FerryJSON", "FerryScript",
                "FerrySystem", "FerryGRPC", "FerryProtobuf",
            ]),

        // MARK: Executables
        .executableTarget(
            name: "ferry",
            dependencies: [
                "FerryApp", "FerryNcurses", "FerryWorkbench", "FerryScript", "FerryImport", "FerryHTTP", "FerryJSON",
                "FerryTerminal", "FerrySystem",
            ]
        ),
        .executableTarget(
            name: "FerryBench",
            dependencies: [
                "FerryJSON", "FerryHTTP", "FerryURLSession", "FerryHTTPLoad", "FerryCurlBaseline", "FerryWorkbench",
                "FerryTerminal", "FerryApp", "FerryTestSupport", "FerryScript", "FerryYAML",
                "FerryImport", "FerryGRPC", "FerryProtobuf",
            ]
        ),
        // Runs scripts in a fresh process: lazy loading, a missing JavaScriptCore, the engine's timing.
        .executableTarget(name: "FerryScriptProbe", dependencies: ["FerryScript", "FerryWorkbench"]),
        // A pure HTTP client that links only FerryHTTP, for measuring the client's memory and instructions.
        .executableTarget(name: "FerryHTTPProbe", dependencies: ["FerryHTTP", "FerryHTTPLoad", "FerryCurlBaseline"]),
        // The request patterns FerryBench and FerryHTTPProbe drive a client with (links only FerryHTTP).
        .target(name: "FerryHTTPLoad", dependencies: ["FerryHTTP"]),
        // Raw libcurl fetches, the baselines CurlTransport is measured against (bench only, not in FerryHTTP).
        .target(name: "FerryCurlBaseline", dependencies: ["FerryHTTP", "CCurl"]),

        // MARK: Tests
        .target(name: "FerryTestSupport", dependencies: ["FerryTerminal"]),
        .testTarget(name: "FerrySystemTests", dependencies: ["FerrySystem", "FerryTestSupport"]),
        .testTarget(name: "FerryJSONTests", dependencies: ["FerryJSON", "FerryTestSupport"]),
        .testTarget(name: "FerryProtobufTests", dependencies: ["FerryProtobuf", "FerryJSON", "FerryTestSupport"]),
        .testTarget(
            name: "FerryGRPCTests",
            dependencies: ["FerryGRPC", "FerryProtobuf", "FerryHTTP", "FerryJSON", "FerryTestSupport"]),
        .testTarget(
            name: "FerryHTTPTests",
            dependencies: ["FerryHTTP", "FerryURLSession", "FerryHTTPLoad", "FerryCurlBaseline", "FerryTestSupport"]),
        .testTarget(name: "FerryDynamicTests", dependencies: ["FerryDynamic"]),
        .testTarget(
            name: "FerryScriptTests",
            dependencies: ["FerryScript", "FerryWorkbench", "FerryDynamic", "FerryTestSupport"]),
        .testTarget(name: "FerryYAMLTests", dependencies: ["FerryYAML", "FerryJSON", "FerryTestSupport"]),
        .testTarget(
            name: "FerryWorkbenchTests",
            dependencies: ["FerryWorkbench", "FerryDynamic", "FerryScript", "FerryTestSupport", "FerryProtobuf"]),
        .testTarget(
            name: "FerryImportTests", dependencies: ["FerryImport", "FerryWorkbench", "FerryJSON", "FerryTestSupport"]),
        .testTarget(name: "FerryTerminalTests", dependencies: ["FerryTerminal", "FerryTestSupport"]),
        .testTarget(name: "FerryNcursesTests", dependencies: ["FerryNcurses", "FerryTerminal", "FerryTestSupport"]),
        .testTarget(
            name: "FerryAppTests",
            dependencies: ["FerryApp", "FerryScript", "FerryTestSupport", "FerryGRPC", "FerryProtobuf"]),
        .testTarget(name: "FerryTestSupportTests", dependencies: ["FerryTestSupport"]),
        .testTarget(name: "FerryCLITests", dependencies: ["FerryTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
