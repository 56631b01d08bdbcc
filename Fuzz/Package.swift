// swift-tools-version:6.0
import Foundation
import PackageDescription

/// libFuzzer targets for FerryJSON, the `.http` parser, the request builder, the `.proto` reader and the protobuf decoder; build with `swift build --sanitize=fuzzer --sanitize=address` (see run.sh).
///
/// The root package is a path dependency, whose identity is its folder's name (`main`, or a worktree's).
let rootIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let package = Package(
    name: "FerryFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzJSONParser",
            dependencies: [.product(name: "FerryJSON", package: rootIdentity)]
        ),
        .executableTarget(
            name: "FuzzJSONQuery",
            dependencies: [.product(name: "FerryJSON", package: rootIdentity)]
        ),
        .executableTarget(
            name: "FuzzHTTPFile",
            dependencies: [
                .product(name: "FerryWorkbench", package: rootIdentity),
                .product(name: "FerryHTTP", package: rootIdentity),
            ]
        ),
        .executableTarget(
            name: "FuzzRequestBuilder",
            dependencies: [
                .product(name: "FerryWorkbench", package: rootIdentity),
                .product(name: "FerryHTTP", package: rootIdentity),
            ]
        ),
        .executableTarget(
            name: "FuzzProtoParser",
            dependencies: [.product(name: "FerryProtobuf", package: rootIdentity)]
        ),
        .executableTarget(
            name: "FuzzProtobufDecoder",
            dependencies: [
                .product(name: "FerryProtobuf", package: rootIdentity),
                .product(name: "FerryJSON", package: rootIdentity),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
