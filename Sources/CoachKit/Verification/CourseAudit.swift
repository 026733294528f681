import Foundation

/// Checks that the course metadata agrees with the files on disk, before anything is built.
public struct CourseAudit: Sendable {
    /// The workbench to audit.
    public var workbench: Workbench

    /// An audit of `workbench`.
    public init(workbench: Workbench) {
        self.workbench = workbench
    }

    /// Every rule `course/course.json` breaks (see ``Course/problems``) and every disagreement between it
    /// and the workbench's files, the manifest's list of sections included.
    ///
    /// A path that leads outside its folder is reported and never followed.
    public func problems() -> [VerificationProblem] {
        var problems = workbench.course.problems.map { problem in
            VerificationProblem(problem.section.map { "Section \($0) metadata" } ?? "course metadata", problem.message)
        }
        for section in workbench.course.sections {
            problems += audit(section)
        }
        if let manifest = try? String(contentsOf: workbench.root.appending(path: "Package.swift"), encoding: .utf8) {
            problems += ManifestSectionList(manifest: manifest).problems(comparedWith: workbench.course)
        }
        return problems
    }

    private func audit(_ section: Course.Section) -> [VerificationProblem] {
        let area = "Section \(section.number) metadata"
        var problems: [VerificationProblem] = []
        let files = FileManager.default
        func exists(_ url: URL) -> Bool { files.fileExists(atPath: url.path) }

        if let lesson = try? workbench.lessonFile(of: section), !exists(lesson) {
            problems.append(
                VerificationProblem(area, "the lesson \(section.lesson.escapedForTerminal()) does not exist"))
        }
        if !exists(workbench.root.appending(path: "Tests/\(section.testTarget)")) {
            problems.append(
                VerificationProblem(area, "the hidden suite folder Tests/\(section.testTarget) does not exist"))
        }
        for track in CourseTrack.allCases {
            for name in section.exercise.files + section.exercise.givenFiles {
                guard let file = try? workbench.exerciseFile(name, of: section, on: track), !exists(file) else {
                    continue
                }
                problems.append(
                    VerificationProblem(area, "\(workbench.relativePath(of: file).escapedForTerminal()) does not exist")
                )
            }
        }
        for file in section.exercise.givenFiles {
            let starter = (try? workbench.exerciseFile(file, of: section, on: .exercises)).flatMap {
                try? Data(contentsOf: $0)
            }
            let solution = (try? workbench.exerciseFile(file, of: section, on: .solutions)).flatMap {
                try? Data(contentsOf: $0)
            }
            if let starter, let solution, starter != solution {
                problems.append(
                    VerificationProblem(
                        area,
                        "the given file \(file) differs between Exercises/ and Solutions/; learners and the solution must share one contract"
                    ))
            }
        }
        let lessonText = (try? workbench.lessonFile(of: section)).flatMap {
            try? String(contentsOf: $0, encoding: .utf8)
        }
        problems += HintTiers.problems(hints: section.hints, lesson: lessonText, lessonPath: section.lesson)
            .map { VerificationProblem(area, $0) }
        if section.checkpoint.isEmpty {
            problems.append(VerificationProblem(area, "has no checkpoint items"))
        }
        for item in section.checkpoint where item.checks.isEmpty {
            problems.append(VerificationProblem(area, "the checkpoint item \"\(item.item)\" names no check"))
        }
        let checkNames = Set(section.checkNames)
        for mistake in section.mistakes where CoursePath.isPlainName(mistake.id, allowingDots: true) {
            let folder = workbench.fixtureFolder(of: mistake, in: section)
            let fixtures = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
            if fixtures.isEmpty {
                problems.append(
                    VerificationProblem(
                        area, "the known mistake '\(mistake.id)' has no files in \(workbench.relativePath(of: folder))")
                )
            } else {
                do {
                    _ = try VariantStage(workbench: workbench).stage(mistake, of: section)
                } catch {
                    problems.append(
                        VerificationProblem(
                            area, "the known mistake '\(mistake.id)' cannot be staged: \(error.localizedDescription)"))
                }
            }
            if mistake.caughtBy.isEmpty && mistake.compileError == nil {
                problems.append(
                    VerificationProblem(
                        area,
                        "the known mistake '\(mistake.id)' names no check that catches it, and no compileError the compiler must refuse it with"
                    ))
            }
            for name in mistake.caughtBy where !checkNames.contains(name) {
                problems.append(
                    VerificationProblem(
                        area, "the known mistake '\(mistake.id)' names \"\(name)\", which no checkpoint item lists"))
            }
        }
        for alternative in section.alternatives where CoursePath.isPlainName(alternative.id, allowingDots: true) {
            let folder = workbench.fixtureFolder(of: .alternative(alternative), in: section)
            if ((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty {
                problems.append(
                    VerificationProblem(
                        area,
                        "the alternative solution '\(alternative.id)' has no files in \(workbench.relativePath(of: folder))"
                    ))
                continue
            }
            do {
                _ = try VariantStage(workbench: workbench).stage(.alternative(alternative), of: section)
            } catch {
                problems.append(
                    VerificationProblem(
                        area,
                        "the alternative solution '\(alternative.id)' cannot be staged: \(error.localizedDescription)"))
            }
        }
        for equivalent in section.equivalentMutants {
            if !section.exercise.files.contains(equivalent.file) {
                problems.append(
                    VerificationProblem(
                        area,
                        "equivalentMutants names \(equivalent.file.escapedForTerminal()), which is not one of the exercise files"
                    ))
            }
            if equivalent.reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append(
                    VerificationProblem(
                        area,
                        "the equivalent mutant \(equivalent.change.escapedForTerminal()) in \(equivalent.scope.escapedForTerminal()) gives no reason"
                    ))
            }
        }
        var seen: Set<String> = []
        for name in section.checkNames where !seen.insert(name).inserted {
            problems.append(VerificationProblem(area, "the check \"\(name)\" is listed twice"))
        }
        return problems
    }
}
