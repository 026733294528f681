// swift-tools-version: 6.1
import CompilerPluginSupport
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
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    ],
    targets: [
        // The module learners import: re-exports every part of the core.
        .target(
            name: "PersistenceCore",
            dependencies: ["PersistenceSandbox", "PersistenceModels"]
        ),
        .target(name: "PersistenceSandbox"),
        .testTarget(name: "PersistenceSandboxTests", dependencies: ["PersistenceSandbox"]),

        // SwiftData's model layer: @Model classes, containers and contexts over SQLite.
        .target(
            name: "PersistenceModels",
            dependencies: [
                "PersistenceMacros",
                "PersistenceSandbox",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "PersistenceMacrosSupport",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .macro(
            name: "PersistenceMacros",
            dependencies: [
                "PersistenceMacrosSupport",
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "PersistenceModelsTests",
            dependencies: ["PersistenceCore", "PersistenceModels", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "PersistenceMacrosTests",
            dependencies: [
                "PersistenceMacrosSupport",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
            ]
        ),

        // The learner's and instructor's runner: a thin command layer over CoachKit.
    ]
)
