import Foundation
import Testing

@testable import CoachKit

/// The line between Apple's API and the workbench's: every public symbol listed once, the umbrella module
/// reaching Apple's alone, and every use of the workbench's own names explained by its lesson.
@Suite("The line between Apple's API and the workbench's")
struct APILineCheckTests {
    static let umbrella = APILineCheck.Umbrella(
        source: """
            @_exported import Foundation
            @_exported import PersistenceModels
            @_exported import struct PersistenceCloud.CKError
            """)

    static func symbol(_ path: String, _ kind: String, in module: String, spi: Bool = false) -> APISurface.Symbol {
        APISurface.Symbol(module: module, path: path, kind: kind, isSPI: spi)
    }

    static let surface = APISurface(symbols: [
        symbol("ModelContext", "class", in: "PersistenceModels"),
        symbol("ModelContext.fetch(_:)", "method", in: "PersistenceModels"),
        symbol("ModelContainer", "class", in: "PersistenceModels"),
        symbol("CKError", "struct", in: "PersistenceCloud"),
        symbol("CloudDevice", "class", in: "PersistenceCloud"),
        symbol("ModelContainer.workbenchSync()", "method", in: "PersistenceCloud", spi: true),
        symbol("ModelContainer.syncNow()", "method", in: "PersistenceWorkbench"),
    ])

    static let line = APILine(
        apple: [
            .init(symbol: "ModelContext", kind: "class", doc: "documentation/swiftdata/modelcontext"),
            .init(symbol: "ModelContainer", kind: "class", doc: "documentation/swiftdata/modelcontainer"),
            .init(
                symbol: "ModelContext.fetch(_:)", kind: "method", doc: "documentation/swiftdata/modelcontext/fetch(_:)"),
            .init(symbol: "CKError", kind: "struct", doc: "documentation/cloudkit/ckerror"),
        ],
        workbench: [
            .init(
                symbol: "CloudDevice", kind: "class", why: "a simulated device's iCloud settings", device: "Settings"),
            .init(symbol: "ModelContainer.workbenchSync()", kind: "method", why: "the implementation of syncNow()"),
            .init(symbol: "ModelContainer.syncNow()", kind: "method", why: "sync at a moment a test chooses"),
        ]
    )

    func messages(_ surface: APISurface, _ line: APILine, _ umbrella: APILineCheck.Umbrella = Self.umbrella) -> [String]
    {
        APILineCheck.problems(surface: surface, line: line, umbrella: umbrella).problems.map(\.message)
    }

