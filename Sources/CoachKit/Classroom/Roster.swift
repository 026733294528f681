import Foundation

/// One learner's submission as a roster or the command line names it.
public struct Submission: Codable, Equatable, Sendable {
    /// The learner's name, as the gradebook shows it.
    public var learner: String
    /// Where the work is: a folder, a git repository or a `.tar.gz`, `.tgz` or `.zip` archive, as written.
    public var source: String
    /// The branch, tag or commit to grade when the source is a git repository; `nil` for its `HEAD`.
    public var ref: String?

    /// A submission of `learner`'s work at `source`, at `ref` when it is a git repository.
    public init(learner: String, source: String, ref: String? = nil) {
        self.learner = learner
        self.source = source
        self.ref = ref
    }

    /// The folder name that holds this learner's results: the name with every character other than a
    /// letter, a digit, `-`, `_` or `.` replaced by `-`.
    public var folderName: String {
        let scalars = learner.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "-"
        }
        let name = String(scalars).trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return name.isEmpty ? "learner" : name
    }
}

/// What is wrong with a roster or a list of submissions.
public struct RosterError: Error, Equatable, CustomStringConvertible {
    /// The sentence that says what failed, why, and how to fix it.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The submissions of a class: read from a roster file, or named one by one on the command line.
///
/// A roster is a CSV file with one learner a line: the learner's name, the submission (a folder, a git
/// repository or an archive, relative to the roster's folder unless absolute) and, optionally, the branch
/// or tag to grade. A first line `learner,submission,ref` is a header; empty lines and lines starting with
/// `#` are skipped; a field holding a comma is written in double quotes.
///
/// ```
/// learner,submission,ref
/// Ada Lovelace,submissions/ada.tar.gz,
/// Grace Hopper,/srv/git/grace.git,final
/// ```
public struct Roster: Equatable, Sendable {
    /// The submissions, in the order given.
    public var submissions: [Submission]

    /// A roster of `submissions`.
    ///
    /// - Throws: `RosterError` when two submissions share a learner's name or its results folder.
    public init(_ submissions: [Submission]) throws(RosterError) {
        var seen: [String: String] = [:]
        for submission in submissions {
            if let other = seen[submission.folderName.lowercased()] {
                let same = other == submission.learner
                throw RosterError(
                    same
                        ? "The learner \"\(submission.learner)\" is listed twice — while reading the submissions. Give each learner one line."
                        : "The learners \"\(other)\" and \"\(submission.learner)\" would share the results folder \(submission.folderName) — while reading the submissions. Rename one of them."
                )
            }
            seen[submission.folderName.lowercased()] = submission.learner
        }
        self.submissions = submissions
    }

    /// Reads a roster file's text.
    ///
    /// - Parameters:
    ///   - text: The CSV text.
    ///   - folder: The folder relative submission paths start from (the roster's own).
    ///   - path: The roster's path, for messages.
    /// - Throws: `RosterError` naming the line at fault.
    public static func parse(csv text: String, relativeTo folder: URL, path: String) throws(RosterError) -> Roster {
        var submissions: [Submission] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields: [String]
            do {
                fields = try CSVLine.fields(of: String(line))
            } catch {
                throw RosterError(
                    "Cannot read the roster: line \(index + 1) \(error.reason) — while reading \(path). Close the quotes."
                )
            }
            if submissions.isEmpty, fields.first?.lowercased() == "learner" { continue }
            guard (2...3).contains(fields.count), !fields[0].isEmpty, !fields[1].isEmpty else {
                throw RosterError(
                    "Cannot read the roster: line \(index + 1) has \(fields.count) field(s) — while reading \(path). Write `learner,submission` or `learner,submission,ref`."
                )
            }
            let source = fields[1].hasPrefix("/") ? fields[1] : folder.appending(path: fields[1]).path
            let ref = fields.count == 3 && !fields[2].isEmpty ? fields[2] : nil
            submissions.append(Submission(learner: fields[0], source: source, ref: ref))
        }
        guard !submissions.isEmpty else {
            throw RosterError(
                "The roster lists no learner — while reading \(path). Add one line per learner: `learner,submission`.")
        }
        return try Roster(submissions)
    }

