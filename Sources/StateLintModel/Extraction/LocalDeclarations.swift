import StateLintSyntax

/// The statements a result builder leaves as they are: local `let` and `var` declarations (it
/// refuses a local function or type). What decides whether a `body`, or a member that makes a
/// view, can go inside an `if let` as it is.
package enum LocalDeclarations {
    /// The statement starting at code index `first` declares a `let` or `var`, attributes
    /// allowed (`@Bindable var model = model`).
    package static func starts(at first: Int, in code: CodeTokens) -> Bool {
        var k = first
        while code.kind(k) == .attribute {
            k += 1
            if code.kind(k) == .leftParen, let close = code.partner(of: k) { k = close + 1 }
        }
        return code.keyword(k) == .var || code.keyword(k) == .let
    }

    /// The `return` of `return VIEW`, the last of `statements` after declarations only, as the
    /// offsets of the keyword and the blanks up to the view: what goes when a result builder
    /// takes the code (an explicit `return` turns the builder off). Nil for any other shape.
    package static func finalReturn(of statements: [Range<Int>], in code: CodeTokens) -> Range<Int>? {
        guard let last = statements.last, code.keyword(last.lowerBound) == .return, last.count > 1,
              !code.lineBreakBefore[last.lowerBound + 1],
              statements.dropLast().allSatisfy({ starts(at: $0.lowerBound, in: code) }) else { return nil }
        return code[last.lowerBound].start..<code[last.lowerBound + 1].start
    }
}