    @Test("a course whose every symbol is listed once, with Apple's reached and the workbench's hidden, has no problem")
    func listedCourseHolds() {
        let report = APILineCheck.problems(surface: Self.surface, line: Self.line, umbrella: Self.umbrella)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.appleSymbols == 4 && report.workbenchSymbols == 3 && report.reachableWorkbenchSymbols == 0)
    }

    @Test("a public symbol in neither list fails, naming it and both files")
    func unlistedSymbolFails() {
        var surface = Self.surface
        surface.symbols.append(Self.symbol("ModelContext.reset()", "method", in: "PersistenceModels"))
        let found = messages(surface, Self.line)
        #expect(found.count == 1)
        #expect(
            found.first?.contains("method ModelContext.reset()") == true
                && found.first?.contains("course/api/apple.json") == true)
    }

    @Test("a workbench-only member that import PersistenceCore reaches fails unless the list says why")
    func reachableWorkbenchSymbolFails() {
        var surface = Self.surface
        surface.symbols.append(Self.symbol("ModelContainer.syncWithCloudKit()", "method", in: "PersistenceModels"))
        var line = Self.line
        line.workbench.append(
            .init(symbol: "ModelContainer.syncWithCloudKit()", kind: "method", why: "sync at a chosen moment"))
        #expect(messages(surface, line).contains { $0.contains("import PersistenceCore reaches it") })
        line.workbench[line.workbench.count - 1].reachable = "a reason"
        #expect(messages(surface, line).isEmpty)
    }

    @Test("an Apple symbol the umbrella does not re-export fails, and so does a listed symbol no module declares")
    func appleSymbolNotReachedFails() {
        var line = Self.line
        line.apple.append(.init(symbol: "CKContainer", kind: "class", doc: "documentation/cloudkit/ckcontainer"))
        var surface = Self.surface
        surface.symbols.append(Self.symbol("CKContainer", "class", in: "PersistenceCloud"))
        #expect(messages(surface, line).contains { $0.contains("does not reach it") })
        #expect(messages(Self.surface, line).contains { $0.contains("which no module declares") })
    }

    @Test("a member an imported module adds to a Foundation type reaches, as Swift finds it wherever Foundation is")
    func foundationExtensionReaches() {
        var umbrella = Self.umbrella
        umbrella.ownerModules = [
            "ModelContext": "PersistenceModels", "CKError": "PersistenceCloud", "CloudDevice": "PersistenceCloud",
        ]
        var surface = Self.surface
        var accountChanged = Self.symbol(
            "NSNotification.Name.CKAccountChanged", "type.property", in: "PersistenceCloud")
        accountChanged.extendedModule = "Foundation"
        surface.symbols.append(accountChanged)
        surface.symbols.append(Self.symbol("CloudDevice.signOut()", "method", in: "PersistenceCloud"))
        var line = Self.line
        line.apple.append(
            .init(
                symbol: "NSNotification.Name.CKAccountChanged", kind: "type.property",
                doc: "documentation/foundation/nsnotification/name-swift.struct/ckaccountchanged"))
        line.workbench.append(
            .init(symbol: "CloudDevice.signOut()", kind: "method", why: "sign out of a simulated device"))
        #expect(messages(surface, line, umbrella).isEmpty, "the member of a type the umbrella hides stays hidden")
        surface.symbols.removeAll { $0.path == accountChanged.path }
        accountChanged.extendedModule = "PersistenceSandbox"
        surface.symbols.append(accountChanged)
        #expect(
            messages(surface, line, umbrella).contains { $0.contains("does not reach it") },
            "nor does one of a module it hides")
    }

    @Test(
        "the workbench's own names are found in code, not in comments or strings, and a lesson's notes must name each")
    func usesAreFoundAndExplained() {
        let names = APILineCheck.workbenchOnlyNames(surface: Self.surface, line: Self.line, umbrella: Self.umbrella)
        #expect(names == APILineCheck.WorkbenchNames(types: ["CloudDevice"], members: ["syncNow"]))
        let code = """
            // CloudDevice is mentioned in a comment only
            let label = "syncNow"
            try CloudDevice(sandbox).signOut()
            configure(CloudDevice: 1)
            """
        #expect(APILineCheck.uses(of: names, in: code) == ["CloudDevice"])
        #expect(APILineCheck.uses(of: names, in: "try container.syncNow()") == ["syncNow"])
        #expect(
            APILineCheck.uses(of: names, in: "func syncNow() {}\nself.syncNow()").isEmpty,
            "a name the code declares is its own")
        let lesson = """
            Some text that names CloudDevice outside a note.

            > **On Apple platforms:** the user signs out in Settings; `CloudDevice` plays that app here.
            > A second line of the note.

            More text.
            """
        #expect(APILineCheck.applePlatformNotes(in: lesson).contains("CloudDevice"))
        #expect(!APILineCheck.applePlatformNotes(in: "CloudDevice is used here.\n").contains("CloudDevice"))
    }

    @Test("the umbrella's source tells whole modules from names re-exported one by one")
    func umbrellaIsRead() {
        #expect(Self.umbrella.wholeModules.contains("PersistenceModels"))
        #expect(Self.umbrella.namedExports == ["PersistenceCloud.CKError"])
        #expect(Self.umbrella.importedModules.contains("PersistenceCloud"))
    }
}
