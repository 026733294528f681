import CoreTestSupport
import Foundation

@testable import CoachKit

/// A throwaway workbench on disk with one section whose files exist in both tracks.
enum WorkbenchFixture {
    static let courseJSON = """
        {
          "title": "Fixture course",
          "sections": [
            {
              "number": 1, "title": "Basics", "target": "Section1Basics", "lesson": "course/01/lesson.md",
              "exercise": { "id": "1.1", "title": "First", "files": ["Answer.swift"], "givenFiles": ["Types.swift"] },
              "hints": ["a nudge", "the `approach`", "nearly the `answer()`"],
              "checkpoint": [
                { "item": "Knows the basics.", "checks": ["adds numbers", "names things"] },
                { "item": "Handles edge cases.", "checks": ["copes with zero"] }
              ],
              "mistakes": [
                { "id": "forgets-zero", "summary": "forgets zero", "caughtBy": ["copes with zero"] }
              ]
            }
          ]
        }
        """

    /// The fixture's course with a second section of one check, sharing the first one's files.
    static let twoSectionCourse = courseJSON.replacingOccurrences(
        of: """
                  ]
                }
              ]
            }
            """,
        with: """
                  ]
                },
                {
                  "number": 2, "title": "More basics", "target": "Section2More", "lesson": "course/01/lesson.md",
                  "exercise": { "id": "2.1", "title": "Second", "files": ["Answer.swift"], "givenFiles": [] },
                  "hints": ["nudge", "nearly"],
                  "checkpoint": [{ "item": "Knows more.", "checks": ["adds more"] }],
                  "mistakes": []
                }
              ]
            }
            """)

    /// Creates the workbench and returns it opened, its metadata checked against the course's rules unless
    /// `validating` is false (as `coach verify` opens it).
    static func make(course: String = courseJSON, validating: Bool = true) throws -> Workbench {
        let root = TestScratch.path("coach-fixture")
        let files: [String: String] = [
            "Package.swift": "// fixture",
            "course/course.json": course,
            "course/01/lesson.md": """
            # Lesson

            ## Hints

            <details>
            <summary>Hint 1</summary>

            a nudge
            </details>

            <details>
            <summary>Hint 2</summary>

            the `approach`
            </details>

            <details>
            <summary>Hint 3</summary>

            nearly the
            `answer()`
            </details>
            """,
            "Exercises/Section1Basics/Answer.swift": "// starter",
            "Exercises/Section1Basics/Types.swift": "// contract",
            "Solutions/Section1Basics/Answer.swift": "// solution",
            "Solutions/Section1Basics/Types.swift": "// contract",
            "Tests/Section1BasicsTests/Checks.swift": "// checks",
            "course/mistakes/Section1Basics/forgets-zero/Answer.swift": "// wrong",
        ]
        for (path, contents) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return try Workbench(root: root, validating: validating)
    }

    /// The fixture's course.json with the first occurrence of `original` replaced by `replacement`.
    static func course(replacing original: String, with replacement: String) -> String {
        guard let range = courseJSON.range(of: original) else { preconditionFailure("the fixture has no \(original)") }
        return courseJSON.replacingCharacters(in: range, with: replacement)
    }

    /// A run of the fixture's suite in which each named check ended as given.
    static func run(_ results: [String: TestOutcome.Result], track: CourseTrack = .exercises, extra: [TestOutcome] = [])
        -> TrackRun
    {
        let outcomes =
            results.sorted { $0.key < $1.key }.map { name, result in
                TestOutcome(
                    id: "Section1BasicsTests.\(name.replacingOccurrences(of: " ", with: "_"))()", displayName: name,
                    result: result, issues: result == .failed ? ["Expectation failed\nexpected 1, found 0"] : [])
            } + extra
        let log = URL(filePath: "/tmp/none.log")
        return TrackRun(
            track: track, build: .exited(0), compilerErrors: [], testRun: .exited(0), outcomes: outcomes, buildLog: log,
            testLog: log)
    }
}
