import GradingSeal
import Testing

@testable import CoachKit

/// A graded run's sealed results, and submissions that try to write their own: from appending Swift
/// Testing's records to the results file, to copying their format exactly, to forging the seal itself.
@Suite("Results a submission cannot forge")
struct SealedResultsTests {
    typealias F = EventStreamFixture
    static let passing = "M.adds()/x.swift:1:1"
    static let failing = "M.names()/x.swift:2:1"

    /// What the harness writes for a run in which `adds` passes and `names` fails.
    static func genuine(key: RunKey) -> [String] {
        var sealer = RecordSealer(key: key)
        return [
            F.test(passing, "adds numbers"), F.test(failing, "names things"),
            F.event("testStarted", passing), F.event("testEnded", passing),
            F.event("testStarted", failing), F.event("issueRecorded", failing, messages: ["Expectation failed"]),
            F.event("testEnded", failing),
        ].map { sealer.seal($0) }
    }

    static func results(_ lines: [String], key: RunKey) -> (outcomes: [String: TestOutcome.Result], evidence: [String])
    {
        let results = SealedResults(text: lines.joined(separator: "\n") + "\n", key: key)
        return (
            Dictionary(uniqueKeysWithValues: results.outcomes.map { ($0.displayName, $0.result) }),
            results.evidence.sentences
        )
    }

    @Test("HMAC-SHA256 matches the RFC 4231 test vector, and SHA-256 the FIPS one")
    func knownAnswers() {
        #expect(
            SealedRecord.hex(SHA256.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let tag = HMACSHA256.tag(for: Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20))
        #expect(SealedRecord.hex(tag) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            SealedRecord.hex(SHA256.hash(Array(repeating: UInt8(ascii: "a"), count: 1000)))
                == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("an honest run reads as it ran, with no evidence")
    func honestRun() {
        let key = RunKey.random()
        let read = Self.results(Self.genuine(key: key), key: key)
        #expect(read.outcomes == ["adds numbers": .passed, "names things": .failed])
        #expect(read.evidence.isEmpty)
    }

    @Test(
        "records appended without a seal, as a forger appends Swift Testing's records, are not counted and name their check"
    )
    func unsealedForger() {
        let key = RunKey.random()
        let forged =
            Self.genuine(key: key) + [F.event("testStarted", Self.failing), F.event("testEnded", Self.failing)]
        let read = Self.results(forged, key: key)
        #expect(read.outcomes == ["adds numbers": .passed, "names things": .failed])
        #expect(read.evidence == [#"2 records without the grading harness's seal (naming "names things")"#])
    }

    @Test("a forger that copies Swift Testing's records exactly, and replaces the whole stream, scores nothing")
    func exactCopyForger() {
        let key = RunKey.random()
        let exact = [
            F.test(Self.passing, "adds numbers"), F.test(Self.failing, "names things"),
            F.event("testStarted", Self.passing), F.event("testEnded", Self.passing),
            F.event("testStarted", Self.failing), F.event("testEnded", Self.failing),
            #"{"kind":"event","payload":{"kind":"runEnded","messages":[]},"version":0}"#,
        ]
        let read = Self.results(exact, key: key)
        #expect(read.outcomes.isEmpty)
        #expect(
            read.evidence == [
                #"7 records without the grading harness's seal (naming "M.adds()/x.swift:1:1", "M.names()/x.swift:2:1")"#
            ])
    }

    @Test("a forger that imitates the seal, or seals with a key of its own, is caught and its check scores nothing")
    func sealForger() {
        let key = RunKey.random()
        var ownKey = RecordSealer(key: .random())
        let madeUp = "7\t" + String(repeating: "ab", count: 32) + "\t" + F.event("testEnded", Self.failing)
        let lines = Array(Self.genuine(key: key).prefix(5)) + [madeUp, ownKey.seal(F.event("testEnded", Self.passing))]
        let read = Self.results(lines, key: key)
        #expect(read.outcomes == ["adds numbers": .failed, "names things": .failed])
        #expect(read.evidence == [#"2 records with a forged seal (naming "adds numbers", "names things")"#])
    }

    @Test("a genuine record copied, or genuine records removed, is caught; the checks after the gap score nothing")
    func replayAndRemoval() {
        let key = RunKey.random()
        let genuine = Self.genuine(key: key)
        let replayed = Self.results(genuine + [genuine[3]], key: key)
        #expect(replayed.outcomes["adds numbers"] == .failed)
        #expect(replayed.evidence == [#"1 genuine record written again (naming "adds numbers")"#])

        // The issue of the failing check removed: without its gap, it would read as passed.
        let cut = Self.results(genuine.enumerated().filter { $0.offset != 5 }.map(\.element), key: key)
        #expect(cut.outcomes == ["adds numbers": .passed, "names things": .failed])
        #expect(cut.evidence == ["1 genuine record was removed from the results"])
    }

    @Test("a test the testing library reports as cancelled never passes")
    func cancelled() {
        let stream = [
            F.test(Self.passing, "adds numbers"),
            F.event("testStarted", Self.passing), F.event("testCancelled", Self.passing),
            F.event("testEnded", Self.passing),
        ].joined(separator: "\n")
        let outcome = TestEventStream.outcomes(fromJSONLines: stream).first
        #expect(outcome?.result == .failed)
        #expect(outcome?.issues == ["the test was cancelled before it finished"])
    }

    @Test("a last line cut short by the process's end is neither counted nor held against the submission")
    func cutShort() {
        let key = RunKey.random()
        let genuine = Self.genuine(key: key)
        let text = genuine.joined(separator: "\n") + "\n" + String(genuine[0].prefix(20))
        let results = SealedResults(text: text, key: key)
        #expect(results.evidence.isEmpty)
        #expect(results.outcomes.count == 2)
    }

    @Test("evidence from every run of a submission adds up to one sentence per kind")
    func evidenceAddsUp() {
        let key = RunKey.random()
        var evidence = ForgeryEvidence()
        for _ in 0..<3 {
            evidence.merge(
                SealedResults(
                    text: (Self.genuine(key: key) + [F.event("testEnded", Self.failing)]).joined(separator: "\n")
                        + "\n", key: key
                ).evidence)
        }
        #expect(evidence.sentences == [#"3 records without the grading harness's seal (naming "names things")"#])
    }
}
