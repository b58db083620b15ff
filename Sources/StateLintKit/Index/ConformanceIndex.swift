/// Which of the project's types conform to `ObservableObject` or to a SwiftUI protocol —
/// directly, through an extension in any file, through a superclass, or through a protocol of
/// the project that refines one — and which classes are `@Observable`.
///
/// Built once per run from every file's `TypeHeader`s; every type's conformances are worked
/// out up front, so lookups during the rules are dictionary reads.
public struct ConformanceIndex: Sendable {
    /// The protocols the rules ask about.
    public struct Conformances: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        public static let observableObject = Conformances(rawValue: 1 << 0)

        /// The bit of a SwiftUI protocol.
        public init(_ swiftUIProtocol: SwiftUIProtocol) {
            let position = SwiftUIProtocol.allCases.firstIndex(of: swiftUIProtocol)!
            self.init(rawValue: 1 << (1 + UInt16(position)))
        }

        public func contains(_ swiftUIProtocol: SwiftUIProtocol) -> Bool { contains(Conformances(swiftUIProtocol)) }

        /// What naming `name` after `:` says by itself (`ObservableObject`, `SwiftUI.View`).
        static func named(_ name: String) -> Conformances {
            if name == "ObservableObject" || name == "Combine.ObservableObject" { return .observableObject }
            return SwiftUIProtocol(named: name).map(Conformances.init) ?? []
        }
    }

    private struct Entry: Sendable {
        var inheritance: [String] = []
        var isObservable = false
        var conformances: Conformances = []
    }

    /// Qualified name → what the headers of the type (declaration and extensions) say.
    private var entries: [String: Entry] = [:]
    /// Last name component → the qualified names ending in it.
    private var byLastComponent: [String: [String]] = [:]
    /// Typealias qualified name → target.
    private var aliases: [String: String] = [:]

    public init() {}

    public init(headers: [TypeHeader], aliases: [TypeDeclarationSummary.Alias]) {
        for alias in aliases where self.aliases[alias.qualifiedName] == nil { self.aliases[alias.qualifiedName] = alias.target }
        for header in headers where header.kind != .extension {
            entries[header.name, default: Entry()].inheritance += header.inheritance
            if header.isObservable { entries[header.name]!.isObservable = true }
        }
        rebuildLastComponents()
        for header in headers where header.kind == .extension {
            let name = resolve(header.name, inScope: nil) ?? header.name
            entries[name, default: Entry()].inheritance += header.inheritance
        }
        rebuildLastComponents()
        var done: Set<String> = []
        for name in entries.keys.sorted() {
            var visiting: Set<String> = []
            _ = computeConformances(of: name, done: &done, visiting: &visiting)
        }
    }

    /// The conformances of the type `name` written inside the type `scope`; empty for a type
    /// the project does not declare.
    public func conformances(of name: String, inScope scope: String?) -> Conformances {
        guard let resolved = resolve(name, inScope: scope) else { return Conformances.named(name) }
        return entries[resolved]?.conformances ?? []
    }

    /// Whether the type `name` written inside `scope` is declared `@Observable`.
    public func isObservable(_ name: String, inScope scope: String?) -> Bool {
        guard let resolved = resolve(name, inScope: scope) else { return false }
        return entries[resolved]?.isObservable ?? false
    }

    /// The qualified name of the project type `name` means inside `scope`: the types nested in
    /// the scope first (innermost first), then the top level, then without a module prefix,
    /// then the only type whose last component it is. Typealiases are followed.
    func resolve(_ name: String, inScope scope: String?) -> String? {
        var name = name
        for _ in 0..<4 {
            guard let target = aliases[name] else { break }
            name = target
        }
        var prefix: Substring? = scope.map { $0[...] }
        while let current = prefix, !current.isEmpty {
            let candidate = current + "." + name
            if entries[candidate] != nil { return candidate }
            prefix = DottedName.lastDot(in: current).map { current[..<$0] }
        }
        if entries[name] != nil { return name }
        if let dot = DottedName.firstDot(in: name) {
            let rest = String(name[name.index(after: dot)...])
            if entries[rest] != nil { return rest }
        }
        if let only = byLastComponent[lastComponent(name)], only.count == 1, only[0].hasSuffix("." + name) { return only[0] }
        return nil
    }

    private mutating func rebuildLastComponents() {
        byLastComponent = [:]
        for name in entries.keys.sorted() { byLastComponent[lastComponent(name), default: []].append(name) }
    }

    /// Depth-first, each type once; a cycle (`class A: B`, `class B: A`) contributes nothing more.
    private mutating func computeConformances(of name: String, done: inout Set<String>, visiting: inout Set<String>) -> Conformances {
        guard let entry = entries[name] else { return [] }
        if done.contains(name) || !visiting.insert(name).inserted { return entry.conformances }
        var result: Conformances = []
        let scope = DottedName.lastDot(in: name).map { String(name[..<$0]) }
        for inherited in entry.inheritance {
            result.formUnion(Conformances.named(inherited))
            if let resolved = resolve(inherited, inScope: scope), resolved != name {
                result.formUnion(computeConformances(of: resolved, done: &done, visiting: &visiting))
            }
        }
        entries[name]!.conformances = result
        done.insert(name)
        return result
    }
}
