import StateLintSyntax
import StateLintModel

/// What every step of a migration reads: the project's files, its type directory for the
/// expression typer, and the candidate classes.
package final class MigrationProject: Sendable {
    package let sources: [MigrationSource]
    package let directory: TypeDirectory
    package let candidates: MigrationCandidates
    /// The candidates' names, and their `@Published` properties by class.
    package let names: Set<String>
    package let published: [String: Set<String>]
    package let xcodeMajor: Int?

    package init(sources: [MigrationSource], candidates: MigrationCandidates, xcodeMajor: Int?) {
        self.sources = sources
        self.candidates = candidates
        self.xcodeMajor = xcodeMajor
        directory = TypeDirectory(files: sources.map(\.structure))
        names = Set(candidates.candidates.map(\.name))
        published = Dictionary(candidates.candidates.map { ($0.name, $0.published) }, uniquingKeysWith: { a, _ in a })
    }

    package var isModern: Bool { (xcodeMajor ?? 0) >= 27 }

    /// The candidate a name (or its typealias) stands for, if it is one.
    package func candidate(named name: String) -> String? {
        if names.contains(name) { return name }
        // `typealias Post = Entity`: the alias's target.
        if let target = directory.aliasTarget(of: name), names.contains(target.lastName) { return target.lastName }
        return nil
    }

    /// Whether class `name` (with its extensions, superclasses and protocols) declares `member`.
    package func declares(_ name: String, member: String) -> Bool {
        var visited: Set<String> = []
        var queue = [name]
        while let type = queue.popLast(), visited.count < 32 {
            guard visited.insert(type).inserted else { continue }
            if !directory.members(named: member, ofType: type).isEmpty { return true }
            queue += directory.inheritance(ofType: type)
        }
        return false
    }

    /// The candidates that conform to protocol `name` (directly, through an extension or a
    /// protocol refining it, or a superclass).
    package func candidates(conformingTo name: String) -> Set<String> {
        names.filter { candidate in
            var visited: Set<String> = []
            var queue = [candidate]
            while let type = queue.popLast(), visited.count < 32 {
                guard visited.insert(type).inserted else { continue }
                if type == name && type != candidate { return true }
                queue += directory.inheritance(ofType: type)
            }
            return false
        }
    }

    /// Whether values of `type` are `Equatable` (what `onChange(of:)` takes): the standard value
    /// types, optionals, arrays, sets and dictionaries of such, enums without payloads, and the
    /// project's types declared `Equatable`, `Hashable` or `Comparable` (or a protocol refining them).
    package func isEquatable(_ type: ValueType, depth: Int = 0) -> Bool {
        guard depth < 8, !type.isMetatype, type.genericOwner == nil else { return false }
        if ["Optional", "Array", "Set", "Dictionary", "ArraySlice"].contains(type.name) {
            return !type.arguments.isEmpty && type.arguments.allSatisfy { isEquatable($0, depth: depth + 1) }
        }
        if Self.equatableStandardTypes.contains(type.name) { return true }
        guard type.arguments.isEmpty else { return false }
        var visited: Set<String> = []
        var queue = [type.lastName]
        while let name = queue.popLast(), visited.count < 32 {
            guard visited.insert(name).inserted else { continue }
            if ["Equatable", "Hashable", "Comparable", "Strideable", "BinaryInteger", "FloatingPoint"].contains(name) { return true }
            queue += directory.inheritance(ofType: name)
        }
        // An enum whose cases carry no values is `Equatable` without saying so.
        guard directory.kind(ofType: type.lastName) == .enum else { return false }
        for place in directory.parts(ofType: type.lastName) where directory.declaration(place).kind == .enum {
            let code = directory.files[place.file].code
            guard let body = directory.declaration(place).body else { return false }
            var k = body.lowerBound + 1
            while k < body.upperBound {
                if code.kind(k) == .leftBrace, let end = code.partner(of: k) { k = end + 1; continue }
                if code.keyword(k) == .case {
                    var j = k + 1
                    while code.kind(j) == .identifier {
                        if code.kind(j + 1) == .leftParen { return false }
                        guard code.kind(j + 1) == .comma else { break }
                        j += 2
                    }
                }
                k += 1
            }
        }
        return true
    }

    private static let equatableStandardTypes: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "CGFloat", "Decimal", "TimeInterval", "Date", "URL", "UUID", "Data", "CGPoint", "CGSize",
        "CGRect", "Color", "Locale", "TimeZone", "IndexPath", "DateComponents", "AttributedString", "Calendar",
    ]

    /// The candidate whose body (or an extension's) holds code index `k` of file `file`.
    package func enclosingCandidate(of k: Int, in file: Int) -> String? {
        guard let type = directory.enclosingType(of: k, in: file) else { return nil }
        return candidate(named: directory.typeName(of: type, in: file))
    }
}
