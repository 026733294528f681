import CoreTestSupport
import Foundation
import PersistenceSandbox
import PersistenceVault
import Testing

@Suite("Writers killed in the middle of a change")
struct VaultKilledWriterTests {
    @Test("writers killed at random moments leave a vault with no false damage, where every committed change reads")
    func randomKills() throws {
        let fixture = VaultFixture()
        var model = ChurnModel()
        var midChange = 0
        var finishedChanges = 0
        var roundsLeavingItemFiles = 0
        var roundsLeavingTemporaryFiles = 0
        let clock = ContinuousClock()
        let started = clock.now

        for round in 0..<ChurnModel.kills {
            let seed = UInt64.random(in: 0...UInt64.max)
            let device = fixture.sandbox.deviceRoot.path
            let log = try runAndKill(["vault-churn", device, fixture.sandbox.appIdentifier, "\(seed)"])
            let problems = model.apply(log)
            #expect(problems.isEmpty, "round \(round), seed \(seed): \(problems)")
            if model.lastChangeWasInterrupted { midChange += 1 }
            finishedChanges += log.split(separator: "\n").filter { $0.hasPrefix("end ") }.count

            let mismatches = model.checkAndResolve(with: fixture.vault)
            guard mismatches.isEmpty else {
                Issue.record("after round \(round) (seed \(seed)): \(mismatches)")
                return
            }
            // Where the kills landed: after new item files were written, or after the commit before the
            // replaced files were deleted, they leave item files the manifest does not list.
            if fixture.itemFiles.count > model.storedItemCount { roundsLeavingItemFiles += 1 }
            if !hiddenFiles(in: fixture).isEmpty { roundsLeavingTemporaryFiles += 1 }
        }
        let elapsed = clock.now - started

        let leftoversBefore = fixture.itemFiles.count - model.storedItemCount
        let hiddenBefore = hiddenFiles(in: fixture).count
        try fixture.addPassword(account: "after-the-kills", service: "sentinel")

        let stored = model.storedItemCount + 1
        #expect(fixture.itemFiles.count == stored, "item files left by killed writers after the next write")
        #expect(hiddenFiles(in: fixture).isEmpty)
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: fixture.sandbox.vaultDirectory.path))
                == ["Items", "Manifest", "Vault.lock"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: fixture.sandbox.deviceRoot.path)
                .allSatisfy { !$0.hasPrefix(".") })
        print(
            """
            vault kill test: \(ChurnModel.kills) writers killed in \(elapsed) after \(finishedChanges) finished changes; \
            \(midChange) killed between the start and the end of a change; \(roundsLeavingItemFiles) left unlisted \
            item files and \(roundsLeavingTemporaryFiles) temporary files, each removed by the next writer; \
            before the final write \(leftoversBefore) unlisted item files and \(hiddenBefore) temporary files, after it none
            """)
    }

    @Test("temporary files of writers killed in the vault or beside its device key are removed by the next change")
    func abandonedTemporaryFiles() async throws {
        let fixture = VaultFixture()
        try fixture.addPassword(account: "pin")
        let deviceKeyFolder = fixture.vault.deviceKeyURL.deletingLastPathComponent()
        for folder in [fixture.itemsDirectory, fixture.sandbox.vaultDirectory, deviceKeyFolder] {
            let target = folder.appending(path: "x.item").path
            let writer = try ProbeProcess.start(["stalled-atomic-write", target, "1024"], waitingFor: "writing")
            #expect(hasHiddenFile(in: folder))
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
        }

        try fixture.addPassword(account: "counter")

        #expect(hiddenFiles(in: fixture).isEmpty)
        #expect(!hasHiddenFile(in: deviceKeyFolder), "a device key staged by a killed writer is removed")
        #expect(try fixture.passwordData(account: "pin") == Data("secret".utf8))
    }

    /// Starts the probe, waits until it says it is ready, lets it run for a random moment, kills it with
    /// SIGKILL, and returns everything it printed.
    private func runAndKill(_ arguments: [String]) throws -> String {
        let (probe, output) = try ProbeProcess.startCapturingOutput(arguments)
        var printed = Data()
        while !printed.starts(with: Data("ready\n".utf8)) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        usleep(UInt32.random(in: 0...ChurnModel.longestRunMicroseconds))
        kill(probe.processIdentifier, SIGKILL)
        printed.append(output.fileHandleForReading.readDataToEndOfFile())
        probe.waitUntilExit()
        #expect(probe.terminationReason == .uncaughtSignal)
        return String(decoding: printed, as: UTF8.self)
    }

    /// The hidden files anywhere in the vault's folder: temporary files of atomic writes.
    private func hiddenFiles(in fixture: VaultFixture) -> [URL] {
        VaultFixture.files(under: fixture.sandbox.vaultDirectory).filter { $0.lastPathComponent.hasPrefix(".") }
    }

    private func hasHiddenFile(in folder: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains(where: AtomicFileWriter.isTemporaryFileName)
    }
}
