import StateLintSyntax
import StateLintIndex

/// A type of one target: what a view's parts are grouped by.
package struct ViewKey: Hashable, Sendable {
    package let target: TargetID
    package let name: String
}

/// The views of a project: every type's parts (its declaration and its extensions, from any
/// file of the same target) merged, and kept when the type holds SwiftUI state — it conforms to a SwiftUI protocol
/// (directly, in an extension, or through a protocol of its own that refines one) or declares
/// SwiftUI's `body`. Plus one view per `#Preview` body.
public struct ProjectViews: Sendable {
    public private(set) var views: [SwiftUIView]
    /// The files holding a part whose bodies were not read (`TypeFacts.hasUnreadBodies`) of a
    /// view whose properties or handlers may reach them: `complete(with:)` wants their facts
    /// made again with every body read.
    public let filesToComplete: Set<FileID>

    /// The views of a project without targets: every file's types in one scope.
    public init(files: [FileFacts], index: ProjectIndex) {
        self.init(files: files, scopes: TypeScopes(project: index))
    }

    /// The views of `files`, each type's parts merged within each target its files belong to
    /// (`FileFacts.targets`), its role decided by what that target sees (`scopes`).
    public init(files: [FileFacts], scopes: TypeScopes, jobs: Int = 1) {
        // Each step on all cores; the steps keyed by type name split the names into shards.
        let shardCount = ShardedNames.count(jobs: jobs)
        let keyed = Self.keyedParts(of: files, declared: DeclaredTypeNames(files: files, jobs: jobs), scopes: scopes,
                                    shardCount: shardCount, jobs: jobs)
        let groups = Self.viewGroups(of: keyed, scopes: scopes, shardCount: shardCount, jobs: jobs)
        let made = Self.views(of: groups, jobs: jobs)
        filesToComplete = made.filesToComplete
        var views = made.views
        Self.markViewsInPreviewProviders(&views)
        for file in files {
            for preview in file.previews {
                let handlers = preview.handlers.map { ViewHandler($0) }
                views.append(SwiftUIView(name: "#Preview", target: file.targets.first ?? .rest, role: .preview,
                                         properties: preview.properties, handlers: handlers, initializers: [], parts: [],
                                         previewUses: preview.uses))
            }
        }
        self.views = views
    }

    /// Puts the parts of `files` (facts made again, with every body read, of files in
    /// `filesToComplete`) in place of the parts whose bodies were not read, and makes those
    /// views again. A part the new facts do not have said nothing after all.
    public mutating func complete(with files: [FileFacts]) {
        var parts: [FileID: [Int: TypeFacts]] = [:]
        for file in files {
            parts[file.file] = Dictionary(file.types.map { ($0.start, $0) }, uniquingKeysWith: { first, _ in first })
        }
        for (position, view) in views.enumerated() where view.parts.contains(where: \.hasUnreadBodies) {
            let completed = view.parts.compactMap { part -> TypeFacts? in
                guard part.hasUnreadBodies, let made = parts[part.file] else { return part }
                return made[part.start]
            }
            views[position] = Self.view(named: view.name, target: view.target, role: view.role, parts: completed)
            views[position].isInPreviewProvider = view.isInPreviewProvider
        }
    }

    /// The declared type an extension extends: its name as written when a type has it, else
    /// without a module prefix (`MyApp.FeedView`), else the one type whose name ends with it.
    /// `declares`: whether the target declares a name; `nested`: the declared names with a dot
    /// whose last component is the one given.
    package static func declaredName(extending written: String, declares: (String) -> Bool, nested: (String) -> Set<String>,
                                     resolve: (String) -> String?) -> String {
        if declares(written) { return written }
        if let dot = DottedName.firstDot(in: written) {
            let rest = String(written[written.index(after: dot)...])
            if declares(rest) { return rest }
        }
        // The only declared type whose name ends with it: not if a top-level type has its last name too.
        let last = lastComponent(written)
        if !declares(last) {
            let candidates = nested(last)
            if candidates.count == 1, let only = candidates.first, only.hasSuffix("." + written) { return only }
        }
        return resolve(written) ?? written
    }

    /// What the type's conformances (what its parts say, `body` included, and what the index
    /// knows of its name) make of it; nil for a type that is no view. The index is asked only
    /// when a part names something that is neither SwiftUI's nor the standard library's (a
    /// protocol of the project, a superclass): its parts say the rest. `resolve` names the
    /// project type a name means, if any.
    package static func role(parts: [TypeFacts], conformances known: () -> ConformanceIndex.Conformances,
                     resolve: (String) -> String?) -> ViewRole? {
        var conformances = ConformanceIndex.Conformances()
        var asksIndex = false
        for part in parts {
            for inherited in part.inheritance {
                let named = ConformanceIndex.Conformances.named(inherited)
                conformances.formUnion(named)
                if named.isEmpty && !isPlainProtocol(inherited) { asksIndex = true }
            }
            switch part.bodyKind {
            case .property(let protocolName)?: conformances.formUnion(.named(protocolName))
            case .viewModifier?: conformances.insert(ConformanceIndex.Conformances(.viewModifier))
            case nil: break
            }
        }
        if asksIndex { conformances.formUnion(known()) }
        if conformances.contains(.app) { return .app }
        if conformances.contains(.previewProvider) { return .previewProvider }
        if conformances.contains(.scene) { return .scene }
        if conformances.contains(.viewModifier) { return .viewModifier }
        if conformances.contains(.dynamicProperty) { return .dynamicProperty }
        if conformances.contains(.view) || conformances.contains(.commands) || conformances.contains(.toolbarContent)
            || conformances.contains(.customizableToolbarContent) {
            return .view
        }
        return roleOfUnseenConformance(parts: parts, resolve: resolve)
    }

