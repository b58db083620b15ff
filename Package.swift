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
        // The layers, each importing only those below it (see Sources/StateLintKit/StateLintKit.swift).
        .target(name: "StateLintSyntax", path: "Sources/StateLintSyntax"),
        .target(name: "StateLintIndex", dependencies: ["StateLintSyntax"], path: "Sources/StateLintIndex"),
        .target(name: "StateLintModel", dependencies: ["StateLintSyntax", "StateLintIndex"], path: "Sources/StateLintModel"),
        .target(name: "StateLintRules", dependencies: ["StateLintSyntax", "StateLintIndex", "StateLintModel"],
                path: "Sources/StateLintRules"),
        .target(name: "StateLintEngine", dependencies: ["StateLintSyntax", "StateLintIndex", "StateLintModel", "StateLintRules"],
                path: "Sources/StateLintEngine"),
        .target(name: "StateLintFormatters", dependencies: ["StateLintSyntax", "StateLintRules", "StateLintEngine"],
                path: "Sources/StateLintFormatters"),
        .target(name: "StateLintLSP",
                dependencies: ["StateLintSyntax", "StateLintIndex", "StateLintModel", "StateLintRules", "StateLintEngine",
                               "StateLintFormatters"],
                path: "Sources/StateLintLSP"),
        .target(name: "StateLintCLI",
                dependencies: ["StateLintSyntax", "StateLintIndex", "StateLintRules", "StateLintEngine", "StateLintFormatters"],
                path: "Sources/StateLintCLI"),
        .target(
            name: "StateLintKit",
            dependencies: ["StateLintSyntax", "StateLintIndex", "StateLintModel", "StateLintRules", "StateLintEngine",
                           "StateLintFormatters", "StateLintLSP", "StateLintCLI"],
            path: "Sources/StateLintKit"
        ),
        .executableTarget(
            name: "statelint",
            dependencies: ["StateLintSyntax", "StateLintCLI", "StateLintLSP"],
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
