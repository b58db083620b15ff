import StateLintSyntax
import StateLintIndex

/// The names of the types each target declares (not their extensions), and those with a dot
/// (nested types) by their last component: what an extension's name is matched against.
///
/// Kept in shards by the name's hash and built on all cores, each shard by one thread: a
/// project's tens of thousands of names would otherwise go into one set on one thread, the
/// largest serial step between the two phases.
package struct DeclaredTypeNames: Sendable {
    /// Keyed by target and name together: one hash per name, where a table per target
    /// hashed the target and the name, and copied nothing less.
    private struct Shard: Sendable {
        var declared: Set<ViewKey> = []
        /// By target and last component.
        var nested: [ViewKey: Set<String>] = [:]
    }

    private let shards: [Shard]

    package init(files: [FileFacts], jobs: Int) {
        let shardCount = ShardedNames.count(jobs: jobs)
        guard shardCount > 1 else {
            shards = [Self.shard(0, of: files, placed: nil, shardCount: 1)]
            return
        }
        // Each declared part's shard and, for a nested name, its last component's: hashed
        // once, on all cores, for the shards to pick theirs.
        let placed = parallelMap(files, jobs: jobs) { file -> [Placement] in
            var placed: [Placement] = []
            for (position, part) in file.types.enumerated() where part.kind != .extension {
                let lastShard = DottedName.firstDot(in: part.name) == nil
                    ? -1 : ShardedNames.shard(of: lastComponent(part.name), count: shardCount)
                placed.append(Placement(part: position, shard: ShardedNames.shard(of: part.name, count: shardCount), lastShard: lastShard))
            }
            return placed
        }
        shards = parallelMap(Array(0..<shardCount), jobs: jobs) { shard in Self.shard(shard, of: files, placed: placed, shardCount: shardCount) }
    }

    /// A declared part of a file: its position in `types`, its name's shard, and its last
    /// component's (-1 for a name without a dot).
    private struct Placement: Sendable {
        let part: Int
        let shard: Int
        let lastShard: Int
    }

    /// Shard `shard` of the names: those `placed` puts there, or every name without `placed`.
    private static func shard(_ shard: Int, of files: [FileFacts], placed: [[Placement]]?, shardCount: Int) -> Shard {
        var made = Shard()
        // Room for this shard's share of the parts: the set is not regrown (and rehashed) a
        // dozen times on the way.
        let parts = placed.map { $0.reduce(0) { $0 + $1.count } } ?? files.reduce(0) { $0 + $1.types.count }
        made.declared.reserveCapacity(parts / shardCount + 16)
        func add(_ name: String, declared: Bool, nested: Bool, targets: [TargetID]) {
            for target in targets {
                if declared { made.declared.insert(ViewKey(target: target, name: name)) }
                if nested { made.nested[ViewKey(target: target, name: lastComponent(name)), default: []].insert(name) }
            }
        }
        for (position, file) in files.enumerated() {
            if let placed {
                for placement in placed[position] where placement.shard == shard || placement.lastShard == shard {
                    add(file.types[placement.part].name, declared: placement.shard == shard, nested: placement.lastShard == shard,
                        targets: file.targets)
                }
            } else {
                for part in file.types where part.kind != .extension {
                    add(part.name, declared: true, nested: DottedName.firstDot(in: part.name) != nil, targets: file.targets)
                }
            }
        }
        return made
    }

    /// Whether `target` declares a type named `name`.
    package func declares(_ name: String, in target: TargetID) -> Bool {
        shards[ShardedNames.shard(of: name, count: shards.count)].declared.contains(ViewKey(target: target, name: name))
    }

    /// The nested types `target` declares whose last component is `last`.
    package func nested(endingWith last: String, in target: TargetID) -> Set<String> {
        shards[ShardedNames.shard(of: last, count: shards.count)].nested[ViewKey(target: target, name: last)] ?? []
    }
}

/// How work keyed by name is split between threads: by the name's hash (the process's, so the
/// same name lands in the same shard within a run), in a few shards per thread so one large
/// shard does not leave the others waiting.
package enum ShardedNames {
    package static func count(jobs: Int) -> Int { jobs > 1 ? jobs * 8 : 1 }

    package static func shard(of name: String, count: Int) -> Int {
        count == 1 ? 0 : Int(UInt(bitPattern: name.hashValue) % UInt(count))
    }
}
