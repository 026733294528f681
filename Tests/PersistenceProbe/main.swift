// A second process for the core's tests. Each command does one thing the tests cannot do in their own
// process: write preferences concurrently with the test, be killed in the middle of a write, or run
// under a file-size limit that would also affect the tests running beside it, or race another process for
// the same vault items.
import Foundation
import PersistencePreferences
import PersistenceSandbox
import PersistenceVault

let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String, code: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("PersistenceProbe: \(message)\n".utf8))
    exit(code)
}

switch arguments.first {
case "vault-contention":
    // vault-contention <device root> <app identifier> <writer name> <item count> <start time>
    // Waits until <start time> (seconds since 1970) so both processes start together, then for each index
    // tries to add the shared item "shared-<index>" holding the writer's name and adds its own item
    // "<writer>-<index>". Prints "added <account>" or "duplicate <account>" per shared item; any other
    // status is printed as "failed <account> <status>" and makes the exit status 1.
    let arguments = Array(arguments.dropFirst())
    guard arguments.count == 5, let count = Int(arguments[3]), let start = Double(arguments[4]) else {
        fail("usage: vault-contention <device root> <app identifier> <writer name> <item count> <start time>")
    }
    let sandbox = AppSandbox(appIdentifier: arguments[1], deviceRoot: URL(filePath: arguments[0], directoryHint: .isDirectory))
    let writer = arguments[2]
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

case "write-preferences":
    // write-preferences <device root> <app identifier> <key prefix> <count>
    guard arguments.count == 5, let count = Int(arguments[4]) else {
        fail("usage: write-preferences <device root> <app identifier> <key prefix> <count>")
    }
    let sandbox = AppSandbox(appIdentifier: arguments[2], deviceRoot: URL(filePath: arguments[1]))
    let store = PreferenceStore(sandbox: sandbox)
    for index in 0..<count {
        store.set(index, forKey: "\(arguments[3])-\(index)")
    }
    exit(store.reportedErrors.isEmpty ? 0 : 1)

case "slow-atomic-write":
    // slow-atomic-write <file> <chunk bytes> <chunks> <pause milliseconds>
    guard arguments.count == 5, let chunkSize = Int(arguments[2]), let chunks = Int(arguments[3]),
          let pause = UInt32(arguments[4])
    else { fail("usage: slow-atomic-write <file> <chunk bytes> <chunks> <pause milliseconds>") }
    let chunk = Data(repeating: UInt8(ascii: "N"), count: chunkSize)
    do {
        try AtomicFileWriter.write(to: URL(filePath: arguments[1])) { output in
            for _ in 0..<chunks {
                try output.write(chunk)
                usleep(pause * 1000)
            }
        }
    } catch {
        fail("\(error)", code: 1)
    }

case "save-with-size-limit":
    // save-with-size-limit <folder> <filename> <limit bytes> <size bytes>
    guard arguments.count == 5, let limit = UInt(arguments[3]), let size = Int(arguments[4]) else {
        fail("usage: save-with-size-limit <folder> <filename> <limit bytes> <size bytes>")
    }
    signal(SIGXFSZ, SIG_IGN)
    var bound = rlimit(rlim_cur: rlim_t(limit), rlim_max: rlim_t(limit))
    guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &bound) == 0 else { fail("setrlimit failed", code: 3) }
    let store = FileStore(directory: URL(filePath: arguments[1]))
    do {
        try store.save(Data(repeating: UInt8(ascii: "B"), count: size), filename: arguments[2])
        print("saved")
        exit(1)
    } catch {
        print(error)
        if case .writeFailed(_, let failure) = error, failure.kind == .outOfSpace { exit(0) }
        exit(2)
    }

case "save-without-permission":
    // save-without-permission <folder> <filename>: as the superuser, first become the unprivileged user "nobody".
    guard arguments.count == 3 else { fail("usage: save-without-permission <folder> <filename>") }
    if geteuid() == 0, setgid(65534) != 0 || setuid(65534) != 0 { fail("cannot drop privileges", code: 3) }
    let store = FileStore(directory: URL(filePath: arguments[1]))
    do {
        try store.save(Data("new".utf8), filename: arguments[2])
        print("saved")
        exit(1)
    } catch {
        print(error)
        if case .writeFailed(_, let failure) = error, failure.kind == .permissionDenied { exit(0) }
        exit(2)
    }

default:
    fail("unknown command; use write-preferences, slow-atomic-write, save-with-size-limit or save-without-permission")
}
