// swift-tools-version: 6.1
import CompilerPluginSupport
import Foundation
import PackageDescription

// The workbench builds on Linux, which is where its course runs and what CI builds: the core simulates
// Apple's frameworks on top of Linux's own calls (extended attributes, /proc, Glibc), and coach's grading
// sandbox is bubblewrap. On a Mac, build it in a Linux container (`docker run -it -v "$PWD":/w swift:6.3`).
#if !os(Linux)
FileHandle.standardError.write(Data("""
    error: Persistence Workbench builds on Linux only (Swift 6.x); on macOS or Windows, build it in a Linux \
    container, such as `docker run -it -v "$PWD":/workbench -w /workbench swift:6.3 swift run coach status`.\n
    """.utf8))
exit(1)
#endif

// MARK: - What the course is made of

/// One course section: a library built from `Exercises/<name>` or `Solutions/<name>`, and its hidden suite in
/// `Tests/<name>Tests`. `course/course.json` lists the same sections, with everything else about them;
/// `coach verify` fails when the two lists differ (SwiftPM caches a manifest by its own text, so the list
/// lives here rather than being read from course.json). `coach new-section` adds a line.
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
    CourseSection(name: "Section15SensorLog", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
]

/// The test targets learners write themselves, in `Exercises/<name>` (the reference's in
/// `Solutions/<name>`), each testing one section's library.
struct LearnerTestTarget {
    let name: String
    let section: String
}

let learnerTestTargets: [LearnerTestTarget] = [
    LearnerTestTarget(name: "Section8RepositoryTests", section: "Section8NoteTaker"),
    LearnerTestTarget(name: "Section14WaterLogLogicTests", section: "Section14WaterLog"),
]

/// A command-line app built on one section's library (the learner's code, or the reference on the
/// solutions track), built only when its section is, and its tests, which run the program as a user does
/// and hold to the reference's behaviour: they see `COURSE_APP_IS_REFERENCE` defined when the app is built
/// from the unchanged reference. Grading builds only the test program, never the apps.
struct CourseApp {
    let name: String
    let section: String
    let tests: String
    var testDependencies: [Target.Dependency] = []
}

let courseApps: [CourseApp] = [
    CourseApp(
        name: "notetaker", section: "Section8NoteTaker", tests: "NoteTakerAppTests",
        testDependencies: [.product(name: "GRDB", package: "GRDB.swift")]
    ),
    CourseApp(name: "waterlog", section: "Section14WaterLog", tests: "WaterLogAppTests"),
]

// MARK: - The switchboard: every COURSE_* variable, read and checked here alone

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

/// Which learner tests a build holds (`COURSE_LEARNER_TESTS`).
enum LearnerTests: String, CaseIterable {
    /// Unset: the learner's tests beside the sections' hidden suites.
    case all = ""
    /// Only the learner's tests, without the hidden suites: coach grades them against the reference and the
    /// known wrong solutions, one build each.
    case only
    /// Left out: coach builds that way when they do not compile, so they never block a section's grade.
    case none
}

/// Where the macros' swift-syntax comes from (`COURSE_SWIFT_SYNTAX`).
enum SwiftSyntaxSource: String, CaseIterable {
    /// The toolchain's when it ships one, else the package's.
    case auto = ""
    /// The release build Swift's toolchain for Linux ships for its own macros, `<toolchain>/usr/lib/swift/host`:
    /// a debug build of swift-syntax expands macros several times slower, and the package builds none.
    case toolchain
    /// swift-syntax 603 built from the package, as on a toolchain without one.
    case package
}

/// Every variable the manifest reads, each checked where it enters; a value that is not one of the valid
/// ones stops the build with a message naming it and them, rather than being silently ignored.
struct Switchboard {
    /// `COURSE_TRACK`: `exercises` (default) or `solutions`.
    var track = CourseTrack.exercises
    /// `COURSE_SECTIONS=<target>,<target>`: build only those sections (coach grades one section that way,
    /// or the others when one does not compile). `nil`: every section.
    var sections: Set<String>?
    /// `COURSE_SECTION_OVERRIDE=<target>=<folder>[;<target>=<folder>…]`: build sections or learner tests
    /// from other folders; `coach verify` builds known wrong solutions in place of the references so.
    var overrides: [String: String] = [:]
    /// `COURSE_OWN_TESTS=1`: add the core's, the apps' and coach's own tests (`coach verify` sets it).
    /// Without it the package is what a learner builds and what `coach check` grades, which lets SwiftPM
    /// reuse the plan `swift run coach` made, so a graded edit compiles only the edited files.
    var ownTests = false
    /// `COURSE_LEARNER_TESTS`: `only` or `none`; unset for both the suites and the learner's tests.
    var learnerTests = LearnerTests.all
    /// `COURSE_SWIFT_SYNTAX`: `toolchain`, `package`, or unset (`auto`).
    var swiftSyntax = SwiftSyntaxSource.auto
    /// `COURSE_LESSON_EXAMPLES=<folder>`: one executable per `LessonExamples…` subfolder (coach verify's
    /// build of every lesson's Swift blocks).
    var lessonExamples: String?
    /// `COURSE_RESILIENT_SECTIONS=1`: compile the sections' modules with library evolution and write each one's
    /// public interface (`Modules/<section>.swiftinterface`), so that a build of a variant that declares the same
    /// public interface keeps the hidden suites' objects: they reach the module only through that interface
    /// (coach verify's builds of the lessons, the solutions and the variants; never a learner's build).
    var resilientSections = false