    /// The wrappers that do their job only in a SwiftUI type (a `View`, `App`, `Scene` or
    /// `DynamicProperty`).
    private static let viewStateWrappers: [PropertyWrapper] = [
        .state, .stateObject, .observedObject, .environment, .environmentObject, .binding,
        .other("FocusState"), .other("GestureState"), .other("AppStorage"), .other("SceneStorage"),
    ]

    /// Protocols of the standard library that no view needs, and that say nothing of one.
    private static let plainProtocols: Set<String> = [
        "Equatable", "Hashable", "Identifiable", "Codable", "Encodable", "Decodable", "Sendable", "Comparable",
        "CaseIterable", "CustomStringConvertible", "CustomDebugStringConvertible", "RawRepresentable", "Error",
        "LocalizedError", "AnyObject",
    ]

    /// Whether `name` is one of `plainProtocols`, with or without `Swift.`.
    package static func isPlainProtocol(_ name: String) -> Bool {
        plainProtocols.contains(name) || (name.hasPrefix("Swift.") && plainProtocols.contains(String(name.dropFirst(6))))
    }

    /// A struct that declares SwiftUI's state wrappers (`@State`, `@StateObject`,
    /// `@ObservedObject`, `@Environment`, `@Binding`, `@FocusState`, …, which do nothing outside
    /// SwiftUI types) and conforms to a protocol StateLint cannot see (from a package that is not
    /// on disk): almost surely a view, whatever its body looks like (`func body(props:)` of a
    /// Redux-style `ConnectedView`), or a view modifier with `body(content:)`. Without such a
    /// protocol it is not one: a struct with no conformance, or only the project's own and the
    /// standard library's, is no SwiftUI type.
    package static func roleOfUnseenConformance(parts: [TypeFacts], resolve: (String) -> String?) -> ViewRole? {
        guard parts.contains(where: { $0.kind == .struct }),
              parts.contains(where: { $0.properties.contains { !$0.isStatic && viewStateWrappers.contains($0.wrapper) } })
        else { return nil }
        let unseen = parts.lazy.flatMap(\.inheritance).contains { name in !isPlainProtocol(name) && resolve(name) == nil }
        guard unseen else { return nil }
        return parts.contains { $0.bodyKind == .viewModifier } ? .viewModifier : .view
    }

    /// Marks the views nested in a `PreviewProvider` of their target (`Feed_Previews.Host`).
    package static func markViewsInPreviewProviders(_ views: inout [SwiftUIView]) {
        struct Key: Hashable { let target: TargetID; let name: String }
        let providers = Set(views.filter { $0.role == .previewProvider }.map { Key(target: $0.target, name: $0.name) })
        guard !providers.isEmpty else { return }
        for position in views.indices {
            var name = views[position].name[...]
            while let dot = DottedName.lastDot(in: name) {
                name = name[..<dot]
                if providers.contains(Key(target: views[position].target, name: String(name))) {
                    views[position].isInPreviewProvider = true
                    break
                }
            }
        }
    }

    package static func view(named name: String, target: TargetID, role: ViewRole, parts: [TypeFacts]) -> SwiftUIView {
        // Most views have one part: its arrays as they are, not copied element by element.
        let single = parts.count == 1 ? parts[0] : nil
        let handlerFacts = single?.handlers ?? parts.flatMap(\.handlers)
        // Methods by name, only when a handler calls something (most call nothing of the view's).
        var methods: [String: [ActionFacts]] = [:]
        if handlerFacts.contains(where: { !$0.action.calls.isEmpty || $0.performedMethod != nil }) {
            for part in parts {
                for method in part.methods { methods[method.name, default: []].append(method.action) }
            }
        }
        var reach = MethodReach(methods: methods)
        var handlers = handlerFacts.map { ViewHandler($0, reach: &reach) }
        // Chain links are positions within a part's handlers: make them positions in the view's.
        var first = 0
        for part in parts {
            for position in part.handlers.indices {
                handlers[first + position].nextInChain = part.handlers[position].nextInChain.map { first + $0 }
            }
            first += part.handlers.count
        }
        return SwiftUIView(name: name, target: target, role: role, properties: single?.properties ?? parts.flatMap(\.properties),
                           handlers: handlers, initializers: single?.initializers ?? parts.flatMap(\.initializers), parts: parts)
    }
}
