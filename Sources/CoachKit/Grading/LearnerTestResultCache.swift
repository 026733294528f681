import Foundation

/// The last outcomes of a section's learner-test checks, kept with the digest of every file they depend on.
///
/// Those checks run the learner's tests against the reference solution and known wrong solutions, never
/// against the learner's own library, so an edit to the library leaves them as they were: `coach check`
/// reuses them and spends no build on them until the tests, the reference, a mistake, the course or the
/// core changes. The cache lives in `.build/coach/`, so a clean build forgets it.
struct LearnerTestResultCache {
    /// The workbench whose files are digested.
    let workbench: Workbench

    private var results: DigestedOutcomes {
        DigestedOutcomes(file: workbench.logFolder.appending(path: "learner-test-results.json"))
    }

    /// The stored outcomes of `section`'s learner-test checks on `track`, if nothing they depend on changed.
    func outcomes(of section: Course.Section, on track: CourseTrack) -> [TestOutcome]? {
        results.outcomes(of: section, on: track, digest: digest(of: section, on: track))
    }

    /// Stores `outcomes` as those of `section` on `track` with the digest of the files as they are now.
    func store(_ outcomes: [TestOutcome], of section: Course.Section, on track: CourseTrack) {
        results.keep(outcomes, of: section, on: track, digest: digest(of: section, on: track))
    }

    /// A digest of the learner's tests, the reference solution, the section's known mistakes, the course
    /// file, the core's sources (`Sources/Persistence…`), the grading harness and the manifest; coach's own
    /// sources are left out, so rebuilding coach keeps the results.
    func digest(of section: Course.Section, on track: CourseTrack) -> String {
        guard let tests = section.learnerTests else { return "" }
        var folders = [
            workbench.root.appending(path: "\(track.folder)/\(tests.target)"),
            workbench.sourceFolder(of: section, on: .solutions),
            workbench.root.appending(path: "Tests/GradingHarness"),
            workbench.root.appending(path: "Sources/GradingSeal"),
        ]
        let sources = workbench.root.appending(path: "Sources")
        let core = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        folders += core.filter { $0.hasPrefix("Persistence") }.sorted().map { sources.appending(path: $0) }
        folders += section.mistakes.map { workbench.fixtureFolder(of: $0, in: section) }
        var hash = FNV1a()
        for folder in folders {
            hash.add(workbench.relativePath(of: folder))
            hash.add(filesUnder: folder, of: workbench)
        }
        for file in ["Package.swift", "course/course.json"] {
            hash.add((try? Data(contentsOf: workbench.root.appending(path: file))) ?? Data())
        }
        return String(format: "%016llx", hash.value)
    }
}
