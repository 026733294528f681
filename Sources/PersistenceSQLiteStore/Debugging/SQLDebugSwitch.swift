import Foundation

/// Core Data's SQL debugging switch, `com.apple.CoreData.SQLDebug`, as the workbench reads it when a
/// process starts.
///
/// On Apple's platforms a launch argument turns Core Data's SQL log on (`-com.apple.CoreData.SQLDebug 1`
/// in the scheme's arguments), and SwiftData honours it. The workbench reads the same launch argument
/// (the argument domain of user defaults), or an environment variable of the same name where a program's
/// arguments cannot be set (`env com.apple.CoreData.SQLDebug=1 swift test`); the launch argument wins.
///
/// - Level 1 writes each statement a store runs to standard error, `CoreData: sql: SELECT …`.
/// - Levels 2 and 3, which on a device add the values bound and the identifiers fetched, write what
///   level 1 writes: the workbench never prints a bound value.
/// - Level 4 and above also write the plan SQLite chose for each query, `CoreData: details: SQLite: …`.
struct SQLDebugSwitch: Equatable, Sendable {
    /// The name of the launch argument (after its `-`) and of the environment variable.
    static let key = "com.apple.CoreData.SQLDebug"
    /// The level from which query plans are written too.
    static let queryPlanLevel = 4

    /// The level asked for; 0 when SQL is not logged.
    var level: Int
    /// Why a value given for the switch was not used, to be reported once.
    var problems: [String] = []

    /// Whether each statement is written.
    var logsStatements: Bool { level >= 1 }
    /// Whether each query's plan is written too.
    var logsQueryPlans: Bool { level >= Self.queryPlanLevel }

    /// The switch as the process's launch arguments and environment set it.
    ///
    /// - Parameters:
    ///   - arguments: The process's arguments, its path first; `-com.apple.CoreData.SQLDebug N` sets the level.
    ///   - environment: The process's environment; `com.apple.CoreData.SQLDebug=N` sets the level when no
    ///     launch argument does.
    init(arguments: [String], environment: [String: String]) {
        level = 0
        let flag = "-" + Self.key
        if let position = arguments.dropFirst().lastIndex(of: flag) {
            if position + 1 < arguments.count {
                adopt(arguments[position + 1], from: "the launch argument \(flag)")
            } else {
                problems.append(Self.problem("the launch argument \(flag) has no level after it"))
            }
        } else if let value = environment[Self.key] {
            adopt(value, from: "the environment variable \(Self.key)")
        }
    }

    /// A switch at `level`, for tests.
    init(level: Int) {
        self.level = level
    }

    /// The switch this process was started with, read once. Problems with it are written to standard
    /// error the first time it is read.
    static let launch: SQLDebugSwitch = {
        let found = SQLDebugSwitch(
            arguments: ProcessInfo.processInfo.arguments, environment: ProcessInfo.processInfo.environment)
        for problem in found.problems {
            FileHandle.standardError.write(Data("warning: \(problem)\n".utf8))
        }
        return found
    }()

    private mutating func adopt(_ value: String, from source: String) {
        guard let level = Int(value.trimmingCharacters(in: .whitespaces)), level >= 0 else {
            problems.append(Self.problem("\(source) is \"\(value)\", which is not a level"))
            return
        }
        self.level = level
    }

    private static func problem(_ what: String) -> String {
        "SQL logging is off: \(what) — while reading \(key); give 1 to log each statement, 4 to add query plans"
    }
}
