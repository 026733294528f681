import Foundation

/// A learner's own progress drawn as a class is (`coach report --format html`): the class page of a
/// gradebook of one, with the learner's feedback page and the lessons beside it.
///
/// The folder also keeps the gradebook's `gradebook.json`, so the next report written into it shows what
/// changed since this one.
///
/// ```swift
/// let page = ProgressPage(workbench: workbench, track: .exercises)
/// try page.write(grades: grades, into: URL(filePath: "progress"))
/// ```
public struct ProgressPage: Sendable {
    /// The learner's checkout.
    public var workbench: Workbench
    /// The track graded.
    public var track: CourseTrack

    /// A progress page of `workbench` on `track`.
    public init(workbench: Workbench, track: CourseTrack) {
        self.workbench = workbench
        self.track = track
    }

    /// The name the page shows for the learner: the checkout's folder, and the track when it is the
    /// solutions'.
    public var learnerName: String {
        workbench.root.lastPathComponent + (track == .solutions ? " (solutions track)" : "")
    }

    /// Writes the page (`index.html`), the learner's feedback page, the gradebook and the lessons into
    /// `folder`, comparing with the gradebook an earlier report left there.
    ///
    /// - Parameter grades: Every section's grade, from one grading of the checkout.
    /// - Throws: `GradebookError` when the folder cannot be written.
    public func write(grades: [SectionGrade], into folder: URL) throws(GradebookError) {
        let previous = try Gradebook.previous(in: folder)
        let submission = Submission(learner: learnerName, source: ".")
        let result = LearnerResult(submission: submission, grades: grades, intake: nil)
        var course = workbench.course
        let graded = Set(grades.map(\.section.number))
        course.sections = course.sections.filter { graded.contains($0.number) }
        let learnerFolder = folder.appending(path: Gradebook.learnersFolder).appending(path: submission.folderName)
        do {
            try FileManager.default.createDirectory(at: learnerFolder, withIntermediateDirectories: true)
            try LearnerFeedback(result: result, course: course).write(into: learnerFolder)
        } catch {
            throw GradebookError(
                "Cannot write the feedback page: \(error.localizedDescription) — while writing into \(folder.path). "
                    + "Check that the folder is writable."
            )
        }
        try Gradebook.copyLessons(of: course, from: workbench, to: folder)
        try Gradebook(course: course, learners: [result]).write(to: folder, previous: previous)
    }
}
