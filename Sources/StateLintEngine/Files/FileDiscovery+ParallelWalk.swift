import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// The folder walk on several threads, for `--jobs` above 1: listing folders is mostly kernel
/// time (`openat`, `getdents64`), and the serial walk left every other core idle before the
/// first file was linted.
extension FileDiscovery {
    /// The Swift files below `start` and the folders that could not be listed, as the serial
    /// walk finds them (files unsorted; errors sorted by path by the caller).
    package func parallelWalk(_ start: String, jobs: Int) -> Result {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { ParallelSections.add(since: started) }
        let queue = FolderQueue(first: folder(start, relative: relativePath(start), excluded: excluded, isIncluded: included.isEmpty))
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            let buffer = DirectoryBuffer()
            defer { buffer.deallocate() }
            var listed = Result()
            var subfolders: [PendingFolder] = []
            var opened: DirectoryEntries?
            var finished: FolderQueue.Parent?
            var hasListed = false
            while let (folder, parent) = queue.next(adding: &listed, subfolders: &subfolders, of: opened,
                                                    listed: hasListed, in: finished) {
                hasListed = true
                finished = parent
                opened = nil
                guard let (entries, names) = Self.openAndList(folder, in: parent?.entries.descriptor, buffer: buffer,
                                                              errors: &listed.errors) else { continue }
                var none: Set<String>? = nil
                subfolders = add(names, of: folder, to: &listed, seen: &none)
                if subfolders.isEmpty { entries.closeFolder() } else { opened = entries }
            }
        }
        return queue.result
    }
}

/// Folders still to list, shared by the walking threads. A listed folder with subfolders stays
/// open until each of them has been opened relative to it (at most `maximumOpenFolders` at a
/// time; beyond that, subfolders are opened by path).
private final class FolderQueue: @unchecked Sendable {
    package final class Parent {
        package let entries: DirectoryEntries
        package var remaining: Int
        package init(_ entries: DirectoryEntries, remaining: Int) {
            self.entries = entries
            self.remaining = remaining
        }
    }

    private let condition = NSCondition()
    /// Last in, first out: depth first, so few folders are open at once.
    private var pending: [(FileDiscovery.PendingFolder, Parent?)]
    private var listing = 0
    private var openFolders = 0
    package private(set) var result = FileDiscovery.Result()

    package init(first: FileDiscovery.PendingFolder) {
        pending = [(first, nil)]
    }

    /// Hands in what the caller found since its last call (its files and errors, the folder it
    /// listed, if still open, with its `subfolders`, and the parent it opened that folder in),
    /// and takes the next folder to list; nil once every folder has been listed.
    package func next(adding found: inout FileDiscovery.Result, subfolders: inout [FileDiscovery.PendingFolder],
              of opened: DirectoryEntries?, listed: Bool, in parent: Parent?) -> (FileDiscovery.PendingFolder, Parent?)? {
        condition.lock()
        defer { condition.unlock() }
        if listed { listing -= 1 }
        if let parent {
            parent.remaining -= 1
            if parent.remaining == 0 {
                parent.entries.closeFolder()
                openFolders -= 1
            }
        }
        result.files += found.files
        result.errors += found.errors
        result.xcodeProjects += found.xcodeProjects
        result.skippedLinks += found.skippedLinks
        found = FileDiscovery.Result()
        if !subfolders.isEmpty {
            var keeper: Parent?
            if let opened {
                if openFolders < FileDiscovery.maximumOpenFolders {
                    keeper = Parent(opened, remaining: subfolders.count)
                    openFolders += 1
                } else {
                    opened.closeFolder()
                }
            }
            for subfolder in subfolders { pending.append((subfolder, keeper)) }
            subfolders = []
            condition.broadcast()
        }
        while pending.isEmpty {
            if listing == 0 {
                condition.broadcast()
                return nil
            }
            condition.wait()
        }
        listing += 1
        return pending.removeLast()
    }
}
