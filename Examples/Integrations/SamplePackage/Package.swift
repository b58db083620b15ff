// swift-tools-version:6.0
// A small package that depends on StateLint by relative path, to exercise the command plugin:
//   swift package statelint                 lint every Swift target (finds the bug in SampleViews)
//   swift package statelint --target SampleModels
// Scripts/test-plugin.sh runs these checks.
import PackageDescription

let package = Package(
    name: "SamplePackage",
    products: [
        .library(name: "SampleViews", targets: ["SampleViews"]),
    ],
    dependencies: [
        // The StateLint repository root. A real project would use
        // .package(url: "https://github.com/statelint/statelint", from: "0.1.0").
        .package(path: "../../.."),
    ],
    targets: [
        .target(name: "SampleModels"),
        .target(name: "SampleViews", dependencies: ["SampleModels"]),
    ]
)
