// A second process for the core's tests. Each command does one thing the tests cannot do in their own
// process: write preferences concurrently with the test, be killed in the middle of a write, run under
// a file-size limit that would also affect the tests running beside it, race another process for the
// same vault items, or use the vault as an unprivileged user.
import CoreTestSupport
import Foundation
import PersistenceNotifications
import PersistencePreferences
import PersistenceSandbox
import PersistenceVault
import PersistenceWorkbench

/// Foundation's own `UserDefaults` is imported here too; this module means the workbench's.
typealias UserDefaults = PersistencePreferences.UserDefaults

let arguments = Array(CommandLine.arguments.dropFirst())

/// Writes `line` to standard output at once, unbuffered, so a test that kills the probe has read it.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

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
    let sandbox = AppSandbox(
        appIdentifier: arguments[1], deviceRoot: URL(filePath: arguments[0], directoryHint: .isDirectory))
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

case "vault-churn":
    // vault-churn <device root> <app identifier> <seed>
    // Prints "ready", then changes the vault until it is killed: sets (updates, or adds when absent) or
    // deletes one of a few generic and internet passwords, chosen from <seed>. Before each change it
    // prints "begin set <target> <value>" or "begin delete <target>", after it "end <status>", each line
    // written straight to the descriptor so that a killed probe has printed everything it did.
    let arguments = Array(arguments.dropFirst())
    guard arguments.count == 3, let seed = UInt64(arguments[2]) else {
        fail("usage: vault-churn <device root> <app identifier> <seed>")
    }
    let sandbox = AppSandbox(
        appIdentifier: arguments[1], deviceRoot: URL(filePath: arguments[0], directoryHint: .isDirectory))
    var random = SeededGenerator(seed: seed)
    func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
    Vault.withCurrent(Vault(sandbox: sandbox, device: VaultDevice())) {
        say("ready")
        for counter in 0... {
            let target = ChurnTarget.all[Int(random.next() % UInt64(ChurnTarget.all.count))]
            if random.next() % 4 == 0 {
                say("begin delete \(target.name)")
                say("end \(SecItemDelete(target.query as CFDictionary))")
            } else {
                let value = "\(getpid())-\(counter)"
                say("begin set \(target.name) \(value)")
                let data = [kSecValueData as String: Data(value.utf8)]
                var status = SecItemUpdate(target.query as CFDictionary, data as CFDictionary)
                if status == errSecItemNotFound {
                    status = SecItemAdd(target.query.merging(data) { $1 } as CFDictionary, nil)
                }
                say("end \(status)")
            }
        }
    }

case "vault-unprivileged":
    // vault-unprivileged <device root> <app identifier> search|delete <account>
    // vault-unprivileged <device root> <app identifier> add <account> <value>
    // As the superuser, first becomes the unprivileged user "nobody", for whom permission bits count.
    // Searches for, deletes or adds the generic password <account> of service "read-only"; prints the
    // status on the first line, then the data found, or the error's description.
    let arguments = Array(arguments.dropFirst())
    guard arguments.count >= 4, ["search", "delete", "add"].contains(arguments[2]),
        arguments.count == (arguments[2] == "add" ? 5 : 4)
    else {
        fail("usage: vault-unprivileged <device root> <app identifier> search|delete <account> | add <account> <value>")
    }
    if geteuid() == 0, setgroups(0, nil) != 0 || setgid(65534) != 0 || setuid(65534) != 0 {
        fail("cannot drop privileges", code: 3)
    }
    let sandbox = AppSandbox(
        appIdentifier: arguments[1], deviceRoot: URL(filePath: arguments[0], directoryHint: .isDirectory))
    let vault = Vault(sandbox: sandbox, device: VaultDevice())
    let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "read-only",
        kSecAttrAccount as String: arguments[3],
    ]
    do {
        switch arguments[2] {
        case "search":
            let data = try vault.copyMatching(query.merging([kSecReturnData as String: true]) { $1 }) as? Data
            print("\(errSecSuccess)\n\(String(decoding: data ?? Data(), as: UTF8.self))")
        case "delete":
            try vault.delete(query)
            print("\(errSecSuccess)")
        default:
            try vault.add(query.merging([kSecValueData as String: Data(arguments[4].utf8)]) { $1 })
            print("\(errSecSuccess)")
        }
    } catch {
        print("\(error.status)\n\(error)")
    }

