import Foundation
import GradingSeal

/// The results of one graded test process, read from the stream the grading harness sealed with the run's
/// key, and the evidence of every record in it that the harness did not write.
///
/// Only records that verify count. A check that a forged, replayed or contradictory record names scores
/// nothing, whatever its genuine records say, and so does every check that ended after genuine records
/// went missing: the submission's code tried to decide its own grade.
struct SealedResults {
    /// One outcome per test the harness reported, in the order it declared them.
    var outcomes: [TestOutcome]
    /// The tests that are XCTest cases.
    var xctestIDs: Set<String>
    /// What the stream holds that the harness did not write; empty for an honest run.
    var evidence: ForgeryEvidence

    /// The results in the sealed stream `text`, verified with `key`.
    init(text: String, key: RunKey) {
        var verifier = RecordVerifier(key: key)
        var accepted: [String] = []
        var rejected: [VerifierRejection] = []
        var cutAt: Int?
        var missing: [ClosedRange<Int>] = []
        // A last line without its line break was cut short by the process's end: it is neither counted nor
        // held against the submission.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()
        for line in lines where !line.isEmpty {
            switch verifier.verify(line) {
            case .accepted(let record):
                accepted.append(record)
            case .acceptedAfterGap(let record, let gap):
                missing.append(gap)
                cutAt = cutAt ?? accepted.count
                accepted.append(record)
            case .rejected(let rejection):
                rejected.append(VerifierRejection(rejection))
            }
        }
        let reading = TestEventStream.read(records: accepted)
        let names = Dictionary(
            reading.outcomes.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
        var untrusted: [String: String] = [:]
        for rejection in rejected {
            if let id = rejection.testID {
                untrusted[id] = untrusted[id] ?? "the submission's code wrote a result of its own for this check"
            }
        }
        for (id, problem) in reading.inconsistencies {
            if let id {
                untrusted[id] = untrusted[id] ?? "the results of this check contradict each other (\(problem))"
            }
        }
        if let cutAt {
            for id in Self.testsEnded(in: accepted[cutAt...]) where untrusted[id] == nil {
                untrusted[id] = "records of this test run went missing before this check ended"
            }
        }
        outcomes = reading.outcomes.map { outcome in
            guard let reason = untrusted[outcome.id] else { return outcome }
            return TestOutcome(
                id: outcome.id, displayName: outcome.displayName, result: .failed,
                issues: ["Not counted: \(reason); it scores nothing."] + outcome.issues
            )
        }
        xctestIDs = reading.xctestIDs
        var evidence = ForgeryEvidence()
        func name(_ id: String) -> String { ForgeryEvidence.shortened(names[id] ?? id) }
        for rejection in rejected {
            evidence.rejected[rejection.kind, default: 0] += 1
            if let id = rejection.testID { evidence.named[rejection.kind, default: []].insert(name(id)) }
        }
        evidence.removedRecords = missing.reduce(0) { $0 + $1.count }
        for (id, problem) in reading.inconsistencies {
            evidence.contradictions[problem, default: []].formUnion(id.map { [name($0)] } ?? [])
        }
        self.evidence = evidence
    }

    /// The tests whose end `records` report.
    private static func testsEnded(in records: ArraySlice<String>) -> [String] {
        records.compactMap { line in
            guard let event = TestEventStream.Record(line: line)?.testEvent, event.kind == "testEnded" else {
                return nil
            }
            return event.testID
        }
    }
}

/// A rejected line, with the test its record names when it names one.
private struct VerifierRejection {
    var kind: ForgeryEvidence.Kind
    var testID: String?

    init(_ rejection: RecordVerifier.Rejection) {
        switch rejection {
        case .unsealed: kind = .unsealed
        case .badSeal: kind = .badSeal
        case .replayed: kind = .replayed
        }
        let record = TestEventStream.Record(line: rejection.record)
        testID = record?.payload.testID ?? (record?.declaresFunction == true ? record?.payload.id : nil)
    }
}
