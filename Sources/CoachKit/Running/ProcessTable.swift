import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A snapshot of the running processes as Linux's `/proc` lists them: each one's parent, and which have
/// already died and wait to be reaped.
///
/// Parent links are the one relation a process cannot leave: a test may start helpers in a new process
/// group or session, but they stay its children until it dies (and then the nearest subreaper's).
/// Where there is no `/proc` (macOS), the table is empty and callers fall back on process groups.
struct ProcessTable {
    /// One process.
    struct Entry: Equatable {
        /// Its identifier.
        var pid: pid_t
        /// Its parent's identifier.
        var parent: pid_t
        /// Whether it has exited and only its exit status is left (state `Z` or `X`).
        var isDead: Bool
    }

    /// Every process, by identifier.
    let entries: [pid_t: Entry]
    private let childrenByParent: [pid_t: [pid_t]]

    /// A table of `entries`.
    init(_ entries: [Entry]) {
        self.entries = Dictionary(entries.map { ($0.pid, $0) }, uniquingKeysWith: { first, _ in first })
        self.childrenByParent = Dictionary(grouping: entries, by: \.parent).mapValues { $0.map(\.pid) }
    }

    /// The processes running now.
    static func current() -> ProcessTable {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let entries = names.compactMap { name -> Entry? in
            guard let pid = pid_t(name), let stat = readFile("/proc/\(name)/stat") else { return nil }
            return entry(pid: pid, stat: String(decoding: stat, as: UTF8.self))
        }
        return ProcessTable(entries)
    }

    /// Parses a `/proc/<pid>/stat` line: `pid (command) state parent …`. The command may itself hold
    /// spaces and parentheses, so the fields are read after its last `)`.
    static func entry(pid: pid_t, stat: String) -> Entry? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count >= 2, let parent = pid_t(fields[1]) else { return nil }
        return Entry(pid: pid, parent: parent, isDead: fields[0] == "Z" || fields[0] == "X")
    }

    /// The direct children of `pid`.
    func children(of pid: pid_t) -> [pid_t] {
        childrenByParent[pid] ?? []
    }

    /// `roots` that exist and every process below them, following parent links.
    func descendants(including roots: some Sequence<pid_t>) -> Set<pid_t> {
        var found: Set<pid_t> = []
        var pending = roots.filter { entries[$0] != nil }
        while let pid = pending.popLast() {
            guard found.insert(pid).inserted else { continue }
            pending += children(of: pid)
        }
        return found
    }

    /// Whether the environment `pid` started with holds the exact entry `variable` (`NAME=value`).
    ///
    /// Reads `/proc/<pid>/environ`, which only the process's owner (or root) may read; an unreadable one
    /// counts as not holding it.
    static func environment(of pid: pid_t, contains variable: String) -> Bool {
        guard let bytes = readFile("/proc/\(pid)/environ") else { return false }
        let wanted = Array(variable.utf8)
        return bytes.split(separator: 0, omittingEmptySubsequences: true).contains { $0.elementsEqual(wanted) }
    }

    /// The bytes of a small file read with `read(2)`: files in `/proc` report a size of zero, so
    /// Foundation's readers, which trust the size, may return nothing.
    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += buffer[0..<count]
        }
    }
}
