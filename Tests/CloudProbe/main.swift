// A second process for the sync tests. Each command is one device of a test, in a process of its own:
// two devices syncing at the same moment, a device killed in the middle of an export or an import, a
// device whose account store it may not write, a device that sends a note before the folder it names,
// and a device on the app's second version, whose trips a device on the first cannot apply.
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

/// The trips of a second-version container, as `trip <name> in <folder>` lines.
func tripLines(in container: ModelContainer) throws -> [String] {
    try ModelContext(container).fetch(FetchDescriptor<SyncModelsV2.Trip>())
        .map { "trip \($0.name) in \($0.folder?.name ?? "no folder")" }.sorted()
}

do {
    switch arguments.first {
    case "sync":
        // sync <device root> [v2]: syncs once, printing "ready" first and then the report; with v2, as the
        // app's second version, printing its trips too.
        guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "v2") else {
            fail("usage: sync <device root> [v2]")
        }
        let secondVersion = arguments.count == 3
        let container =
            try secondVersion ? device(arguments[1]).makeContainerV2() : device(arguments[1]).makeContainer()
        report("ready")
        let result = try container.syncWithCloudKit()
        report("synced \(result)")
        if secondVersion { try tripLines(in: container).forEach(report) }

    case "sync-and-stay":
        // sync-and-stay <device root>: syncs once, prints the report and "ready", and waits to be killed.
        guard arguments.count == 2 else { fail("usage: sync-and-stay <device root>") }
        let container = try device(arguments[1]).makeContainer()
        let result = try container.syncWithCloudKit()
        report("synced \(result)")
        report("ready")
        while true { sleep(60) }

    case "send-note", "send-folder":
        // send-note <device root> <record name> <title> <folder record name>: sends a note naming a folder
        // record the device has not sent. send-folder <device root> <record name> <name>: sends that folder.
        let isNote = arguments.first == "send-note"
        guard arguments.count == (isNote ? 5 : 4) else {
            fail(
                "usage: send-note <device root> <record name> <title> <folder record name>, "
                    + "or send-folder <device root> <record name> <name>")
        }
        let record =
            isNote
            ? CoreDataRecords.note(arguments[2], title: arguments[3], folder: arguments[4])
            : CoreDataRecords.folder(arguments[2], name: arguments[3])
        try device(arguments[1]).send([record])
        report("sent \(record.recordType) \(record.recordName)")

    case "add-trip":
        // add-trip <device root> <trip> <folder>: on the app's second version, adds a trip in a new folder and syncs.
        guard arguments.count == 4 else { fail("usage: add-trip <device root> <trip> <folder>") }
        let container = try device(arguments[1]).makeContainerV2()
        let context = ModelContext(container)
        let folder = SyncModelsV2.Folder(name: arguments[3])
        let trip = SyncModelsV2.Trip(name: arguments[2])
        context.insert(folder)
        context.insert(trip)
        trip.folder = folder
        try context.save()
        report("synced \(try container.syncWithCloudKit())")

    case "rename-trip":
        // rename-trip <device root> <old name> <new name>: on the app's second version, renames a trip and syncs.
        guard arguments.count == 4 else { fail("usage: rename-trip <device root> <old name> <new name>") }
        let container = try device(arguments[1]).makeContainerV2()
        let context = ModelContext(container)
        let old = arguments[2]
        let named = FetchDescriptor<SyncModelsV2.Trip>(predicate: #Predicate { $0.name == old })
        guard let trip = try context.fetch(named).first else {
            fail("no trip named \(old) on \(arguments[1])", code: 1)
        }
        trip.name = arguments[3]
        try context.save()
        report("synced \(try container.syncWithCloudKit())")

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
        if geteuid() == 0, setgroups(0, nil) != 0 || setgid(65534) != 0 || setuid(65534) != 0 {
            fail("cannot drop privileges", code: 3)
        }
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
        fail(
            "unknown command; use sync, sync-and-stay, insert-and-sync, sync-without-permission, send-note, send-folder, "
                + "add-trip or rename-trip")
    }
} catch {
    fail("\(error)", code: 1)
}