    /// The submissions named on the command line: each a roster file (`.csv`), or a submission whose
    /// learner is named after it (its file name without `.git`, `.tar.gz`, `.tgz` or `.zip`). A git
    /// repository may be followed by `@` and the branch or tag to grade.
    ///
    /// - Throws: `RosterError` when a roster cannot be read or two submissions share a learner.
    public static func from(arguments: [String], in folder: URL) throws(RosterError) -> Roster {
        var submissions: [Submission] = []
        for argument in arguments {
            let url = argument.hasPrefix("/") ? URL(filePath: argument) : folder.appending(path: argument)
            if argument.lowercased().hasSuffix(".csv") {
                guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                    throw RosterError(
                        "Cannot read the roster \(argument): the file is missing or not UTF-8 text — while reading the submissions. Check the path."
                    )
                }
                submissions += try parse(csv: text, relativeTo: url.deletingLastPathComponent(), path: argument)
                    .submissions
                continue
            }
            var source = url.path
            var ref: String?
            if !FileManager.default.fileExists(atPath: source), let at = argument.lastIndex(of: "@") {
                let base = String(argument[..<at])
                source = base.hasPrefix("/") ? base : folder.appending(path: base).path
                ref = String(argument[argument.index(after: at)...])
            }
            submissions.append(Submission(learner: learnerName(of: source), source: source, ref: ref))
        }
        return try Roster(submissions)
    }

    /// The learner a submission's path names: its last component without the archive or repository suffix.
    static func learnerName(of path: String) -> String {
        var name = URL(filePath: path).lastPathComponent
        for suffix in [".tar.gz", ".tgz", ".zip", ".git"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        return name
    }
}

/// One line of CSV split into fields (RFC 4180 quoting: `"a, b"`, and `""` for a quote inside one).
enum CSVLine {
    struct Unclosed: Error {
        var reason: String { "has a quoted field that never closes" }
    }

    static func fields(of line: String) throws(Unclosed) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" && field.trimmingCharacters(in: .whitespaces).isEmpty {
                field = ""
                quoted = true
            } else if character == "," {
                fields.append(field.trimmingCharacters(in: .whitespaces))
                field = ""
            } else {
                field.append(character)
            }
        }
        if quoted { throw Unclosed() }
        fields.append(field.trimmingCharacters(in: .whitespaces))
        return fields
    }

    /// `value` as one CSV field that a spreadsheet shows as the text it is: quoted when it holds a comma,
    /// a quote or a line break, and, when it begins as a formula would (`=`, `+`, `-`, `@`, a tab or a
    /// carriage return), preceded by an apostrophe, which spreadsheets read as "this cell is text".
    static func field(_ value: String) -> String {
        let text = value.first.map { "=+-@\t\r".contains($0) } == true ? "'" + value : value
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// A deterministic slice of a roster, so that `n` machines together grade every learner exactly once.
///
/// Shard `i` of `n` takes the learners whose position, in the order of their names, leaves the remainder
/// `i - 1` when divided by `n`: the same roster always splits the same way, whatever order it lists them in.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// The shard's number, from 1.
    public var index: Int
    /// How many shards the roster is split into.
    public var count: Int

    /// Reads `i/n`, such as `2/4`.
    ///
    /// - Throws: `RosterError` when the text is not two whole numbers with `1 ≤ i ≤ n`.
    public init(parsing text: String) throws(RosterError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else {
            throw RosterError("--shard must be i/n with 1 ≤ i ≤ n (such as 2/4), got \(text).")
        }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// The submissions of `roster` this shard grades.
    public func slice(of roster: Roster) -> [Submission] {
        roster.submissions.enumerated()
            .sorted { ($0.element.learner, $0.offset) < ($1.element.learner, $1.offset) }
            .enumerated()
            .filter { $0.offset % count == index - 1 }
            .map(\.element.element)
    }
}
