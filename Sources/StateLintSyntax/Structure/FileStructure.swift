/// Everything the structure pass learns about one file, computed once and shared by all rules.
///
/// A class: the rules and the engine pass it around and keep it in several places, and as a
/// struct of a dozen arrays and references every copy retained (and every drop released)
/// each of them.
public final class FileStructure: Sendable {
    public let code: CodeTokens
    public let declarations: [Declaration]
    public let modifierCalls: [ModifierCall]
    /// `.environmentObject(x)` and `.environment(x)` calls, in source order.
    public let environmentCalls: [EnvironmentCall]
    /// The `{ … }` of each `#Preview` macro, in source order.
    public let previewBodies: [ClosedRange<Int>]
    /// Indices of the variables with a `@State` attribute, in source order: what the rules
    /// start from, so a file without any costs them next to nothing.
    public let stateVariables: [Int]
    /// How many declarations are types or extensions (`Declaration.Kind.isTypeLike`).
    package let typeLikeCount: Int
    /// `value.member` references (see `MemberReference`), in source order.
    package let memberReferences: [MemberReference]
    /// Shared storage of `attributes(of:)`, `modifiers(of:)` and `inheritance(of:)`.
    private let attributeStorage: [Declaration.Attribute]
    private let modifierStorage: [Keyword]
    /// First code index of each inherited name.
    private let inheritanceStorage: [Int32]

    public convenience init(file: SourceFile, tokens: [Token]) {
        self.init(code: CodeTokens(file: file, allTokens: tokens))
    }

    public init(code: CodeTokens) {
        self.code = code
        var scanner = DeclarationScanner(code: code)
        scanner.run()
        scanner.release()
        let declarations = scanner.declarations
        self.declarations = declarations
        modifierCalls = scanner.modifierCalls
        environmentCalls = scanner.environmentCalls
        previewBodies = scanner.previewBodies
        attributeStorage = scanner.attributes
        modifierStorage = scanner.modifiers
        inheritanceStorage = scanner.inheritance
        typeLikeCount = scanner.typeLikeCount
        memberReferences = scanner.memberReferences
        var stateVariables: [Int] = []
        if scanner.stateVariableCount > 0 {
            stateVariables.reserveCapacity(scanner.stateVariableCount)
            for (index, declaration) in declarations.enumerated()
            where declaration.hasStateAttribute && declaration.kind == .variable {
                stateVariables.append(index)
            }
        }
        self.stateVariables = stateVariables
    }

    public var file: SourceFile { code.file }

    /// For every declaration, the declarations directly inside it. Built on request: no rule
    /// needs it, and building it for every file allocated an array per type.
    public var children: [[Int]] {
        var children = [[Int]](repeating: [], count: declarations.count)
        for (index, declaration) in declarations.enumerated() {
            if let parent = declaration.parent { children[parent].append(index) }
        }
        return children
    }

    /// Declarations directly inside the type (or extension) at `index`.
    public func members(of index: Int) -> [Int] {
        // Members come after their parent and inside its body, in source order: the scan starts
        // after it and stops past its body (a file of thousands of types asked once per type).
        guard let body = declarations[index].body else { return [] }
        var members: [Int] = []
        for member in declarations.indices.dropFirst(index + 1) {
            if declarations[member].startToken > body.upperBound { break }
            if declarations[member].parent == index { members.append(member) }
        }
        return members
    }

    /// The declared name; for an extension, the extended type as written (`Outer.Inner`).
    public func name(of index: Int) -> String {
        let declaration = declarations[index]
        // Most names are one token: its text, without a byte buffer.
        guard declaration.nameEndToken > declaration.nameToken else { return code.string(declaration.nameToken) }
        return Self.text { appendName(of: index, to: &$0) }
    }

