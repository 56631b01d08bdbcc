// swift-tools-version:6.0
import PackageDescription

/// A program outside Ferry that uses its libraries as a package dependency, built by `scripts/consumer-build.sh`:
/// FerryHTTP, FerryJSON and FerryWorkbench must build without JavaScriptCore's headers and without unsafe flags
/// (SwiftPM refuses those in a dependency's products). Not part of Ferry's own build.
let package = Package(
    name: "FerryConsumer",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Ferry", path: "../..")],
    targets: [
        .executableTarget(
            name: "FerryConsumer",
            dependencies: [
                .product(name: "FerryHTTP", package: "Ferry"),
                .product(name: "FerryJSON", package: "Ferry"),
                .product(name: "FerryWorkbench", package: "Ferry"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
