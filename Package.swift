// swift-tools-version: 6.1
import Foundation
import PackageDescription

// MARK: - Course track

/// Which copy of the course sections the build compiles: the learner's starters or the reference solutions.
enum CourseTrack: String, CaseIterable {
    case exercises
    case solutions

    var folder: String {
        switch self {
        case .exercises: "Exercises"
        case .solutions: "Solutions"
        }
    }
}

let requestedTrack = Context.environment["COURSE_TRACK"] ?? CourseTrack.exercises.rawValue
guard let track = CourseTrack(rawValue: requestedTrack.isEmpty ? CourseTrack.exercises.rawValue : requestedTrack) else {
    let valid = CourseTrack.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("""
        error: COURSE_TRACK=\(requestedTrack) is not a course track. Valid values: \(valid). \
        Unset it to build the exercises.\n
        """.utf8))
    exit(1)
}

// MARK: - Course sections

/// One course section: a library built from `Exercises/<name>` or `Solutions/<name>`, and its hidden suite in `Tests/<name>Tests`.
struct CourseSection {
    let name: String
    let dependencies: [Target.Dependency]
}

let courseSections: [CourseSection] = []

let sectionTargets: [Target] = courseSections.flatMap { section -> [Target] in
    [
        .target(
            name: section.name,
            dependencies: section.dependencies,
            path: "\(track.folder)/\(section.name)"
        ),
        .testTarget(
            name: "\(section.name)Tests",
            dependencies: [.byName(name: section.name)] + section.dependencies,
            path: "Tests/\(section.name)Tests"
        ),
    ]
}

// MARK: - Package

let package = Package(
    name: "PersistenceWorkbench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PersistenceCore", targets: ["PersistenceCore"]),
    ],
    dependencies: [
    ],
    targets: [
        // The module learners import: re-exports every part of the core.
        .target(
            name: "PersistenceCore",
            dependencies: ["PersistenceSandbox", "PersistencePreferences"]
        ),
        .target(name: "PersistenceSandbox"),
        .testTarget(name: "PersistenceSandboxTests", dependencies: ["PersistenceSandbox", "PersistenceProbe"]),
        .target(name: "PersistencePreferences", dependencies: ["PersistenceSandbox"]),
        .testTarget(name: "PersistencePreferencesTests", dependencies: ["PersistencePreferences", "PersistenceProbe"]),
        // A small program the core's tests start as a second process (concurrent writers, killed writers).
        .executableTarget(
            name: "PersistenceProbe",
            dependencies: ["PersistenceSandbox", "PersistencePreferences"],
            path: "Tests/PersistenceProbe"
        ),

        // The learner's and instructor's runner: a thin command layer over CoachKit.
    ]
)