    /// The variables the manifest reads; any other `COURSE_*` variable is a misspelling.
    static let names = [
        "COURSE_TRACK", "COURSE_SECTIONS", "COURSE_SECTION_OVERRIDE", "COURSE_OWN_TESTS", "COURSE_LEARNER_TESTS",
        "COURSE_SWIFT_SYNTAX", "COURSE_LESSON_EXAMPLES", "COURSE_RESILIENT_SECTIONS",
    ]

    /// Reads `environment`, adding a line to `errors` for every value it refuses.
    init(_ environment: [String: String], errors: inout [String]) {
        func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ type: Value.Type) -> Value?
        where Value.RawValue == String {
            let given = environment[name] ?? ""
            if let value = Value(rawValue: given) { return value }
            let valid = Value.allCases.map { $0.rawValue.isEmpty ? "unset" : $0.rawValue }.joined(separator: ", ")
            errors.append("\(name)=\(given) is not a valid value. Valid values: \(valid).")
            return nil
        }
        for name in environment.keys.sorted() where name.hasPrefix("COURSE_") && !Self.names.contains(name) {
            errors.append("\(name) is not a variable the workbench reads. The variables: \(Self.names.joined(separator: ", ")).")
        }
        let givenTrack = environment["COURSE_TRACK"] ?? ""
        if !givenTrack.isEmpty {
            if let value = CourseTrack(rawValue: givenTrack) { track = value } else {
                let valid = CourseTrack.allCases.map(\.rawValue).joined(separator: ", ")
                errors.append("COURSE_TRACK=\(givenTrack) is not a course track. Valid values: \(valid). Unset it to build the exercises.")
            }
        }
        let sectionNames = courseSections.map(\.name)
        if let value = environment["COURSE_SECTIONS"], !value.isEmpty {
            let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            for name in names where !sectionNames.contains(name) {
                errors.append("COURSE_SECTIONS names \(name), which is not a course section. Valid values: \(sectionNames.joined(separator: ", ")).")
            }
            sections = Set(names)
        }
        let overridable = sectionNames + learnerTestTargets.map(\.name)
        for entry in (environment["COURSE_SECTION_OVERRIDE"] ?? "").split(separator: ";") {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else {
                errors.append("COURSE_SECTION_OVERRIDE entry '\(entry)' is not <target>=<folder>; separate entries with ';'.")
                continue
            }
            guard overridable.contains(parts[0]) else {
                errors.append("COURSE_SECTION_OVERRIDE names \(parts[0]), which is not a section or learner test target. Valid values: \(overridable.joined(separator: ", ")).")
                continue
            }
            let folder = parts[1].hasPrefix("/") ? parts[1] : Context.packageDirectory + "/" + parts[1]
            guard FileManager.default.fileExists(atPath: folder) else {
                errors.append("COURSE_SECTION_OVERRIDE builds \(parts[0]) from \(parts[1]), which does not exist.")
                continue
            }
            overrides[parts[0]] = parts[1]
        }
        switch environment["COURSE_OWN_TESTS"] ?? "" {
        case "", "0": ownTests = false
        case "1": ownTests = true
        case let other: errors.append("COURSE_OWN_TESTS=\(other) is not a valid value. Valid values: 1, 0, unset.")
        }
        switch environment["COURSE_RESILIENT_SECTIONS"] ?? "" {
        case "", "0": resilientSections = false
        case "1": resilientSections = true
        case let other:
            errors.append("COURSE_RESILIENT_SECTIONS=\(other) is not a valid value. Valid values: 1, 0, unset.")
        }
        learnerTests = choice("COURSE_LEARNER_TESTS", LearnerTests.self) ?? .all
        swiftSyntax = choice("COURSE_SWIFT_SYNTAX", SwiftSyntaxSource.self) ?? .auto
        if let folder = environment["COURSE_LESSON_EXAMPLES"], !folder.isEmpty {
            if FileManager.default.fileExists(atPath: Context.packageDirectory + "/" + folder) {
                lessonExamples = folder
            } else {
                errors.append("COURSE_LESSON_EXAMPLES=\(folder) is not a folder of the package.")
            }
        }
    }
}

