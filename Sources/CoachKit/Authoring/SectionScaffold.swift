import Foundation

/// The skeleton of a new course section, with its registrations: what `coach new-section` writes.
///
/// A section is its starter (`Exercises/<target>/`), its reference (`Solutions/<target>/`), its hidden
/// suite (`Tests/<target>Tests/`), its lesson (`course/<NN>-<slug>/lesson.md`), its entry in
/// `course/course.json` and its line in `Package.swift`'s `courseSections`. The skeleton holds one
/// placeholder exercise and one check, so that `coach verify --section N` accepts it as it is: the check
/// fails on the starter and passes on the reference, the lesson shows the three hint levels, and every
/// mutant of the reference is killed. The author then replaces the placeholder with the section's work.
///
/// ```swift
/// let scaffold = try SectionScaffold(number: 15, title: "Example", workbench: workbench)
/// let written = try scaffold.write()
/// ```
public struct SectionScaffold: Sendable {
    /// Why a skeleton cannot be written.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The section's number.
    public let number: Int
    /// The section's title, as the course lists it.
    public let title: String
    /// The library target: `Section<number><Title in camel case>`.
    public let target: String
    /// The lesson's folder under `course/`: `<NN>-<title in kebab case>`.
    public let lessonFolder: String
    /// The workbench the section is added to.
    public let workbench: Workbench

    /// A skeleton for section `number` titled `title`.
    ///
    /// - Throws: ``Problem`` when the number or the target is taken, the title has no letters or digits,
    ///   or a file the skeleton would write exists already.
    public init(number: Int, title: String, workbench: Workbench) throws(Problem) {
        let words = title.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard number > 0, !words.isEmpty else {
            throw Problem(
                description:
                    "a section needs a positive number and a title with letters or digits, such as `coach new-section 15 \"Example\"`"
            )
        }
        self.number = number
        self.title = title.trimmingCharacters(in: .whitespaces)
        self.target = "Section\(number)" + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        self.lessonFolder = String(format: "%02d-", number) + words.map { $0.lowercased() }.joined(separator: "-")
        self.workbench = workbench
        if let taken = workbench.course.section(numbered: number) {
            throw Problem(
                description:
                    "section \(number) exists already (\"\(taken.title.escapedForTerminal())\"); choose another number")
        }
        if workbench.course.sections.contains(where: { $0.target == target }) {
            throw Problem(description: "the target \(target) exists already; choose another title")
        }
        for path in files.keys.sorted()
        where FileManager.default.fileExists(atPath: workbench.root.appending(path: path).path) {
            throw Problem(description: "\(path) exists already; remove it or choose another number or title")
        }
    }

    /// The placeholder function the exercise asks for.
    var function: String { "section\(number)Answer" }
    /// The exercise file, in both tracks.
    var exerciseFile: String { "\(target.dropFirst("Section\(number)".count)).swift" }
    /// The lesson's path.
    var lessonPath: String { "course/\(lessonFolder)/lesson.md" }
    /// The one check.
    var checkName: String { "the placeholder answer is 42" }

    /// The three hint levels: a nudge in words, the approach, a near-solution.
    var hints: [String] {
        [
            "The check asks for one number, the answer the reference gives; the placeholder returns another.",
            "Replace the body of `\(function)()` so that it returns the number the check expects.",
            "`return 42`.",
        ]
    }

    /// Every file the skeleton writes, by path relative to the workbench, with its contents.
    public var files: [String: String] {
        [
            "Exercises/\(target)/\(exerciseFile)": exerciseSource(
                body: "// TODO: Return the answer the check expects.\n    0"),
            "Solutions/\(target)/\(exerciseFile)": exerciseSource(body: "42"),
            "Tests/\(target)Tests/\(target)Checks.swift": checksSource,
            lessonPath: lessonSource,
        ]
    }

    func exerciseSource(body: String) -> String {
        """
        // Section \(number) — \(title)
        //
        // Goal: replace this statement with the exercise's. This placeholder asks for one number, so that the
        // section verifies before its real work is written: the check fails on the starter, passes on the
        // reference. Mark every place a learner edits with a `TODO:` comment.

        /// The answer the section's check expects; a placeholder for the exercise's real code.
        public func \(function)() -> Int {
            \(body)
        }

        """
    }

