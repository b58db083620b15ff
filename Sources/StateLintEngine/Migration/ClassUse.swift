import StateLintRules

/// A place in the project that concerns candidate classes: a use the migration rewrites, or one
/// that keeps classes as they are, with the reason.
package struct ClassUse: Sendable {
    /// The classes it concerns: the one its value is typed as; for a value StateLint cannot
    /// type, those it could be (the classes declaring every member the code uses on it).
    package var classes: Set<String>
    /// Whether its value was typed (else `classes` comes from member evidence).
    package var isTyped: Bool
    /// `File.swift:12`.
    package var place: String
    /// Why it keeps its classes; nil for a use that is rewritten.
    package var reason: String?
    /// What to write so that StateLint can type the value, for a use it could not type.
    package var unblock: String?
    /// A value typed as a generic parameter: it concerns the classes used for that parameter
    /// (filled in once every use is known).
    package var genericParameter: GenericParameterKey?
    /// The generic parameter this use instantiates (`Post` of `ObservableArray<Post>`): its classes
    /// are among those used for that parameter.
    package var instantiates: GenericParameterKey?
    /// An `@EnvironmentObject` property: its class is read from the environment.
    package var readsFromEnvironment = false
    /// An `.environmentObject(x)` of an untyped `x`: it concerns only the classes some view reads
    /// with `@EnvironmentObject`.
    package var onlyClassesReadFromEnvironment = false
    /// The rewrite of its one class's use.
    package var edits: [TextEdit] = []
    /// A use typed as a generic parameter a group's protocol constrains (`@StateObject var
    /// model: Model` in `Row<Model: ListModel>`): it concerns the group's classes, and its
    /// edits apply when the group migrates.
    package var group: String?
    /// An owned `@StateObject`/`@ObservedObject` that becomes `@State` and, on Xcode 26 and
    /// earlier, the lazily owned rewrite.
    package var lazilyOwned: LazilyOwnedPlace?

    package init(classes: Set<String>, isTyped: Bool, place: String, reason: String? = nil, unblock: String? = nil) {
        self.classes = classes
        self.isTyped = isTyped
        self.place = place
        self.reason = reason
        self.unblock = unblock
    }
}

/// A generic parameter that takes only `ObservableObject` classes: its owner (a type's last
/// name, or `func name`) and its name.
package struct GenericParameterKey: Hashable, Sendable {
    package let owner: String
    package let name: String
}

/// An owned object's property that the lazily owned rewrite must take on Xcode 26 and earlier:
/// the file, the offset of its initial value in the original bytes, and `File.swift:12`.
package struct LazilyOwnedPlace: Sendable {
    package let path: String
    package let offset: Int
    package let place: String
}
