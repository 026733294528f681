import CoreTestSupport
import Foundation
import PersistenceSandbox
import PersistenceVault
import Testing

@Suite("Two processes sharing a vault")
struct VaultTwoProcessTests {
    @Test("two processes adding the same items at once: each item is added exactly once and every file stays readable")
    func concurrentAdds() throws {
        let fixture = VaultFixture()
        let count = 40
        let start = String(Date().timeIntervalSince1970 + 0.5)
        let root = fixture.sandbox.deviceRoot.path
        let app = fixture.sandbox.appIdentifier

        let (first, firstOutput) = try ProbeProcess.startCapturingOutput([
            "vault-contention", root, app, "alpha", String(count), start,
        ])
        let (second, secondOutput) = try ProbeProcess.startCapturingOutput([
            "vault-contention", root, app, "beta", String(count), start,
        ])
        let firstReport = String(decoding: firstOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let secondReport = String(decoding: secondOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0, "\(firstReport)")
        #expect(second.terminationStatus == 0, "\(secondReport)")

        func added(_ report: String) -> Set<String> {
            Set(report.split(separator: "\n").filter { $0.hasPrefix("added ") }.map { String($0.dropFirst(6)) })
        }
        let alphaAdded = added(firstReport)
        let betaAdded = added(secondReport)
        #expect(alphaAdded.isDisjoint(with: betaAdded))
        #expect(alphaAdded.count + betaAdded.count == count)

        for index in 0..<count {
            let account = "shared-\(index)"
            let stored = try fixture.vault.password(service: "contention", account: account)
            let owner = alphaAdded.contains(account) ? "alpha" : "beta"
            #expect(stored == Data(owner.utf8))
        }
        let everything =
            try fixture.vault.copyMatching([
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: "contention",
                kSecReturnAttributes as String: true,
                kSecMatchLimit as String: kSecMatchLimitAll,
            ]) as? [[String: Any]]
        #expect(everything?.count == 3 * count)
        #expect(fixture.itemFiles.count == 3 * count)
        let leftovers = VaultFixture.files(under: fixture.sandbox.vaultDirectory).filter {
            $0.lastPathComponent.hasPrefix(".staging")
        }
        #expect(leftovers.isEmpty)
    }
}
