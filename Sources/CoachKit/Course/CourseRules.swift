import Foundation

/// One thing wrong with `course/course.json` itself, found before any file it names is read.
public struct CourseProblem: Equatable, Sendable, CustomStringConvertible {
    /// The number of the section at fault, or `nil` for the course as a whole.
    public var section: Int?
    /// What is wrong, naming the value at fault.
    public var message: String

    /// A problem with section `section`, or with the whole course when `nil`.
    public init(section: Int?, _ message: String) {
        self.section = section
        self.message = message
    }

    /// "Section 2: …", or the message alone for the whole course.
    public var description: String {
        section.map { "Section \($0): \(message)" } ?? message
    }
}

// The rules course.json must follow before coach acts on it. Its paths and names become paths that coach
// reads, prints, copies and deletes, so a path that climbs out of its folder could show or overwrite any
// file the learner can reach; they are checked here, once, for every command that reads the metadata.
extension Course {
    /// Every way the metadata breaks the rules: no sections, a section number or target used twice, or a
    /// path or name that leads outside its folder.
    public var problems: [CourseProblem] {
        guard !sections.isEmpty else {
            return [CourseProblem(section: nil, "the course has no sections; list at least one under \"sections\"")]
        }
        var problems: [CourseProblem] = []
        for (number, users) in Dictionary(grouping: sections, by: \.number) where users.count > 1 {
            let titles = users.map { "\"\($0.title.escapedForTerminal())\"" }.joined(separator: ", ")
            problems.append(
                CourseProblem(
                    section: nil,
                    "section number \(number) is used by \(users.count) sections (\(titles)); each needs its own"))
        }
        for (target, users) in Dictionary(grouping: sections, by: \.target) where users.count > 1 {
            problems.append(
                CourseProblem(
                    section: nil,
                    "the target \(target.escapedForTerminal()) is used by \(users.count) sections; each needs its own"))
        }
        return problems.sorted { $0.message < $1.message } + sections.flatMap(\.problems)
    }
}

extension Course.Section {
    /// The folder every lesson lies in, relative to the workbench root.
    static let lessonFolder = "course"
    /// The most one check may be worth in ``points``.
    static let maximumPointsPerCheck = 100