/// The release build of swift-syntax that Swift's toolchain for Linux ships for its own macros, found beside
/// the SwiftPM program evaluating this manifest, or `nil` when the toolchain has none.
func toolchainSwiftSyntaxFolder() -> String? {
    let runningProgram = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(getppid())/exe")) ?? ""
    let host = URL(fileURLWithPath: runningProgram).deletingLastPathComponent()
        .appendingPathComponent("../lib/swift/host").standardizedFileURL.path
    let needed = ["SwiftSyntax", "SwiftParser", "SwiftSyntaxMacros", "SwiftSyntaxMacroExpansion", "SwiftIDEUtils",
                  "SwiftCompilerPluginMessageHandling"].flatMap { ["\($0).swiftmodule", "lib\($0).so"] }
    return needed.allSatisfy { FileManager.default.fileExists(atPath: host + "/" + $0) } ? host : nil
}

var switchboardErrors: [String] = []
let switchboard = Switchboard(Context.environment, errors: &switchboardErrors)

/// The toolchain's swift-syntax folder when the macros, their tests and `mutant-schemata` build on it, or
/// `nil` when they build the package's. Switching between the two in one build folder needs `rm -rf .build`
/// first: the other's modules would be found before these.
let toolchainSwiftSyntax: String? = {
    switch switchboard.swiftSyntax {
    case .package:
        return nil
    case .auto:
        return toolchainSwiftSyntaxFolder()
    case .toolchain:
        guard let folder = toolchainSwiftSyntaxFolder() else {
            switchboardErrors.append("COURSE_SWIFT_SYNTAX=toolchain, but this toolchain ships no swift-syntax in usr/lib/swift/host. Valid values here: package, unset.")
            return nil
        }
        return folder
    }
}()

guard switchboardErrors.isEmpty else {
    FileHandle.standardError.write(Data(switchboardErrors.map { "error: \($0)\n" }.joined().utf8))
    exit(1)
}
// Said whenever SwiftPM evaluates the manifest (after it or the variables change), so a build log shows it.
FileHandle.standardError.write(Data((toolchainSwiftSyntax.map {
    "the macros build on the toolchain's swift-syntax, \($0) (COURSE_SWIFT_SYNTAX=package: the package's)\n"
} ?? "the macros build on the package's swift-syntax (COURSE_SWIFT_SYNTAX=\(switchboard.swiftSyntax == .package ? "package" : "unset, and the toolchain ships none"))\n").utf8))

let track = switchboard.track
let includesOwnTests = switchboard.ownTests
let sectionOverrides = switchboard.overrides
let includedSections = courseSections.filter { switchboard.sections?.contains($0.name) ?? true }
let includedApps = courseApps.filter { app in includedSections.contains { $0.name == app.section } }

/// Compiler and linker settings of a target built on `toolchainSwiftSyntax`, or the package's products.
func swiftSyntax(_ products: [String]) -> (dependencies: [Target.Dependency], swift: [SwiftSetting], linker: [LinkerSetting]) {
    guard let host = toolchainSwiftSyntax else {
        return (products.map { .product(name: $0, package: "swift-syntax") }, [], [])
    }
    return ([], [.unsafeFlags(["-I", host])], [.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host])])
}

// MARK: - Course sections, the learner's tests and the apps

let includedLearnerTests = switchboard.learnerTests == .none ? [] : learnerTestTargets.filter { target in
    includedSections.contains { $0.name == target.section }
}

/// A section module's flags under `COURSE_RESILIENT_SECTIONS=1`. The interface is written next to the module and
/// not type-checked again (the macros' expansions do not read back as source); it is compared, not imported.
let resilientSectionFlags: [SwiftSetting] = [
    .unsafeFlags(["-enable-library-evolution", "-emit-module-interface", "-no-verify-emitted-module-interface"]),
]

