// A second process for the vault's two-process tests.
//
// Usage: VaultContentionProbe <device root> <app identifier> <writer name> <item count> <start time>
//
// Waits until <start time> (seconds since 1970) so that both processes start together, then, for each
// index, tries to add the shared item "shared-<index>" holding the writer's name, and adds its own item
// "<writer>-<index>". Prints one line per shared item: "added <account>" or "duplicate <account>";
// any other status is printed as "failed <account> <status>" and makes the exit status 1.
import Foundation
import PersistenceSandbox
import PersistenceVault

let arguments = CommandLine.arguments
guard arguments.count == 6, let count = Int(arguments[4]), let start = Double(arguments[5]) else {
    FileHandle.standardError.write(Data("usage: VaultContentionProbe <device root> <app identifier> <writer name> <item count> <start time>\n".utf8))
    exit(2)
}
let sandbox = AppSandbox(appIdentifier: arguments[2], deviceRoot: URL(filePath: arguments[1], directoryHint: .isDirectory))
let writer = arguments[3]
let vault = Vault(sandbox: sandbox, device: VaultDevice())

while Date().timeIntervalSince1970 < start {
    usleep(1_000)
}

var failed = false
var report = ""
Vault.withCurrent(vault) {
    for index in 0..<count {
        let shared: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "contention",
            kSecAttrAccount as String: "shared-\(index)",
            kSecValueData as String: Data(writer.utf8),
        ]
        switch SecItemAdd(shared as CFDictionary, nil) {
        case errSecSuccess: report += "added shared-\(index)\n"
        case errSecDuplicateItem: report += "duplicate shared-\(index)\n"
        case let status:
            report += "failed shared-\(index) \(status)\n"
            failed = true
        }
        let own: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: "contention",
            kSecAttrAccount as String: "\(writer)-\(index)",
            kSecValueData as String: Data(writer.utf8),
        ]
        let status = SecItemAdd(own as CFDictionary, nil)
        if status != errSecSuccess {
            report += "failed \(writer)-\(index) \(status)\n"
            failed = true
        }
    }
}
print(report, terminator: "")
exit(failed ? 1 : 0)
