/// The files of a run by `FileID`: their paths and line starts, for positions and edits after
/// the files' bytes are gone.
public struct ProjectFiles: Sendable {
    private var paths: [String] = []
    private var lines: [LineIndex?] = []

    public init() {}

    /// Records the file `facts` describe.
    public mutating func add(_ facts: FileFacts) {
        let index = Int(facts.file.index)
        while paths.count <= index {
            paths.append("")
            lines.append(nil)
        }
        paths[index] = facts.path
        lines[index] = facts.lines
    }

    public func path(of file: FileID) -> String {
        Int(file.index) < paths.count ? paths[Int(file.index)] : ""
    }

    public func lineIndex(of file: FileID) -> LineIndex? {
        Int(file.index) < lines.count ? lines[Int(file.index)] : nil
    }

    public func location(ofOffset offset: Int, in file: FileID) -> SourceLocation {
        lineIndex(of: file)?.location(ofOffset: offset) ?? SourceLocation(line: 1, column: 1)
    }
}
