/// What can stop a coach command before it grades anything.
public enum CoachError: Error, Equatable, CustomStringConvertible {
    /// `course/course.json` is missing or malformed.
    case unreadableCourse(path: String, reason: String)
    /// `course/course.json` reads, but breaks the course's rules (see ``Course/problems``).
    case invalidCourse(path: String, problems: [String])
    /// No enclosing folder holds both `Package.swift` and `course/course.json`.
    case notInWorkbench(String)
    /// `COURSE_TRACK` names no track.
    case unknownTrack(String)
    /// A section number the course does not have.
    case unknownSection(Int, known: [Int])
    /// A tool coach runs could not be started.
    case cannotLaunch(command: String, reason: String)

    public var description: String {
        switch self {
        case .unreadableCourse(let path, let reason):
            "Cannot read the course: \(reason) — while loading \(path). Fix the file, or restore it with `git checkout \(path)`."
        case .invalidCourse(let path, let problems):
            "Invalid course: \(problems.joined(separator: "; ")) — while loading \(path). Fix the file, or restore it with `git checkout \(path)`."
        case .notInWorkbench(let folder):
            "No workbench found: neither \(folder) nor a folder above it holds Package.swift and course/course.json. Run coach from inside the workbench checkout."
        case .unknownTrack(let value):
            "COURSE_TRACK=\(value) is not a course track. Valid values: \(CourseTrack.allCases.map(\.rawValue).joined(separator: ", ")). Unset it to work on the exercises."
        case .unknownSection(let number, let known):
            "There is no section \(number). Sections: \(known.map(String.init).joined(separator: ", "))."
        case .cannotLaunch(let command, let reason):
            "Cannot start `\(command)`: \(reason). Check that the Swift toolchain is on PATH."
        }
    }
}
