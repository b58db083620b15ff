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

    /// The candidate whose body (or an extension's) holds code index `k` of file `file`.
    package func enclosingCandidate(of k: Int, in file: Int) -> String? {
        guard let type = directory.enclosingType(of: k, in: file) else { return nil }
        return candidate(named: directory.typeName(of: type, in: file))
    }
}