    /// Every way this section's paths and names break the rules, and every promise that names no check
    /// or a check the checkpoint does not list.
    public var problems: [CourseProblem] {
        var problems: [CourseProblem] = []
        func add(_ message: String) { problems.append(CourseProblem(section: number, message)) }
        if !CoursePath.isPlainName(target, allowingDots: false) {
            add("the target \"\(target.escapedForTerminal())\" is not a plain name (letters, digits and underscores)")
        }
        if lessonPath == nil {
            add(
                "the lesson path \(lesson.escapedForTerminal()) leads outside \(Self.lessonFolder)/; lessons lie in \(Self.lessonFolder)/"
            )
        }
        for file in exercise.files + exercise.givenFiles where CoursePath.normalized(file) == nil {
            add(
                "the exercise file \(file.escapedForTerminal()) leads outside the section's folder; name it relative to \(target.escapedForTerminal())/"
            )
        }
        for mistake in mistakes where !CoursePath.isPlainName(mistake.id, allowingDots: true) {
            add("the known mistake id \"\(mistake.id.escapedForTerminal())\" is not a plain folder name")
        }
        let checks = Set(checkNames)
        if let learnerTests {
            if !CoursePath.isPlainName(learnerTests.target, allowingDots: false) {
                add(
                    "the learner tests' target \"\(learnerTests.target.escapedForTerminal())\" is not a plain name (letters, digits and underscores)"
                )
            }
            for file in learnerTests.files where CoursePath.normalized(file) == nil {
                add(
                    "the learner tests' file \(file.escapedForTerminal()) leads outside their folder; name it relative to \(learnerTests.target.escapedForTerminal())/"
                )
            }
            for check in learnerTests.checkNames where !checks.contains(check) {
                add(
                    "\"learnerTests\" names the check \"\(check.escapedForTerminal())\", which no checkpoint item lists; list it under one"
                )
            }
            let mistakeIDs = Set(mistakes.map(\.id))
            for mistake in learnerTests.mistakes {
                if !CoursePath.isPlainName(mistake.id, allowingDots: true) {
                    add(
                        "the learner tests' known mistake id \"\(mistake.id.escapedForTerminal())\" is not a plain folder name"
                    )
                }
                for check in mistake.caughtBy where !learnerTests.checkNames.contains(check) {
                    add(
                        "the learner tests' known mistake '\(mistake.id.escapedForTerminal())' names \"\(check.escapedForTerminal())\", which is not a learner-test check"
                    )
                }
            }
            for caught in learnerTests.mustCatch where !mistakeIDs.contains(caught.mistake) {
                add(
                    "\"learnerTests\" must catch \"\(caught.mistake.escapedForTerminal())\", which is not one of the section's known mistakes"
                )
            }
        }
        var promised: Set<String> = []
        for promise in promises {
            let text = promise.promise.escapedForTerminal()
            if !promised.insert(promise.promise).inserted {
                add("the promise \"\(text)\" is listed twice; list each promise once with every check that guards it")
            }
            if promise.checks.isEmpty {
                add("the promise \"\(text)\" names no check; name the checks a submission breaking it fails")
            }
            for check in promise.checks where !checks.contains(check) {
                add(
                    "the promise \"\(text)\" names \"\(check.escapedForTerminal())\", which no checkpoint item lists; name one of the section's checks"
                )
            }
        }
        for (check, value) in points.sorted(by: { $0.key < $1.key }) {
            if !checks.contains(check) {
                add(
                    "\"points\" names \"\(check.escapedForTerminal())\", which no checkpoint item lists; name one of the section's checks"
                )
            }
            if !(0...Self.maximumPointsPerCheck).contains(value) {
                add(
                    "the check \"\(check.escapedForTerminal())\" is worth \(value) points; a check is worth 0 to \(Self.maximumPointsPerCheck)"
                )
            }
        }
        return problems
    }

    /// The lesson's path relative to the workbench root with `.` and `..` resolved, or `nil` when it is
    /// absolute or leads outside `course/`.
    var lessonPath: String? {
        guard let path = CoursePath.normalized(lesson), path.hasPrefix(Self.lessonFolder + "/") else { return nil }
        return path
    }
}

/// How paths written in course.json are read.
enum CoursePath {
    /// `path` with `.` and `..` resolved, or `nil` when it is empty, absolute, or climbs above the folder
    /// it is relative to.
    static func normalized(_ path: String) -> String? {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~") else { return nil }
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(component)
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }

    /// Whether `name` can be one folder's name: letters, digits, underscores (and, when allowed, dots and
    /// hyphens, though not `.` or `..` alone).
    static func isPlainName(_ name: String, allowingDots: Bool) -> Bool {
        guard !name.isEmpty, name != ".", name != ".." else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_"
                    || (allowingDots && (scalar == "." || scalar == "-")))
        }
    }
}

extension Workbench {
    /// The lesson file of `section`.
    ///
    /// - Throws: `CoachError.invalidCourse` when the lesson's path leads outside `course/`.
    public func lessonFile(of section: Course.Section) throws(CoachError) -> URL {
        guard let path = section.lessonPath else {
            throw CoachError.invalidCourse(path: Course.metadataPath, problems: section.problems.map(\.description))
        }
        return root.appending(path: path)
    }

    /// The exercise file `name` (as course.json lists it) of `section` on `track`.
    ///
    /// - Throws: `CoachError.invalidCourse` when `name` leads outside the section's folder.
    public func exerciseFile(_ name: String, of section: Course.Section, on track: CourseTrack) throws(CoachError)
        -> URL
    {
        guard let path = CoursePath.normalized(name) else {
            throw CoachError.invalidCourse(path: Course.metadataPath, problems: section.problems.map(\.description))
        }
        return sourceFolder(of: section, on: track).appending(path: path)
    }
}
