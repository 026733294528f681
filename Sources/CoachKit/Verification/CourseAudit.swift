import Foundation

/// Checks that the course metadata agrees with the files on disk, before anything is built.
public struct CourseAudit: Sendable {
    /// The workbench to audit.
    public var workbench: Workbench

    /// An audit of `workbench`.
    public init(workbench: Workbench) {
        self.workbench = workbench
    }

    /// Every disagreement between `course/course.json` and the workbench's files.
    public func problems() -> [VerificationProblem] {
        var problems: [VerificationProblem] = []
        let numbers = workbench.course.sections.map(\.number)
        if Set(numbers).count != numbers.count {
            problems.append(VerificationProblem("course metadata", "section numbers repeat: \(numbers)"))
        }
        for section in workbench.course.sections {
            problems += audit(section)
        }
        return problems
    }

    private func audit(_ section: Course.Section) -> [VerificationProblem] {
        let area = "Section \(section.number) metadata"
        var problems: [VerificationProblem] = []
        let files = FileManager.default
        func exists(_ url: URL) -> Bool { files.fileExists(atPath: url.path) }

        if !exists(workbench.root.appending(path: section.lesson)) {
            problems.append(VerificationProblem(area, "the lesson \(section.lesson) does not exist"))
        }
        if !exists(workbench.root.appending(path: "Tests/\(section.testTarget)")) {
            problems.append(VerificationProblem(area, "the hidden suite folder Tests/\(section.testTarget) does not exist"))
        }
        for track in CourseTrack.allCases {
            let folder = workbench.sourceFolder(of: section, on: track)
            for file in section.exercise.files + section.exercise.givenFiles where !exists(folder.appending(path: file)) {
                problems.append(VerificationProblem(area, "\(workbench.relativePath(of: folder.appending(path: file))) does not exist"))
            }
        }
        for file in section.exercise.givenFiles {
            let starter = try? Data(contentsOf: workbench.sourceFolder(of: section, on: .exercises).appending(path: file))
            let solution = try? Data(contentsOf: workbench.sourceFolder(of: section, on: .solutions).appending(path: file))
            if let starter, let solution, starter != solution {
                problems.append(VerificationProblem(area, "the given file \(file) differs between Exercises/ and Solutions/; learners and the solution must share one contract"))
            }
        }
        if section.hints.count < 2 {
            problems.append(VerificationProblem(area, "needs at least two hint levels, has \(section.hints.count)"))
        }
        if section.checkpoint.isEmpty {
            problems.append(VerificationProblem(area, "has no checkpoint items"))
        }
        for item in section.checkpoint where item.checks.isEmpty {
            problems.append(VerificationProblem(area, "the checkpoint item \"\(item.item)\" names no check"))
        }
        let checkNames = Set(section.checkNames)
        for mistake in section.mistakes {
            let folder = workbench.fixtureFolder(of: mistake, in: section)
            let fixtures = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
            if fixtures.isEmpty {
                problems.append(VerificationProblem(area, "the known mistake '\(mistake.id)' has no files in \(workbench.relativePath(of: folder))"))
            } else {
                do {
                    _ = try MistakeStage(workbench: workbench).stage(mistake, of: section)
                } catch {
                    problems.append(VerificationProblem(area, "the known mistake '\(mistake.id)' cannot be staged: \(error.localizedDescription)"))
                }
            }
            if mistake.caughtBy.isEmpty {
                problems.append(VerificationProblem(area, "the known mistake '\(mistake.id)' names no check that catches it"))
            }
            for name in mistake.caughtBy where !checkNames.contains(name) {
                problems.append(VerificationProblem(area, "the known mistake '\(mistake.id)' names \"\(name)\", which no checkpoint item lists"))
            }
        }
        var seen: Set<String> = []
        for name in section.checkNames where !seen.insert(name).inserted {
            problems.append(VerificationProblem(area, "the check \"\(name)\" is listed twice"))
        }
        return problems
    }
}
