import StateLintSyntax
import StateLintIndex

/// The files of a run by `FileID`: their paths and line starts, for positions and edits after
/// the files' bytes are gone.
public struct ProjectFiles: Sendable {
    private var paths: [String] = []
    private var lines: [LineIndex?] = []
    private var styles: [SourceStyle?] = []
    private var references: [MemberReferences] = []
    private var unpaired: Set<FileID> = []

    public init() {}

    /// Room for the files with ids below `count`.
    public init(reservingCapacity count: Int) {
        paths.reserveCapacity(count)
        lines.reserveCapacity(count)
        styles.reserveCapacity(count)
        references.reserveCapacity(count)
    }

    /// Records the file `facts` describe (again, for facts made anew).
    public mutating func add(_ facts: FileFacts) {
        let index = Int(facts.file.index)
        while paths.count <= index {
            paths.append("")
            lines.append(nil)
            styles.append(nil)
            references.append(MemberReferences())
        }
        paths[index] = facts.path
        lines[index] = facts.lines
        styles[index] = facts.style
        references[index] = facts.memberReferences
        if !facts.bracketsPair {
            unpaired.insert(facts.file)
        } else if !unpaired.isEmpty {
            unpaired.remove(facts.file)
        }
    }

    /// Whether every bracket of the file has its partner (see `FileFacts.bracketsPair`).
    public func bracketsPair(in file: FileID) -> Bool {
        !unpaired.contains(file)
    }

    public func path(of file: FileID) -> String {
        Int(file.index) < paths.count ? paths[Int(file.index)] : ""
    }

    /// The first file with this path: a scan of the list, for the rare lookup by path.
    public func file(atPath path: String) -> FileID? {
        paths.firstIndex(of: path).map { FileID($0) }
    }

    public func lineIndex(of file: FileID) -> LineIndex? {
        Int(file.index) < lines.count ? lines[Int(file.index)] : nil
    }

    /// How the file is written, for the replacement text of fixes.
    public func style(of file: FileID) -> SourceStyle? {
        Int(file.index) < styles.count ? styles[Int(file.index)] : nil
    }

    /// A place where some file names a member `name` through a receiver other than `self`
    /// (`MemberReferences`): the first such file in id order, and the line there when the file
    /// has line starts (a file with view facts does).
    /// `withoutArguments`: only references that could call a method without parameters.
    public func reference(toMember name: String, withoutArguments: Bool = false) -> (file: FileID, line: Int?)? {
        for (index, found) in references.enumerated() where !found.isEmpty {
            guard let offset = found.firstOffset(ofMember: name, withoutArguments: withoutArguments) else { continue }
            let file = FileID(index)
            return (file, lineIndex(of: file)?.location(ofOffset: offset).line)
        }
        return nil
    }

    public func location(ofOffset offset: Int, in file: FileID) -> SourceLocation {
        lineIndex(of: file)?.location(ofOffset: offset) ?? SourceLocation(line: 1, column: 1)
    }
}