    /// Appends the bytes of `name(of:)` (the name tokens' bytes joined by `.`) to `bytes`.
    package func appendName(of index: Int, to bytes: inout [UInt8]) {
        let declaration = declarations[index]
        code.file.bytes.withUnsafeBufferPointer { source in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[code[declaration.nameToken].range]))
            var k = declaration.nameToken + 2
            while k <= declaration.nameEndToken {
                bytes.append(UInt8(ascii: "."))
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[code[k].range]))
                k += 2
            }
        }
    }

    /// The text of the bytes `build` appends, decoded as `CodeTokens.string` decodes a token
    /// (the `.` between tokens is ASCII, so decoding the whole equals joining the parts).
    private static func text(_ build: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        build(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Attributes in source order, such as `@State` or `@MainActor`.
    public func attributes(of index: Int) -> ArraySlice<Declaration.Attribute> {
        let range = declarations[index].attributeRange
        return attributeStorage[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    /// The first `@State` (or `@SwiftUI.State`) attribute of a declaration.
    public func stateAttribute(of index: Int) -> Declaration.Attribute? {
        guard declarations[index].hasStateAttribute else { return nil }
        return attributes(of: index).first { $0.isState }
    }

    /// The name of an attribute without `@`: `State` for `@SwiftUI.State`.
    public func attributeName(_ attribute: Declaration.Attribute) -> String {
        var name = code.string(attribute.nameToken)
        if name.hasPrefix("@") { name.removeFirst() }
        return name
    }

    /// Modifier words before the keyword (`private`, `static`, `final`, …), in source order.
    public func modifiers(of index: Int) -> ArraySlice<Keyword> {
        let range = declarations[index].modifierRange
        return modifierStorage[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    /// The declaration is `private` or `fileprivate`, itself or through the extension it is in
    /// (`private extension V { func load() … }`): no code in another file can name it.
    public func isFilePrivate(_ index: Int) -> Bool {
        func isPrivate(_ index: Int) -> Bool {
            let modifiers = modifiers(of: index)
            return modifiers.contains(.private) || modifiers.contains(.fileprivate)
        }
        if isPrivate(index) { return true }
        guard let parent = declarations[index].parent, declarations[parent].kind == .extension else { return false }
        return isPrivate(parent)
    }

    /// A member written `private`: only its type's own code (in this file) can name it. Not a
    /// member of a `private extension`, which the file's other types can name too.
    public func isTypePrivate(_ index: Int) -> Bool {
        guard modifiers(of: index).contains(.private), let parent = declarations[index].parent else { return false }
        return declarations[parent].kind.isTypeLike
    }

    /// Types and protocols after `:` (types, extensions), without generic arguments.
    /// Made on request; `inherits(_:_:)` answers the usual question without strings.
    public func inheritance(of index: Int) -> [String] {
        let range = declarations[index].inheritanceRange
        return inheritanceStorage[Int(range.lowerBound)..<Int(range.upperBound)].compactMap { start in
            TypeNames.qualifiedName(at: Int(start), in: code)?.0
        }
    }

    /// The first code index of each name after `:` (types, extensions), in source order.
    package func inheritanceStarts(of index: Int) -> [Int] {
        let range = declarations[index].inheritanceRange
        return inheritanceStorage[Int(range.lowerBound)..<Int(range.upperBound)].map { Int($0) }
    }

    /// Whether `inheritance(of: index)` contains `name` (a dotted ASCII name, `SwiftUI.App`).
    public func inherits(_ index: Int, _ name: StaticString) -> Bool {
        let range = declarations[index].inheritanceRange
        for position in Int(range.lowerBound)..<Int(range.upperBound)
        where TypeNames.qualifiedName(at: Int(inheritanceStorage[position]), in: code, is: name) {
            return true
        }
        return false
    }

    /// Enclosing declarations looked at for a qualified name. Real code nests a few levels;
    /// the cap keeps hostile nesting (100k `struct S {`) linear instead of quadratic in time
    /// and in the length of the names (and of their suffixes in `ProjectIndex`).
    package static let maximumQualifyingDepth = 32

    /// The dotted name of a type declaration including its enclosing types: `Outer.Inner`.
    public func qualifiedName(of index: Int) -> String {
        Self.text { appendQualifiedName(of: index, to: &$0) }
    }

    /// Appends the bytes of `qualifiedName(of:)` to `bytes`, without a `String` per part.
    package func appendQualifiedName(of index: Int, to bytes: inout [UInt8]) {
        appendEnclosingNames(declarations[index].parent, depth: 0, to: &bytes)
        appendName(of: index, to: &bytes)
    }

    /// The enclosing types' names, outermost first, each followed by `.` (at most
    /// `maximumQualifyingDepth` parents are looked at).
    private func appendEnclosingNames(_ parent: Int?, depth: Int, to bytes: inout [UInt8]) {
        guard let parent, depth < Self.maximumQualifyingDepth else { return }
        appendEnclosingNames(declarations[parent].parent, depth: depth + 1, to: &bytes)
        guard declarations[parent].kind.isTypeLike else { return }
        appendName(of: parent, to: &bytes)
        bytes.append(UInt8(ascii: "."))
    }
}