/// What every module that imports a section adds under `COURSE_RESILIENT_SECTIONS=1`: a changed command line, which
/// makes the driver compile all of it again when the variable is switched either way. Its incremental records
/// follow the tokens of the declarations it uses, not the section's library evolution, so without this it would
/// keep objects that reach a resilient section as a fragile one, or the other way round.
let sectionImporterSettings: [SwiftSetting] =
    switchboard.resilientSections ? [.define("COURSE_RESILIENT_SECTIONS")] : []

let sectionTargets: [Target] = includedSections.flatMap { section -> [Target] in
    [
        .target(
            name: section.name,
            dependencies: section.dependencies,
            path: sectionOverrides[section.name] ?? "\(track.folder)/\(section.name)",
            swiftSettings: switchboard.resilientSections ? resilientSectionFlags : []
        ),
    ] + (switchboard.learnerTests == .only ? [] : [
        .testTarget(
            name: "\(section.name)Tests",
            dependencies: [.byName(name: section.name), "DeviceBench"] + section.dependencies,
            path: "Tests/\(section.name)Tests",
            swiftSettings: sectionImporterSettings
        ),
    ])
} + includedLearnerTests.map { target in
    .testTarget(
        name: target.name,
        dependencies: [.byName(name: target.section), "PersistenceCore", "PersistenceWorkbench"],
        path: sectionOverrides[target.name] ?? "\(track.folder)/\(target.name)",
        swiftSettings: sectionImporterSettings
    )
}

/// What the hidden suites share: a throwaway simulated device for each check (its sandbox and vault made
/// current), the vault's failure modes, and how a check describes what it found. A suite's own bench keeps
/// only its section's helpers.
let sectionSupportTargets: [Target] = switchboard.learnerTests == .only ? [] : [
    .target(name: "DeviceBench", dependencies: ["PersistenceCore", "PersistenceWorkbench"], path: "Tests/DeviceBench"),
]

