import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// An Apple platform a project can deploy to, as `Package.swift` spells it.
public enum DeploymentPlatform: String, CaseIterable, Sendable, Hashable {
    case iOS, macOS, tvOS, watchOS, visionOS

    /// The first release with Observation (`@Observable`).
    public var observationMinimum: OSVersion {
        switch self {
        case .iOS, .tvOS: return OSVersion(major: 17)
        case .macOS: return OSVersion(major: 14)
        case .watchOS: return OSVersion(major: 10)
        case .visionOS: return OSVersion(major: 1)
        }
    }

    /// The Xcode build setting holding its deployment target.
    public var buildSetting: String {
        switch self {
        case .iOS: return "IPHONEOS_DEPLOYMENT_TARGET"
        case .macOS: return "MACOSX_DEPLOYMENT_TARGET"
        case .tvOS: return "TVOS_DEPLOYMENT_TARGET"
        case .watchOS: return "WATCHOS_DEPLOYMENT_TARGET"
        case .visionOS: return "XROS_DEPLOYMENT_TARGET"
        }
    }
}

/// The lowest deployment target of each platform a project names, with where each was read:
/// `Package.swift`'s `platforms:` (from its tokens; the manifest is not run), the
/// `*_DEPLOYMENT_TARGET` build settings of every build configuration of a `project.pbxproj`,
/// or `deployment_target` in `.linter.yml`, which replaces what the manifests say.
public struct DeploymentTargets: Sendable, Equatable {
    public struct Minimum: Sendable, Equatable {
        public var version: OSVersion
        /// Where it was read, as shown to the user (`Package.swift`, `App.xcodeproj`, `.linter.yml:4`).
        public var source: String
    }

    public var minimums: [DeploymentPlatform: Minimum] = [:]

    public init() {}

    /// Nothing was found: the deployment target is unknown.
    public var isUnknown: Bool { minimums.isEmpty }

    /// Keeps the lower of the known minimum and `version`.
    public mutating func add(_ platform: DeploymentPlatform, _ version: OSVersion, source: String) {
        if let known = minimums[platform], known.version <= version { return }
        minimums[platform] = Minimum(version: version, source: source)
    }

    public mutating func add(_ versions: [DeploymentPlatform: OSVersion], source: String) {
        for platform in DeploymentPlatform.allCases { if let version = versions[platform] { add(platform, version, source: source) } }
    }

    /// Why no class can move to `@Observable`: the first platform (iOS, macOS, tvOS, watchOS,
    /// visionOS) whose minimum is below Observation's; nil when none is.
    public var observationRefusal: String? {
        for platform in DeploymentPlatform.allCases {
            guard let minimum = minimums[platform], minimum.version < platform.observationMinimum else { continue }
            return "the deployment target \(platform.rawValue) \(minimum.version) is below \(platform.rawValue) "
                + "\(platform.observationMinimum.shortDescription), where @Observable begins (from \(minimum.source))"
        }
        return nil
    }

    /// `iOS 17.0, macOS 14.0`.
    public var summary: String {
        DeploymentPlatform.allCases.compactMap { platform in minimums[platform].map { "\(platform.rawValue) \($0.version)" } }
            .joined(separator: ", ")
    }

    /// The minimum of each platform `manifests` name (`Package.swift` files and `.xcodeproj`
    /// folders, absolute); unreadable ones are skipped. `displayPath` names the sources.
    public static func read(manifests: [String], displayPath: (String) -> String = { $0 }) -> DeploymentTargets {
        var targets = DeploymentTargets()
        for manifest in manifests {
            if manifest.hasSuffix(".xcodeproj") {
                guard let bytes = try? SourceReader.read(manifest + "/project.pbxproj", below: nil,
                                                         maximumSize: XcodeProjectFile.maximumSize) else { continue }
                targets.add(xcodeProject(bytes), source: displayPath(manifest))
            } else {
                guard let bytes = try? SourceReader.read(manifest) else { continue }
                targets.add(packageManifest(bytes), source: displayPath(manifest))
            }
        }
        return targets
    }

    /// `platforms: [.iOS(.v16), .macOS(.v10_15), .tvOS("17.2"), …]` of a `Package.swift`, the
    /// lowest per platform; other platforms and forms StateLint cannot read are left out.
    public static func packageManifest(_ bytes: [UInt8]) -> [DeploymentPlatform: OSVersion] {
        let file = SourceFile(path: "Package.swift", bytes: bytes)
        let code = CodeTokens(file: file, scan: Tokenizer.scanCode(file.bytes))
        var result: [DeploymentPlatform: OSVersion] = [:]
        var k = 0
        while k + 2 < code.count {
            defer { k += 1 }
            guard code[k].kind == .identifier, code.string(k) == "platforms", code[k + 1].kind == .colon,
                  code[k + 2].kind == .leftBracket, let close = code.partner(of: k + 2) else { continue }
            var element = k + 3
            while element < close {
                var end = element
                while end < close && code[end].kind != .comma {
                    end = (code.partner(of: end).map { $0 > end ? $0 : end } ?? end) + 1
                }
                end = min(end, close)
                // `.iOS(` value `)`
                if element + 3 < end, code[element].kind == .period, code[element + 2].kind == .leftParen,
                   let platform = DeploymentPlatform(rawValue: code.string(element + 1)),
                   let callEnd = code.partner(of: element + 2), callEnd < end,
                   let version = versionArgument(code, from: element + 3, to: callEnd) {
                    if let known = result[platform], known <= version {} else { result[platform] = version }
                }
                element = end + 1
            }
            k = close
        }
        return result
    }

    /// `.v16`, `.v10_15` or `"16.4"` exactly filling `start..<end`.
    private static func versionArgument(_ code: CodeTokens, from start: Int, to end: Int) -> OSVersion? {
        if end - start == 2, code[start].kind == .period, code[start + 1].kind == .identifier {
            let name = code.string(start + 1)
            guard name.hasPrefix("v") else { return nil }
            return OSVersion.parse(String(name.dropFirst()), separator: "_")
        }
        return SwiftPackageManifest.stringLiteral(code, at: start, end: end).flatMap { OSVersion.parse($0) }
    }

    /// The lowest `*_DEPLOYMENT_TARGET` of each platform over every build configuration of a
    /// `project.pbxproj`; values that are not plain versions (`$(…)`) are left out.
    public static func xcodeProject(_ bytes: [UInt8]) -> [DeploymentPlatform: OSVersion] {
        guard let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil),
              let root = plist as? [String: Any], let objects = root["objects"] as? [String: Any] else { return [:] }
        var result: [DeploymentPlatform: OSVersion] = [:]
        for case let object as [String: Any] in objects.values {
            guard object["isa"] as? String == "XCBuildConfiguration",
                  let settings = object["buildSettings"] as? [String: Any] else { continue }
            for platform in DeploymentPlatform.allCases {
                guard let text = settings[platform.buildSetting] as? String,
                      let version = OSVersion.parse(text.trimmingCharacters(in: .whitespaces)) else { continue }
                if let known = result[platform], known <= version { continue }
                result[platform] = version
            }
        }
        return result
    }
}
