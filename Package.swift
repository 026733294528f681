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

// MARK: - Known-mistake overrides

/// `COURSE_SECTION_OVERRIDE=<target>=<folder>[;<target>=<folder>…]` builds sections from other folders.
/// `coach verify` uses it to compile known wrong solutions in place of the references (one per section
/// at a time) and prove a check catches each.
let sectionOverrides: [String: String] = Dictionary(
    (Context.environment["COURSE_SECTION_OVERRIDE"] ?? "").split(separator: ";").compactMap { entry in
        let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    },
    uniquingKeysWith: { _, last in last }
)

// MARK: - The workbench's own tests

/// `COURSE_OWN_TESTS=1` adds the core's, the apps' and coach's own tests (`coach verify` sets it to prove
/// the core). Without it the package is what a learner works with, and what `coach check` grades: the core,
/// coach, the sections with their hidden suites and the learner's tests, and the apps. Grading the package
/// `swift run coach` has just built lets SwiftPM reuse its build plan, so a graded edit compiles only the
/// edited files.
let includesOwnTests = Context.environment["COURSE_OWN_TESTS"] == "1"

// MARK: - swift-syntax

/// The release build of swift-syntax that Swift's toolchain for Linux ships for its own macros
/// (`<toolchain>/usr/lib/swift/host`), found beside the SwiftPM program evaluating this manifest.
/// The model macros, their tests and `mutant-schemata` build on it: a debug build of swift-syntax expands
/// macros several times slower (it was most of the time a section of `@Model` classes took to compile),
/// and the package then builds no swift-syntax at all. Without it (a toolchain that does not ship it, or
/// `COURSE_SWIFT_SYNTAX=package`), the package's swift-syntax is built instead. Switching between the two
/// in one build folder needs `rm -rf .build` first: the other's modules would be found before these.
let toolchainSwiftSyntax: String? = {
    guard Context.environment["COURSE_SWIFT_SYNTAX"] != "package" else { return nil }
    let runningProgram = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(getppid())/exe")) ?? ""
    let host = URL(fileURLWithPath: runningProgram).deletingLastPathComponent()
        .appendingPathComponent("../lib/swift/host").standardizedFileURL.path
    let needed = ["SwiftSyntax", "SwiftParser", "SwiftSyntaxMacros", "SwiftSyntaxMacroExpansion", "SwiftIDEUtils",
                  "SwiftCompilerPluginMessageHandling"].flatMap { ["\($0).swiftmodule", "lib\($0).so"] }
    return needed.allSatisfy { FileManager.default.fileExists(atPath: host + "/" + $0) } ? host : nil
}()

/// Compiler and linker settings of a target built on `toolchainSwiftSyntax`, or the package's products.
func swiftSyntax(_ products: [String]) -> (dependencies: [Target.Dependency], swift: [SwiftSetting], linker: [LinkerSetting]) {
    guard let host = toolchainSwiftSyntax else {
        return (products.map { .product(name: $0, package: "swift-syntax") }, [], [])
    }
    return ([], [.unsafeFlags(["-I", host])], [.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host])])
}

// MARK: - Course sections

/// One course section: a library built from `Exercises/<name>` or `Solutions/<name>`, and its hidden suite in
/// `Tests/<name>Tests`. `course/course.json` lists the same sections, with everything else about them;
/// `coach verify` fails when the two lists differ.
struct CourseSection {
    let name: String
    let dependencies: [Target.Dependency]
}