case "write-preferences":
    // write-preferences <device root> <app identifier> <key prefix> <count>
    guard arguments.count == 5, let count = Int(arguments[4]) else {
        fail("usage: write-preferences <device root> <app identifier> <key prefix> <count>")
    }
    let sandbox = AppSandbox(appIdentifier: arguments[2], deviceRoot: URL(filePath: arguments[1]))
    let store = UserDefaults(sandbox: sandbox)
    for index in 0..<count {
        store.set(index, forKey: "\(arguments[3])-\(index)")
    }
    exit(store.reportedErrors.isEmpty ? 0 : 1)

case "add-notifications":
    // add-notifications <device root> <app identifier> <identifier prefix> <count>
    // Adds <count> notification requests "<prefix>-<index>", each due in an hour.
    guard arguments.count == 5, let count = Int(arguments[4]) else {
        fail("usage: add-notifications <device root> <app identifier> <identifier prefix> <count>")
    }
    let sandbox = AppSandbox(appIdentifier: arguments[2], deviceRoot: URL(filePath: arguments[1]))
    let center = AppSandbox.withCurrent(sandbox) { UNUserNotificationCenter.current() }
    for index in 0..<count {
        let content = UNMutableNotificationContent()
        content.body = "\(arguments[3]) \(index)"
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 3600, repeats: false)
        do {
            try center.add(
                UNNotificationRequest(identifier: "\(arguments[3])-\(index)", content: content, trigger: trigger),
                at: .now)
        } catch {
            fail("adding \(arguments[3])-\(index) failed: \(error)", code: 1)
        }
    }

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

case "stalled-atomic-write":
    // stalled-atomic-write <file> <bytes>
    // Starts an atomic write of <bytes> bytes to <file>, writes them to the temporary file, prints
    // "writing" and then waits, mid-write, until it is killed: a test kills it at a known moment however
    // busy the machine is.
    guard arguments.count == 3, let count = Int(arguments[2]) else {
        fail("usage: stalled-atomic-write <file> <bytes>")
    }
    do {
        try AtomicFileWriter.write(to: URL(filePath: arguments[1])) { output in
            try output.write(Data(repeating: UInt8(ascii: "N"), count: count))
            report("writing")
            while true { sleep(60) }
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

case "count-preferences":
    // count-preferences <device root> <app identifier> <first value>
    // Sets the preference "counter" to the first value, the next, and so on, printing "committed <n>"
    // after each set returns, until it is killed.
    guard arguments.count == 4, let first = Int(arguments[3]) else {
        fail("usage: count-preferences <device root> <app identifier> <first value>")
    }
    let sandbox = AppSandbox(appIdentifier: arguments[2], deviceRoot: URL(filePath: arguments[1]))
    let store = UserDefaults(sandbox: sandbox)
    report("ready")
    for value in first... {
        store.set(value, forKey: "counter")
        guard store.reportedErrors.isEmpty else { fail("\(store.reportedErrors)", code: 1) }
        report("committed \(value)")
    }

case "count-files":
    // count-files <device root> <app identifier> <first value>
    // Saves "counter.txt" in Documents through the file store, holding the first value and then the next,
    // each padded to 64 KiB so a write takes a while, printing "committed <n>" after each save returns.
    guard arguments.count == 4, let first = Int(arguments[3]) else {
        fail("usage: count-files <device root> <app identifier> <first value>")
    }
    let sandbox = AppSandbox(appIdentifier: arguments[2], deviceRoot: URL(filePath: arguments[1]))
    let files = FileStore(sandbox: sandbox, directory: .documents)
    report("ready")
    for value in first... {
        let text = "\(value)\n" + String(repeating: "#", count: 65_536)
        do {
            _ = try files.save(Data(text.utf8), filename: "counter.txt")
        } catch {
            fail("\(error)", code: 1)
        }
        report("committed \(value)")
    }

default:
    fail(
        """
        unknown command; use vault-contention, vault-churn, vault-unprivileged, write-preferences, \
        slow-atomic-write, stalled-atomic-write, save-with-size-limit, save-without-permission, count-preferences or count-files
        """)
}

/// One of the items `vault-churn` changes.
struct ChurnTarget {
    let name: String
    let query: [String: Any]

    // Computed: a dictionary of `Any` cannot be shared between threads as a stored global.
    static var all: [ChurnTarget] {
        (0..<4).map { index in
            ChurnTarget(
                name: "genp-\(index)",
                query: [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "churn",
                    kSecAttrAccount as String: "account-\(index)",
                ])
        }
            + (0..<2).map { index in
                ChurnTarget(
                    name: "inet-\(index)",
                    query: [
                        kSecClass as String: kSecClassInternetPassword,
                        kSecAttrServer as String: "churn\(index).example.com",
                        kSecAttrAccount as String: "account",
                    ])
            }
    }
}
