// swift-tools-version:6.0
// A package whose `Views` target runs StateLint's build-tool plugin on every build:
//   swift build      prints `warning: … [state_inline_class_init]` for CounterView.swift and succeeds
// Scripts/test-build-tool-plugin.sh builds it (and a copy where the finding is an error).
import PackageDescription

let package = Package(
    name: "BuildToolPluginSample",
    dependencies: [
        // The StateLint repository root. A real project would use
        // .package(url: "https://github.com/statelint/statelint", from: "0.1.0").
        .package(name: "statelint", path: "../../.."),
    ],
    targets: [
        .target(name: "Models"),
        .target(
            name: "Views",
            dependencies: ["Models"],
            plugins: [.plugin(name: "StateLintBuildToolPlugin", package: "statelint")]
        ),
    ]
)
