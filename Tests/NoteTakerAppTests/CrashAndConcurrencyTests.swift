import Foundation
import PersistenceCore
import Section8NoteTaker
import Testing

/// NoteTaker's tag model; Swift Testing also has a type named `Tag`.
typealias Tag = Section8NoteTaker.Tag

/// `notetaker` killed in the middle of a command, and several `notetaker` processes at once: nothing
/// committed is lost, nothing is left half done.
@Suite(
    "notetaker killed and run in parallel", .enabled(if: notetakerRunsTheReference, "runs the reference NoteTaker"),
    .serialized)
struct CrashAndConcurrencyTests {
    @Test("a note added with tags and killed at any moment is either stored with every tag or not at all")
    func killedAddLeavesNoPartialNote() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        let seedStart = ContinuousClock.now
        #expect(try home.run(["add", "seed", "--tag", "a"]).status == 0)
        // Kills land anywhere from the start to a little past a whole add, however loaded the machine is.
        let wholeAdd = ContinuousClock.now - seedStart
        let seconds = Double(wholeAdd.components.seconds) + Double(wholeAdd.components.attoseconds) / 1e18
        let window = UInt32(min(2.0, max(0.06, seconds * 1.3)) * 1_000_000)
        var completed = 0
        let kills = 200
        for index in 0..<kills {
            let process = try home.start(["add", "note \(index)", "--tag", "a", "--tag", "b", "--tag", "c"])
            usleep(UInt32.random(in: 0...window))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit && process.terminationStatus == 0 { completed += 1 }
        }

        let notes = try home.openStore().fetch(FetchDescriptor<Note>())
        let partial = notes.filter { $0.title != "seed" && Set($0.tags.map(\.name)) != ["a", "b", "c"] }
        #expect(partial.isEmpty, "notes left without some of their tags: \(partial.map(\.title))")
        #expect(notes.count - 1 >= completed, "\(completed) adds finished but only \(notes.count - 1) notes are stored")
        let tagNames = try home.openStore().fetch(FetchDescriptor<Tag>()).map(\.name).sorted()
        // Tags b and c are saved with the first note that holds them, never alone.
        #expect(
            tagNames == (notes.count > 1 ? ["a", "b", "c"] : ["a"]),
            "tags: \(tagNames), notes besides the seed: \(notes.count - 1)")
        #expect(try home.run(["list"]).status == 0)
        print(
            "killedAddLeavesNoPartialNote: \(kills) kills, \(completed) adds finished first, \(notes.count - 1) notes stored, \(partial.count) partial"
        )
    }

    @Test("two processes each adding 200 notes to one new tag keep all 400 links and make one tag")
    func concurrentAddsKeepEveryLink() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        let perWriter = 200
        let failures = ConcurrentCounter()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for index in 0..<perWriter {
                let result = try? home.run(["add", "w\(writer)-\(index)", "--tag", "shared"])
                if result?.status != 0 { failures.add(result?.output ?? "did not start") }
            }
        }

        #expect(failures.values.isEmpty, "adds that failed: \(failures.values.prefix(3))")
        let tags = try home.openStore().fetch(FetchDescriptor<Tag>())
        #expect(tags.map(\.name) == ["shared"], "tags after two first-time adds raced: \(tags.map(\.name))")
        let linked = tags.first?.notes.count ?? 0
        #expect(linked == 2 * perWriter, "links lost: \(2 * perWriter - linked) of \(2 * perWriter)")
        print("concurrentAddsKeepEveryLink: \(linked) of \(2 * perWriter) links kept, \(tags.count) tag(s)")
    }

    @Test("thirty wrong PINs guessed at once are thirty counted tries")
    func parallelWrongPINsAreEachCounted() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["lock", "set", "--new-pin", "7391"]).status == 0)
        let outputs = ConcurrentCounter()
        DispatchQueue.concurrentPerform(iterations: 30) { _ in
            outputs.add((try? home.run(["list", "--pin", "0000"]).output) ?? "did not start")
        }

        let wrong = outputs.values.filter { $0.contains("Wrong PIN") }.count
        let locked = outputs.values.filter { $0.contains("too many wrong PINs") }.count
        #expect(
            wrong == 4 && locked == 26,
            "answers: \(wrong) wrong, \(locked) locked, others: \(outputs.values.filter { !$0.contains("PIN") })")
        let status = try home.run(["lock", "status"]).output
        #expect(status.contains("locked after 30 wrong PINs"), "lock status: \(status)")
        #expect(try home.run(["list", "--pin", "7391"]).output.contains("too many wrong PINs"))
    }

    @Test("a note killed while its image is attached leaves no unreferenced file once notetaker starts again")
    func killedAttachLeavesNoOrphan() throws {
        let home = NoteTakerHome()
        defer { home.remove() }
        #expect(try home.run(["add", "photo"]).status == 0)
        let image = home.dataHome.appending(path: "picture.jpg")
        try FileManager.default.createDirectory(at: home.dataHome, withIntermediateDirectories: true)
        try Data(repeating: 0xAB, count: 200_000).write(to: image)
        for _ in 0..<100 {
            let process = try home.start(["attach-image", "1", image.path])
            usleep(UInt32.random(in: 0...60_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        #expect(try home.run(["list"]).status == 0)
        let folder = home.sandbox.applicationSupportDirectory.appending(path: NoteTakerKeys.imagesFolder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let named = try home.openStore().fetch(FetchDescriptor<Note>()).compactMap(\.imageFilename)
        #expect(Set(files).subtracting(named).isEmpty, "files no note names: \(Set(files).subtracting(named))")
        #expect(Set(named).isSubset(of: Set(files)), "notes naming a missing file: \(Set(named).subtracting(files))")
    }
}

/// Strings collected from several threads.
final class ConcurrentCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func add(_ value: String) { lock.withLock { collected.append(value) } }
    var values: [String] { lock.withLock { collected } }
}