let courseSections: [CourseSection] = [
    CourseSection(name: "Section1Strategy", dependencies: []),
    CourseSection(name: "Section2Settings", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section3Keychain", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section4Models", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section5Queries", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section6Tags", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section7CoreData", dependencies: ["PersistenceCore", "PersistenceWorkbench", "LegacyFetching"]),
    CourseSection(name: "Section8NoteTaker", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section9MediaLibrary", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section10MealMigrations", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section11BackgroundImport", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section12Bookshelf", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section13PackingSync", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    CourseSection(name: "Section14WaterLog", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
]

/// `COURSE_SECTIONS=<target>,<target>` builds only those sections; coach uses it to grade one section, or
/// to grade the others when one does not compile. Unset or empty: every section.
let selectedSections: Set<String>? = Context.environment["COURSE_SECTIONS"].flatMap { value in
    value.isEmpty ? nil : Set(value.split(separator: ",").map(String.init))
}

let includedSections = courseSections.filter { selectedSections?.contains($0.name) ?? true }

// MARK: - The learner's own tests

/// The test targets learners write themselves, in `Exercises/<name>` (the reference's in
/// `Solutions/<name>`), each testing one section's library: Section 8's repository tests.
struct LearnerTestTarget {
    let name: String
    let section: String
}

let learnerTestTargets: [LearnerTestTarget] = [
    LearnerTestTarget(name: "Section8RepositoryTests", section: "Section8NoteTaker"),
    LearnerTestTarget(name: "Section14WaterLogLogicTests", section: "Section14WaterLog"),
]

/// `COURSE_LEARNER_TESTS=only` builds the learner's tests without the sections' hidden suites: coach
/// grades those tests by running them against the reference and against known wrong solutions, one build
/// each. `COURSE_LEARNER_TESTS=none` leaves them out: coach builds that way when they do not compile, so a
/// test that does not compile never blocks a section's grade, and for a class's submissions.
let learnerTestsOnly = Context.environment["COURSE_LEARNER_TESTS"] == "only"
let learnerTestsLeftOut = Context.environment["COURSE_LEARNER_TESTS"] == "none"
let includedLearnerTests = learnerTestsLeftOut ? [] : learnerTestTargets.filter { target in
    includedSections.contains { $0.name == target.section }
}

let sectionTargets: [Target] = includedSections.flatMap { section -> [Target] in
    [
        .target(
            name: section.name,
            dependencies: section.dependencies,
            path: sectionOverrides[section.name] ?? "\(track.folder)/\(section.name)"
        ),
    ] + (learnerTestsOnly ? [] : [
        .testTarget(
            name: "\(section.name)Tests",
            dependencies: [.byName(name: section.name)] + section.dependencies,
            path: "Tests/\(section.name)Tests"
        ),
    ])
} + includedLearnerTests.map { target in
    .testTarget(
        name: target.name,
        dependencies: [.byName(name: target.section), "PersistenceCore", "PersistenceWorkbench"],
        path: sectionOverrides[target.name] ?? "\(track.folder)/\(target.name)"
    )
}

// MARK: - Course apps

/// `notetaker`, the command-line NoteTaker built on Section 8's library (the learner's code, or the
/// reference solution on the solutions track); built only when that section is. Grading builds only the
/// test program, never the apps.
let includesNoteTaker = selectedSections?.contains("Section8NoteTaker") ?? true

let appTargets: [Target] = includesNoteTaker ? [
    .executableTarget(
        name: "notetaker",
        dependencies: [
            "Section8NoteTaker",
            "PersistenceCore",
            "PersistenceWorkbench",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
] : []

/// `waterlog`, the command-line water tracker built on Section 14's library, on whichever track is built.
let includesWaterLog = selectedSections?.contains("Section14WaterLog") ?? true

let waterLogTargets: [Target] = includesWaterLog ? [
    .executableTarget(
        name: "waterlog",
        dependencies: [
            "Section14WaterLog",
            "PersistenceCore",
            "PersistenceWorkbench",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
] : []

let appProducts: [Product] = (includesNoteTaker ? [.executable(name: "notetaker", targets: ["notetaker"])] : [])
    + (includesWaterLog ? [.executable(name: "waterlog", targets: ["waterlog"])] : [])
    + [.executable(name: "playground", targets: ["Playground"]), .executable(name: "icloud", targets: ["icloud"])]

/// `playground`, the learner's scratch program for the lessons' examples (`swift run playground`): the
/// core, Section 7's fetching library and the sections built on the current track are at hand.
let playgroundTargets: [Target] = [
    .executableTarget(
        name: "Playground",
        dependencies: ["PersistenceCore", "PersistenceWorkbench", "LegacyFetching"] + includedSections.map { .byName(name: $0.name) },
        path: "Playground"
    ),
]

// MARK: - The persistence core

let macroSupportSyntax = swiftSyntax(["SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxBuilder", "SwiftDiagnostics"])
let macroPluginSyntax = swiftSyntax(["SwiftCompilerPlugin"])

let coreTargets: [Target] = [
    // The module learners import: Apple's API, and nothing of the workbench's own.
    .target(
        name: "PersistenceCore",
        dependencies: [
            "PersistencePreferences", "PersistenceVault", "PersistenceModels", "PersistenceSQLiteStore", "PersistenceCloud",
            "PersistenceNotifications",
        ]
    ),
    // What exists only on the workbench, which learners import on purpose: simulated devices, accounts and
    // the sandbox, the file store, sync and notifications on demand, the SQL capture.
    .target(
        name: "PersistenceWorkbench",
        dependencies: [
            "PersistenceCore", "PersistenceSandbox", "PersistencePreferences", "PersistenceVault", "PersistenceModels",
            "PersistenceSQLiteStore", "PersistenceCloud", "PersistenceCloudServer", "PersistenceNotifications",
        ]
    ),
    .target(name: "PersistenceSandbox"),
    // Local notifications on one machine: UNUserNotificationCenter's requests, kept in a file of the device.
    .target(name: "PersistenceNotifications", dependencies: ["PersistenceSandbox"]),
    .target(name: "PersistencePreferences", dependencies: ["PersistenceSandbox"]),
    .target(
        name: "PersistenceVault",
        dependencies: ["PersistenceSandbox", .product(name: "Crypto", package: "swift-crypto")]
    ),
    // SwiftData's model layer: @Model classes, containers, contexts (the unit of work) and the DataStore
    // boundary every store is reached through.
    .target(
        name: "PersistenceModels",
        dependencies: ["PersistenceMacros", "PersistenceObjectLifetime", "PersistenceSandbox"]
    ),
    // The default store: SQLite through GRDB. The only module that imports GRDB or writes SQL.
    .target(
        name: "PersistenceSQLiteStore",
        dependencies: [
            "PersistenceModels",
            "PersistenceSandbox",
            "PersistenceCloud",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]
    ),
    // iCloud on one machine: CloudKit's model rules at load, and a store's mirror to a simulated account
    // (export from the store's history, import through the store boundary, devices and accounts).
    .target(
        name: "PersistenceCloud",
        dependencies: [
            "PersistenceModels", "PersistenceSandbox", "PersistenceCloudServer",
            .product(name: "Crypto", package: "swift-crypto"),
        ]
    ),
    // The simulated iCloud account server: records, zones, change tags and tombstones in an SQLite file
    // of its own, behind one protocol. The only module besides the SQLite store that imports GRDB.
    .target(
        name: "PersistenceCloudServer",
        dependencies: ["PersistenceSandbox", .product(name: "GRDB", package: "GRDB.swift")]
    ),
    // Asks the Swift runtime whether an object still lives, for the context's identity map.
    .target(name: "PersistenceObjectLifetime"),
    // The macros' implementation, testable on its own; the plugin below only lists it.
    .target(
        name: "PersistenceMacrosSupport",
        dependencies: macroSupportSyntax.dependencies,
        swiftSettings: macroSupportSyntax.swift,
        linkerSettings: macroSupportSyntax.linker
    ),
    .macro(
        name: "PersistenceMacros",
        dependencies: ["PersistenceMacrosSupport"] + macroPluginSyntax.dependencies,
        swiftSettings: macroPluginSyntax.swift,
        linkerSettings: macroPluginSyntax.linker
    ),
]

let macroTestSyntax = swiftSyntax([
    "SwiftSyntax", "SwiftParser", "SwiftParserDiagnostics", "SwiftOperators", "SwiftDiagnostics", "SwiftSyntaxMacros",
    "SwiftSyntaxMacroExpansion", "SwiftIDEUtils",
])

let coreTestTargets: [Target] = [
    .testTarget(
        name: "PersistenceSandboxTests",
        dependencies: ["PersistenceSandbox", "PersistenceNotifications", "PersistenceWorkbench", "CoreTestSupport", "PersistenceProbe"]
    ),
    .testTarget(
        name: "PersistencePreferencesTests",
        dependencies: ["PersistencePreferences", "PersistenceWorkbench", "CoreTestSupport", "PersistenceProbe"]
    ),
    // What a learner's file sees with `import PersistenceCore` alone: Apple's names, resolved to the core's.
    .testTarget(name: "PersistenceCoreTests", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    .testTarget(
        name: "PersistenceVaultTests",
        dependencies: ["PersistenceVault", "PersistenceCore", "PersistenceWorkbench", "CoreTestSupport", "PersistenceProbe"]
    ),
    .testTarget(
        name: "PersistenceModelsTests",
        dependencies: [
            "PersistenceCore", "PersistenceWorkbench", "PersistenceModels", "PersistenceSQLiteStore", .product(name: "GRDB", package: "GRDB.swift"),
        ]
    ),
    .testTarget(
        name: "PersistenceCloudTests",
        dependencies: [
            "PersistenceCore", "PersistenceWorkbench", "PersistenceCloud", "PersistenceCloudServer", "CoreTestSupport", "CloudTestSupport",
            "CloudProbe",
        ]
    ),
    .testTarget(
        name: "PersistenceMacrosTests",
        dependencies: ["PersistenceMacrosSupport"] + macroTestSyntax.dependencies,
        swiftSettings: macroTestSyntax.swift,
        linkerSettings: macroTestSyntax.linker
    ),
    // A small program the core's tests start as a second process (concurrent writers, killed writers,
    // racing vault clients), and the helper that starts it.
    .executableTarget(
        name: "PersistenceProbe",
        dependencies: ["PersistenceSandbox", "PersistencePreferences", "PersistenceVault", "PersistenceNotifications", "PersistenceWorkbench"],
        path: "Tests/PersistenceProbe"
    ),
    .target(name: "CoreTestSupport", path: "Tests/CoreTestSupport"),
    // The models and simulated devices of the sync tests, and the second process they start (devices
    // syncing at once, a device killed in the middle of a sync, a device that cannot write the account).
    .target(name: "CloudTestSupport", dependencies: ["PersistenceCore", "PersistenceWorkbench"], path: "Tests/CloudTestSupport"),
    .executableTarget(
        name: "CloudProbe", dependencies: ["PersistenceCore", "PersistenceWorkbench", "CloudTestSupport"], path: "Tests/CloudProbe"
    ),
]

/// The `notetaker` program run as a user runs it: at a terminal, killed mid-command, two at once. It holds
/// to the reference solution's behaviour, so it runs only when `notetaker` is built from it.
let appTestTargets: [Target] = includesNoteTaker ? [
    .testTarget(
        name: "NoteTakerAppTests",
        dependencies: [
            "CoreTestSupport", "Section8NoteTaker", "PersistenceCore", "PersistenceWorkbench", .product(name: "GRDB", package: "GRDB.swift"),
        ],
        swiftSettings: track == .solutions && sectionOverrides["Section8NoteTaker"] == nil
            ? [.define("NOTETAKER_REFERENCE")] : []
    ),
] : []

/// `icloud`, the simulated iCloud's console: what each account holds, and deleting an app's iCloud data.
let iCloudConsoleTargets: [Target] = [
    .executableTarget(
        name: "icloud",
        dependencies: ["PersistenceCloudServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
]

// MARK: - Benchmarks

/// Times the core against raw SQLite and GRDB records; run with `swift run -c release core-bench`.
let benchmarkTargets: [Target] = [
    .executableTarget(
        name: "CoreBench",
        dependencies: [
            "PersistenceModels",
            "PersistenceSQLiteStore",
            "PersistenceCloud",
            "PersistenceCloudServer",
            "PersistenceSandbox",
            "PersistenceWorkbench",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
]

// MARK: - coach

/// The learner's and instructor's runner: a thin command layer over CoachKit.
let mutantSchemataSyntax = swiftSyntax(["SwiftSyntax", "SwiftParser"])

let coachTargets: [Target] = [
    .target(name: "CoachKit", dependencies: ["GradingSeal"]),
    // The sealed results of a graded test run: written by the grading harness, verified by coach.
    // Optimized in every build: coach and the harness hash every result record with its SHA-256, which
    // unoptimized costs a noticeable part of each grade.
    .target(name: "GradingSeal", swiftSettings: [.unsafeFlags(["-O"])]),
    // `coach mutate`'s mutant generator, a program of its own so that coach never links swift-syntax.
    .target(
        name: "MutantSchemata",
        dependencies: mutantSchemataSyntax.dependencies,
        swiftSettings: mutantSchemataSyntax.swift,
        linkerSettings: mutantSchemataSyntax.linker
    ),
    .executableTarget(
        name: "mutant-schemata",
        dependencies: ["MutantSchemata"],
        swiftSettings: mutantSchemataSyntax.swift,
        linkerSettings: mutantSchemataSyntax.linker
    ),
    .executableTarget(
        name: "coach",
        dependencies: ["CoachKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
]

let coachTestTargets: [Target] = [
    .testTarget(name: "CoachKitTests", dependencies: ["CoachKit"]),
    .testTarget(
        name: "MutantSchemataTests",
        dependencies: ["MutantSchemata"],
        swiftSettings: mutantSchemataSyntax.swift,
        linkerSettings: mutantSchemataSyntax.linker
    ),
    .testTarget(
        name: "CoachCommandTests",
        dependencies: [
            "coach", "CoreTestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Yams", package: "Yams"),
        ],
        exclude: ["Golden"]
    ),
]

/// The grading harness: the one XCTest case coach starts a graded test program for. It runs the selected
/// Swift Testing tests in-process and records XCTest's, sealing every result with the run's key; a plain
/// `swift test` skips it. Builds with the workbench's own tests, which `swift test` runs, leave it out.
let gradingHarnessTargets: [Target] = !includesOwnTests ? [
    .testTarget(name: "GradingHarness", dependencies: ["GradingSeal"], path: "Tests/GradingHarness"),
] : []

// MARK: - Course support

/// Libraries the sections build on that are not part of the persistence core.
let courseSupportTargets: [Target] = [
    // Section 7's stand-in for Core Data's string-based fetch requests: format strings evaluated at run time.
    .target(name: "LegacyFetching", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
]

// MARK: - Lesson examples

/// `COURSE_LESSON_EXAMPLES=<folder>` (relative to the package) adds one executable per subfolder named
/// `LessonExamples…`, on the core, Section 7's fetching library and the sections built (a block may
/// `import Section3Keychain` to try the exercise's code): `coach verify` compiles every lesson's Swift
/// blocks that way, in one build that reuses the core and sections already built.
let lessonExampleTargets: [Target] = {
    guard let folder = Context.environment["COURSE_LESSON_EXAMPLES"], !folder.isEmpty else { return [] }
    let programs = (try? FileManager.default.contentsOfDirectory(
        atPath: Context.packageDirectory + "/" + folder
    )) ?? []
    return programs.filter { $0.hasPrefix("LessonExamples") }.sorted().map { name in
        .executableTarget(
            name: name,
            dependencies: ["PersistenceCore", "PersistenceWorkbench", "LegacyFetching"] + includedSections.map { .byName(name: $0.name) },
            path: "\(folder)/\(name)"
        )
    }
}()

// MARK: - Package

let package = Package(
    name: "PersistenceWorkbench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PersistenceCore", targets: ["PersistenceCore"]),
        .library(name: "PersistenceWorkbench", targets: ["PersistenceWorkbench"]),
        .executable(name: "coach", targets: ["coach"]),
    ] + appProducts + [.executable(name: "core-bench", targets: ["CoreBench"])],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ] + (toolchainSwiftSyntax == nil ? [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ] : []) + (includesOwnTests ? [
        // Used by the workbench's own tests alone: the example CI files of `coach grade` read as YAML.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ] : []),
    targets: coreTargets + courseSupportTargets + coachTargets + sectionTargets + appTargets + waterLogTargets + playgroundTargets + iCloudConsoleTargets
        + lessonExampleTargets + gradingHarnessTargets
        + benchmarkTargets + (includesOwnTests ? coreTestTargets + appTestTargets + coachTestTargets : [])
)

// The test program is the largest binary the package links, and every edit a learner grades relinks it:
// LLVM's lld, which Swift's toolchains for Linux ship, links it in about half the time of gold, the
// default linker there.
for target in package.targets where target.type == .test {
    target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]
}
