/// Everything the structure pass learns about one file, computed once and shared by all rules.
public struct FileStructure: Sendable {
    public let code: CodeTokens
    public let declarations: [Declaration]
    public let modifierCalls: [ModifierCall]
    /// For every declaration, the declarations directly inside it.
    public let children: [[Int]]

    public init(file: SourceFile, tokens: [Token]) {
        self.init(code: CodeTokens(file: file, allTokens: tokens))
    }

    public init(code: CodeTokens) {
        self.code = code
        var scanner = DeclarationScanner(code: code)
        scanner.run()
        declarations = scanner.declarations
        modifierCalls = scanner.modifierCalls
        var children = [[Int]](repeating: [], count: declarations.count)
        for (index, declaration) in declarations.enumerated() {
            if let parent = declaration.parent { children[parent].append(index) }
        }
        self.children = children
    }

    public var file: SourceFile { code.file }

    /// Declarations directly inside the type (or extension) at `index`.
    public func members(of index: Int) -> [Int] { children[index] }

    /// Enclosing declarations looked at for a qualified name. Real code nests a few levels;
    /// the cap keeps hostile nesting (100k `struct S {`) linear instead of quadratic in time
    /// and in the length of the names (and of their suffixes in `ProjectIndex`).
    static let maximumQualifyingDepth = 32

    /// The dotted name of a type declaration including its enclosing types: `Outer.Inner`.
    public func qualifiedName(of index: Int) -> String {
        var parts = [declarations[index].name]
        var parent = declarations[index].parent
        var depth = 0
        while let p = parent, depth < Self.maximumQualifyingDepth {
            depth += 1
            if declarations[p].kind.isTypeLike { parts.append(declarations[p].name) }
            parent = declarations[p].parent
        }
        return parts.reversed().joined(separator: ".")
    }
}
