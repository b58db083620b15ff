import StateLintSyntax
import StateLintIndex

// The steps of `ProjectViews.init`: which type each part belongs to, the parts grouped by type
// with each group's role, and the views made of the groups, each step on all cores.

/// One part of a type, with the type it belongs to and that name's shard (`ShardedNames`).
struct KeyedPart: Sendable {
    let key: ViewKey
    let part: TypeFacts
    let shard: Int
}

/// The parts of one type of one target, in the order seen, the ordinal of the first among all
/// parts, and the type's role.
struct ViewGroup: Sendable {
    let ordinal: Int
    let key: ViewKey
    var parts: [TypeFacts]
    var role: ViewRole?
}

extension ProjectViews {
    /// Each file's parts with the type each belongs to in each of the file's targets: its own
    /// name, or for an extension the declared type it extends (`declaredName(extending:…)`).
    ///
    /// The files go in a few runs per thread, each remembering what it worked out for each
    /// extended name: the same names (`View`, `Color`, a project's own types) are extended in
    /// many files, and working one out asks the declared names and the index several times.
    static func keyedParts(of files: [FileFacts], declared: DeclaredTypeNames, scopes: TypeScopes,
                           shardCount: Int, jobs: Int) -> [[KeyedPart]] {
        let runCount = min(files.count, jobs > 1 ? jobs * 4 : 1)
        let runs = (0..<runCount).map { run in (files.count * run / runCount)..<(files.count * (run + 1) / runCount) }
        return parallelMap(runs, jobs: jobs) { run -> [[KeyedPart]] in
            var extended: [ViewKey: String] = [:]
            return files[run].map { file -> [KeyedPart] in
                var keyed: [KeyedPart] = []
                for target in file.targets {
                    for part in file.types {
                        var name = part.name
                        if part.kind == .extension {
                            let written = ViewKey(target: target, name: part.name)
                            if let known = extended[written] {
                                name = known
                            } else {
                                name = declaredName(extending: part.name, declares: { declared.declares($0, in: target) },
                                                    nested: { declared.nested(endingWith: $0, in: target) },
                                                    resolve: { scopes.resolve($0, in: target) })
                                extended[written] = name
                            }
                        }
                        keyed.append(KeyedPart(key: ViewKey(target: target, name: name), part: part,
                                               shard: ShardedNames.shard(of: name, count: shardCount)))
                    }
                }
                return keyed
            }
        }.flatMap { $0 }
    }

    /// The parts grouped by type, each type's parts in the order seen, keeping the types that
    /// have a role (`role(parts:…)`): one shard of the names per thread.
    static func viewGroups(of keyed: [[KeyedPart]], scopes: TypeScopes, shardCount: Int, jobs: Int) -> [[ViewGroup]] {
        let partCount = keyed.reduce(0) { $0 + $1.count }
        return parallelMap(Array(0..<shardCount), jobs: jobs) { shard -> [ViewGroup] in
            var groups: [ViewGroup] = []
            var groupOf: [ViewKey: Int] = [:]
            groupOf.reserveCapacity(partCount / shardCount + 16)
            var ordinal = 0
            for fileParts in keyed {
                for keyedPart in fileParts {
                    defer { ordinal += 1 }
                    guard keyedPart.shard == shard else { continue }
                    if let group = groupOf[keyedPart.key] {
                        groups[group].parts.append(keyedPart.part)
                    } else {
                        groupOf[keyedPart.key] = groups.count
                        groups.append(ViewGroup(ordinal: ordinal, key: keyedPart.key, parts: [keyedPart.part]))
                    }
                }
            }
            return groups.compactMap { group in
                var group = group
                group.role = role(parts: group.parts, conformances: { scopes.conformances(of: group.key.name, in: group.key.target) },
                                  resolve: { scopes.resolve($0, in: group.key.target) })
                return group.role == nil ? nil : group
            }
        }
    }

    /// The groups' views, in the order their types are first seen, and the files to complete
    /// (see `filesToComplete`). Each view's place is worked out first, so the views are made in
    /// place and never copied (a copy retains all a view holds).
    static func views(of groups: [[ViewGroup]], jobs: Int) -> (views: [SwiftUIView], filesToComplete: Set<FileID>) {
        var order: [(ordinal: Int, shard: Int, position: Int)] = []
        for (shard, shardGroups) in groups.enumerated() {
            for (position, group) in shardGroups.enumerated() { order.append((group.ordinal, shard, position)) }
        }
        order.sort { $0.ordinal < $1.ordinal }
        var places = groups.map { [Int](repeating: 0, count: $0.count) }
        for (place, entry) in order.enumerated() { places[entry.shard][entry.position] = place }
        let slots = ResultSlots<SwiftUIView>(count: order.count)
        let shardPlaces = places
        let toComplete = parallelMap(Array(groups.indices), jobs: jobs) { shard -> Set<FileID> in
            var files = Set<FileID>()
            for (position, group) in groups[shard].enumerated() {
                let view = view(named: group.key.name, target: group.key.target, role: group.role!, parts: group.parts)
                if view.mayReachBodies {
                    for part in view.parts where part.hasUnreadBodies { files.insert(part.file) }
                }
                slots.set(shardPlaces[shard][position], view)
            }
            return files
        }
        return (slots.values(), toComplete.reduce(into: Set<FileID>()) { $0.formUnion($1) })
    }
}
