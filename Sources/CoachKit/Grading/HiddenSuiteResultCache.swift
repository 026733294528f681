import Foundation

/// The last outcomes of each section's hidden suite, kept with the digest of every file they depend on.
///
/// The hidden suite runs against the learner's library, never against the learner's own tests, so an edit
/// to those tests (Sections 8 and 14 have them) leaves its outcomes as they were: `coach check` reuses
/// them and spends neither a build nor a run on the suite until something it depends on changes. Without
/// that, every edit of the tests built the package twice with different course variables (the suite's
/// build, then the tests' against the reference), so SwiftPM planned both builds anew each time.
///
/// Only a clean run is kept: the suite built and ran, and no check timed out or went without a result (a
/// machine under load can make those). The cache lives in `.build/coach/`, so a clean build forgets it.
struct HiddenSuiteResultCache {
    /// The workbench whose files are digested.
    let workbench: Workbench
    /// The longest one check may run: a result is reused only under the same limit.
    let timeLimitPerCheck: Duration

    private var results: DigestedOutcomes {
        DigestedOutcomes(file: workbench.logFolder.appending(path: "hidden-suite-results.json"))
    }

    /// The stored outcomes of `section`'s hidden suite on `track`, if the files they depend on still have
    /// `digest` (``digest(on:)``).
    func outcomes(of section: Course.Section, on track: CourseTrack, digest: String) -> [TestOutcome]? {
        results.outcomes(of: section, on: track, digest: digest)
    }

    /// Keeps `grade`'s outcomes as those of its section on `track` with `digest`, the digest of the files
    /// as they were when its build started, when the run was clean; otherwise forgets the section's entry.
    func store(_ grade: SectionGrade, on track: CourseTrack, digest: String) {
        let outcomes = grade.outcomes
        let clean =
            grade.wasGraded && grade.compilerErrors.isEmpty && !outcomes.isEmpty
            && !outcomes.contains { [.timedOut, .notRun].contains($0.result) }
        results.keep(clean ? outcomes : nil, of: grade.section, on: track, digest: digest)
    }

    /// A digest of what any hidden suite on `track` can depend on: every section's library on the track
    /// (the learner's own tests left out), `Tests/` (the suites, their bench, the grading harness),
    /// `Sources/`, the manifest and its resolved versions, the course file, and the time limit per check.
    /// One digest serves every section, computed once per grade.
    func digest(on track: CourseTrack) -> String {
        let learnerTestFolders = Set(workbench.course.sections.compactMap { $0.learnerTests?.target })
        let trackFolder = workbench.root.appending(path: track.folder)
        let libraries = ((try? FileManager.default.contentsOfDirectory(atPath: trackFolder.path)) ?? [])
            .filter { !learnerTestFolders.contains($0) && !$0.hasPrefix(".") }.sorted()
        let folders =
            libraries.map { trackFolder.appending(path: $0) } + [
                workbench.root.appending(path: "Tests"), workbench.root.appending(path: "Sources"),
            ]
        var hash = FNV1a()
        hash.add("\(track.rawValue) \(timeLimitPerCheck.seconds)")
        for folder in folders { hash.add(filesUnder: folder, of: workbench) }
        for name in ["Package.swift", "Package.resolved", "course/course.json"] {
            hash.add(name)
            hash.add((try? Data(contentsOf: workbench.root.appending(path: name))) ?? Data())
        }
        return String(format: "%016llx", hash.value)
    }
}