    var checksSource: String {
        """
        import \(target)
        import Testing

        // The hidden suite of Section \(number). Each `@Test`'s name is a check of course.json's checkpoint,
        // written as what the learner's code does, and each failure says what was expected and found.

        @Suite("Section \(number): \(title)")
        struct \(target)Checks {
            @Test("\(checkName)")
            func answer() {
                let found = \(function)()

                #expect(found == 42, "\(function)() should return 42, the reference's answer; found \\(found).")
            }
        }

        """
    }

    var lessonSource: String {
        let levels = hints.enumerated().map { index, hint in
            "<details>\n<summary>Hint \(index + 1)</summary>\n\n\(hint)\n</details>"
        }.joined(separator: "\n\n")
        return """
            # Section \(number) — \(title)

            Replace this lesson with the section's: what the learner builds and why, the API it uses with
            examples in Swift code blocks (coach verify compiles and runs each), and a checkpoint.

            ## Checkpoint

            - The section verifies as a placeholder.

            ## Hints

            \(levels)

            """
    }

    /// The section's entry for course.json's `sections` list, indented as the file indents it.
    var courseEntry: String {
        func quoted(_ text: String) -> String {
            let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
        }
        let hintLines = hints.map { "        \(quoted($0))" }.joined(separator: ",\n")
        return """
                {
                  "number": \(number),
                  "title": \(quoted(title)),
                  "target": \(quoted(target)),
                  "lesson": \(quoted(lessonPath)),
                  "exercise": {
                    "id": "\(number).1",
                    "title": \(quoted(title)),
                    "files": [
                      \(quoted(exerciseFile))
                    ],
                    "givenFiles": []
                  },
                  "hints": [
            \(hintLines)
                  ],
                  "checkpoint": [
                    {
                      "item": "The section verifies as a placeholder.",
                      "checks": [
                        \(quoted(checkName))
                      ]
                    }
                  ],
                  "mistakes": []
                }
            """
    }

    /// `courseJSON` (the text of course.json) with the section's entry added at the end of `sections`.
    ///
    /// - Throws: ``Problem`` when the text does not end with the `sections` list.
    func registering(inCourseJSON courseJSON: String) throws(Problem) -> String {
        let trimmed = courseJSON.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        guard let close = trimmed.range(of: #"\}\s*\]\s*\}$"#, options: .regularExpression) else {
            throw Problem(description: "course/course.json does not end with its sections list; add the entry by hand")
        }
        let lastSectionEnd = trimmed.index(after: close.lowerBound)
        return String(trimmed[..<lastSectionEnd]) + ",\n" + courseEntry + "\n  ]\n}\n"
    }

    /// `manifest` (the text of Package.swift) with the section's line added after the last `CourseSection(`.
    ///
    /// - Throws: ``Problem`` when the manifest lists no `CourseSection(`.
    func registering(inManifest manifest: String) throws(Problem) -> String {
        var lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard
            let last = lines.lastIndex(where: {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("CourseSection(name:")
            })
        else {
            throw Problem(
                description: "Package.swift lists no CourseSection(name: …); add the section to courseSections by hand")
        }
        let indent = String(lines[last].prefix { $0 == " " })
        lines.insert(
            "\(indent)CourseSection(name: \"\(target)\", dependencies: [\"PersistenceCore\", \"PersistenceWorkbench\"]),",
            at: last + 1
        )
        return lines.joined(separator: "\n")
    }

    /// Writes the skeleton's files and registers the section in course.json and Package.swift.
    ///
    /// - Returns: Every path written or changed, relative to the workbench.
    /// - Throws: ``Problem`` when course.json or Package.swift cannot be read or extended, or a file
    ///   cannot be written; nothing is written then unless the failure came after the first file.
    public func write() throws(Problem) -> [String] {
        let root = workbench.root
        func read(_ path: String) throws(Problem) -> String {
            do { return try String(contentsOf: root.appending(path: path), encoding: .utf8) } catch {
                throw Problem(description: "cannot read \(path): \(error.localizedDescription)")
            }
        }
        let course = try registering(inCourseJSON: try read(Course.metadataPath))
        let manifest = try registering(inManifest: try read("Package.swift"))
        let writes = files.merging([Course.metadataPath: course, "Package.swift": manifest]) { new, _ in new }
        for (path, text) in writes.sorted(by: { $0.key < $1.key }) {
            let url = root.appending(path: path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                throw Problem(description: "cannot write \(path): \(error.localizedDescription)")
            }
        }
        return writes.keys.sorted()
    }
}
