@testable import StateLintSyntax
@testable import StateLintModel

/// Types an expression marked `«…»` in one of a few files, as migrate and the rules ask.
enum TypingHarness {
    /// The type of the expression between `«` and `»` in the first file that has one, written
    /// as `ValueType.description` (`[Coin]`, `Vault?`), or nil.
    static func type(_ files: [String]) -> String? {
        let (structures, marked) = prepare(files)
        guard let (file, range) = marked else { return nil }
        let typer = ExpressionTyper(directory: TypeDirectory(files: structures))
        return typer.type(of: range, in: file)?.description
    }

    /// The files' structures, and the marked file with the code tokens between the markers.
    static func prepare(_ files: [String]) -> ([FileStructure], (Int, Range<Int>)?) {
        var structures: [FileStructure] = []
        var marked: (Int, Range<Int>)?
        for (index, text) in files.enumerated() {
            var source = text
            var bytes: Range<Int>?
            if let open = source.range(of: "«"), let close = source.range(of: "»") {
                let start = source.utf8.distance(from: source.startIndex, to: open.lowerBound)
                source.removeSubrange(open)
                let closeNow = source.range(of: "»")!
                let end = source.utf8.distance(from: source.startIndex, to: closeNow.lowerBound)
                source.removeSubrange(closeNow)
                bytes = start..<end
                _ = close
            }
            let structure = ModelHarness.structure(source, path: "File\(index).swift")
            structures.append(structure)
            if let bytes, marked == nil {
                let code = structure.code
                let first = (0..<code.count).first { code[$0].start >= bytes.lowerBound }!
                let last = (0..<code.count).last { code[$0].end <= bytes.upperBound }!
                marked = (index, first..<(last + 1))
            }
        }
        return (structures, marked)
    }
}
