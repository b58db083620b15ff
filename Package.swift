// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StateLint",
    products: [
        .library(name: "StateLintKit", targets: ["StateLintKit"]),
        .executable(name: "statelint", targets: ["statelint"]),
        // `swift package statelint` in packages that depend on this one.
        .plugin(name: "StateLintPlugin", targets: ["StateLintPlugin"]),
        // Lints a target on every build that changes its sources (SwiftPM and Xcode).
        .plugin(name: "StateLintBuildToolPlugin", targets: ["StateLintBuildToolPlugin"]),
    ],
    targets: [
        .target(
            name: "StateLintKit",
            path: "Sources/StateLintKit"
        ),
        .executableTarget(
            name: "statelint",
            dependencies: ["StateLintKit"],
            path: "Sources/statelint"
        ),
        .testTarget(
            name: "StateLintKitTests",
            dependencies: ["StateLintKit"],
            path: "Tests/StateLintKitTests",
            // Swift sources used as test data, not compiled into the tests.
            exclude: ["Fixtures", "Golden"]
        ),
        .plugin(
            name: "StateLintPlugin",
            capability: .command(
                intent: .custom(verb: "statelint", description: "Lint this package's Swift sources with StateLint"),
                permissions: []
            ),
            dependencies: ["statelint"],
            path: "Plugins/StateLintPlugin"
        ),
        .plugin(
            name: "StateLintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["statelint"],
            path: "Plugins/StateLintBuildToolPlugin"
        ),
    ],
    swiftLanguageModes: [.v6]
)
