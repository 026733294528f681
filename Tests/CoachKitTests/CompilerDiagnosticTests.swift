import Foundation
import Testing

@testable import CoachKit

@Suite("Reading compiler errors from a build log")
struct CompilerDiagnosticTests {
    @Test("error lines are parsed, repeated ones kept once, warnings and notes ignored")
    func parsesErrors() {
        let log = """
            [3/9] Compiling Section1Strategy StorageAdvisor.swift
            /w/Exercises/Section1Strategy/StorageAdvisor.swift:25:12: error: cannot find 'x' in scope
            /w/Exercises/Section1Strategy/StorageAdvisor.swift:25:12: error: cannot find 'x' in scope
            /w/Exercises/Section1Strategy/StorageAdvisor.swift:3:1: warning: unused
                |            `- error: cannot find 'x' in scope
            error: fatalError
            """
        let errors = CompilerDiagnostic.errors(in: log)
        #expect(
            errors == [
                CompilerDiagnostic(
                    path: "/w/Exercises/Section1Strategy/StorageAdvisor.swift", line: 25, column: 12,
                    message: "cannot find 'x' in scope")
            ])
    }

    @Test("paths inside the workbench are shown relative to its root")
    func relativePaths() throws {
        let workbench = try WorkbenchFixture.make()
        let error = CompilerDiagnostic(
            path: workbench.root.path + "/Exercises/S/F.swift", line: 1, column: 2, message: "m")
        #expect(error.relative(to: workbench).description == "Exercises/S/F.swift:1:2: error: m")
    }
}