let appTargets: [Target] = includedApps.map { app in
    .executableTarget(
        name: app.name,
        dependencies: [
            .byName(name: app.section), "PersistenceCore", "PersistenceWorkbench",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        swiftSettings: sectionImporterSettings
    )
}

/// Each app's program run as a user runs it; they hold to the reference's behaviour, which they see from
/// `COURSE_APP_IS_REFERENCE` (the solutions track, the app's section not overridden).
let appTestTargets: [Target] = includedApps.map { app in
    .testTarget(
        name: app.tests,
        dependencies: ["CoreTestSupport", .byName(name: app.section), "PersistenceCore", "PersistenceWorkbench"]
            + app.testDependencies,
        swiftSettings: (track == .solutions && sectionOverrides[app.section] == nil ? [.define("COURSE_APP_IS_REFERENCE")] : [])
            + sectionImporterSettings
    )
}

let appProducts: [Product] = includedApps.map { .executable(name: $0.name, targets: [$0.name]) }
    + [.executable(name: "playground", targets: ["Playground"]), .executable(name: "icloud", targets: ["icloud"])]

/// `playground`, the learner's scratch program for the lessons' examples (`swift run playground`): the
/// core, Section 7's fetching library and the sections built on the current track are at hand.
let playgroundTargets: [Target] = [
    .executableTarget(
        name: "Playground",
        dependencies: ["PersistenceCore", "PersistenceWorkbench", "LegacyFetching"] + includedSections.map { .byName(name: $0.name) },
        path: "Playground",
        swiftSettings: sectionImporterSettings
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
            "PersistenceNotifications", "PersistenceSandbox",
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
    .target(name: "PersistenceVault", dependencies: ["PersistenceSandbox", "PersistenceCrypto"]),
    // AES-GCM, HKDF, HMAC and digests for the vault and iCloud's encrypted fields, on the system's libcrypto
    // (Debian's libssl-dev, which `.ci/setup` installs), in CryptoKit's shape.
    .target(name: "PersistenceCrypto", dependencies: ["CLibcrypto"]),
    .systemLibrary(name: "CLibcrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // SwiftData's model layer: @Model classes, containers, contexts (the unit of work) and the DataStore
    // boundary every store is reached through.
    .target(
        name: "PersistenceModels",
        dependencies: ["PersistenceMacros", "PersistenceObjectLifetime"]
    ),
    // The default store: SQLite through GRDB. The only module that imports GRDB or writes SQL.
    .target(
        name: "PersistenceSQLiteStore",
        dependencies: [
            "PersistenceModels",
            "PersistenceSandbox",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]
    ),
    // iCloud on one machine: CloudKit's model rules at load, and a store's mirror to a simulated account
    // (export from the store's history, import through the store boundary, devices and accounts).
    .target(
        name: "PersistenceCloud",
        dependencies: [
            "PersistenceModels", "PersistenceSandbox", "PersistenceCloudServer", "PersistenceCrypto",
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
        dependencies: ["PersistenceSandbox", "PersistenceWorkbench", "CoreTestSupport", "PersistenceProbe"]
    ),
    .testTarget(
        name: "PersistenceNotificationsTests",
        dependencies: ["PersistenceNotifications", "PersistenceCore", "PersistenceWorkbench", "CoreTestSupport", "PersistenceProbe"]
    ),
    .testTarget(
        name: "PersistencePreferencesTests",
        dependencies: ["PersistencePreferences", "PersistenceWorkbench", "CoreTestSupport", "PersistenceProbe"]
    ),
    // What a learner's file sees with `import PersistenceCore` alone: Apple's names, resolved to the core's.
    .testTarget(name: "PersistenceCoreTests", dependencies: ["PersistenceCore", "PersistenceWorkbench"]),
    .testTarget(name: "PersistenceCryptoTests", dependencies: ["PersistenceCrypto"]),
    .testTarget(
        name: "PersistenceVaultTests",
        dependencies: ["PersistenceVault", "PersistenceCore", "PersistenceWorkbench", "CoreTestSupport", "PersistenceProbe"]
    ),
    .testTarget(
        name: "PersistenceModelsTests",
        dependencies: [
            "PersistenceCore", "PersistenceWorkbench", "PersistenceModels", "PersistenceSQLiteStore", .product(name: "GRDB", package: "GRDB.swift"),
            "CoreTestSupport",
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
        dependencies: [
            "PersistenceSandbox", "PersistencePreferences", "PersistenceVault", "PersistenceNotifications", "PersistenceWorkbench",
            "CoreTestSupport",
        ],
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
    .testTarget(name: "CoachKitTests", dependencies: ["CoachKit", "CoreTestSupport"]),
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
    .target(name: "LegacyFetching", dependencies: ["PersistenceModels"]),
]

// MARK: - Lesson examples

/// `COURSE_LESSON_EXAMPLES=<folder>` (relative to the package) adds one executable per subfolder named
/// `LessonExamples…`, on the core, Section 7's fetching library and the sections built (a block may
/// `import Section3Keychain` to try the exercise's code): `coach verify` compiles every lesson's Swift
/// blocks that way, in one build that reuses the core and sections already built.
let lessonExampleTargets: [Target] = {
    guard let folder = switchboard.lessonExamples else { return [] }
    let programs = (try? FileManager.default.contentsOfDirectory(
        atPath: Context.packageDirectory + "/" + folder
    )) ?? []
    return programs.filter { $0.hasPrefix("LessonExamples") }.sorted().map { name in
        .executableTarget(
            name: name,
            dependencies: ["PersistenceCore", "PersistenceWorkbench", "LegacyFetching"] + includedSections.map { .byName(name: $0.name) },
            path: "\(folder)/\(name)",
            swiftSettings: sectionImporterSettings
        )
    }
}()

// MARK: - Package

let package = Package(
    name: "PersistenceWorkbench",
    products: [
        .library(name: "PersistenceCore", targets: ["PersistenceCore"]),
        .library(name: "PersistenceWorkbench", targets: ["PersistenceWorkbench"]),
        .executable(name: "coach", targets: ["coach"]),
    ] + appProducts + [.executable(name: "core-bench", targets: ["CoreBench"])],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Used by the workbench's own tests alone (the example CI files of `coach grade` read as YAML), but
        // declared in every build, so that Package.resolved pins the same versions whatever is built.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ] + (toolchainSwiftSyntax == nil ? [
        // Pinned in Package.resolved only by a build with COURSE_SWIFT_SYNTAX=package or on a toolchain
        // without its own swift-syntax.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ] : []),
    targets: coreTargets + courseSupportTargets + coachTargets + sectionTargets + sectionSupportTargets + appTargets
        + playgroundTargets + iCloudConsoleTargets
        + lessonExampleTargets + gradingHarnessTargets
        + benchmarkTargets + (includesOwnTests ? coreTestTargets + appTestTargets + coachTestTargets : [])
)

// The test program is the largest binary the package links, and every edit a learner grades relinks it:
// LLVM's lld, which Swift's toolchains for Linux ship, links it in about half the time of gold, the
// default linker there. The programs link with it too (`notetaker`: 0.65 s against 1.05 s with gold), as
// do verify's lesson programs.
for target in package.targets where target.type == .test || target.type == .executable {
    target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]
}
