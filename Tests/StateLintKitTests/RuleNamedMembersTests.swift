import Testing
@testable import StateLintKit

/// `NamedMembers` and `TypeGroups` compare names on bytes; they must agree with `String`
/// equality, below and past their search limits.
@Suite struct RuleNamedMembersTests {
    static func code(_ source: String) -> CodeTokens {
        let file = SourceFile(path: "V.swift", text: source)
        return FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes)).code
    }

    /// Members named by the identifiers of `names` (the member is the position in the list),
    /// then the member each identifier of `lookups` finds.
    static func lookUp(names: [String], lookups: [String]) -> [Int?] {
        let code = code((names + ["|"] + lookups).joined(separator: " "))
        let bar = (0..<code.count).first { code.text($0, is: "|") }!
        var members = NamedMembers<Int>()
        for k in 0..<bar { members.append(k, nameToken: k, in: code) }
        return ((bar + 1)..<code.count).map { members.member(named: $0, in: code) }
    }

    @Test(arguments: [3, 40])
    func laterMembersHideEarlierOnes(count: Int) {
        let names = (0..<count).map { "p\($0)" } + ["p1"]
        #expect(Self.lookUp(names: names, lookups: ["p1", "p2", "q"]) == [count, 2, nil])
    }

    @Test(arguments: [3, 40])
    func namesMatchAsStringsDo(count: Int) {
        // U+212A KELVIN SIGN is canonically equivalent to `K`: equal as `String`s.
        let names = (0..<count).map { "p\($0)" } + ["K", "é"]
        #expect(Self.lookUp(names: names, lookups: ["\u{212A}", "K", "e\u{301}", "é"]) == [count, count, count + 1, count + 1])
        let kelvin = (0..<count).map { "p\($0)" } + ["\u{212A}"]
        #expect(Self.lookUp(names: kelvin, lookups: ["K", "k"]) == [count, nil])
    }

    @Test(arguments: [3, 40, 140])
    func typesGroupUnderTheirNames(count: Int) {
        let types = (0..<count).map { "struct T\($0) {}" }.joined(separator: "\n")
        let source = types + "\nextension T1 {}\nextension A.T2 {}\nstruct \u{212A} {}\nextension K {}\nextension A.\u{212A} {}\n"
        let structure = FileStructure(file: SourceFile(path: "V.swift", text: source),
                                      tokens: Tokenizer.tokenize(Array(source.utf8)))
        let groups = TypeGroups(structure, lastComponentOfEveryName: false)
        let numbers = structure.declarations.indices.map { groups.group(of: $0)! }
        #expect(numbers[count] == numbers[1])
        #expect(numbers[count + 1] == numbers[2])
        #expect(numbers[count + 2] == count)
        #expect(numbers[count + 3] == count)
        #expect(numbers[count + 4] == count)
        #expect(groups.count == count + 1)
        #expect(groups.name(count, in: structure.code) == "\u{212A}")
    }
}
