// A second process for the sync tests. Each command is one device of a test, in a process of its own:
// two devices syncing at the same moment, a device killed in the middle of an export or an import, a
// device whose account store it may not write.
import CloudTestSupport
import Foundation
import PersistenceCore

let arguments = Array(CommandLine.arguments.dropFirst())

/// Writes `line` to standard output at once, so a test that kills the probe has read it.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, code: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("CloudProbe: \(message)\n".utf8))
    exit(code)
}

/// The device whose folder is the first argument.
func device(_ path: String) -> SimulatedDevice {
    SimulatedDevice(deviceRoot: URL(filePath: path, directoryHint: .isDirectory))
}

/// Inserts `count` notes titled `<prefix> <n>` in batches of 500 saves.
func insertNotes(_ count: Int, prefix: String, into container: ModelContainer) throws {
    let context = ModelContext(container)
    for index in 0..<count {
        context.insert(Note(title: "\(prefix) \(index)", body: String(repeating: "x", count: 200)))
        if index % 500 == 499 { try context.save() }
    }
    try context.save()
}

func waitUntil(_ start: Double) {
    while Date().timeIntervalSince1970 < start { usleep(1_000) }
}

do {
    switch arguments.first {
    case "sync":
        // sync <device root>: syncs once, printing "ready" first and then the report.
        guard arguments.count == 2 else { fail("usage: sync <device root>") }
        let container = try device(arguments[1]).makeContainer()
        report("ready")
        let result = try container.syncWithCloudKit()
        report("synced \(result)")

    case "insert-and-sync":
        // insert-and-sync <device root> <count> <prefix> <start time>: inserts the notes, waits until the
        // start time (seconds since 1970) so several processes sync together, syncs, then syncs again.
        guard arguments.count == 5, let count = Int(arguments[2]), let start = Double(arguments[4]) else {
            fail("usage: insert-and-sync <device root> <count> <prefix> <start time>")
        }
        let container = try device(arguments[1]).makeContainer()
        try insertNotes(count, prefix: arguments[3], into: container)
        waitUntil(start)
        let first = try container.syncWithCloudKit()
        let second = try container.syncWithCloudKit()
        report("first \(first)")
        report("second \(second)")

    case "sync-without-permission":
        // sync-without-permission <device root>: as the superuser, first becomes the unprivileged user
        // "nobody"; saves a note (which must work), then syncs, printing the error the sync throws.
        guard arguments.count == 2 else { fail("usage: sync-without-permission <device root>") }
        if geteuid() == 0, setgroups(0, nil) != 0 || setgid(65534) != 0 || setuid(65534) != 0 { fail("cannot drop privileges", code: 3) }
        let container = try device(arguments[1]).makeContainer()
        let context = ModelContext(container)
        context.insert(Note(title: "Written while iCloud is unwritable"))
        try context.save()
        report("saved")
        do {
            try container.syncWithCloudKit()
            report("synced")
        } catch {
            report("failed \(error)")
        }
        report("notes \(try ModelContext(container).fetchCount(FetchDescriptor<Note>()))")

    default:
        fail("unknown command; use sync, insert-and-sync or sync-without-permission")
    }
} catch {
    fail("\(error)", code: 1)
}
