import Foundation
import PersistenceVault
import Testing

@Suite("Keychain wrappers written as on Apple platforms")
struct GuideStyleWrapperTests {
    let fixture = VaultFixture()

    @Test("an enum helper that deletes then adds stores, replaces, reads and removes a PIN")
    func deleteThenAddHelper() throws {
        try fixture.run {
            #expect(try PINStore.load(name: "pin") == nil)
            try PINStore.store(Data("1234".utf8), under: "pin")
            try PINStore.store(Data("9876".utf8), under: "pin")
            #expect(try PINStore.load(name: "pin") == Data("9876".utf8))
            try PINStore.remove(name: "pin")
            #expect(try PINStore.load(name: "pin") == nil)
            try PINStore.remove(name: "pin")
        }
    }

    @Test("the enum helper reports a locked device through its error")
    func helperSurfacesStatus() throws {
        try fixture.run {
            try PINStore.store(Data("1234".utf8), under: "pin")
            fixture.device.lock()
            #expect {
                try PINStore.load(name: "pin")
            } throws: { error in
                guard case .loadFailed(let status) = error as? PINStoreError else { return false }
                return status == errSecInteractionNotAllowed
            }
        }
    }

    @Test("a service that updates on errSecDuplicateItem saves twice and reads the latest value")
    func updateOnDuplicateService() throws {
        try fixture.run {
            #expect(throws: APICredentialService.CredentialError.missing) {
                try APICredentialService.secret(for: "api-key")
            }
            try APICredentialService.save(Data("first".utf8), for: "api-key")
            try APICredentialService.save(Data("second".utf8), for: "api-key")
            #expect(try APICredentialService.secret(for: "api-key") == Data("second".utf8))
        }
    }

    @Test("an actor manager with Codable helpers round-trips raw data and a Codable value")
    func actorManager() async throws {
        struct Session: Codable, Equatable {
            let user: String
            let refreshToken: String
        }
        let manager = SessionVault()
        try await Vault.withCurrent(fixture.vault) {
            try await manager.save(Data("token-1".utf8), as: "access")
            try await manager.save(Data("token-2".utf8), as: "access")
            #expect(try await manager.load("access") == Data("token-2".utf8))

            let session = Session(user: "ada", refreshToken: "r-1")
            try await manager.save(session, as: "session")
            let loaded: Session = try await manager.load("session")
            #expect(loaded == session)

            try await manager.remove("access")
            await #expect(throws: SessionVault.Failure.notFound) { try await manager.load("access") }
        }
    }
}
